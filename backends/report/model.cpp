// Gathers the report's figures from the analysis results (see model.h).
#include "backends/report/model.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "analysis/validation_record.h"
#include "ir/enum.h"

namespace clusterc::backends::report {
namespace {

using analysis::Comm;

// Builds one group; `Add` skips non-finite values, `AddPositive` also figures analysis reports
// as absent by leaving them 0 (MTBFs, checkpoint figures, run time and costs, limits).
class GroupBuilder {
 public:
  GroupBuilder(std::string key, std::string title, std::string parent_path) {
    group_.key = std::move(key);
    group_.title = std::move(title);
    group_.path = parent_path.empty() ? group_.key : parent_path + "." + group_.key;
  }
  GroupBuilder& Add(std::string key, std::string label, double value, Unit unit) {
    if (std::isfinite(value))
      group_.figures.push_back({std::move(key), std::move(label), value, unit});
    return *this;
  }
  // A figure that may be unknown (MissingInput): absent then, never a zero.
  GroupBuilder& AddKnown(std::string key, std::string label, double value, Unit unit, bool known) {
    if (known) Add(std::move(key), std::move(label), value, unit);
    return *this;
  }
  GroupBuilder& Count(std::string key, std::string label, int64_t value) {
    return Add(std::move(key), std::move(label), static_cast<double>(value), Unit::kCount);
  }
  GroupBuilder& AddPositive(std::string key, std::string label, double value, Unit unit) {
    if (value > 0) Add(std::move(key), std::move(label), value, unit);
    return *this;
  }
  GroupBuilder& Text(std::string key, std::string label, std::string text) {
    group_.attributes.push_back({std::move(key), std::move(label), std::move(text), false});
    return *this;
  }
  GroupBuilder& Flag(std::string key, std::string label, bool value) {
    group_.attributes.push_back({std::move(key), std::move(label), value ? "true" : "false", true});
    return *this;
  }
  Group Done() { return std::move(group_); }

