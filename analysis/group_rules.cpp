// Rules of mixed node groups (`nodes = 64 x hgx_h100 + 32 x hgx_a100 + 4 x login`): a node type
// forms one group, some group has GPUs, and each plan runs on one GPU group it names or that
// clusterc can choose.
#include <fmt/format.h>

#include <string>

#include "analysis/analysis.h"

namespace clusterc::analysis {

namespace {

bool Reported(const ir::Program& p, const ir::Entity& e) {
  return p.main_file == 0 || e.range.file == p.main_file;
}

const ir::Node* NodeOf(const ir::Program& p, ir::Ref<ir::Node> r) {
  return r.Valid() && r.index < p.nodes.size() ? &p.Get(r) : nullptr;
}

bool HasGpus(const ir::Node* n) {
  return n && n->gpus.count > 0 && n->gpus.ref.Valid();
}

// "`hgx_h100` (64 nodes x 8 GPUs), `login` (4 nodes, no GPUs)".
std::string GroupList(const ir::Program& p, const ir::Cluster& c) {
  std::string out;
  for (size_t g = 0; g < c.nodes.Groups(); ++g) {
    const ir::Part<ir::Node>& part = c.nodes.Group(g);
    const ir::Node* n = NodeOf(p, part.ref);
    if (!n) continue;
    if (!out.empty()) out += ", ";
    out += HasGpus(n) ? fmt::format("`{}` ({} nodes x {} GPUs)", n->name, part.count, n->gpus.count)
                      : fmt::format("`{}` ({} nodes, no GPUs)", n->name, part.count);
  }
  return out;
}

}  // namespace

void CheckClusterGroups(const ir::Program& p, uint32_t index, DiagnosticSink& sink) {
  const ir::Cluster& c = p.clusters[index];
  if (!Reported(p, c)) return;
  const ir::SourceRange nodes = c.FieldRange("nodes");
  bool any_gpus = false, all_known = true;
  for (size_t g = 0; g < c.nodes.Groups(); ++g) {
    const ir::Node* n = NodeOf(p, c.nodes.Group(g).ref);
    all_known = all_known && n;
    any_gpus = any_gpus || HasGpus(n);
    for (size_t h = 0; h < g; ++h) {
      if (c.nodes.Group(h).ref.index != c.nodes.Group(g).ref.index || !n) continue;
      auto d = MakeDiagnostic(
          DiagCode::ClusterDuplicateGroup, nodes,
          fmt::format("node type `{}` forms two groups of cluster `{}`", n->name, c.name));
      d.Note(fmt::format("write one group: `{} x {}`",
                         c.nodes.Group(h).count + c.nodes.Group(g).count, n->name));
      sink.Report(std::move(d));
    }
  }
  if (all_known && !any_gpus) {
    auto d = MakeDiagnostic(DiagCode::ClusterNoGpus, nodes,
                            fmt::format("no node of cluster `{}` has GPUs", c.name));
    d.Note(fmt::format("groups: {}", GroupList(p, c)));
    d.Note("add a group of GPU nodes: `nodes = 64 x hgx_h100 + 4 x login`");
    sink.Report(std::move(d));
  }
}

void CheckPlanGroup(const ir::Program& p, uint32_t index, const PlanGroup& group,
                    const PlanResults& r, const ClusterResults& cluster, DiagnosticSink& sink) {
  (void)r;
  const ir::Plan& plan = p.plans[index];
  if (!Reported(p, plan) || !plan.cluster.Valid() || plan.cluster.index >= p.clusters.size())
    return;
  const ir::Cluster& c = p.Get(plan.cluster);
  const ir::SourceRange on = plan.FieldRange("on");
  switch (group.why) {
    case GroupChoice::kChosen:
      return;
    case GroupChoice::kNotInCluster: {
      const ir::Node* n = NodeOf(p, plan.on);
      auto d = MakeDiagnostic(DiagCode::PlanGroupNotInCluster, on,
                              fmt::format("cluster `{}` has no group of `{}` nodes", c.name,
                                          n ? n->name : std::string("?")));
      d.Label(c.FieldRange("nodes"), "its node groups");
      d.Note(fmt::format("groups: {}", GroupList(p, c)));
      sink.Report(std::move(d));
      return;
    }
    case GroupChoice::kAmbiguous: {
      auto d = MakeDiagnostic(
          DiagCode::PlanAmbiguousGroup, plan.FieldRange("cluster"),
          fmt::format("cluster `{}` has several node groups with GPUs; plan `{}` names none",
                      c.name, plan.name));
      d.Label(c.FieldRange("nodes"), "its node groups");
      d.Note(fmt::format("groups: {}", GroupList(p, c)));
      for (size_t g = 0; g < c.nodes.Groups(); ++g) {
        const ir::Node* n = NodeOf(p, c.nodes.Group(g).ref);
        if (!HasGpus(n)) continue;
        d.Note(fmt::format("add `on = {}` to the plan", n->name));
        break;
      }
      sink.Report(std::move(d));
      return;
    }
    case GroupChoice::kNoGpus: {
      // A cluster with no GPUs at all is reported once, on the cluster (cluster.no-gpus).
      if (!plan.on.Valid() && !cluster.valid) return;
      const ir::Node* n = group.group >= 0 && size_t(group.group) < c.nodes.Groups()
                              ? NodeOf(p, c.nodes.Group(size_t(group.group)).ref)
                              : nullptr;
      auto d = MakeDiagnostic(DiagCode::PlanGroupWithoutGpus,
                              plan.on.Valid() ? on : plan.FieldRange("cluster"),
                              fmt::format("plan `{}` runs on `{}` nodes, which have no GPUs",
                                          plan.name, n ? n->name : std::string("?")));
      d.Note(fmt::format("groups of cluster `{}`: {}", c.name, GroupList(p, c)));
      sink.Report(std::move(d));
      return;
    }
  }
}

}  // namespace clusterc::analysis
