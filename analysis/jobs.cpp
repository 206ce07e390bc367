#include "analysis/jobs.h"

#include <algorithm>

namespace clusterc::analysis {

namespace {
int64_t CeilDiv(int64_t a, int64_t b) {
  return b > 0 ? (a + b - 1) / b : 0;
}
}  // namespace

JobsResults DeriveJobs(const ir::Program& p, uint32_t index,
                       const std::vector<ClusterResults>& clusters,
                       const std::vector<PlanResults>& plans) {
  JobsResults out;
  const ir::Jobs& j = p.jobs[index];
  for (const auto& ref : j.plans) {
    if (!ref.Valid() || ref.index >= p.plans.size()) return out;
    const ir::Plan& plan = p.plans[ref.index];
    if (!plan.cluster.Valid() || plan.cluster.index >= clusters.size()) return out;
    int32_t c = int32_t(plan.cluster.index);
    if (out.jobs.empty()) out.cluster = c;
    if (out.cluster != c) out.mixed_clusters = true;
    JobShare s;
    s.plan = ref.index;
    s.gpus = ref.index < plans.size() ? plans[ref.index].gpus : 0;
    out.jobs.push_back(s);
  }
  if (out.cluster < 0 || out.mixed_clusters) return out;
  const ClusterResults& c = clusters[size_t(out.cluster)];
  // A job holds whole nodes; with a rack-scale domain (NVL72) it holds whole racks, since its
  // domains are racks. Node-level domains let jobs share a rack (the count is then the racks its
  // nodes fill).
  int64_t rack_unit = c.nodes_per_rack * (c.rack_scale_domain ? c.scale_up_racks : 1);
  for (JobShare& s : out.jobs) {
    s.nodes = CeilDiv(s.gpus, c.gpus_per_node);
    s.racks = c.rack_scale_domain ? CeilDiv(s.nodes, rack_unit) * c.scale_up_racks
                                  : CeilDiv(s.nodes, c.nodes_per_rack);
    s.it_power = double(s.nodes) * c.power.node + double(s.racks) * c.power.rack_switches;
    out.gpus += s.gpus;
    out.nodes += s.nodes;
    out.racks += s.racks;
    out.it_power += s.it_power;
  }
  out.idle_gpus = c.usable_gpus - out.gpus;
  double pue = c.power.it > 0 ? c.power.facility / c.power.it : 1.0;
  out.facility_power = out.it_power * pue;
  out.valid = c.valid;
  return out;
}

}  // namespace clusterc::analysis
