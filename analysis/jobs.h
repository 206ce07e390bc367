// Concurrent jobs: plans that share one cluster at the same time (`jobs { plans = a + b }`).
// Each job is placed on whole scale-up domains and whole racks, as a topology-aware scheduler
// places it; the jobs together must fit the cluster's GPUs and racks. The placement is explicit:
// every job gets a run of consecutive nodes of its node group (the Slurm backend pins the job to
// exactly those hosts), in the order the jobs are written, spares excluded.
//
// Placement rule. With a rack-scale domain (NVL72, NVL36x2) a job starts on the first node of a
// domain's racks and holds whole domains, so no two jobs share an NVLink domain or a rack's
// switch trays. With node-level domains (8-GPU HGX) each job also starts on a rack boundary, so
// jobs draw on racks (and the leaf switches the racks' nodes fill in order) of their own; when
// that leaves too few usable nodes, the jobs are packed node by node instead, sharing racks.
// Where the fabric has several full-bisection pods (`pod_size`), a job that fits into one is
// first tried within one. A job that still does not fit is not placed (`placed` false), which
// the rule jobs.oversubscribed reports.
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
  // Where it runs: nodes [first_node, first_node + nodes) of its group (0-based, in the order
  // the group's nodes are numbered); first_rack, the group's rack holding its first node (when
  // rack-aligned, it holds racks [first_rack, first_rack + racks)); pods [first_pod, last_pod]
  // of the fabric (0 when the fabric is one pod). Valid when `placed`.
  bool placed = false;
  int64_t first_node = 0;
  int64_t first_rack = 0;
  int64_t first_pod = 0, last_pod = 0;
};

// What the jobs hold of one node group.
struct JobsGroup {
  int32_t group = 0;
  int64_t gpus = 0, usable_gpus = 0, racks = 0, group_racks = 0;
  bool rack_scale_domain = false;
  // Racks whose nodes are all in service (spares are the group's last nodes); with a rack-scale
  // domain, whole domains' racks.
  int64_t usable_racks = 0;
  int64_t nodes = 0, usable_nodes = 0;
  bool placed = false;        // every job of the group has its nodes
  bool rack_aligned = false;  // every job starts on a rack boundary
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
  bool placed = false;            // every job has its nodes (see the placement rule above)
};

// `plan_clusters[i]`: the cluster as plan i sees it (its node group's view); `plan_groups[i]`:
// that group.
JobsResults DeriveJobs(const ir::Program& program, uint32_t index,
                       const std::vector<ClusterResults>& plan_clusters,
                       const std::vector<PlanResults>& plans,
                       const std::vector<PlanGroup>& plan_groups);

}  // namespace clusterc::analysis
