// The rules of one node group's racks and nodes: scale-up domains whole and inside their racks,
// rack power against the feed and the cooling, node power against its budget. A cluster of
// several groups (`364 x hgx_h100 + 52 x hgx_a100 + 5 x login`) is checked group by group: each
// has racks of its own, its node type, its node power and its scale-up domain. CPU-only groups
// have no scale-up domain; their racks and nodes are checked all the same.
#include "analysis/rack_rules.h"

#include <fmt/format.h>

#include <string>

#include "analysis/rule_text.h"

namespace clusterc::analysis {

using namespace text;  // Num, Power: how rules write numbers

namespace {

template <class T>
const T* Resolve(const ir::Program& p, ir::Ref<T> r) {
  if (!r.Valid() || r.index >= ir::TableOf<T>::Of(p).size()) return nullptr;
  return &p.Get(r);
}

std::string RackPowerNote(const ClusterResults& r) {
  std::string s = fmt::format("{} nodes per rack x {}", r.nodes_per_rack, Power(r.power.node));
  if (r.power.rack_switches > 0)
    s += fmt::format(" + scale-up switches {}", Power(r.power.rack_switches));
  return s + " = " + Power(r.power.rack);
}

}  // namespace

GroupSite GroupSiteOf(const ir::Program& p, const ir::Cluster& c, size_t group) {
  GroupSite s;
  s.index = group;
  s.mixed = c.nodes.Groups() > 1;
  s.node = group < c.nodes.Groups() ? Resolve(p, c.nodes.Group(group).ref) : nullptr;
  const ir::SourceRange term = c.nodes.GroupRange(group);
  s.term = s.mixed && term.Valid() ? term : c.FieldRange("nodes");
  if (s.mixed && s.node) s.prefix = fmt::format("node group `{}`: ", s.node->name);
  return s;
}

void CheckGroupDomains(const ir::Program& p, const ir::Cluster& c, const GroupSite& g,
                       const ClusterResults& r, DiagnosticSink& sink) {
  // cluster.partial-domain / cluster.domain-spans-racks: a scale-up domain is a physical unit
  // (an NVL72 rack's NVLink spine, a TPU cube), not a number the scheduler may split. CPU-only
  // groups have none.
  if (!r.valid || r.gpus_per_node <= 0) return;
  const ir::Node* node = g.node;
  const int64_t dom = r.scale_up_domain;
  const ir::SourceRange dom_range = r.rack_scale_domain ? c.FieldRange("racks")
                                                        : (node && node->HasField("scale_up_domain")
                                                               ? node->FieldRange("scale_up_domain")
                                                               : g.term);
  const int64_t gpus = r.gpus;
  if (dom > 0 && gpus % dom != 0) {
    auto d = MakeDiagnostic(
        DiagCode::ClusterPartialDomain, g.term,
        fmt::format("{}{} GPUs are not a whole number of {}-GPU scale-up "
                    "domains: {} domain{} and {} GPUs left over",
                    g.prefix, gpus, dom, gpus / dom, gpus / dom == 1 ? "" : "s", gpus % dom));
    d.Label(dom_range, fmt::format("{} GPUs per scale-up domain", dom));
    int64_t lo = gpus / dom * dom, hi = lo + dom;
    if (dom % r.gpus_per_node == 0)
      d.Note(fmt::format("{} or {} GPUs ({} or {} nodes) are whole domains", lo, hi,
                         lo / r.gpus_per_node, hi / r.gpus_per_node));
    sink.Report(std::move(d));
  }
  if (dom > 0 && r.gpus_per_rack > 0) {
    int64_t span = r.gpus_per_rack * r.scale_up_racks;  // GPUs in the racks one domain may span
    std::string why;
    if (dom % r.gpus_per_node != 0 && r.gpus_per_node % dom != 0)
      why = fmt::format("{}a {}-GPU scale-up domain splits {}-GPU nodes", g.prefix, dom,
                        r.gpus_per_node);
    else if (span % dom != 0)
      why = fmt::format(
          "{}{}-GPU scale-up domains do not fit {} of {} GPUs ({} nodes x {} GPUs): a domain "
          "would span racks",
          g.prefix, dom, text::Count(r.scale_up_racks, "rack"), r.gpus_per_rack, r.nodes_per_rack,
          r.gpus_per_node);
    if (!why.empty()) {
      const ir::SourceRange racks = c.FieldRange("racks");
      auto d = MakeDiagnostic(DiagCode::ClusterDomainSpansRacks, racks, why);
      if (g.mixed) d.Label(g.term, fmt::format("{} nodes x {} GPUs", r.nodes, r.gpus_per_node));
      if (dom_range.begin != racks.begin || dom_range.file != c.range.file)
        d.Label(dom_range, fmt::format("{} GPUs per scale-up domain", dom));
      if (dom % r.gpus_per_node == 0 && (dom / r.gpus_per_node) % r.scale_up_racks == 0)
        d.Note(fmt::format("`rack {{ nodes = {} }}` holds whole domains",
                           dom / r.gpus_per_node / r.scale_up_racks));
      if (dom > span)
        d.Note("a domain that spans racks says so with `scale_up_racks` (2 for NVL36x2)");
      sink.Report(std::move(d));
    }
  }
}

void CheckGroupRackPower(const ir::Program& p, const ir::Cluster& c, const GroupSite& g,
                         const ClusterResults& r, DiagnosticSink& sink) {
  const ir::Site* site = Resolve(p, c.site);
  const ir::Cooling* cooling = site ? Resolve(p, site->cooling) : nullptr;
  const PowerResults& pw = r.power;
  const std::string rack =
      g.mixed && g.node ? fmt::format("a rack of node group `{}`", g.node->name) : "rack";
  const bool gpu_rack = r.valid && r.gpus_per_node > 0;

  // power.rack-over-cooling
  if (cooling && cooling->rack_limit.si > 0 && pw.rack > cooling->rack_limit.si) {
    auto d =
        MakeDiagnostic(DiagCode::PowerRackOverCooling, c.FieldRange("racks"),
                       fmt::format("{} draws {}; cooling `{}` removes at most {} per rack", rack,
                                   Power(pw.rack), cooling->name, Power(cooling->rack_limit.si)));
    if (g.mixed)
      d.Label(g.term,
              fmt::format("{} nodes in {} rack{}", r.nodes, r.racks, r.racks == 1 ? "" : "s"));
    if (g.node) d.Label(g.node->range, fmt::format("one node draws {}", Power(pw.node)));
    d.Label(cooling->range, fmt::format("limit {} per rack", Power(cooling->rack_limit.si)));
    d.Note(RackPowerNote(r));
    int64_t fit = pw.node > 0 ? static_cast<int64_t>(cooling->rack_limit.si / pw.node) : 0;
    if (r.rack_scale_domain && gpu_rack)
      d.Note(
          fmt::format("the rack holds a {}-GPU scale-up domain and cannot hold fewer nodes; "
                      "it needs cooling that removes {}",
                      r.scale_up_domain, Power(pw.rack)));
    else
      d.Note(fmt::format("at most {} nodes per rack fit this cooling", fit));
    sink.Report(std::move(d));
  }

  // power.rack-over-limit
  if (c.racks.power_limit.si > 0 && pw.rack > c.racks.power_limit.si) {
    auto d = MakeDiagnostic(DiagCode::PowerRackOverLimit, c.FieldRange("racks"),
                            fmt::format("{} draws {}; its power feed delivers {}", rack,
                                        Power(pw.rack), Power(c.racks.power_limit.si)));
    if (g.mixed)
      d.Label(g.term,
              fmt::format("{} nodes in {} rack{}", r.nodes, r.racks, r.racks == 1 ? "" : "s"));
    if (g.node) d.Label(g.node->range, fmt::format("one node draws {}", Power(pw.node)));
    d.Note(RackPowerNote(r));
    sink.Report(std::move(d));
  }
}

void CheckGroupNodeBudget(const ir::Program& p, uint32_t index, const GroupSite& g,
                          const ClusterResults& r, DiagnosticSink& sink) {
  // power.node-over-budget: once per node declaration, at the first group of the first cluster
  // (of the main file) that has it.
  const ir::Node* node = g.node;
  const PowerResults& pw = r.power;
  if (!node || node->power_budget.si <= 0 || pw.node <= node->power_budget.si) return;
  const uint32_t ref = p.clusters[index].nodes.Group(g.index).ref.index;
  for (uint32_t i = 0; i <= index; ++i) {
    const ir::Cluster& other = p.clusters[i];
    if (!Reported(p, other)) continue;
    const size_t groups = i < index ? other.nodes.Groups() : g.index;
    for (size_t k = 0; k < groups; ++k)
      if (other.nodes.Group(k).ref.index == ref) return;
  }
  bool local = Reported(p, *node);
  auto d = MakeDiagnostic(DiagCode::PowerNodeOverBudget,
                          local ? node->FieldRange("power_budget") : g.term,
                          fmt::format("node `{}` draws {}; its power budget is {}", node->name,
                                      Power(pw.node), Power(node->power_budget.si)));
  if (local && (pw.gpu > 0 || node->HasField("gpus")))
    d.Label(node->FieldRange("gpus"), fmt::format("GPUs draw {}", Power(pw.gpu)));
  else if (local && node->HasField("host_power"))
    d.Label(node->FieldRange("host_power"), fmt::format("host draws {}", Power(pw.host)));
  if (r.gpus_per_node > 0)
    d.Note(fmt::format("GPUs {} + host {} + network {} = {}", Power(pw.gpu), Power(pw.host),
                       Power(pw.net), Power(pw.node)));
  else
    d.Note(fmt::format("host {} + network {} = {} (no GPUs)", Power(pw.host), Power(pw.net),
                       Power(pw.node)));
  sink.Report(std::move(d));
}

}  // namespace clusterc::analysis
