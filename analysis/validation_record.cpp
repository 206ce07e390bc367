#include "analysis/validation_record.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include <fmt/format.h>

namespace clusterc::analysis {
namespace {

// Written by tests/unit/test_validation.cpp under CLUSTERC_UPDATE_VALIDATION=1, sorted by GPU.
constexpr ValidationRecord kRecords[] = {
#include "analysis/validation_record.inc"
};

// The same cases one by one with their plans' shapes, sorted by GPU and id.
constexpr ValidationRun kRuns[] = {
#include "analysis/validation_runs.inc"
};

// Doublings between two positive counts (0 where either is unknown).
double Doublings(double a, double b) {
  return a > 0 && b > 0 ? std::abs(std::log2(a / b)) : 0;
}

}  // namespace

ValidationTable ValidationRecords() {
  return {kRecords, std::size(kRecords)};
}

ValidationRunTable ValidationRuns() {
  return {kRuns, std::size(kRuns)};
}

double ShapeDistance(const ValidationRun& a, const ValidationRun& b) {
  double d = Doublings(a.params, b.params) + Doublings(double(a.tp), double(b.tp)) +
             0.5 * (Doublings(double(a.gpus), double(b.gpus)) +
                    Doublings(double(a.pp), double(b.pp)) + Doublings(double(a.cp), double(b.cp)) +
                    Doublings(double(a.seq_len), double(b.seq_len)));
  if (a.precision != b.precision) d += 1;
  if (a.moe != b.moe)
    d += 2;
  else if (a.moe)
    d += 0.5 * Doublings(double(a.ep), double(b.ep));
  return d;
}

ValidationRun PlanShape(const PlanInputs& in, const PlanResults& r) {
  ValidationRun run;
  run.params = r.params.total;
  run.gpus = r.gpus;
  run.tp = in.tp;
  run.pp = in.pp;
  run.cp = in.cp;
  run.ep = in.ep;
  run.seq_len = in.seq_len;
  run.precision = ir::EnumName(in.precision);
  run.moe = in.moe;
  return run;
}

std::string DescribeShape(const ValidationRun& run) {
  std::string out = run.params >= 1e10  ? fmt::format("{:.0f}B", run.params / 1e9)
                    : run.params >= 1e9 ? fmt::format("{:.1f}B", run.params / 1e9)
                                        : fmt::format("{:.0f}M", run.params / 1e6);
  out += run.moe ? " MoE, " : ", ";
  out += fmt::format("{} GPUs", run.gpus);
  std::string parallel;
  auto dim = [&](const char* name, int64_t n) {
    if (n > 1) parallel += fmt::format("{}{} {}", parallel.empty() ? "" : " ", name, n);
  };
  dim("tp", run.tp);
  dim("pp", run.pp);
  dim("cp", run.cp);
  dim("ep", run.ep);
  out += ", " + (parallel.empty() ? std::string("data parallel only") : parallel);
  if (run.seq_len > 0) out += fmt::format(", sequence {}", run.seq_len);
  out += fmt::format(", {}", run.precision);
  return out;
}

std::string_view PlanGpuName(const ir::Program& p, const Results& results, uint32_t plan_index) {
  if (plan_index >= p.plans.size() || plan_index >= results.plan_clusters.size()) return {};
  const ir::Plan& plan = p.plans[plan_index];
  if (!plan.cluster.Valid() || plan.cluster.index >= p.clusters.size()) return {};
  const ir::Cluster& c = p.Get(plan.cluster);
  const ir::Ref<ir::Node> node_ref = results.plan_clusters[plan_index].PrimaryNode(c.nodes.ref);
  if (!node_ref.Valid() || node_ref.index >= p.nodes.size()) return {};
  const ir::Node& node = p.Get(node_ref);
  if (!node.gpus.ref.Valid() || node.gpus.ref.index >= p.gpus.size()) return {};
  return p.Get(node.gpus.ref).name;
}

const ValidationRecord* PlanValidationRecord(const ir::Program& p, const Results& results,
                                             uint32_t plan_index) {
  const std::string_view gpu = PlanGpuName(p, results, plan_index);
  if (gpu.empty()) return nullptr;
  for (const ValidationRecord& r : kRecords)
    if (r.gpu == gpu) return &r;
  return nullptr;
}

NearRuns PlanNearRuns(const ir::Program& p, const Results& results, uint32_t plan_index) {
  NearRuns near;
  const std::string_view gpu = PlanGpuName(p, results, plan_index);
  if (gpu.empty() || plan_index >= results.plans.size() ||
      plan_index >= results.plan_inputs.size() || !results.plans[plan_index].valid)
    return near;
  const ValidationRun shape = PlanShape(results.plan_inputs[plan_index], results.plans[plan_index]);
  // The suite is a few hundred runs: a fixed buffer holds every one on a GPU.
  struct Near {
    double distance;
    size_t index;
  };
  Near found[std::size(kRuns)];
  size_t n = 0;
  for (size_t i = 0; i < std::size(kRuns); ++i) {
    if (kRuns[i].gpu != gpu) continue;
    const double d = ShapeDistance(shape, kRuns[i]);
    if (d <= kNearRunDistance) found[n++] = {d, i};
  }
  std::sort(found, found + n, [](const Near& a, const Near& b) {
    return a.distance != b.distance ? a.distance < b.distance : a.index < b.index;
  });
  near.count = int32_t(n);
  for (size_t k = 0; k < n && k < size_t(NearRuns::kShown); ++k)
    near.nearest[k] = &kRuns[found[k].index];
  if (n > 0) {
    double errors[std::size(kRuns)];
    for (size_t k = 0; k < n; ++k) errors[k] = kRuns[found[k].index].error;
    std::sort(errors, errors + n);
    near.median = n % 2 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
  }
  return near;
}

}  // namespace clusterc::analysis
