// The feasibility rules of issue 3: they read the typed results and report diagnostics with the
// numbers. Strings and allocation live here, never in the evaluators.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "analysis/analysis.h"
#include "analysis/formulas.h"
#include "analysis/offload.h"
#include "analysis/optimizer_rules.h"
#include "analysis/plan_advice.h"
#include "analysis/rack_rules.h"
#include "analysis/rule_text.h"
#include "analysis/step_rules.h"
#include "ir/checked.h"

namespace clusterc::analysis {

using namespace text;  // Num, Power, Time: how rules write numbers

namespace {

template <class T>
const T* Resolve(const ir::Program& p, ir::Ref<T> r) {
  if (!r.Valid() || r.index >= ir::TableOf<T>::Of(p).size()) return nullptr;
  return &p.Get(r);
}

// "364 x 4 + 52 x 4 + 5 x 1": each group's nodes x NIC ports per node.
std::string PortSum(const ir::Program& p, const ir::Cluster& c) {
  std::string out;
  for (size_t g = 0; g < c.nodes.Groups(); ++g) {
    const ir::Node* n = Resolve(p, c.nodes.Group(g).ref);
    const ir::Nic* nic = n ? Resolve(p, n->nics.ref) : nullptr;
    out += fmt::format("{}{} x {}", g > 0 ? " + " : "", c.nodes.Group(g).count,
                       nic ? n->nics.count * nic->ports : 0);
  }
  return out;
}

// Nodes with a NIC port, each of which has a port on a rail-only fabric's first rail.
int64_t RailNodes(const ir::Program& p, const ir::Cluster& c) {
  int64_t n = 0;
  for (size_t g = 0; g < c.nodes.Groups(); ++g) {
    const ir::Node* node = Resolve(p, c.nodes.Group(g).ref);
    const ir::Nic* nic = node ? Resolve(p, node->nics.ref) : nullptr;
    if (nic && node->nics.count * nic->ports > 0) n = ir::SaturatingAdd(n, c.nodes.Group(g).count);
  }
  return n;
}

// Rules of the rail-only and dragonfly fabrics.
void CheckFabricKinds(const ir::Program& p, const ir::Cluster& c, const ClusterResults& r,
                      const std::vector<ClusterResults>& groups, const ir::Fabric* fabric,
                      DiagnosticSink& sink) {
  if (!fabric) return;
  // Rail-only: every GPU group's nodes need a scale-up domain across their rails.
  for (size_t g = 0; r.fabric.rail_only && g < groups.size() && g < c.nodes.Groups(); ++g) {
    const ClusterResults& v = groups[g];
    if (!v.valid || v.gpus_per_node <= 0) continue;
    const GroupSite at = GroupSiteOf(p, c, g);
    const ir::Node* node = at.node;
    if (v.scale_up_domain > 1 && v.scale_up_domain >= v.gpus_per_node && node &&
        node->scale_up.Valid())
      continue;
    auto d = MakeDiagnostic(
        DiagCode::FabricRailOnlyNeedsScaleUp, c.FieldRange("fabric"),
        fmt::format("{}fabric `{}` is rail-only, but {}", at.prefix, fabric->name,
                    node && !node->scale_up.Valid()
                        ? "the node has no scale-up link"
                        : fmt::format("its scale-up domain holds {} GPU{} of "
                                      "the node's {}",
                                      v.scale_up_domain, v.scale_up_domain == 1 ? "" : "s",
                                      v.gpus_per_node)));
    d.Label(fabric->FieldRange("topology"), "no spine joins the rails");
    if (at.mixed) d.Label(at.term, fmt::format("{} nodes x {} GPUs", v.nodes, v.gpus_per_node));
    d.Note(
        "cross-rail traffic must cross the scale-up domain (NVLink) to reach the GPU on the "
        "destination's rail (Wang et al. 2023)");
    d.Note("use `fat_tree { rails = ... }` for a rail-optimised fabric with a spine");
    sink.Report(std::move(d));
  }
  if (!r.fabric.is_dragonfly || r.fabric.radix <= 0) return;
  const DragonflyShape& df = r.fabric.dragonfly;
  const int64_t ports = df.p + df.a + df.h - 1;
  if (ports > r.fabric.radix) {
    auto d = MakeDiagnostic(
        DiagCode::FabricDragonflyRadix, fabric->FieldRange("topology"),
        fmt::format("each router needs p + a + h - 1 = {} + {} + {} - 1 = {} ports; the switch "
                    "has {}",
                    df.p, df.a, df.h, ports, r.fabric.radix));
    if (const ir::Switch* sw = Resolve(p, fabric->switch_))
      d.Label(sw->range,
              fmt::format("switch `{}`: {} ports at the NIC's rate", sw->name, r.fabric.radix));
    d.Note("Kim et al. 2008: p endpoint, a - 1 local and h global ports per router");
    sink.Report(std::move(d));
  }
  if (df.a != 2 * df.p || df.a != 2 * df.h) {
    auto d = MakeDiagnostic(
        DiagCode::FabricDragonflyUnbalanced, fabric->FieldRange("topology"),
        fmt::format("a dragonfly of p = {}, a = {}, h = {} is not balanced (a = 2p = 2h)", df.p,
                    df.a, df.h));
    if (df.h < df.p)
      d.Note(
          fmt::format("h < p: with minimal routing, traffic leaving a group gets at most "
                      "h/p = {:.0f} % of the injection bandwidth",
                      100.0 * double(df.h) / double(df.p)));
    d.Note("Kim et al. 2008, section 3.1: a = 2p = 2h balances local and global channel load");
    sink.Report(std::move(d));
  }
}

// plan.recompute-modules: modules that replay nothing, because the mode is not selective or the
// model has no such part.
void CheckRecomputeModules(const ir::Plan& plan, const PlanInputs& in, DiagnosticSink& sink) {
  if (!plan.HasField("recompute_modules")) return;
  const ir::SourceRange where = plan.FieldRange("recompute_modules");
  if (in.recompute != ir::Recompute::selective) {
    auto d = MakeDiagnostic(
        DiagCode::PlanRecomputeModules, where,
        fmt::format("`recompute_modules` is read only with `recompute = selective`, not `{}`",
                    ir::EnumName(in.recompute)));
    d.Note(in.recompute == ir::Recompute::full
               ? "full recompute replays every layer's whole forward; the modules change nothing"
               : "without recompute every activation is kept; the modules change nothing");
    sink.Report(std::move(d));
    return;
  }
  const bool dense = HasDenseLayers(in);
  const ir::RecomputeModules& m = plan.recompute_modules;
  std::string idle;
  auto add = [&](bool named, bool present, const char* field) {
    if (named && !present) idle += (idle.empty() ? "`" : ", `") + std::string(field) + "`";
  };
  add(m.mlp, dense, "mlp");
  add(m.mlp_activation, dense, "mlp_activation");
  add(m.moe_activation, in.moe, "moe_activation");
  add(m.mla_up_projection, in.mla, "mla_up_projection");
  if (idle.empty()) return;
  auto d = MakeDiagnostic(DiagCode::PlanRecomputeModules, where,
                          fmt::format("{} name{} a part the model does not have", idle,
                                      idle.find(',') == std::string::npos ? "s" : ""));
  d.Note(fmt::format(
      "the model has {}{}",
      in.moe ? (dense ? "dense and MoE layers" : "MoE layers only") : "dense layers only",
      in.mla ? " and multi-head latent attention" : ", no multi-head latent attention"));
  sink.Report(std::move(d));
}

// plan.recompute-layers: a count of replayed layers per chunk that changes nothing.
void CheckRecomputeLayers(const ir::Plan& plan, const PlanInputs& in, DiagnosticSink& sink) {
  if (in.recompute_layers <= 0) return;
  const ir::SourceRange where = plan.FieldRange("recompute_layers");
  if (in.recompute != ir::Recompute::full) {
    auto d = MakeDiagnostic(
        DiagCode::PlanRecomputeLayers, where,
        fmt::format("`recompute_layers` is read only with `recompute = full`, not `{}`",
                    ir::EnumName(in.recompute)));
    d.Note("it counts the layers of each pipeline chunk that replay their whole forward");
    sink.Report(std::move(d));
    return;
  }
  if (PartialRecompute(in)) return;
  const int64_t largest = LargestChunkLayers(in);
  auto d = MakeDiagnostic(
      DiagCode::PlanRecomputeLayers, where,
      fmt::format("`recompute_layers = {}` replays every layer: no pipeline chunk holds more than "
                  "{}",
                  in.recompute_layers, largest));
  d.Note(
      "this is `recompute = full` without a count; a smaller one keeps some layers' "
      "activations and skips their replay");
  sink.Report(std::move(d));
}

}  // namespace

// Which network parts lack a power figure, and what to set.
std::string MissingPowerNote(const ir::Program& p, const ir::Cluster& c) {
  const ir::Fabric* fabric = Resolve(p, c.fabric);
  const ir::Switch* sw = fabric ? Resolve(p, fabric->switch_) : nullptr;
  std::string parts;
  if (sw && sw->power.si <= 0) parts = fmt::format("switch `{}` has no `power`", sw->name);
  if (fabric && fabric->transceiver_power.si <= 0)
    parts += fmt::format("{}fabric `{}` has no `transceiver_power`", parts.empty() ? "" : "; ",
                         fabric->name);
  return parts + "; set the figure, or give the nodes a `net_power` that carries the network";
}

void CheckCluster(const ir::Program& p, uint32_t index, const ClusterResults& r,
                  const std::vector<ClusterResults>& groups, const Options& options,
                  DiagnosticSink& sink) {
  const ir::Cluster& c = p.clusters[index];
  if (!Reported(p, c) || !r.valid) return;
  const ir::Site* site = Resolve(p, c.site);
  const ir::Fabric* fabric = Resolve(p, c.fabric);
  const PowerResults& pw = r.power;

  // fabric.unsupported-tiers: the fat-tree model stops at a 4-tier Clos.
  if (fabric && !r.fabric.is_torus && r.fabric.tiers > 4) {
    auto d = MakeDiagnostic(
        DiagCode::FabricUnsupportedTiers, fabric->FieldRange("topology"),
        fmt::format("a fat tree of {} tiers; clusterc models 1 to 4", r.fabric.tiers));
    d.Note(fmt::format("four tiers of radix-{} switches attach {} endpoints", r.fabric.radix,
                       r.fabric.capacity));
    sink.Report(std::move(d));
  }

  // fabric.ports-exceeded. A mixed rail-only fabric's first rail holds a port of every node with
  // NICs, and may overflow while the ports of all rails together fit.
  const int64_t rail_nodes = RailNodes(p, c);
  const bool rail_over = r.fabric.rail_only && c.nodes.Groups() > 1 && r.fabric.rails > 0 &&
                         r.fabric.capacity > 0 && rail_nodes > r.fabric.capacity / r.fabric.rails &&
                         r.fabric.endpoints <= r.fabric.capacity;
  if (rail_over) {
    auto d = MakeDiagnostic(
        DiagCode::FabricPortsExceeded, c.FieldRange("fabric"),
        fmt::format(
            "rail 1 of the fabric attaches at most {} endpoints; {} nodes have a port on it",
            r.fabric.capacity / r.fabric.rails, rail_nodes));
    d.Label(fabric->FieldRange("topology"),
            fmt::format("{}, each its own Clos of {}", text::Count(r.fabric.rails, "rail"),
                        text::Count(r.fabric.tiers, "tier")));
    d.Note(
        fmt::format("NIC ports per group: {} = {} endpoints", PortSum(p, c), r.fabric.endpoints));
    d.Note("every node with a NIC has a port on the first rail; add a tier or a larger switch");
    sink.Report(std::move(d));
  }
  if (fabric && r.fabric.capacity > 0 && r.fabric.endpoints > r.fabric.capacity) {
    const ir::Switch* sw = Resolve(p, fabric->switch_);
    auto d = MakeDiagnostic(
        DiagCode::FabricPortsExceeded, c.FieldRange("fabric"),
        fmt::format("the fabric attaches at most {} endpoints; the cluster has {} NIC ports",
                    r.fabric.capacity, r.fabric.endpoints));
    d.Label(fabric->FieldRange("topology"),
            r.fabric.is_dragonfly
                ? fmt::format("dragonfly routers of radix {}", r.fabric.radix)
                : fmt::format("{} of radix-{} switches", text::Count(r.fabric.tiers, "tier"),
                              r.fabric.radix));
    if (sw) d.Label(sw->range, fmt::format("switch `{}` has {} ports", sw->name, sw->radix));
    if (c.nodes.Groups() > 1)
      d.Note(
          fmt::format("NIC ports per group: {} = {} endpoints", PortSum(p, c), r.fabric.endpoints));
    else
      d.Note(fmt::format("{} nodes x {} NIC ports = {} endpoints", r.nodes,
                         r.nodes > 0 ? r.fabric.endpoints / r.nodes : 0, r.fabric.endpoints));
    if (r.fabric.is_dragonfly) {
      const DragonflyShape& df = r.fabric.dragonfly;
      d.Note(
          fmt::format("a dragonfly of p = {}, a = {}, h = {} attaches at most a p (a h + 1) = "
                      "{} endpoints (Kim et al. 2008)",
                      df.p, df.a, df.h, r.fabric.capacity));
      d.Note("raise `global_links` (h) or `routers_per_group` (a), or choose a larger switch");
    } else {
      d.Note(fmt::format("capacity: {}, {} endpoint ports per leaf, radix {}{}",
                         text::Count(r.fabric.tiers, "tier"), r.fabric.leaf_downlinks,
                         r.fabric.radix,
                         r.fabric.rail_only ? fmt::format(", {} rails", r.fabric.rails) : ""));
      d.Note("add a tier or choose a switch with more ports");
    }
    sink.Report(std::move(d));
  }

  CheckFabricKinds(p, c, r, groups, fabric, sink);

  // The rules of each node group's racks and nodes (rack_rules.cpp), on the cluster as the group
  // sees it: its nodes, racks, node power and scale-up domain.
  for (size_t g = 0; g < groups.size() && g < c.nodes.Groups(); ++g) {
    GroupSite site_of = GroupSiteOf(p, c, g);
    CheckGroupDomains(p, c, site_of, groups[g], sink);
    CheckGroupRackPower(p, c, site_of, groups[g], sink);
  }

  // power.grid-unchecked: IT power is unknown (a switch or optic without a power figure). The
  // nodes alone are a floor: over the grid with them alone is still power.site-over-grid.
  const bool it_unknown = pw.it <= 0 && (r.missing & kItPowerNeeds);
  double nodes_it = 0;
  for (const GroupResults& g : r.groups) nodes_it += g.it_power;
  if (site && site->grid_power.si > 0 && it_unknown && nodes_it * site->pue > site->grid_power.si) {
    auto d = MakeDiagnostic(DiagCode::PowerSiteOverGrid, c.FieldRange("nodes"),
                            fmt::format("the nodes alone draw {} at the facility; the grid "
                                        "delivers {}",
                                        Power(nodes_it * site->pue), Power(site->grid_power.si)));
    d.Label(site->FieldRange("grid_power"), fmt::format("site `{}` grid connection", site->name));
    d.Note(MissingPowerNote(p, c));
    sink.Report(std::move(d));
  } else if (site && site->grid_power.si > 0 && it_unknown) {
    auto d = MakeDiagnostic(
        DiagCode::PowerGridUnchecked, site->FieldRange("grid_power"),
        fmt::format("cluster `{}`'s facility power is unknown, so the grid connection of {} cannot "
                    "be checked; its nodes alone draw {}",
                    c.name, Power(site->grid_power.si), Power(nodes_it * site->pue)));
    d.Note(MissingPowerNote(p, c));
    sink.Report(std::move(d));
  }

  // power.site-over-grid
  if (site && site->grid_power.si > 0 && pw.facility > site->grid_power.si) {
    auto d = MakeDiagnostic(DiagCode::PowerSiteOverGrid, c.FieldRange("nodes"),
                            fmt::format("facility draws {}; the grid delivers {}",
                                        Power(pw.facility), Power(site->grid_power.si)));
    d.Label(site->FieldRange("grid_power"), fmt::format("site `{}` grid connection", site->name));
    d.Note(
        fmt::format("IT power {} x PUE {:.2f} = {}", Power(pw.it), site->pue, Power(pw.facility)));
    std::string nodes = fmt::format("{} nodes x {}", r.nodes, Power(pw.node));
    if (c.nodes.Groups() > 1) {
      nodes.clear();
      for (size_t g = 0; g < groups.size() && g < c.nodes.Groups(); ++g) {
        const ir::Node* n = Resolve(p, c.nodes.Group(g).ref);
        nodes += fmt::format("{}{} `{}` x {}", g > 0 ? " + " : "", groups[g].nodes,
                             n ? n->name : "?", Power(groups[g].power.node));
      }
    }
    d.Note(fmt::format("{}{}", nodes,
                       pw.node_includes_network_share
                           ? " (network share included in the node)"
                           : fmt::format(" + network {}", Power(pw.network))));
    sink.Report(std::move(d));
  }

  for (size_t g = 0; g < groups.size() && g < c.nodes.Groups(); ++g)
    CheckGroupNodeBudget(p, index, GroupSiteOf(p, c, g), groups[g], sink);
  (void)options;
}

void CheckPlan(const ir::Program& p, uint32_t index, const PlanInputs& in, const PlanResults& r,
               const ClusterResults& cluster, const Options& options, DiagnosticSink& sink) {
  const ir::Plan& plan = p.plans[index];
  if (!Reported(p, plan)) return;
  const ir::Cluster* c = Resolve(p, plan.cluster);
  const ir::Model* model = Resolve(p, plan.model);
  const ir::Node* node = c ? Resolve(p, cluster.PrimaryNode(c->nodes.ref)) : nullptr;
  const ir::Gpu* gpu = node ? Resolve(p, node->gpus.ref) : nullptr;
  const ir::SourceRange parallel = plan.FieldRange("parallel");
  const auto& pa = plan.parallel;

  // plan.spans-groups: with several node groups a plan runs on one, one GPU type.
  int64_t other_gpus = 0;
  if (c && c->nodes.Groups() > 1)
    for (size_t g = 0; g < c->nodes.Groups(); ++g) {
      const ir::Node* n = Resolve(p, c->nodes.Group(g).ref);
      if (n && n != node && n->gpus.ref.Valid())
        other_gpus = ir::SaturatingAdd(other_gpus,
                                       ir::SaturatingMul(c->nodes.Group(g).count, n->gpus.count));
    }
  if (c && cluster.valid && r.gpus > cluster.usable_gpus && other_gpus > 0 && node &&
      r.gpus <= ir::SaturatingAdd(cluster.usable_gpus, other_gpus)) {
    auto d = MakeDiagnostic(
        DiagCode::PlanSpansGroups, parallel,
        fmt::format("tp x pp x dp x cp = {} GPUs; node group `{}` of cluster `{}` has {} for plans",
                    r.gpus, node->name, c->name, cluster.usable_gpus));
    d.Label(c->FieldRange("nodes"), fmt::format("{} `{}` nodes x {} GPUs", cluster.nodes,
                                                node->name, cluster.gpus_per_node));
    d.Note(
        fmt::format("the cluster's other groups hold {} GPUs of other types; a plan runs on one "
                    "group",
                    other_gpus));
    int64_t other = ir::SaturatingMul(ir::SaturatingMul(pa.tp, pa.pp), pa.cp);
    if (other > 0 && cluster.usable_gpus / other > 0)
      d.Note(fmt::format("dp = {} is the most that fits the group", cluster.usable_gpus / other));
    sink.Report(std::move(d));
  } else if (c && cluster.valid && r.gpus > cluster.usable_gpus) {
    // plan.product-mismatch: a plan may use part of the cluster, never more than it has.
    auto d = MakeDiagnostic(
        DiagCode::PlanProductMismatch, parallel,
        fmt::format(
            "tp x pp x dp x cp = {} x {} x {} x {} = {} GPUs; cluster `{}` has only {} GPUs "
            "for plans",
            pa.tp, pa.pp, pa.dp, pa.cp,
            r.gpus == ir::kInt64Max ? std::string("more than 9.2e18") : std::to_string(r.gpus),
            c->name, cluster.usable_gpus));
    d.Label(c->FieldRange("nodes"),
            fmt::format("{} nodes x {} GPUs", cluster.nodes, cluster.gpus_per_node));
    if (cluster.spare_nodes > 0)
      d.Note(fmt::format("{} of {} nodes are spares ({:.1f} %)", cluster.spare_nodes, cluster.nodes,
                         c->spares * 100));
    int64_t other = ir::SaturatingMul(ir::SaturatingMul(pa.tp, pa.pp), pa.cp);
    if (other > 0 && cluster.usable_gpus / other > 0)
      d.Note(fmt::format("dp = {} is the most that fits", cluster.usable_gpus / other));
    sink.Report(std::move(d));
  } else if (c && cluster.valid && cluster.scale_up_domain > 0 &&
             r.gpus % cluster.scale_up_domain != 0) {
    // plan.partial-domain: jobs are placed on whole scale-up domains; a shared NVLink domain
    // would carry another job's traffic and cannot be partitioned by the scheduler.
    int64_t domains = (r.gpus + cluster.scale_up_domain - 1) / cluster.scale_up_domain;
    auto d = MakeDiagnostic(
        DiagCode::PlanPartialDomain, parallel,
        fmt::format("the plan's {} GPUs are not a whole number of {}-GPU scale-up domains", r.gpus,
                    cluster.scale_up_domain));
    d.Note(fmt::format("{} domains hold {} GPUs; {} of them would stay idle", domains,
                       domains * cluster.scale_up_domain,
                       domains * cluster.scale_up_domain - r.gpus));
    sink.Report(std::move(d));
  }

  // plan.indivisible
  auto indivisible = [&](ir::SourceRange range, std::string message, std::string note) {
    auto d = MakeDiagnostic(DiagCode::PlanIndivisible, range, std::move(message));
    if (!note.empty()) d.Note(std::move(note));
    if (model) d.Label(model->range, fmt::format("model `{}`", model->name));
    sink.Report(std::move(d));
  };
  if (model) {
    int64_t stages = ir::SaturatingMul(pa.pp, pa.vpp);
    int64_t ends = (pa.first_stage_layers > 0) + (pa.last_stage_layers > 0);
    if (ends > 0 && pa.pp > 1) {
      // Uneven stages: the layers between the given ends split evenly over the other stages,
      // every virtual stage a layer at least (StagesSplit).
      const int64_t rest = model->layers - pa.first_stage_layers - pa.last_stage_layers;
      const int64_t others = pa.pp - ends;
      const int64_t first = pa.first_stage_layers, last = pa.last_stage_layers;
      if (pa.vpp > 1 && !EndsAreSlots(model->layers, pa.pp, pa.vpp, first, last) &&
          ((first > 0 && first < pa.vpp) || (last > 0 && last < pa.vpp)))
        indivisible(parallel,
                    fmt::format("the {} stage's {} layers leave some of its vpp = {} virtual "
                                "stages without a layer",
                                first > 0 && first < pa.vpp ? "first" : "last",
                                first > 0 && first < pa.vpp ? first : last, pa.vpp),
                    "");
      else if (!StagesSplit(model->layers, pa.pp, pa.vpp, first, last))
        indivisible(
            parallel,
            others == 0
                ? fmt::format("pp = {} stages are the first and last stages alone, which hold "
                              "{} + {} = {} layers where the model has {}",
                              pa.pp, pa.first_stage_layers, pa.last_stage_layers,
                              pa.first_stage_layers + pa.last_stage_layers, model->layers)
                : fmt::format("{} layers less the first and last stages' {} + {} leave {}, which "
                              "do not divide into {} stages of at least {} layer{}",
                              model->layers, pa.first_stage_layers, pa.last_stage_layers, rest,
                              others, std::max<int64_t>(1, pa.vpp), pa.vpp > 1 ? "s" : ""),
            "");
    } else if (stages > 1 && model->layers % stages != 0 && (model->layers + 2) % stages != 0)
      indivisible(parallel,
                  fmt::format("{} layers do not divide into pp x vpp = {} x {} = {} stages",
                              model->layers, pa.pp, pa.vpp, stages),
                  "layers + 2 may divide instead, when the first and last stages give a slot to "
                  "the embedding and the loss");
    if (pa.tp > 1 && model->heads % pa.tp != 0)
      indivisible(parallel,
                  fmt::format("{} attention heads do not divide by tp = {}", model->heads, pa.tp),
                  "");
    int64_t kv = model->kv_heads > 0 ? model->kv_heads : model->heads;
    if (!model->has_mla && pa.tp > 1 && kv % pa.tp != 0 && pa.tp % kv != 0)
      indivisible(parallel, fmt::format("{} key/value heads do not divide by tp = {}", kv, pa.tp),
                  "with fewer KV heads than tp, tp must be a multiple of them (heads replicate)");
    if (pa.cp > 1 && plan.parallel.cp_comm == ir::CpComm::all_to_all && !model->has_mla) {
      // Ulysses splits each tensor-parallel rank's heads over the context-parallel ranks
      // (Transformer Engine: "cp_comm_type='a2a' requires num_heads % cp_size == 0 for Q, K, V").
      int64_t q_local = model->heads / pa.tp, kv_local = std::max<int64_t>(1, kv / pa.tp);
      const bool q_bad = q_local % pa.cp != 0, kv_bad = kv_local % pa.cp != 0;
      auto plural = [](int64_t n) { return n == 1 ? "" : "s"; };
      std::string heads = q_bad && kv_bad
                              ? fmt::format("{} query and {} key/value heads", q_local, kv_local)
                          : q_bad ? fmt::format("{} query head{}", q_local, plural(q_local))
                                  : fmt::format("{} key/value head{}", kv_local, plural(kv_local));
      if (q_bad || kv_bad)
        indivisible(parallel,
                    fmt::format("cp = {} does not divide the {} of each tensor-parallel rank "
                                "(`cp_comm = all_to_all`)",
                                pa.cp, heads),
                    "the all-to-all exchange gives each context-parallel rank whole heads; "
                    "`cp_comm = ring` or `all_gather` split the sequence instead");
    }
    if (model->has_moe && model->moe.experts % pa.ep != 0)
      indivisible(parallel,
                  fmt::format("{} experts do not divide by ep = {}", model->moe.experts, pa.ep),
                  "");
    if (pa.etp > 0) {
      // MoE parallel folding (Megatron-Core): ep x etp GPUs hold one copy of the experts, folded
      // into the tp x dp x cp GPUs of a pipeline stage.
      int64_t span = ir::SaturatingMul(pa.ep, pa.etp);
      int64_t ranks = ir::SaturatingMul(pa.tp, ir::SaturatingMul(pa.dp, pa.cp));
      if (ranks % span != 0)
        indivisible(parallel,
                    fmt::format("ep x etp = {} x {} = {} does not divide tp x dp x cp = {}", pa.ep,
                                pa.etp, span, ranks),
                    "the expert groups fold into the tensor-, data- and context-parallel ranks "
                    "of a pipeline stage (Megatron-Core's MoE parallel folding)");
    } else if (pa.ep > 1 && (pa.dp * pa.cp) % pa.ep != 0) {
      indivisible(parallel,
                  fmt::format("ep = {} does not divide dp x cp = {}", pa.ep, pa.dp * pa.cp),
                  "expert-parallel groups are formed within the data- and context-parallel "
                  "ranks (Megatron-LM); `etp` folds them over the tensor-parallel ranks too");
    }
    if (model->has_moe && pa.etp > 1) {
      int64_t fe = model->moe.expert_ffn > 0 ? model->moe.expert_ffn : model->ffn;
      if (fe % pa.etp != 0)
        indivisible(parallel,
                    fmt::format("the experts' ffn {} does not divide by etp = {}", fe, pa.etp), "");
    }
    // plan.expert-bias-etp: Megatron-Core keeps experts' biases only whole (an unset etp is 1).
    if (model->has_moe && model->moe.expert_bias && pa.etp > 1) {
      auto d = MakeDiagnostic(
          DiagCode::PlanExpertBiasEtp, parallel,
          fmt::format("experts with biases split over etp = {}: Megatron-Core keeps expert "
                      "biases only at etp = 1",
                      pa.etp));
      d.Note("`parallel { etp = 1 }`, or no etp, keeps each expert whole on its GPU");
      sink.Report(std::move(d));
    }
  }
  CheckPlanOptimizer(plan, model, sink);
  if (plan.batch.global > 0 && plan.batch.micro > 0 &&
      plan.batch.global % (plan.batch.micro * pa.dp) != 0)
    indivisible(plan.FieldRange("batch"),
                fmt::format("global batch {} does not divide by micro-batch x dp = {} x {} = {}",
                            plan.batch.global, plan.batch.micro, pa.dp, plan.batch.micro * pa.dp),
                "");
  if (pa.cp > 1 && plan.batch.seq_len % (2 * pa.cp) != 0)
    indivisible(plan.FieldRange("batch"),
                fmt::format("sequence length {} does not divide by 2 x cp = {}", plan.batch.seq_len,
                            2 * pa.cp),
                "context parallelism splits each sequence into 2 x cp chunks to balance causal "
                "attention");
  // Megatron-Core's sequence parallelism splits the [s / cp, b, h] activations along their first
  // dimension over the tp ranks and asserts that it divides (tensor_parallel/mappings.py,
  // _split_along_first_dim: "First dimension of the tensor should be divisible by tensor
  // parallel size").
  const int64_t local_seq = plan.batch.seq_len / std::max<int64_t>(1, pa.cp);
  if (pa.tp > 1 && pa.sequence_parallel && local_seq > 0 && local_seq % pa.tp != 0)
    indivisible(plan.FieldRange("batch"),
                pa.cp > 1 ? fmt::format("each rank's {} tokens (sequence {} / cp {}) do not divide "
                                        "by tp = {} under sequence parallelism",
                                        local_seq, plan.batch.seq_len, pa.cp, pa.tp)
                          : fmt::format("sequence length {} does not divide by tp = {} under "
                                        "sequence parallelism",
                                        plan.batch.seq_len, pa.tp),
                "sequence parallelism splits each sequence's activations over the tensor-parallel "
                "ranks; `sequence_parallel = false` keeps them whole");

  // plan.tp-exceeds-scale-up
  if (node && pa.tp > cluster.scale_up_domain && cluster.scale_up_domain > 0) {
    auto d = MakeDiagnostic(DiagCode::PlanTpExceedsScaleUp, parallel,
                            fmt::format("tp = {} exceeds the scale-up domain of {} GPUs", pa.tp,
                                        cluster.scale_up_domain));
    d.Label(
        node->scale_up.Valid() ? node->FieldRange("scale_up") : node->range,
        fmt::format("node `{}`: {} GPUs per scale-up domain", node->name, cluster.scale_up_domain));
    d.Note(
        fmt::format("tensor-parallel traffic would cross the scale-out fabric at {} per GPU "
                    "instead of {}",
                    Bandwidth(cluster.fabric.nic_bandwidth_per_gpu),
                    Bandwidth(cluster.scale_up_bandwidth_per_gpu)));
    sink.Report(std::move(d));
  }

  // plan.unsupported-precision
  if (gpu && in.peak_flops <= 0) {
    auto d = MakeDiagnostic(
        DiagCode::PlanUnsupportedPrecision, plan.FieldRange("precision"),
        fmt::format("GPU `{}` has no {} throughput", gpu->name, ir::EnumName(plan.precision)));
    d.Label(gpu->range, fmt::format("`{}` declared here", gpu->name));
    sink.Report(std::move(d));
  }

  // plan.fp8-attention: FP8 attention runs only inside FP8 autocast, on cuDNN's kernels.
  const bool quantized = ir::QuantizedPrecision(plan.precision);
  if (plan.fp8_attention && (!quantized || plan.attention_kernel != ir::AttentionKernel::tuned)) {
    auto d = MakeDiagnostic(
        DiagCode::PlanFp8Attention, plan.FieldRange("fp8_attention"),
        !quantized ? fmt::format("FP8 attention in a {} plan: it needs `precision = fp8`, "
                                 "`nvfp4` or `mxfp4`",
                                 ir::EnumName(plan.precision))
                   : fmt::format("FP8 attention with `attention_kernel = {}`: only the tuned "
                                 "(cuDNN) kernel has an FP8 path",
                                 ir::EnumName(plan.attention_kernel)));
    d.Label(quantized ? plan.FieldRange("attention_kernel") : plan.FieldRange("precision"),
            quantized ? "the kernel named here" : "the precision set here");
    sink.Report(std::move(d));
  }
  // plan.fused-grouped-mlp: the fused kernels take block-scaled inputs and exist for MoE layers.
  if (plan.fused_grouped_mlp && !in.fused_grouped_mlp) {
    const bool scaled = BlockScaledPrecision(plan);
    auto d = MakeDiagnostic(
        DiagCode::PlanFusedGroupedMlp, plan.FieldRange("fused_grouped_mlp"),
        !in.moe
            ? fmt::format("`fused_grouped_mlp` on a model without MoE layers: there is no "
                          "grouped MLP to fuse, and the field changes nothing")
            : fmt::format("`fused_grouped_mlp` in a {} plan: the fused kernels take "
                          "MXFP8 or NVFP4 inputs (`fp8_scaling = block` or `precision = nvfp4`), "
                          "so the experts run unfused and are timed so",
                          plan.precision == ir::Precision::fp8
                              ? fmt::format("{}-scaled FP8", ir::EnumName(plan.fp8_scaling))
                              : std::string(ir::EnumName(plan.precision))));
    if (in.moe && !scaled)
      d.Label(plan.precision == ir::Precision::fp8 && plan.HasField("fp8_scaling")
                  ? plan.FieldRange("fp8_scaling")
                  : plan.FieldRange("precision"),
              "the precision set here");
    sink.Report(std::move(d));
  }
  // plan.attention-unpad: unpadding wraps a fused kernel, and synchronises with the host.
  if (plan.attention_unpad &&
      (!plan.flash_attention || plan.kernel_launch == ir::KernelLaunch::graph)) {
    auto d = MakeDiagnostic(
        DiagCode::PlanAttentionUnpad, plan.FieldRange("attention_unpad"),
        !plan.flash_attention
            ? std::string("`attention_unpad` without fused attention: unpadding feeds a "
                          "variable-length FlashAttention kernel, and the field changes nothing "
                          "here")
            : std::string("`attention_unpad` with `kernel_launch = graph`: a CUDA graph cannot "
                          "hold unpad_input's host synchronisations, so clusterc times the "
                          "gathers and scatters without them"));
    d.Label(!plan.flash_attention ? plan.FieldRange("flash_attention")
                                  : plan.FieldRange("kernel_launch"),
            !plan.flash_attention ? "fused attention turned off here" : "graph replay set here");
    sink.Report(std::move(d));
  }
  if (!r.valid) return;

  CheckDefaultCalibration(plan, gpu, in, sink);
  CheckFp8AttentionCalibration(plan, gpu, in, sink);

  // plan.group-oversubscribed: EP and CP groups exchange every layer.
  auto group = [&](const char* what, int64_t degree, Comm comm) {
    int64_t span = ir::SaturatingMul(pa.tp, degree);
    double full = in.scale_out_bandwidth > 0 ? in.nic_bandwidth : 0;
    double got = GroupBandwidth(in, span);
    if (degree <= 1 || span <= in.scale_up_domain || full <= 0 || got >= full * 0.999) return;
    auto d = MakeDiagnostic(
        DiagCode::PlanGroupOversubscribed, parallel,
        fmt::format("{} group of {} ranks spans {} GPUs and crosses an oversubscribed tier; its "
                    "bandwidth drops from {} to {} per GPU",
                    what, degree, span, Bandwidth(full), Bandwidth(got)));
    if (c) d.Label(c->FieldRange("fabric"), "the fabric's oversubscription");
    double t = r.step.comm_total[int(comm)];
    d.Note(fmt::format("{} takes {} of the {} step ({:.0f} %)", CommName(comm), Time(t),
                       Time(r.step_time), 100 * t / r.step_time));
    d.Note(fmt::format("a full-bisection pod holds {} GPUs, one leaf {}",
                       in.pod_gpus > 0 ? in.pod_gpus : cluster.gpus, in.leaf_gpus));
    sink.Report(std::move(d));
  };
  if (in.moe) group("expert-parallel", pa.ep, Comm::kEp);
  group("context-parallel", pa.cp, Comm::kCp);

  // memory.hbm-overflow / memory.headroom
  const MemoryBreakdown& mem = r.memory;
  double total = mem.Total();
  const double headroom = plan.memory_headroom > 0 ? plan.memory_headroom : 0.9;
  if (in.hbm > 0 && (total > in.hbm || total > headroom * in.hbm)) {
    bool overflow = total > in.hbm;
    auto d = MakeDiagnostic(
        overflow ? DiagCode::MemoryHbmOverflow : DiagCode::MemoryHeadroom, parallel,
        overflow ? fmt::format("the most loaded GPU needs {}; {} has {} ({} GB)", Bytes(total),
                               gpu ? gpu->name : "the GPU", Bytes(in.hbm), Num(in.hbm / 1e9))
                 : fmt::format("the most loaded GPU uses {} of {} ({:.0f} %), above the {:.0f} % "
                               "headroom",
                               Bytes(total), Bytes(in.hbm), 100 * total / in.hbm, 100 * headroom));
    if (gpu) d.Label(gpu->FieldRange("memory"), fmt::format("{} per GPU", Bytes(in.hbm)));
    const bool dualpipe = plan.parallel.schedule == ir::Schedule::dualpipe && pa.pp > 1;
    d.Note(dualpipe ? fmt::format("DualPipe rank {} of {}, stages {} and {}: {:.2f} B parameters "
                                  "on this GPU",
                                  mem.stage + 1, pa.pp, mem.stage + 1, pa.pp - mem.stage,
                                  mem.params / 1e9)
                    : fmt::format("pipeline stage {} of {}: {:.2f} B parameters on this GPU",
                                  mem.stage + 1, pa.pp, mem.params / 1e9));
    const int64_t replicas = ShardReplicas(in);
    d.Note(fmt::format("weights {}, gradients {}, optimizer states {} ({}{})", Bytes(mem.weights),
                       Bytes(mem.gradients), Bytes(mem.optimizer),
                       ir::EnumName(plan.optimizer.sharding),
                       replicas > 1 ? fmt::format(" over shard groups of {} ranks, {} replicas",
                                                  plan.optimizer.shard_group, replicas)
                                    : std::string()));
    d.Note(
        fmt::format("activations {} (recompute {}, micro-batch {}, {} micro-batches in "
                    "flight at most)",
                    Bytes(mem.activations), ir::EnumName(plan.recompute), plan.batch.micro,
                    // A DualPipe rank: its stage's and its pair's, p + 1 with enough of them.
                    dualpipe ? std::min<int64_t>(r.micro_batches, pa.pp - mem.stage) +
                                   std::min<int64_t>(r.micro_batches, mem.stage + 1)
                             : std::min<int64_t>(r.micro_batches, pa.pp)));
    d.Note(fmt::format("framework reserve {}", Bytes(mem.reserve)));
    if (mem.gathered > 0)
      d.Note(!plan.optimizer.reshard_after_backward
                 ? fmt::format("gathered ZeRO-3/FSDP units {} (every unit and its added-up "
                               "gradients, kept through the step: reshard_after_backward = false)",
                               Bytes(mem.gathered))
             : plan.optimizer.reshard_after_forward
                 ? fmt::format("gathered ZeRO-3/FSDP units {} (prefetch {})", Bytes(mem.gathered),
                               ir::EnumName(plan.optimizer.prefetch))
                 : fmt::format("gathered ZeRO-3/FSDP units {} (every unit, kept from its "
                               "forward through its backward: reshard_after_forward = false)",
                               Bytes(mem.gathered)));
    if (mem.working > 0)
      d.Note(
          fmt::format("working set at the peak {} (the larger of the loss's logits and one "
                      "replayed layer's activations)",
                      Bytes(mem.working)));
    if (overflow) {
      Advice fix = CheapestMemoryFix(in, in.hbm);
      if (fix.found) {
        // ZeRO-2 over ZeRO-1 and the like change no time worth printing.
        const std::string after = Time(fix.result.step_time), before = Time(r.step_time);
        d.Note(fmt::format("the cheapest change that fits: `{}` ({} on the most loaded GPU; {})",
                           fix.change, Bytes(fix.result.memory.Total()),
                           after == before ? "step unchanged at " + before
                                           : "step " + after + " instead of " + before));
      } else
        d.Note(
            "no single change of sharding, recompute, micro-batch, tp or pp fits; use more "
            "GPUs per replica or GPUs with more memory");
    }
    sink.Report(std::move(d));
  }

  CheckPlanStep(plan, in, r, headroom, options, sink);
  CheckPlanOffload(p, plan, node, in, r, options.default_host_bandwidth, sink);
  CheckRecomputeModules(plan, in, sink);
  CheckRecomputeLayers(plan, in, sink);

  // reliability.checkpoint-interval
  if (plan.checkpoint.every.si > 0 && r.optimal_checkpoint_interval > 0) {
    double every = plan.checkpoint.every.si, best = r.optimal_checkpoint_interval;
    double ratio = every > best ? every / best : best / every;
    if (ratio > options.checkpoint_factor) {
      double lost_plan = 1 - r.goodput;
      double lost_best =
          formulas::CheckpointLoss(r.checkpoint_write_time, best, r.job_mtbf, in.restart_time);
      auto d = MakeDiagnostic(
          DiagCode::ReliabilityCheckpointInterval, plan.FieldRange("checkpoint"),
          fmt::format("checkpointing every {} is {:.1f}x {} the optimum of {}", Time(every), ratio,
                      every > best ? "above" : "below", Time(best)));
      d.Note(fmt::format("write time {} ({} at {}), job MTBF {}", Time(r.checkpoint_write_time),
                         Bytes(r.checkpoint_size), Bandwidth(in.checkpoint_bandwidth),
                         Time(r.job_mtbf)));
      d.Note(fmt::format("Young/Daly: sqrt(2 x {} x {}) = {}", Time(r.checkpoint_write_time),
                         Time(r.job_mtbf), Time(best)));
      d.Note(fmt::format("time lost: {:.1f} % at the plan's interval, {:.1f} % at the optimum",
                         100 * lost_plan, 100 * lost_best));
      sink.Report(std::move(d));
    }
  }
}

void CheckJobs(const ir::Program& p, uint32_t index, const JobsResults& r,
               const std::vector<ClusterResults>& clusters, DiagnosticSink& sink) {
  const ir::Jobs& j = p.jobs[index];
  if (!Reported(p, j)) return;
  const ir::SourceRange plans = j.FieldRange("plans");
  if (r.mixed_clusters) {
    auto d = MakeDiagnostic(DiagCode::JobsMixedClusters, plans,
                            fmt::format("the plans of `{}` run on different clusters", j.name));
    for (const auto& ref : j.plans) {
      if (!ref.Valid() || ref.index >= p.plans.size()) continue;
      const ir::Plan& plan = p.plans[ref.index];
      const ir::Cluster* c = Resolve(p, plan.cluster);
      d.Label(plan.FieldRange("cluster"),
              fmt::format("plan `{}` runs on `{}`", plan.name, c ? c->name : "?"));
    }
    d.Note("concurrent jobs share one cluster; declare one `jobs` block per cluster");
    sink.Report(std::move(d));
    return;
  }
  if (!r.valid || r.cluster < 0) return;
  const ClusterResults& c = clusters[size_t(r.cluster)];
  const ir::Cluster& cluster = p.clusters[size_t(r.cluster)];
  // Each node group is checked on its own: jobs on H100 nodes cannot borrow A100 nodes.
  for (const JobsGroup& g : r.groups) {
    bool gpus_over = g.gpus > g.usable_gpus;
    bool racks_over = g.rack_scale_domain && g.racks > g.usable_racks;
    // Within the counts but without a placement: whole racks or domains do not line up with the
    // nodes in service (spares take part of the last ones).
    bool unplaced = !gpus_over && !racks_over && !g.placed;
    if (!gpus_over && !racks_over && !unplaced) continue;
    std::string where = fmt::format("cluster `{}`", cluster.name);
    const bool mixed = cluster.nodes.Groups() > 1 && size_t(g.group) < cluster.nodes.Groups();
    if (mixed) {
      const ir::Node* n = Resolve(p, cluster.nodes.Group(size_t(g.group)).ref);
      where = fmt::format("node group `{}` of cluster `{}`", n ? n->name : "?", cluster.name);
    }
    std::string message =
        gpus_over ? fmt::format("the jobs of `{}` need {} GPUs at once; {} has {} for plans",
                                j.name, g.gpus, where, g.usable_gpus)
        : racks_over
            ? fmt::format("the jobs of `{}` need {} racks at once; {} has {}{}", j.name, g.racks,
                          where, g.usable_racks,
                          g.usable_racks < g.group_racks ? " with all their nodes in service" : "")
            : fmt::format(
                  "the jobs of `{}` cannot each be placed on whole {} of {}'s {} nodes "
                  "in service",
                  j.name, g.rack_scale_domain ? "scale-up domains" : "nodes", where,
                  g.usable_nodes);
    auto d = MakeDiagnostic(DiagCode::JobsOversubscribed, plans, std::move(message));
    for (const JobShare& s : r.jobs)
      if (s.group == g.group)
        d.Note(fmt::format("plan `{}`: {} GPUs on {} nodes, {} racks", p.plans[s.plan].name, s.gpus,
                           s.nodes, s.racks));
    if (mixed)
      d.Label(cluster.FieldRange("nodes"), "its node groups");
    else
      d.Label(cluster.FieldRange("nodes"),
              fmt::format("{} nodes x {} GPUs", c.nodes, c.gpus_per_node));
    sink.Report(std::move(d));
  }
}

}  // namespace clusterc::analysis
