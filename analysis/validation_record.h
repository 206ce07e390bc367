// How far the step model has been from published training runs on each GPU: the validation
// suite's record (tests/validation/cases.tsv), for the outputs that print a plan's speed beside
// it. Generated data, not a model input: nothing in analysis reads it.
#pragma once

#include <cstdint>
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

}  // namespace clusterc::analysis
