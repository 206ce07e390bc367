#include "analysis/jobs.h"

#include <algorithm>

namespace clusterc::analysis {

namespace {
int64_t CeilDiv(int64_t a, int64_t b) {
  return b > 0 ? (a + b - 1) / b : 0;
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
    pue = c.power.it > 0 ? c.power.facility / c.power.it : 1.0;
  }
  std::sort(out.groups.begin(), out.groups.end(),
            [](const JobsGroup& a, const JobsGroup& b) { return a.group < b.group; });
  out.idle_gpus = 0;
  for (const JobsGroup& g : out.groups) out.idle_gpus += g.usable_gpus - g.gpus;
  out.facility_power = out.it_power * pue;
  return out;
}

}  // namespace clusterc::analysis
