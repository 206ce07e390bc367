// How far the step model has been from published training runs on each GPU: the validation
// suite's record (tests/validation/cases.tsv), for the outputs that print a plan's speed beside
// it. Generated data, not a model input: nothing in analysis reads it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/analysis.h"
#include "ir/ir.h"

namespace clusterc::analysis {

// The suite's step-time and throughput cases of one GPU (`gpu` entity name), each as clusterc's
// predicted speed over the published one, minus 1: positive where clusterc was optimistic (a
// step time's error inverted, so a step predicted 20 % short counts as +25 %).
struct ValidationRecord {
  std::string_view gpu;
  int32_t runs = 0;
  double mean_abs = 0;  // mean |speed error|, fraction
  double median = 0;    // median speed error, fraction
  double low = 0;       // most pessimistic (most negative), fraction
  double high = 0;      // most optimistic, fraction
};

// The record of the GPU the plan runs on (its node group's), or nullptr where the suite has no
// published run on a GPU of that name.
const ValidationRecord* PlanValidationRecord(const ir::Program& program, const Results& results,
                                             uint32_t plan_index);

// The name of the GPU plan `plan_index` runs on; empty where the plan names none.
std::string_view PlanGpuName(const ir::Program& program, const Results& results,
                             uint32_t plan_index);

// The generated table (validation_record.inc), for tests.
struct ValidationTable {
  const ValidationRecord* rows;
  size_t size;
};
ValidationTable ValidationRecords();

// One step-time or throughput case of the suite with the shape of its plan, to find the published
// runs nearest a plan (validation_runs.inc, generated with validation_record.inc).
struct ValidationRun {
  std::string_view id;   // cases.tsv's id; docs/validation-cases.md lists it with its source
  std::string_view gpu;  // `gpu` entity name
  double params = 0;     // total parameters
  int64_t gpus = 0, tp = 1, pp = 1, cp = 1, ep = 1, seq_len = 0;
  std::string_view precision;  // ir::Precision's name
  bool moe = false;
  double error = 0;  // speed error, fraction, as ValidationRecord counts it
};

// How far apart two shapes are: doublings of the model's parameters, plus half a point per
// doubling of the GPU count, the pipeline stages, context parallelism and sequence length, a point
// per doubling of tensor parallelism, a point for another precision, two for dense against MoE
// (and half a point per doubling of expert parallelism between two MoE plans).
double ShapeDistance(const ValidationRun& a, const ValidationRun& b);

// Runs within this distance of a plan count as like it.
inline constexpr double kNearRunDistance = 3.0;

// The runs of the suite like plan `plan_index` (on a GPU of its name, within kNearRunDistance),
// nearest first, ties in table order.
struct NearRuns {
  static constexpr int kShown = 3;
  int32_t count = 0;                          // runs within kNearRunDistance
  double median = 0;                          // their median speed error, fraction
  const ValidationRun* nearest[kShown] = {};  // the nearest of them, null past count
};
NearRuns PlanNearRuns(const ir::Program& program, const Results& results, uint32_t plan_index);

// A plan's shape as a run of the suite has it (error 0), from its inputs and results.
ValidationRun PlanShape(const PlanInputs& in, const PlanResults& r);

// "403B, 256 GPUs, tp 4 pp 8 cp 2, sequence 8192, fp8": a run's shape for people.
std::string DescribeShape(const ValidationRun& run);

struct ValidationRunTable {
  const ValidationRun* rows;
  size_t size;
};
ValidationRunTable ValidationRuns();

}  // namespace clusterc::analysis