 private:
  Group group_;
};

template <class T>
std::string NameOf(const ir::Program& p, ir::Ref<T> r) {
  return r.Valid() ? p.Get(r).name : std::string();
}

const char* CommKey(Comm c) {
  switch (c) {
    case Comm::kTp:
      return "tp";
    case Comm::kPp:
      return "pp";
    case Comm::kDp:
      return "dp";
    case Comm::kEp:
      return "ep";
    case Comm::kCp:
      return "cp";
    default:
      return "comm";
  }
}

const char* CommLabel(Comm c) {
  switch (c) {
    case Comm::kTp:
      return "TP";
    case Comm::kPp:
      return "PP";
    case Comm::kDp:
      return "DP";
    case Comm::kEp:
      return "EP";
    case Comm::kCp:
      return "CP";
    default:
      return "comm";
  }
}

bool Contains(const ir::SourceRange& outer, const ir::SourceRange& inner) {
  return outer.Valid() && inner.Valid() && outer.file == inner.file && inner.begin >= outer.begin &&
         inner.begin < outer.end;
}

ClusterReport GatherCluster(const ir::Program& p, const analysis::Results& results,
                            uint32_t index) {
  const ir::Cluster& c = p.clusters[index];
  const analysis::ClusterResults& r = results.clusters[index];
  ClusterReport out;
  out.name = c.name;
  out.index = index;
  out.ir = &c;
  out.results = &r;
  const std::string base = "clusters." + c.name;
  const ir::Ref<ir::Node> node_ref = r.PrimaryNode(c.nodes.ref);
  const ir::Node* node = node_ref.Valid() ? &p.Get(node_ref) : nullptr;
  const ir::Fabric* fabric = c.fabric.Valid() ? &p.Get(c.fabric) : nullptr;
  const ir::Site* site = c.site.Valid() ? &p.Get(c.site) : nullptr;
  out.attributes.push_back({"node", "node", NameOf(p, node_ref), false});
  out.attributes.push_back({"site", "site", NameOf(p, c.site), false});
  out.attributes.push_back({"valid", "derivable", r.valid ? "true" : "false", true});
  if (!r.valid) return out;

  out.groups.push_back(
      GroupBuilder("counts", "Counts", base)
          .Count("nodes", "nodes", r.nodes)
          .Count("gpus_per_node", "GPUs per node", r.gpus_per_node)
          .Count("gpus", "GPUs", r.gpus)
          .Count("spare_nodes", "spare nodes", r.spare_nodes)
          .Count("usable_nodes", "usable nodes", r.usable_nodes)
          .Count("usable_gpus", "usable GPUs", r.usable_gpus)
          .Count("racks", "racks", r.racks)
          .Count("nodes_per_rack", "nodes per rack", r.nodes_per_rack)
          .Count("scale_up_domain", "GPUs per scale-up domain", r.scale_up_domain)
          .Count("scale_up_domains", "scale-up domains", r.scale_up_domains)
          .Add("scale_up_bandwidth_per_gpu", "scale-up bandwidth per GPU",
               r.scale_up_bandwidth_per_gpu, Unit::kBytesPerSecond)
          .Flag("scale_up_reduction", "in-network reduction (NVLS)", r.scale_up_reduction)
          .Done());

  const auto& f = r.fabric;
  GroupBuilder fb("fabric", "Fabric", base);
  if (fabric) {
    fb.Text("name", "name", fabric->name);
    fb.Text("kind", "kind", std::string(ir::EnumName(fabric->kind)));
    fb.Text("topology", "topology", std::string(ir::EnumName(fabric->topology.kind)));
    fb.Text("switch", "switch", NameOf(p, fabric->switch_));
  }
  fb.Flag("sharp", "in-network reduction (SHARP)", f.sharp)
      .Count("endpoints", "endpoints (NIC ports)", f.endpoints);
  if (f.is_torus && fabric) {
    fb.Count("torus_x", "torus x", fabric->topology.x)
        .Count("torus_y", "torus y", fabric->topology.y)
        .Count("torus_z", "torus z", fabric->topology.z)
        .Flag("wraparound", "wraparound links", fabric->topology.wraparound)
        .Add("torus_link_bandwidth", "torus link bandwidth, one direction",
             fabric->topology.link_bandwidth.si, Unit::kBytesPerSecond);
  } else {
    fb.Count("tiers", "switch tiers", f.tiers)
        .Count("rails", "rails", f.rails)
        .Count("capacity", "endpoint capacity", f.capacity)
        .Count("radix", "switch radix at NIC rate", f.radix)
        .Count("leaf_switches", "leaf switches", f.leaf.switches)
        .Count("leaf_cables", "leaf cables (endpoint links)", f.leaf.cables)
        .Count("leaf_transceivers", "leaf transceivers", f.leaf.transceivers)
        .Count("spine_switches", "spine switches", f.spine.switches)
        .Count("spine_cables", "leaf-spine cables", f.spine.cables)
        .Count("spine_transceivers", "leaf-spine transceivers", f.spine.transceivers);
    if (f.planes > 1) fb.Count("planes", "planes (independent copies of the fabric)", f.planes);
    if (f.mid.switches > 0)
      fb.Count("mid_switches", "super-spine switches (4-tier)", f.mid.switches)
          .Count("mid_cables", "spine-super-spine cables", f.mid.cables)
          .Count("mid_transceivers", "spine-super-spine transceivers", f.mid.transceivers);
    fb.Count("core_switches", "core switches", f.core.switches)
        .Count("core_cables", "spine-core cables", f.core.cables)
        .Count("core_transceivers", "spine-core transceivers", f.core.transceivers)
        .Count("switches", "switches", f.switches)
        .Count("cables", "cables", f.cables)
        .Count("transceivers", "transceivers", f.transceivers)
        .Count("leaf_downlinks", "downlinks per leaf", f.leaf_downlinks)
        .Add("leaf_oversubscription", "leaf oversubscription (o of o:1)", f.leaf_oversubscription,
             Unit::kCount)
        .Add("pod_oversubscription", "pod oversubscription", f.pod_oversubscription, Unit::kCount)
        .Count("pods", "pods", f.pods)
        .Count("pod_gpus", "GPUs per pod", f.pod_gpus)
        .Count("leaf_gpus", "GPUs under one leaf (same rail)", f.leaf_gpus);
    if (f.is_dragonfly) {
      // The dragonfly's shape (Kim et al. 2008): p, a, h and what they make.
      const analysis::DragonflyShape& d = f.dragonfly;
      fb.Count("dragonfly_groups", "dragonfly groups", d.groups)
          .Count("routers_per_group", "routers per group (a)", d.a)
          .Count("endpoints_per_router", "endpoints per router (p)", d.p)
          .Count("global_links_per_router", "global links per router (h)", d.h)
          .Count("global_links_per_group_pair", "global links between two groups", d.links_per_pair)
          .Count("local_cables", "local (in-group) cables", d.local_cables)
          .Count("global_cables", "global (between-group) cables", d.global_cables)
          .Add("global_fraction", "cross-group bandwidth over injection", d.global_fraction,
               Unit::kFraction)
          .Text("routing", "routing", d.non_minimal ? "non_minimal" : "minimal");
    }
  }
  fb.Add("bisection_bandwidth", "bisection bandwidth", f.bisection_bandwidth, Unit::kBytesPerSecond)
      .Add("nic_bandwidth_per_gpu", "NIC bandwidth per GPU", f.nic_bandwidth_per_gpu,
           Unit::kBytesPerSecond)
      .Add("scale_out_bandwidth_per_gpu", "scale-out bandwidth per GPU (in pod)",
           f.scale_out_bandwidth_per_gpu, Unit::kBytesPerSecond)
      .Add("cross_pod_bandwidth_per_gpu", "scale-out bandwidth per GPU (across pods)",
           f.cross_pod_bandwidth_per_gpu, Unit::kBytesPerSecond)
      .AddPositive("latency", "scale-out latency", f.latency, Unit::kSeconds);
  out.groups.push_back(fb.Done());

  const auto& w = r.power;
  const uint32_t missing = r.missing;
  GroupBuilder pb("power", "Power", base);
  pb.Add("gpu_per_node", "GPUs per node", w.gpu, Unit::kWatts)
      .Add("host_per_node", "host per node", w.host, Unit::kWatts)
      .Add("net_per_node", "network per node", w.net, Unit::kWatts)
      .Add("node", "node", w.node, Unit::kWatts)
      .Flag("node_includes_network_share", "node power includes its share of switches",
            w.node_includes_network_share)
      .Add("rack", "rack", w.rack, Unit::kWatts)
      .AddKnown("switches", "switches", w.switches, Unit::kWatts,
                !(missing & analysis::kNoSwitchPower))
      .AddKnown("transceivers", "transceivers", w.transceivers, Unit::kWatts,
                !(missing & analysis::kNoTransceiverPower))
      .AddKnown("network", "network (switches and optics)", w.network, Unit::kWatts,
                !(missing & analysis::kItPowerNeeds))
      .AddPositive("it", "IT power", w.it, Unit::kWatts)
      .AddPositive("facility", "facility power (IT x PUE)", w.facility, Unit::kWatts)
      .AddPositive("energy_per_year", "facility energy per year", w.energy_per_year, Unit::kJoules);
  // Unknown is not zero: what to set for the figures left out above. With the network inside the
  // nodes' net_power, IT power is known and switch and optics power only informative.
  if ((missing & analysis::kItPowerNeeds) && !w.node_includes_network_share)
    pb.Text("unknown_because", "unknown until the spec sets",
            analysis::DescribeMissing(missing & analysis::kItPowerNeeds));
  out.groups.push_back(pb.Done());

  GroupBuilder lb("limits", "Limits from the spec", base);
  if (site) {
    lb.Add("pue", "PUE", site->pue, Unit::kCount)
        .AddPositive("grid_power", "grid connection", site->grid_power.si, Unit::kWatts);
    if (site->cooling.Valid())
      lb.Text("cooling", "cooling", p.Get(site->cooling).name)
          .AddPositive("cooling_rack_limit", "cooling limit per rack",
                       p.Get(site->cooling).rack_limit.si, Unit::kWatts);
  }
  lb.AddPositive("rack_power_limit", "rack power limit", c.racks.power_limit.si, Unit::kWatts);
  if (node)
    lb.AddPositive("node_power_budget", "node power budget", node->power_budget.si, Unit::kWatts);
  out.groups.push_back(lb.Done());

  const auto& rel = r.reliability;
  out.groups.push_back(
      GroupBuilder("reliability", "Reliability", base)
          .AddPositive("gpu_mtbf", "GPU MTBF", rel.gpu_mtbf, Unit::kSeconds)
          .AddPositive("node_mtbf", "node MTBF (non-GPU parts)", rel.node_mtbf, Unit::kSeconds)
          .Add("gpu_failures_per_day", "GPU failures", rel.gpu_failures_per_day, Unit::kPerDay)
          .Add("node_failures_per_day", "node failures (non-GPU)", rel.node_failures_per_day,
               Unit::kPerDay)
          .Add("failures_per_day", "failures, all components", rel.failures_per_day, Unit::kPerDay)
          .AddPositive("cluster_mtbf", "cluster MTBF", rel.cluster_mtbf, Unit::kSeconds)
          .Done());

  const auto& k = r.cost;
  GroupBuilder cb("cost", "Cost", base);
  if (missing & analysis::kCapexNeeds)
    cb.Text("unknown_because", "capex unknown until the spec sets",
            analysis::DescribeMissing(missing & analysis::kCapexNeeds));
  else if (k.capex > 0 && (missing & analysis::kFacilityPrices))
    cb.Text("capex_excludes", "capex leaves out, having no price",
            analysis::DescribeMissing(missing & analysis::kFacilityPrices));
  out.groups.push_back(
      cb.AddKnown("servers", "servers", k.servers, Unit::kUsd,
                  !(missing & analysis::kNoServerPrice))
          .AddKnown("switches", "switches", k.switches, Unit::kUsd,
                    !(missing & analysis::kNoSwitchPrice))
          .AddKnown("transceivers", "transceivers", k.transceivers, Unit::kUsd,
                    !(missing & analysis::kNoTransceiverPrice))
          .AddKnown("cables", "cables", k.cables, Unit::kUsd, !(missing & analysis::kNoCablePrice))
          // Facility items: absent without a price (capex_excludes names them) or, per watt,
          // without a known IT power.
          .AddKnown("racks", "racks", k.racks, Unit::kUsd, !(missing & analysis::kNoRackPrice))
          .AddKnown("power_infrastructure", "power infrastructure", k.power_infrastructure,
                    Unit::kUsd, !(missing & analysis::kNoPowerInfrastructurePrice) && w.it > 0)
          .AddKnown("cooling", "cooling", k.cooling, Unit::kUsd,
                    !(missing & analysis::kNoCoolingPrice) && w.it > 0)
          .AddKnown("building", "building", k.building, Unit::kUsd,
                    !(missing & analysis::kNoBuildingPrice) && w.it > 0)
          .AddPositive("storage", "storage", k.storage, Unit::kUsd)
          .AddPositive("capex", "capex", k.capex, Unit::kUsd)
          .AddKnown("energy_per_year", "energy per year", k.energy_per_year, Unit::kUsd,
                    k.has_energy_price && w.it > 0)
          .AddPositive("staff_per_year", "staff per year", k.staff_per_year, Unit::kUsd)
          .AddPositive("maintenance_per_year", "maintenance per year", k.maintenance_per_year,
                       Unit::kUsd)
          .AddPositive("opex_per_year", "opex per year", k.opex_per_year, Unit::kUsd)
          .AddPositive("depreciation_per_second", "depreciation", k.depreciation_per_second,
                       Unit::kUsdPerSecond)
          .AddPositive("electricity_price", "electricity price", site ? site->electricity.si : 0.0,
                       Unit::kUsdPerJoule)
          .AddPositive("gpu_rental", "GPU rental price per GPU", c.gpu_rental.si,
                       Unit::kUsdPerSecond)
          .Done());

  // Mixed node groups: one row of figures per group, and the jobs that share the cluster.
  const bool mixed = c.nodes.Groups() > 1;
  if (mixed)
    for (const analysis::GroupResults& g : r.groups) {
      const std::string& name = p.nodes[g.node].name;
      out.groups.push_back(
          GroupBuilder("node_group_" + name, "Node group " + name, base)
              .Text("node", "node", name)
              .Count("nodes", "nodes", g.nodes)
              .Count("gpus_per_node", "GPUs per node", g.gpus_per_node)
              .Count("gpus", "GPUs", g.gpus)
              .Count("spare_nodes", "spare nodes", g.spare_nodes)
              .Count("usable_gpus", "usable GPUs", g.usable_gpus)
              .Count("racks", "racks", g.racks)
              .Count("scale_up_domain", "GPUs per scale-up domain", g.scale_up_domain)
              .Add("node_power", "node power", g.node_power, Unit::kWatts)
              .Add("it_power", "IT power (nodes and rack switches)", g.it_power, Unit::kWatts)
              .AddKnown("servers", "servers", g.servers, Unit::kUsd, g.servers_known)
              .Add("failures_per_day", "failures", g.failures_per_day, Unit::kPerDay)
              .Done());
    }
  for (uint32_t j = 0; j < p.jobs.size() && j < results.jobs.size(); ++j) {
    const analysis::JobsResults& jr = results.jobs[j];
    if (jr.cluster != int32_t(index) || jr.mixed_clusters) continue;
    // Each job with the nodes clusterc placed it on, numbered from 1 over the cluster (the
    // groups in the order written), as explain and the Slurm host names number them.
    std::vector<int64_t> group_first(1, 0);
    for (const analysis::GroupResults& g : r.groups)
      group_first.push_back(group_first.back() + g.nodes);
    std::string plans;
    for (const analysis::JobShare& s : jr.jobs) {
      plans += (plans.empty() ? "" : " + ") + p.plans[s.plan].name;
      std::string where;
      if (mixed && size_t(s.group) < c.nodes.Groups())
        where = NameOf(p, c.nodes.Group(size_t(s.group)).ref);
      if (s.placed && size_t(s.group) < group_first.size()) {
        const int64_t first = group_first[size_t(s.group)] + s.first_node + 1;
        where +=
            (where.empty() ? "" : ", ") + fmt::format("nodes {}-{}", first, first + s.nodes - 1);
      }
      if (!where.empty()) plans += " (" + where + ")";
    }
    out.groups.push_back(
        GroupBuilder("jobs_" + p.jobs[j].name, "Jobs " + p.jobs[j].name, base)
            .Text("plans", "plans running together", plans)
            .Count("gpus", "GPUs busy", jr.gpus)
            .Count("nodes", "nodes busy", jr.nodes)
            .Count("racks", "racks used", jr.racks)
            .Count("idle_gpus", "GPUs left idle", jr.idle_gpus)
            .Add("it_power", "IT power of the busy nodes", jr.it_power, Unit::kWatts)
            .Add("facility_power", "facility power of the busy nodes", jr.facility_power,
                 Unit::kWatts)
            .Done());
  }

  // Bill of materials (display only: totals are the per-node count times the nodes).
  for (size_t gi = 0; gi < c.nodes.Groups(); ++gi) {
    const ir::Node* n =
        mixed ? (gi < r.groups.size() ? &p.nodes[r.groups[gi].node] : nullptr) : node;
    if (!n) continue;
    int64_t count = mixed ? r.groups[gi].nodes : r.nodes;
    std::string suffix = mixed ? " (" + n->name + ")" : "";
    auto row = [&](std::string part, std::string model, int64_t per_node) {
      if (per_node > 0)
        out.bom.push_back({std::move(part) + suffix, std::move(model), per_node, per_node * count});
    };
    row("GPU", NameOf(p, n->gpus.ref), n->gpus.count);
    row("CPU", NameOf(p, n->cpus.ref), n->cpus.count);
    row("NIC", NameOf(p, n->nics.ref), n->nics.count);
    if (n->storage.count > 0)
      row("drive", FormatFigure(n->storage.each.si, Unit::kBytes), n->storage.count);
    if (n->pcie_switches > 0) row("PCIe switch", "", n->pcie_switches);
  }
  return out;
}

PlanReport GatherPlan(const ir::Program& p, const analysis::Results& results, uint32_t index) {
  const ir::Plan& plan = p.plans[index];
  PlanReport out;
  out.name = plan.name;
  out.index = index;
  out.cluster = NameOf(p, plan.cluster);
  out.model = NameOf(p, plan.model);
  const std::string base = "plans." + plan.name;
  out.attributes.push_back({"model", "model", out.model, false});
  out.attributes.push_back({"cluster", "cluster", out.cluster, false});
  if (plan.cluster.Valid() && plan.cluster.index < p.clusters.size() &&
      p.Get(plan.cluster).nodes.Groups() > 1 && index < results.plan_groups.size()) {
    const ir::Cluster& c = p.Get(plan.cluster);
    int32_t g = results.plan_groups[index].group;
    out.attributes.push_back(
        {"on", "node group",
         g >= 0 && size_t(g) < c.nodes.Groups() ? NameOf(p, c.nodes.Group(size_t(g)).ref) : "?",
         false});
  }
  out.attributes.push_back(
      {"precision", "precision", std::string(ir::EnumName(plan.precision)), false});
  out.attributes.push_back(
      {"recompute", "recompute", std::string(ir::EnumName(plan.recompute)), false});
  if (plan.recompute == ir::Recompute::full && plan.recompute_layers > 0)
    out.attributes.push_back({"recompute_layers", "replayed layers per pipeline chunk",
                              std::to_string(plan.recompute_layers), false});
  std::string optimizer = std::string(ir::EnumName(plan.optimizer.kind)) + " " +
                          std::string(ir::EnumName(plan.optimizer.sharding));
  // Hybrid sharding: the shard group and the copies of the sharded states.
  if (index < results.plan_inputs.size())
    if (const int64_t replicas = analysis::ShardReplicas(results.plan_inputs[index]); replicas > 1)
      optimizer += fmt::format(" over shard groups of {} ranks, {} replicas",
                               plan.optimizer.shard_group, replicas);
  out.attributes.push_back({"optimizer", "optimizer", optimizer, false});
  if (index >= results.plans.size() || index >= results.plan_inputs.size()) {
    out.attributes.push_back({"valid", "evaluated", "false", true});
    return out;
  }
  const analysis::PlanResults& r = results.plans[index];
  const analysis::PlanInputs& in = results.plan_inputs[index];
  out.results = &r;
  out.inputs = &in;
  out.attributes.push_back({"valid", "evaluated", r.valid ? "true" : "false", true});
  if (!r.valid) return out;

  out.groups.push_back(GroupBuilder("parallel", "Parallelism", base)
                           .Count("tp", "tensor parallel (tp)", in.tp)
                           .Count("pp", "pipeline stages (pp)", in.pp)
                           .Count("vpp", "virtual stages (vpp)", in.vpp)
                           .Count("dp", "data parallel (dp)", in.dp)
                           .Count("ep", "expert parallel (ep)", in.ep)
                           .AddPositive("etp", "expert tensor parallel (etp)",
                                        in.moe && in.etp > 0 ? double(in.etp) : 0, Unit::kCount)
                           .Count("cp", "context parallel (cp)", in.cp)
                           .Count("gpus", "GPUs used", r.gpus)
                           .Count("global_batch", "global batch (sequences)", in.global_batch)
                           .Count("micro_batch", "micro-batch (sequences)", in.micro_batch)
                           .Count("micro_batches", "micro-batches per pipeline", r.micro_batches)
                           .Count("seq_len", "sequence length", in.seq_len)
                           .Done());

  GroupBuilder mb("params", "Model size and FLOPs", base);
  mb.Add("params", "parameters", r.params.total, Unit::kCount)
      .Add("active_params", "active parameters", r.params.active, Unit::kCount);
  if (plan.model.Valid())
    mb.AddPositive("published_params", "published parameters", p.Get(plan.model).params,
                   Unit::kCount);
  mb.Add("model_flops_per_token", "model FLOPs per token", r.flops.model_per_token, Unit::kFlop)
      .Add("hardware_flops_per_token", "hardware FLOPs per token", r.flops.hardware_per_token,
           Unit::kFlop);
  out.groups.push_back(mb.Done());

  const auto& m = r.memory;
  out.groups.push_back(
      GroupBuilder("memory", "Memory per GPU (most loaded)", base)
          .Count("stage", "pipeline stage", m.stage)
          .Add("weights", "weights", m.weights, Unit::kBytes)
          .Add("gradients", "gradients", m.gradients, Unit::kBytes)
          .Add("optimizer", "optimizer states", m.optimizer, Unit::kBytes)
          .Add("activations", "activations", m.activations, Unit::kBytes)
          .Add("reserve", "framework reserve", m.reserve, Unit::kBytes)
          .AddPositive("gathered", "gathered ZeRO-3/FSDP units", m.gathered, Unit::kBytes)
          .AddPositive("offloaded", "activations offloaded to host memory (not in the total)",
                       m.offloaded, Unit::kBytes)
          .Add("total", "total", m.Total(), Unit::kBytes)
          .Add("hbm", "HBM capacity", in.hbm, Unit::kBytes)
          .Add("headroom_threshold", "warning threshold (of HBM)", plan.memory_headroom,
               Unit::kFraction)
          .Done());
  out.memory_fits = m.Total() <= in.hbm;

  const auto& st = r.step;
  GroupBuilder sb("step", "Step time", base);
  sb.Add("compute", "compute", st.compute, Unit::kSeconds)
      .Add("recompute", "recompute", st.recompute, Unit::kSeconds)
      .Add("bubble", "pipeline bubble", st.bubble, Unit::kSeconds);
  for (int i = 0; i < static_cast<int>(Comm::kCount); ++i)
    sb.Add(std::string(CommKey(Comm(i))) + "_exposed",
           std::string("exposed ") + CommLabel(Comm(i)) + " communication", st.comm[i],
           Unit::kSeconds);
  sb.Add("optimizer", "optimizer", st.optimizer, Unit::kSeconds)
      .AddPositive("grad_accumulation", "gradient accumulation", st.grad_accumulation,
                   Unit::kSeconds)
      .Add("contention", "compute slowed by overlapped communication", st.contention,
           Unit::kSeconds)
      .Add("step_overhead", "host work between steps, the GPU idle", st.overhead, Unit::kSeconds)
      .AddPositive("offload_stall", "compute waiting on activation offload transfers", st.offload,
                   Unit::kSeconds)
      .Add("exposed_comm", "exposed communication, all", st.Exposed(), Unit::kSeconds)
      .Add("total", "step time", r.step_time, Unit::kSeconds);
  for (int i = 0; i < static_cast<int>(Comm::kCount); ++i)
    sb.Add(std::string(CommKey(Comm(i))) + "_total",
           std::string(CommLabel(Comm(i))) + " communication before overlap", st.comm_total[i],
           Unit::kSeconds);
  sb.Add("gemm_efficiency", "achieved GEMM efficiency", st.gemm_efficiency, Unit::kFraction);
  // The step's kernels run at its slowest GPU's pace (docs/model-scale.md): compute, recompute,
  // the optimizer and accumulation above are that GPU's.
  sb.Add("slowest_gpu_slowdown", "slowest GPU's kernels over the median GPU's", st.pace - 1,
         Unit::kFraction);
  out.groups.push_back(sb.Done());

  out.groups.push_back(
      GroupBuilder("performance", "Performance", base)
          .Add("step_time", "step time", r.step_time, Unit::kSeconds)
          .Add("tokens_per_second", "throughput", r.tokens_per_second, Unit::kTokensPerSecond)
          .Add("mfu", "MFU", r.mfu, Unit::kFraction)
          .Add("hfu", "HFU (recompute counted)", r.hfu, Unit::kFraction)
          .Add("model_flops_per_gpu", "model FLOP/s per GPU", r.model_flops_per_gpu,
               Unit::kFlopPerSecond)
          .Add("hardware_flops_per_gpu", "hardware FLOP/s per GPU", r.hardware_flops_per_gpu,
               Unit::kFlopPerSecond)
          .Add("peak_flops_per_gpu", "peak FLOP/s per GPU at this precision", in.peak_flops,
               Unit::kFlopPerSecond)
          .Add("model_flops_per_step", "model FLOPs per step", r.flops.model_per_step, Unit::kFlop)
          .AddPositive("tokens", "training tokens", in.tokens, Unit::kTokens)
          .AddPositive("training_time",
                       r.job_mtbf > 0 ? "training time (failures included)"
                                      : "training time (no failure rate stated: none counted)",
                       r.training_time, Unit::kSeconds)
          .AddPositive("gpu_time", "GPU time", r.gpu_hours, Unit::kGpuSeconds)
          .Done());

  // How far the step model has been from published runs on this GPU: the trust to put in the
  // performance figures (analysis/validation_record.h; speed errors, + where clusterc was faster).
  const std::string_view gpu = analysis::PlanGpuName(p, results, index);
  if (!gpu.empty()) {
    GroupBuilder vb("validation", "Step model against published runs on this GPU", base);
    vb.Text("gpu", "GPU", std::string(gpu));
    if (const analysis::ValidationRecord* rec = analysis::PlanValidationRecord(p, results, index)) {
      vb.Count("runs", "published runs in clusterc's validation suite", rec->runs)
          .Add("mean_abs_error", "mean |error| of the predicted speed", rec->mean_abs,
               Unit::kFraction)
          .Add("median_error", "median error (+: predicted faster)", rec->median, Unit::kFraction)
          .Add("low_error", "most pessimistic", rec->low, Unit::kFraction)
          .Add("high_error", "most optimistic", rec->high, Unit::kFraction);
      // The runs nearest the plan's shape: the record of its regime (analysis::PlanNearRuns).
      const analysis::NearRuns near = analysis::PlanNearRuns(p, results, index);
      vb.Count("similar_runs", "of them like this plan (model size, scale, parallelism, precision)",
               near.count);
      if (near.count > 0)
        vb.Add("similar_median_error", "their median error", near.median, Unit::kFraction);
      // Attributes, which the formats print before the figures: the error goes in the text.
      for (int k = 0; k < analysis::NearRuns::kShown && near.nearest[k]; ++k) {
        const analysis::ValidationRun& run = *near.nearest[k];
        vb.Text("nearest_" + std::to_string(k + 1),
                k == 0 ? "nearest published run" : "next nearest",
                fmt::format("{} ({:+.1f} %): {}", run.id, run.error * 100,
                            analysis::DescribeShape(run)));
      }
    } else {
      vb.Count("runs", "published runs in clusterc's validation suite", 0);
    }
    out.groups.push_back(vb.Done());
  }

  GroupBuilder rb("reliability", "Reliability", base);
  rb.AddPositive("checkpoint_size", "checkpoint size", r.checkpoint_size, Unit::kBytes)
      .AddPositive("checkpoint_write_time", "checkpoint write time", r.checkpoint_write_time,
                   Unit::kSeconds)
      .AddPositive("job_mtbf", "job MTBF", r.job_mtbf, Unit::kSeconds)
      .AddPositive("optimal_checkpoint_interval", "Young/Daly optimal interval",
                   r.optimal_checkpoint_interval, Unit::kSeconds)
      .AddPositive("checkpoint_interval", "checkpoint interval", r.checkpoint_interval,
                   Unit::kSeconds)
      // Without a failure rate no lost work is priced: unknown, not 100 %.
      .AddKnown("goodput", "goodput", r.goodput, Unit::kFraction, r.job_mtbf > 0);
  if (r.job_mtbf <= 0)
    rb.Text("unknown_because", "goodput unknown until the spec sets",
            "the cluster's gpu_mtbf or node_mtbf, or the GPU's mtbf");
  out.groups.push_back(rb.Done());

  out.groups.push_back(
      GroupBuilder("cost", "Cost of the run", base)
          .AddPositive("run_cost_owned", "owned (depreciation and opex)", r.run_cost_owned,
                       Unit::kUsd)
          .AddPositive("run_cost_rented", "rented (GPU rental)", r.run_cost_rented, Unit::kUsd)
          .AddPositive("cost_per_million_tokens", "per million tokens (owned)",
                       r.cost_per_million_tokens, Unit::kUsd)
          .Done());
  return out;
}

std::string_view SeverityText(Severity s) {
  return SeverityName(s);
}

}  // namespace

const Figure* Group::Find(const std::string& k) const {
  for (const auto& f : figures)
    if (f.key == k) return &f;
  return nullptr;
}

double Group::Value(const std::string& k, double fallback) const {
  const Figure* f = Find(k);
  return f ? f->value : fallback;
}

std::string DiagnosticRow::Location() const {
  if (file.empty()) return "";
  if (line == 0) return file;
  return fmt::format("{}:{}:{}", file, line, column);
}

const Group* ClusterReport::Find(const std::string& k) const {
  for (const auto& g : groups)
    if (g.key == k) return &g;
  return nullptr;
}

const Group* PlanReport::Find(const std::string& k) const {
  for (const auto& g : groups)
    if (g.key == k) return &g;
  return nullptr;
}

ReportData Gather(const Context& context) {
  const ir::Program& p = context.program;
  const analysis::Results& results = context.results;
  ReportData data;
  data.spec = context.spec_name;

  // Clusters: the main file's, and every cluster a lowered plan runs on; program order.
  std::vector<bool> wanted(p.clusters.size(), false);
  for (uint32_t i = 0; i < p.clusters.size(); ++i)
    wanted[i] = p.clusters[i].range.file == p.main_file;
  for (uint32_t i : context.plans)
    if (i < p.plans.size() && p.plans[i].cluster.Valid()) wanted[p.plans[i].cluster.index] = true;
  for (uint32_t i = 0; i < p.clusters.size(); ++i)
    if (wanted[i] && i < results.clusters.size())
      data.clusters.push_back(GatherCluster(p, results, i));

  std::vector<uint32_t> plans = context.plans;
  std::sort(plans.begin(), plans.end());
  plans.erase(std::unique(plans.begin(), plans.end()), plans.end());
  for (uint32_t i : plans)
    if (i < p.plans.size()) data.plans.push_back(GatherPlan(p, results, i));

  // Diagnostics, with paths relative to the spec's directory so the report does not depend on
  // where the checkout lives.
  if (context.diagnostics) {
    std::string dir;
    if (context.sources && p.main_file != 0 && p.main_file <= context.sources->FileCount()) {
      std::string main(context.sources->Path(p.main_file));
      auto slash = main.find_last_of('/');
      if (slash != std::string::npos) dir = main.substr(0, slash + 1);
    }
    for (const Diagnostic& d : *context.diagnostics) {
      DiagnosticRow row;
      row.code = d.code < DiagCode::kCount ? std::string(Info(d.code).code) : "unknown";
      row.severity = std::string(SeverityText(d.severity));
      row.message = d.message;
      row.suppressed = d.suppressed;
      row.suppressed_by = d.suppressed_by;
      row.notes = d.notes;
      if (d.range.Valid() && context.sources && d.range.file <= context.sources->FileCount()) {
        std::string path(context.sources->Path(d.range.file));
        if (!dir.empty() && path.compare(0, dir.size(), dir) == 0) path = path.substr(dir.size());
        if (d.range.file < context.source_paths.size()) path = context.source_paths[d.range.file];
        row.file = path;
        LineColumn lc = context.sources->Position(d.range.file, d.range.begin);
        row.line = lc.line;
        row.column = lc.column;
      }
      if (d.suppressed) {
        ++data.allowed;
      } else if (d.severity == Severity::kError) {
        ++data.errors;
      } else if (d.severity == Severity::kWarning) {
        ++data.warnings;
      } else {
        ++data.notes;
      }
      if (!d.suppressed && d.severity != Severity::kNote)
        for (auto& plan : data.plans)
          if (Contains(p.plans[plan.index].range, d.range))
            (d.severity == Severity::kError ? plan.errors : plan.warnings)++;
      data.diagnostics.push_back(std::move(row));
    }
    auto severity_rank = [](const DiagnosticRow& r) {
      return r.severity == "error" ? 0 : r.severity == "warning" ? 1 : 2;
    };
    std::stable_sort(data.diagnostics.begin(), data.diagnostics.end(),
                     [&](const DiagnosticRow& a, const DiagnosticRow& b) {
                       return std::make_tuple(a.suppressed, severity_rank(a), a.file, a.line,
                                              a.column, a.code, a.message) <
                              std::make_tuple(b.suppressed, severity_rank(b), b.file, b.line,
                                              b.column, b.code, b.message);
                     });
  }
  data.feasible = data.errors == 0;
  for (const auto& plan : data.plans) data.feasible = data.feasible && plan.memory_fits;

  data.summary = GroupBuilder("verdict", "Verdict", "")
                     .Flag("feasible", "feasible", data.feasible)
                     .Count("errors", "errors", data.errors)
                     .Count("warnings", "warnings", data.warnings)
                     .Count("notes", "notes", data.notes)
                     .Count("allowed", "allowed (suppressed in the spec)", data.allowed)
                     .Count("clusters", "clusters", static_cast<int64_t>(data.clusters.size()))
                     .Count("plans", "plans", static_cast<int64_t>(data.plans.size()))
                     .Done();

  // What would break first: every quantity with a limit, the closest to its limit first.
  for (const auto& c : data.clusters) {
    const Group* power = c.Find("power");
    const Group* limits = c.Find("limits");
    const Group* fabric = c.Find("fabric");
    if (power && limits) {
      auto add = [&](const char* what, const char* used, const char* limit) {
        const Figure* u = power->Find(used);
        const Figure* l = limits->Find(limit);
        if (u && l) data.headroom.push_back({c.name, what, u->value, l->value, Unit::kWatts});
      };
      add("rack power vs cooling limit", "rack", "cooling_rack_limit");
      add("rack power vs rack power limit", "rack", "rack_power_limit");
      add("facility power vs grid connection", "facility", "grid_power");
      add("node power vs node power budget", "node", "node_power_budget");
    }
    if (fabric && fabric->Value("capacity") > 0)
      data.headroom.push_back({c.name, "fabric endpoints vs capacity", fabric->Value("endpoints"),
                               fabric->Value("capacity"), Unit::kCount});
  }
  for (const auto& plan : data.plans) {
    const Group* mem = plan.Find("memory");
    if (mem && mem->Value("hbm") > 0)
      data.headroom.push_back({plan.name, "memory per GPU vs HBM", mem->Value("total"),
                               mem->Value("hbm"), Unit::kBytes});
  }
  std::stable_sort(data.headroom.begin(), data.headroom.end(),
                   [](const Headroom& a, const Headroom& b) {
                     if (a.Utilisation() != b.Utilisation())
                       return a.Utilisation() > b.Utilisation();
                     return std::tie(a.subject, a.what) < std::tie(b.subject, b.what);
                   });
  return data;
}

}  // namespace clusterc::backends::report
