#include "analysis/validation_record.h"

#include <iterator>

namespace clusterc::analysis {
namespace {

// Written by tests/unit/test_validation.cpp under CLUSTERC_UPDATE_VALIDATION=1, sorted by GPU.
constexpr ValidationRecord kRecords[] = {
#include "analysis/validation_record.inc"
};

}  // namespace

ValidationTable ValidationRecords() {
  return {kRecords, std::size(kRecords)};
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

}  // namespace clusterc::analysis
