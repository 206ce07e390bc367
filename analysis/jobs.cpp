#include "analysis/jobs.h"

#include <algorithm>

namespace clusterc::analysis {

namespace {
int64_t CeilDiv(int64_t a, int64_t b) {
  return b > 0 ? (a + b - 1) / b : 0;
}

// Places the jobs of one node group (`g.group`) on consecutive nodes, in the order written, by
// the first of these that fits every job into the nodes in service:
//  1. each job on a rack (rack-scale: domain) boundary, and a job that fits into one
//     full-bisection pod of the fabric (`pod_size`) moved to the next pod when it would straddle
//     two, so its traffic stays below the oversubscribed tier above the pods;
//  2. each job on a rack (domain) boundary;
//  3. (node-level domains only) packed node by node.
// Returns whether every job of the group has its nodes.
bool PlaceGroup(JobsGroup& g, std::vector<JobShare>& jobs,
                const std::vector<ClusterResults>& plan_clusters, bool single_group) {
  const ClusterResults* view = nullptr;
  for (const JobShare& s : jobs)
    if (s.group == g.group) view = &plan_clusters[s.plan];
  if (!view || view->nodes_per_rack <= 0 || view->gpus_per_node <= 0) return false;
  const ClusterResults& c = *view;
  // The placement unit: the racks of one rack-scale domain, else one rack (node-level domains
  // may fall back to single nodes below).
  const int64_t unit = c.nodes_per_rack * (c.rack_scale_domain ? c.scale_up_racks : 1);
  const int64_t usable = std::clamp<int64_t>(c.usable_nodes, 0, c.nodes);
  // Pods are counted from the fabric's first node: with one node group, the group's nodes are
  // the fabric's in order; with several, a group's position in the fabric is not modelled.
  const int64_t pod_gpus = single_group && c.fabric.pods > 1 ? c.fabric.pod_gpus : 0;
  const int64_t pod_nodes = pod_gpus > 0 ? std::max<int64_t>(1, pod_gpus / c.gpus_per_node) : 0;
  enum Mode { kPods, kRacks, kNodes };
  auto place = [&](Mode mode) {
    int64_t cursor = 0;
    for (JobShare& s : jobs) {
      if (s.group != g.group) continue;
      int64_t start = mode == kNodes ? cursor : CeilDiv(cursor, unit) * unit;
      if (mode == kPods && pod_nodes > 0 && s.nodes <= pod_nodes &&
          start / pod_nodes != (start + s.nodes - 1) / pod_nodes)
        start = CeilDiv(CeilDiv(start, pod_nodes) * pod_nodes, unit) * unit;
      s.first_node = start;
      s.placed = s.nodes > 0 && start + s.nodes <= usable;
      if (!s.placed) return false;
      cursor = start + s.nodes;
    }
    return true;
  };
  bool placed = (pod_nodes > 0 && place(kPods)) || place(kRacks);
  g.rack_aligned = placed;
  placed = placed || (!c.rack_scale_domain && place(kNodes));
  for (JobShare& s : jobs) {
    if (s.group != g.group) continue;
    s.placed = placed;
    if (!placed) continue;
    s.first_rack = s.first_node / c.nodes_per_rack;
    s.first_pod = pod_nodes > 0 ? s.first_node / pod_nodes : 0;
    s.last_pod = pod_nodes > 0 ? (s.first_node + s.nodes - 1) / pod_nodes : 0;
  }
  return placed;
}
}  // namespace

JobsResults DeriveJobs(const ir::Program& p, uint32_t index,
                       const std::vector<ClusterResults>& plan_clusters,
                       const std::vector<PlanResults>& plans,
                       const std::vector<PlanGroup>& plan_groups) {
  JobsResults out;
  const ir::Jobs& j = p.jobs[index];
  for (const auto& ref : j.plans) {
    if (!ref.Valid() || ref.index >= p.plans.size() || ref.index >= plan_clusters.size())
      return out;
    const ir::Plan& plan = p.plans[ref.index];
    if (!plan.cluster.Valid() || plan.cluster.index >= p.clusters.size()) return out;
    int32_t c = int32_t(plan.cluster.index);
    if (out.jobs.empty()) out.cluster = c;
    if (out.cluster != c) out.mixed_clusters = true;
    JobShare s;
    s.plan = ref.index;
    s.gpus = ref.index < plans.size() ? plans[ref.index].gpus : 0;
    s.group = ref.index < plan_groups.size() ? std::max(0, plan_groups[ref.index].group) : 0;
    out.jobs.push_back(s);
  }
  if (out.cluster < 0 || out.mixed_clusters) return out;
  out.valid = true;
  double pue = 1.0;
  for (JobShare& s : out.jobs) {
    // The job's node group as its plan sees it.
    const ClusterResults& c = plan_clusters[s.plan];
    out.valid = out.valid && c.valid;
    // A job holds whole nodes; with a rack-scale domain (NVL72) it holds whole racks, since its
    // domains are racks. Node-level domains let jobs share a rack (the count is then the racks
    // its nodes fill).
    int64_t rack_unit = c.nodes_per_rack * (c.rack_scale_domain ? c.scale_up_racks : 1);
    s.nodes = CeilDiv(s.gpus, c.gpus_per_node);
    s.racks = c.rack_scale_domain ? CeilDiv(s.nodes, rack_unit) * c.scale_up_racks
                                  : CeilDiv(s.nodes, c.nodes_per_rack);
    s.it_power = double(s.nodes) * c.power.node + double(s.racks) * c.power.rack_switches;
    out.gpus += s.gpus;
    out.nodes += s.nodes;
    out.racks += s.racks;
    out.it_power += s.it_power;
    auto g = std::find_if(out.groups.begin(), out.groups.end(),
                          [&](const JobsGroup& x) { return x.group == s.group; });
    if (g == out.groups.end()) {
      out.groups.push_back({s.group, 0, c.usable_gpus, 0, c.racks, c.rack_scale_domain});
      g = out.groups.end() - 1;
    }
    g->gpus += s.gpus;
    g->racks += s.racks;
    g->nodes = c.nodes;
    g->usable_nodes = std::clamp<int64_t>(c.usable_nodes, 0, c.nodes);
    // Rack-scale: the racks of the domains whose nodes are all in service; else every rack.
    const int64_t unit = c.nodes_per_rack * c.scale_up_racks;
    g->usable_racks =
        c.rack_scale_domain && unit > 0 ? g->usable_nodes / unit * c.scale_up_racks : c.racks;
    pue = c.power.it > 0 ? c.power.facility / c.power.it : 1.0;
  }
  std::sort(out.groups.begin(), out.groups.end(),
            [](const JobsGroup& a, const JobsGroup& b) { return a.group < b.group; });
  out.idle_gpus = 0;
  for (const JobsGroup& g : out.groups) out.idle_gpus += g.usable_gpus - g.gpus;
  out.facility_power = out.it_power * pue;
  // Where each job runs; the rack counts become the racks its nodes touch.
  out.placed = true;
  for (JobsGroup& g : out.groups) {
    g.placed =
        PlaceGroup(g, out.jobs, plan_clusters, p.clusters[size_t(out.cluster)].nodes.Groups() <= 1);
    out.placed = out.placed && g.placed;
  }
  return out;
}

}  // namespace clusterc::analysis
