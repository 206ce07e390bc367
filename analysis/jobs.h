// Concurrent jobs: plans that share one cluster at the same time (`jobs { plans = a + b }`).
// Each job is placed on whole scale-up domains and whole racks, as a topology-aware scheduler
// places it; the jobs together must fit the cluster's GPUs and racks.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/cluster_model.h"
#include "analysis/plan_model.h"
#include "ir/ir.h"

namespace clusterc::analysis {

struct Options;

struct JobShare {
  uint32_t plan = 0;  // index into program.plans
  int64_t gpus = 0;
  int64_t nodes = 0;
  int64_t racks = 0;    // whole racks the job occupies
  double it_power = 0;  // W, its nodes (and rack-level switches)
  int32_t group = 0;    // the node group it runs on (index into the cluster's groups)
};

// What the jobs hold of one node group.
struct JobsGroup {
  int32_t group = 0;
  int64_t gpus = 0, usable_gpus = 0, racks = 0, group_racks = 0;
  bool rack_scale_domain = false;
};

struct JobsResults {
  bool valid = false;
  int32_t cluster = -1;         // index of the cluster the first plan names
  bool mixed_clusters = false;  // the plans name different clusters
  std::vector<JobShare> jobs;
  int64_t gpus = 0, nodes = 0, racks = 0;
  int64_t idle_gpus = 0;  // usable GPUs no job holds (negative: oversubscribed)
  double it_power = 0;    // W, the busy nodes
  double facility_power = 0;
  std::vector<JobsGroup> groups;  // per node group the jobs use, in the cluster's order
};

// `plan_clusters[i]`: the cluster as plan i sees it (its node group's view); `plan_groups[i]`:
// that group.
JobsResults DeriveJobs(const ir::Program& program, uint32_t index,
                       const std::vector<ClusterResults>& plan_clusters,
                       const std::vector<PlanResults>& plans,
                       const std::vector<PlanGroup>& plan_groups);

}  // namespace clusterc::analysis
