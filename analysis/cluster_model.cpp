#include "analysis/cluster_model.h"
#include "ir/checked.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "analysis/analysis.h"
#include "analysis/formulas.h"
#include "analysis/rule_text.h"

namespace clusterc::analysis {

namespace {

// A year of operation as the seeds count it: 8760 h (HARDWARE.md, "19.6 MW x 8760 h").
constexpr double kYear = 8760.0 * 3600.0;

template <class T>
const T* Resolve(const ir::Program& p, ir::Ref<T> r) {
  if (!r.Valid() || r.index >= ir::TableOf<T>::Of(p).size()) return nullptr;
  return &p.Get(r);
}

int64_t CeilDiv(int64_t a, int64_t b) {
  return b > 0 ? (a + b - 1) / b : 0;
}

// Switch ports at the NIC's line rate: a switch port faster than the NIC splits into several
// NIC-rate ports (an 800G OSFP port as 2 x 400G, e.g. Spectrum-4 SN5600: 64 x 800G = 128 x 400G),
// at most 64 so the capacity products stay within 64 bits.
int64_t RadixAtRate(const ir::Switch& sw, double rate) {
  double split = rate > 0 ? std::floor(sw.port_bandwidth.si / rate) : 1;
  return sw.radix * static_cast<int64_t>(std::min(64.0, std::max(1.0, split)));
}

// Adds `count` rails of `nodes` ports each to a rail-only fabric's counts (their own Clos of
// f.tiers levels; the leaves' endpoint cables are the caller's).
void AddRails(int64_t count, int64_t nodes, FabricResults& f) {
  auto c = formulas::FatTree(nodes, f.radix, f.tiers, 1, f.leaf_oversubscription, 1.0);
  const int64_t R = count;
  f.capacity = ir::SaturatingAdd(f.capacity, ir::SaturatingMul(R, c.capacity));
  f.leaf_downlinks = c.leaf_downlinks;
  f.leaf.switches += R * c.leaf;
  f.spine.switches += R * c.spine;
  f.mid.switches += R * c.mid;
  f.core.switches += R * c.core;
  f.spine.cables += R * c.leaf * c.leaf_uplinks;
  f.mid.cables += c.mid > 0 ? R * c.spine * c.spine_uplinks : 0;
  f.core.cables += R * (c.mid > 0 ? c.mid * c.mid_uplinks : c.spine * c.spine_uplinks);
  f.switches += R * c.Switches();
}

void RailTotals(FabricResults& f) {
  f.leaf.cables = f.endpoints;
  f.spine.transceivers = 2 * f.spine.cables;
  f.mid.transceivers = 2 * f.mid.cables;
  f.core.transceivers = 2 * f.core.cables;
  f.cables = f.leaf.cables + f.spine.cables + f.mid.cables + f.core.cables;
  f.transceivers = f.spine.transceivers + f.mid.transceivers + f.core.transceivers;
}

// Rail-only (Wang et al. 2023, section 4): NIC port i of every node joins rail i, and each rail
// is its own Clos network of `tiers` levels; no spine joins the rails.
void DeriveRailOnly(const ir::Switch& sw, int64_t nodes, int64_t ports_per_node, double rate,
                    FabricResults& f) {
  f.rail_only = true;
  f.rails = std::max<int64_t>(1, ports_per_node);
  f.radix = RadixAtRate(sw, rate);
  // One rail holds one port of every node.
  AddRails(f.rails, nodes, f);
  RailTotals(f);
}

// Dragonfly (Kim et al. 2008, section 3). Unset p, a, h take the balanced a = 2p = 2h that fills
// the radix: k = p + a + h - 1 = 4h - 1, so h = (k + 1)/4.
void DeriveDragonfly(const ir::Topology& t, const ir::Switch& sw, int64_t gpus_per_node,
                     int64_t ports_per_node, double rate, FabricResults& f) {
  f.is_dragonfly = true;
  f.radix = RadixAtRate(sw, rate);
  DragonflyShape& d = f.dragonfly;
  int64_t balanced = std::max<int64_t>(1, (f.radix + 1) / 4);
  d.h = t.global_links > 0 ? t.global_links
                           : (t.endpoints_per_router > 0 ? t.endpoints_per_router : balanced);
  d.p = t.endpoints_per_router > 0 ? t.endpoints_per_router : d.h;
  d.a = t.routers_per_group > 0 ? t.routers_per_group : 2 * d.p;
  d.non_minimal = t.routing == ir::DragonflyRouting::non_minimal;
  auto c = formulas::Dragonfly(f.endpoints, d.p, d.a, d.h, t.groups);
  d.groups = c.groups;
  d.links_per_pair = c.links_per_pair;
  d.local_cables = c.local_cables;
  d.global_cables = c.global_cables;
  d.global_fraction =
      d.groups > 1 ? formulas::DragonflyGlobalFraction(d.p, d.a, c.global_ports_used, d.non_minimal)
                   : 1.0;
  f.tiers = 1;  // one level of routers; groups are not a tier of switches
  f.capacity = c.capacity;
  f.leaf_downlinks = d.p;
  f.leaf.switches = c.routers;
  f.switches = c.routers;
  // Kim et al. section 3: local channels stay inside a group's cabinets (electrical), global
  // channels run between cabinets (optical, a transceiver at each end).
  f.leaf.cables = f.endpoints;
  f.spine.cables = c.local_cables;
  f.core.cables = c.global_cables;
  f.core.transceivers = 2 * c.global_cables;
  f.cables = f.leaf.cables + f.spine.cables + f.core.cables;
  f.transceivers = f.core.transceivers;
  // A group is the pod: all-to-all inside, global channels between.
  int64_t group_ports = d.a * d.p;
  f.pod_gpus = ports_per_node > 0 ? group_ports / ports_per_node * gpus_per_node : 0;
  f.pods = std::max<int64_t>(1, d.groups);
  f.pod_oversubscription = d.global_fraction > 0 ? 1.0 / d.global_fraction : 1.0;
  f.leaf_gpus = ports_per_node > 0 ? d.p / ports_per_node * gpus_per_node : 0;
  // Bisection: halving the groups cuts (g/2)^2 group pairs' global links; one group alone is cut
  // through its (a/2)^2 local links. Never above half the injection bandwidth.
  double half = double(d.groups / 2);
  double cut_links = d.groups > 1
                         ? half * double(d.groups - d.groups / 2) * double(d.links_per_pair)
                         : double(d.a / 2) * double(d.a - d.a / 2);
  double inject = double(f.endpoints) * rate / 2;
  f.bisection_bandwidth = std::min(inject, cut_links * rate / (d.non_minimal ? 2.0 : 1.0));
}

}  // namespace

FabricResults DeriveFabric(const ir::Fabric& fabric, const ir::Switch* sw, int64_t nodes,
                           int64_t gpus_per_node, int64_t nic_ports_per_node,
                           double nic_port_bandwidth, const Options& options) {
  FabricResults f;
  const ir::Topology& t = fabric.topology;
  int64_t gpus = nodes * gpus_per_node;
  f.latency = fabric.latency.si > 0 ? fabric.latency.si : options.default_scale_out_latency;
  if (t.kind == ir::TopologyKind::torus) {
    // A 3D torus (TPU ICI): no switches; each chip drives two links per axis longer than 1.
    f.is_torus = true;
    f.endpoints = t.x * t.y * t.z;
    f.capacity = f.endpoints;
    int64_t dims[3] = {t.x, t.y, t.z};
    std::sort(dims, dims + 3);
    int axes = 0;
    for (int64_t d : dims) axes += d > 1;
    double link = t.link_bandwidth.si;
    // Cutting the longest axis in half severs (product of the others) links, twice with wraparound.
    f.bisection_bandwidth = double(dims[0] * dims[1]) * (t.wraparound ? 2 : 1) * link;
    f.nic_bandwidth_per_gpu = 2.0 * axes * link;
    f.scale_out_bandwidth_per_gpu = f.nic_bandwidth_per_gpu;
    f.cross_pod_bandwidth_per_gpu = f.nic_bandwidth_per_gpu;
    f.leaf_gpus = f.endpoints;
    f.pod_gpus = f.endpoints;
    f.sharp = false;
    return f;
  }
  f.tiers = t.tiers;
  f.leaf_oversubscription = std::max(1.0, t.oversubscription.Factor());
  f.nic_bandwidth_per_gpu =
      gpus_per_node > 0 ? nic_ports_per_node * nic_port_bandwidth / gpus_per_node : 0;
  f.sharp = fabric.sharp && (sw == nullptr || sw->sharp);
  if (t.kind == ir::TopologyKind::rail_only || t.kind == ir::TopologyKind::dragonfly) {
    f.endpoints = nodes * nic_ports_per_node;
    bool rail = t.kind == ir::TopologyKind::rail_only;
    if (!rail) f.leaf_oversubscription = 1;
    if (sw && sw->radix > 0) {
      if (rail)
        DeriveRailOnly(*sw, nodes, nic_ports_per_node, nic_port_bandwidth, f);
      else
        DeriveDragonfly(t, *sw, gpus_per_node, nic_ports_per_node, nic_port_bandwidth, f);
    } else {
      f.rail_only = rail;
      f.is_dragonfly = !rail;
    }
    if (rail) {
      int64_t ports_per_rail = 1;
      f.leaf_gpus = f.leaf_downlinks * ports_per_rail * gpus_per_node;
      f.pod_gpus = gpus;
      f.pods = 1;
      double leaf_o = f.tiers >= 2 ? f.leaf_oversubscription : 1.0;
      f.scale_out_bandwidth_per_gpu = f.nic_bandwidth_per_gpu / leaf_o;
      f.cross_pod_bandwidth_per_gpu = f.scale_out_bandwidth_per_gpu;
      // Each rail's Clos keeps full bisection among its own ports, so halving the nodes cuts
      // half the injection bandwidth, as in a rail-optimised fat tree.
      f.bisection_bandwidth = f.endpoints * nic_port_bandwidth / 2 / leaf_o;
    } else {
      f.scale_out_bandwidth_per_gpu = f.nic_bandwidth_per_gpu;
      f.cross_pod_bandwidth_per_gpu = f.nic_bandwidth_per_gpu / f.pod_oversubscription;
    }
    return f;
  }
  f.rails = std::max<int64_t>(1, t.rails);
  f.planes = std::max<int64_t>(1, t.planes);
  f.endpoints = nodes * nic_ports_per_node;
  // Multi-plane: each NIC port is split into `planes` links of 1/planes its rate, one into each
  // of `planes` identical, independent fabrics (Alibaba HPN, SIGCOMM 2024, dual-plane). A plane
  // switch port carries more of the slower links, so the radix per plane grows by the same
  // factor (a 400G port as 2 x 200G), and each plane is a copy: counts multiply by `planes`.
  const double plane_rate = nic_port_bandwidth / double(f.planes);
  f.leaf_oversubscription = std::max(1.0, t.oversubscription.Factor());
  f.pod_oversubscription = std::max(1.0, t.pod_oversubscription.Factor());
  f.nic_bandwidth_per_gpu =
      gpus_per_node > 0 ? nic_ports_per_node * nic_port_bandwidth / gpus_per_node : 0;
  if (sw && sw->radix > 0) {
    // A switch port faster than the NIC splits into several NIC-rate ports (an 800G OSFP port as
    // 2 x 400G, e.g. Spectrum-4 SN5600: 64 x 800G = 128 x 400G).
    double split = plane_rate > 0 ? std::floor(sw->port_bandwidth.si / plane_rate) : 1;
    // At most 64 NIC-rate ports per switch port (a 51.2 Tb/s port at 800 Gb/s NICs): the radix
    // stays small enough for the capacity products below to fit 64 bits.
    f.radix = sw->radix * static_cast<int64_t>(std::min(64.0, std::max(1.0, split)));
    auto c = formulas::FatTree(f.endpoints, f.radix, f.tiers, f.rails, f.leaf_oversubscription,
                               f.tiers >= 3 ? f.pod_oversubscription : 1.0);
    const int64_t P = f.planes;
    f.capacity = c.capacity;
    f.leaf_downlinks = c.leaf_downlinks;
    f.leaf.switches = P * c.leaf;
    f.spine.switches = P * c.spine;
    f.mid.switches = P * c.mid;
    f.core.switches = P * c.core;
    f.leaf.cables = P * f.endpoints;
    f.spine.cables = P * c.leaf * c.leaf_uplinks;
    f.mid.cables = c.mid > 0 ? P * c.spine * c.spine_uplinks : 0;
    f.core.cables = P * (c.mid > 0 ? c.mid * c.mid_uplinks : c.spine * c.spine_uplinks);
    // Switch-to-switch cables carry a transceiver at each end; endpoint links are counted as
    // cables only (DAC/AOC or the NIC's own optic, priced with the node).
    f.spine.transceivers = 2 * f.spine.cables;
    f.mid.transceivers = 2 * f.mid.cables;
    f.core.transceivers = 2 * f.core.cables;
    f.switches = P * c.Switches();
    f.cables = f.leaf.cables + f.spine.cables + f.mid.cables + f.core.cables;
    f.transceivers = f.spine.transceivers + f.mid.transceivers + f.core.transceivers;
    int64_t ports_per_rail = std::max<int64_t>(1, nic_ports_per_node / f.rails);
    f.leaf_gpus = (f.leaf_downlinks / ports_per_rail) * gpus_per_node;
  }
  f.pod_gpus = t.pod_size > 0 ? t.pod_size : gpus;
  f.pods = std::max<int64_t>(1, CeilDiv(gpus, std::max<int64_t>(1, f.pod_gpus)));
  double leaf_o = f.tiers >= 2 ? f.leaf_oversubscription : 1.0;
  f.scale_out_bandwidth_per_gpu = f.nic_bandwidth_per_gpu / leaf_o;
  f.cross_pod_bandwidth_per_gpu =
      f.scale_out_bandwidth_per_gpu / (f.pods > 1 ? f.pod_oversubscription : 1.0);
  f.bisection_bandwidth =
      f.endpoints * nic_port_bandwidth / 2 / leaf_o / (f.pods > 1 ? f.pod_oversubscription : 1.0);
  f.sharp = fabric.sharp && (sw == nullptr || sw->sharp);
  return f;
}

namespace {

// Whether `e`'s `field` (of value `value`) is known: positive, or written as zero (in its
// declaration, a parent it extends or an inline override). An explicit `price = 0 USD` is a known
// zero; an absent price is unknown.
bool Given(const ir::Entity& e, std::string_view field, double value) {
  return value > 0 || e.HasField(field);
}

// Whether a node's price is known: its own, or else that of every GPU, CPU and NIC it holds.
bool ServersPriced(const ir::Node& node, const ir::Gpu* gpu, const ir::Cpu* cpu,
                   const ir::Nic* nic) {
  if (Given(node, "price", node.price.si)) return true;
  return (node.gpus.count == 0 || (gpu && Given(*gpu, "price", gpu->price.si))) &&
         (node.cpus.count == 0 || (cpu && Given(*cpu, "price", cpu->price.si))) &&
         (node.nics.count == 0 || (nic && Given(*nic, "price", nic->price.si)));
}

// What the fabric's power and price lack (MissingInput bits); only parts it has count.
uint32_t NetworkMissing(const ir::Fabric* fabric, const ir::Switch* sw, const FabricResults& f) {
  if (!fabric) return 0;
  uint32_t m = 0;
  if (f.switches > 0 && !(sw && Given(*sw, "price", sw->price.si))) m |= kNoSwitchPrice;
  if (f.switches > 0 && !(sw && Given(*sw, "power", sw->power.si))) m |= kNoSwitchPower;
  if (f.transceivers > 0 && !Given(*fabric, "transceiver_price", fabric->transceiver_price.si))
    m |= kNoTransceiverPrice;
  if (f.transceivers > 0 && !Given(*fabric, "transceiver_power", fabric->transceiver_power.si))
    m |= kNoTransceiverPower;
  if (f.cables > 0 && !Given(*fabric, "cable_price", fabric->cable_price.si)) m |= kNoCablePrice;
  return m;
}

// Facility prices the spec leaves out (MissingInput bits): capex is then without them.
uint32_t FacilityMissing(const ir::Cluster& c, const ir::Site* site, const ir::Cooling* cooling) {
  uint32_t m = c.racks.price.si > 0 ? 0u : uint32_t{kNoRackPrice};
  if (!site || site->power_infrastructure_price.si <= 0) m |= kNoPowerInfrastructurePrice;
  if (!cooling || cooling->price.si <= 0) m |= kNoCoolingPrice;
  if (!site || site->building_price.si <= 0) m |= kNoBuildingPrice;
  return m;
}

// The sums over a cluster's power and cost, from its known terms and `missing`: a sum with an
// unknown term is unknown (0), and so is everything derived from it.
void Totals(const ir::Cluster& c, const ir::Site* site, const ir::Cooling* cooling,
            bool network_in_nodes, ClusterResults& r) {
  PowerResults& pw = r.power;
  CostResults& co = r.cost;
  if (r.missing & kItPowerNeeds) {
    pw.network = 0;
    if (!network_in_nodes) pw.it = 0;
  }
  if (r.missing & kNoSwitchPower) pw.switches = 0;
  if (r.missing & kNoTransceiverPower) pw.transceivers = 0;
  pw.facility = pw.it * (site ? site->pue : 1.0);
  pw.energy_per_year = pw.facility * kYear;
  co.power_infrastructure = site ? site->power_infrastructure_price.si * pw.it : 0;
  co.building = site ? site->building_price.si * pw.it : 0;
  co.cooling = cooling ? cooling->price.si * pw.it : 0;
  const bool per_watt_priced =
      (r.missing & (kNoPowerInfrastructurePrice | kNoCoolingPrice | kNoBuildingPrice)) !=
      (kNoPowerInfrastructurePrice | kNoCoolingPrice | kNoBuildingPrice);
  const bool capex_known = !(r.missing & kCapexNeeds) && (pw.it > 0 || !per_watt_priced);
  co.capex = capex_known ? co.servers + co.switches + co.transceivers + co.cables + co.racks +
                               co.power_infrastructure + co.cooling + co.building + co.storage
                         : 0;
  co.has_energy_price = site && site->electricity.si > 0;
  co.energy_per_year = co.has_energy_price ? pw.energy_per_year * site->electricity.si : 0;
  co.staff_per_year = c.staff.si * kYear;
  co.maintenance_per_year = c.maintenance.si * kYear;
  // Electricity priced but the power unknown: opex is unknown too.
  co.opex_per_year = co.has_energy_price && pw.it <= 0
                         ? 0
                         : co.energy_per_year + co.staff_per_year + co.maintenance_per_year;
  co.depreciation_per_second =
      c.depreciation.si > 0 && co.capex > 0 ? co.capex / c.depreciation.si : 0;
}

// Everything about a cluster made of one node group `part` (the whole cluster when it has one).
ClusterResults DeriveGroup(const ir::Program& p, const ir::Cluster& c,
                           const ir::Part<ir::Node>& part, const Options& options) {
  ClusterResults r;
  const ir::Node* node = Resolve(p, part.ref);
  const ir::Site* site = Resolve(p, c.site);
  const ir::Fabric* fabric = Resolve(p, c.fabric);
  if (!node) return r;
  const ir::Gpu* gpu = Resolve(p, node->gpus.ref);
  const ir::Link* link = Resolve(p, node->scale_up);
  const ir::Nic* nic = Resolve(p, node->nics.ref);
  const ir::Cpu* cpu = Resolve(p, node->cpus.ref);
  const ir::Switch* sw = fabric ? Resolve(p, fabric->switch_) : nullptr;
  const ir::Cooling* cooling = site ? Resolve(p, site->cooling) : nullptr;
  r.valid = gpu != nullptr;

  // ---- derivation
  r.nodes = part.count;
  r.gpus_per_node = node->gpus.count;
  r.gpus = r.nodes * r.gpus_per_node;
  r.spare_nodes = ir::SaturatingRound(c.spares * static_cast<double>(r.nodes));
  r.usable_nodes = r.nodes - r.spare_nodes;
  r.usable_gpus = r.usable_nodes * r.gpus_per_node;
  r.nodes_per_rack = c.racks.nodes;
  r.racks = CeilDiv(r.nodes, r.nodes_per_rack);
  r.gpus_per_rack = r.nodes_per_rack * r.gpus_per_node;
  r.scale_up_racks = std::max<int64_t>(1, c.racks.scale_up_racks);
  r.rack_scale_domain = c.racks.scale_up_domain > 0;
  if (r.rack_scale_domain)
    r.scale_up_domain = c.racks.scale_up_domain;
  else if (node->scale_up_domain > 0)
    r.scale_up_domain = node->scale_up_domain;
  else if (link)
    r.scale_up_domain = std::min(link->domain_size, r.gpus_per_node);
  else
    r.scale_up_domain = r.gpus_per_node;
  r.scale_up_domains = r.scale_up_domain > 0 ? r.gpus / r.scale_up_domain : 0;
  if (link) {
    // Vendors quote NVLink bandwidth with both directions summed (NVLink4: 900 GB/s = 450 + 450).
    r.scale_up_bandwidth_per_gpu = link->bandwidth.si / 2;
    r.scale_up_latency = link->latency.si > 0 ? link->latency.si : options.default_scale_up_latency;
    r.scale_up_reduction = link->in_network_reduction;
  } else {
    r.scale_up_latency = options.default_scale_up_latency;
  }

  // ---- fabric
  int64_t ports_per_node = nic ? node->nics.count * nic->ports : 0;
  double nic_bw = nic ? nic->bandwidth.si : 0;
  if (fabric)
    r.fabric = DeriveFabric(*fabric, sw, r.nodes, r.gpus_per_node, ports_per_node, nic_bw, options);

  // ---- power (MODELS.md "Power and cooling"; seeds: 8 x 650 W + 400 W + 200 W = 5.8 kW)
  PowerResults& pw = r.power;
  double gpu_draw = node->gpu_power.si > 0 ? node->gpu_power.si : (gpu ? gpu->tdp.si : 0);
  pw.gpu = r.gpus_per_node * gpu_draw;
  pw.host =
      node->host_power.si > 0 ? node->host_power.si : (cpu ? node->cpus.count * cpu->tdp.si : 0);
  if (node->net_power.si > 0) {
    // `net_power` is "NICs and the node's share of network switches": the switches are in it.
    pw.net = node->net_power.si;
    pw.node_includes_network_share = true;
  } else {
    pw.net = nic ? node->nics.count * nic->power.si : 0;
  }
  pw.node = pw.gpu + pw.host + pw.net;
  // Scale-up switch trays sit in GPU racks; a rack of login or storage nodes has none.
  pw.rack_switches = r.gpus_per_node > 0 ? c.racks.switch_power.si : 0;
  pw.rack = r.nodes_per_rack * pw.node + pw.rack_switches;
  pw.switches = sw ? r.fabric.switches * sw->power.si : 0;
  pw.transceivers = fabric ? r.fabric.transceivers * fabric->transceiver_power.si : 0;
  pw.network = pw.switches + pw.transceivers;
  pw.it = r.nodes * pw.node + r.racks * pw.rack_switches +
          (pw.node_includes_network_share ? 0 : pw.network);

  // ---- reliability (MODELS.md "Reliability")
  ReliabilityResults& rl = r.reliability;
  rl.gpu_mtbf = gpu && gpu->mtbf.si > 0 ? gpu->mtbf.si : c.gpu_mtbf.si;
  rl.node_mtbf = c.node_mtbf.si;
  rl.gpu_failures_per_day = formulas::FailuresPerDay(double(r.gpus), rl.gpu_mtbf);
  rl.node_failures_per_day = formulas::FailuresPerDay(double(r.nodes), rl.node_mtbf);
  rl.failures_per_day = rl.gpu_failures_per_day + rl.node_failures_per_day;
  rl.cluster_mtbf = rl.failures_per_day > 0 ? 86400.0 / rl.failures_per_day : 0;

  // ---- cost (MODELS.md "Cost")
  CostResults& co = r.cost;
  if (node->price.si > 0) {
    co.servers = r.nodes * node->price.si;
  } else {
    double parts = (gpu ? r.gpus_per_node * gpu->price.si : 0) +
                   (cpu ? node->cpus.count * cpu->price.si : 0) +
                   (nic ? node->nics.count * nic->price.si : 0);
    co.servers = r.nodes * parts;
  }
  co.switches = sw ? r.fabric.switches * sw->price.si : 0;
  co.transceivers = fabric ? r.fabric.transceivers * fabric->transceiver_price.si : 0;
  co.cables = fabric ? r.fabric.cables * fabric->cable_price.si : 0;
  co.racks = r.racks * c.racks.price.si;
  co.storage = c.storage_price.si;
  r.missing = (ServersPriced(*node, gpu, cpu, nic) ? 0u : uint32_t{kNoServerPrice}) |
              NetworkMissing(fabric, sw, r.fabric) | FacilityMissing(c, site, cooling);
  if (r.missing & kNoServerPrice) co.servers = 0;
  Totals(c, site, cooling, pw.node_includes_network_share, r);
  return r;
}

GroupResults Summarize(const ClusterResults& r, uint32_t node) {
  GroupResults g;
  g.node = node;
  g.nodes = r.nodes;
  g.gpus_per_node = r.gpus_per_node;
  g.gpus = r.gpus;
  g.spare_nodes = r.spare_nodes;
  g.usable_gpus = r.usable_gpus;
  g.racks = r.racks;
  g.scale_up_domain = r.gpus_per_node > 0 ? r.scale_up_domain : 0;
  g.node_power = r.power.node;
  g.it_power = double(r.nodes) * r.power.node + double(r.racks) * r.power.rack_switches;
  g.servers = r.cost.servers;
  g.servers_known = !(r.missing & kNoServerPrice);
  g.failures_per_day = r.reliability.failures_per_day;
  return g;
}

}  // namespace

FabricResults DeriveMixedFabric(const ir::Fabric& fabric, const ir::Switch* sw,
                                const std::vector<FabricEndpoints>& groups,
                                const Options& options) {
  int64_t endpoints = 0, gpus = 0, rail_nodes = 0, rails = 1;
  double rate = 0, inject = 0;  // the fastest NIC port; what every NIC port sends together
  for (const FabricEndpoints& g : groups) {
    const int64_t ports = ir::SaturatingMul(g.nodes, g.ports_per_node);
    endpoints = ir::SaturatingAdd(endpoints, ports);
    gpus = ir::SaturatingAdd(gpus, ir::SaturatingMul(g.nodes, g.gpus_per_node));
    inject += double(ports) * g.port_bandwidth;
    if (g.ports_per_node <= 0) continue;
    rate = std::max(rate, g.port_bandwidth);
    rail_nodes = ir::SaturatingAdd(rail_nodes, g.nodes);
    rails = std::max(rails, g.ports_per_node);
  }
  const ir::Topology& t = fabric.topology;
  // Switch ports run at the fastest NIC's rate (split down to it, as for one group); a slower
  // NIC port takes one port each and runs it at its own rate. The counts are those of a fabric
  // of `endpoints` ports at that rate.
  FabricResults f;
  if (t.kind == ir::TopologyKind::rail_only) {
    // Rail i holds port i of each node with more than i ports, and is sized for those nodes: a
    // group with fewer ports is absent from the last rails, which need fewer switches.
    f = DeriveFabric(fabric, sw, rail_nodes, 1, rails, rate, options);
    f.endpoints = endpoints;
    if (sw && sw->radix > 0) {
      f.capacity = 0;
      f.leaf = f.spine = f.mid = f.core = FabricTier{};
      f.switches = 0;
      // Rails [from, to) have the same members: every node with at least `to` ports. A loop
      // over the groups' port counts, not over the rails.
      int64_t from = 0;
      while (from < rails) {
        int64_t to = rails, members = 0;
        for (const FabricEndpoints& g : groups)
          if (g.ports_per_node > from) to = std::min(to, g.ports_per_node);
        for (const FabricEndpoints& g : groups)
          if (g.ports_per_node >= to) members = ir::SaturatingAdd(members, g.nodes);
        AddRails(to - from, members, f);
        from = to;
      }
    }
    RailTotals(f);
  } else {
    f = DeriveFabric(fabric, sw, endpoints, 1, 1, rate, options);
  }
  if (f.is_torus) return f;  // the torus links are the GPUs' own, not the groups' NICs
  if (!f.is_dragonfly) {
    // Pods count GPUs (DeriveFabric above counted one GPU per port).
    f.pod_gpus = t.pod_size > 0 ? t.pod_size : gpus;
    f.pods = std::max<int64_t>(1, CeilDiv(gpus, std::max<int64_t>(1, f.pod_gpus)));
  }
  // Bisection: half of what every NIC port sends at its own rate (the switch ports, at the
  // fastest rate, carry it), cut by the oversubscribed tiers; a dragonfly's global links bound
  // it as they do for one group.
  if (f.is_dragonfly) {
    f.bisection_bandwidth = std::min(inject / 2, f.bisection_bandwidth);
  } else {
    const double leaf_o = f.tiers >= 2 ? f.leaf_oversubscription : 1.0;
    const double pod_o = f.pods > 1 ? f.pod_oversubscription : 1.0;
    f.bisection_bandwidth = inject / 2 / leaf_o / pod_o;
  }
  return f;
}

FabricResults GroupFabric(const FabricResults& all, const FabricEndpoints& own) {
  FabricResults f = all;
  if (f.is_torus) return f;
  const int64_t gpn = own.gpus_per_node, ports = own.ports_per_node;
  const double own_inject = double(own.nodes) * double(ports) * own.port_bandwidth;
  f.nic_bandwidth_per_gpu = gpn > 0 ? double(ports) * own.port_bandwidth / double(gpn) : 0;
  double own_bisection = own_inject / 2;
  if (f.is_dragonfly) {
    // As DeriveDragonfly: a router's p ports, a group's a p ports, at this group's ports per node.
    const DragonflyShape& d = f.dragonfly;
    f.scale_out_bandwidth_per_gpu = f.nic_bandwidth_per_gpu;
    f.cross_pod_bandwidth_per_gpu = f.nic_bandwidth_per_gpu / f.pod_oversubscription;
    f.leaf_gpus = ports > 0 ? d.p / ports * gpn : 0;
    f.pod_gpus = ports > 0 ? d.a * d.p / ports * gpn : 0;
  } else {
    const double leaf_o = f.tiers >= 2 ? f.leaf_oversubscription : 1.0;
    const double pod_o = f.pods > 1 ? f.pod_oversubscription : 1.0;
    f.scale_out_bandwidth_per_gpu = f.nic_bandwidth_per_gpu / leaf_o;
    f.cross_pod_bandwidth_per_gpu = f.scale_out_bandwidth_per_gpu / pod_o;
    // As DeriveFabric: a leaf's endpoint ports hold ports_per_rail ports of each node.
    const int64_t ports_per_rail = f.rail_only ? 1 : std::max<int64_t>(1, ports / f.rails);
    f.leaf_gpus = f.leaf_downlinks / ports_per_rail * gpn;
    own_bisection = own_bisection / leaf_o / pod_o;
  }
  f.bisection_bandwidth = std::min(all.bisection_bandwidth, own_bisection);
  return f;
}

namespace {

// One group's NIC ports.
FabricEndpoints EndpointsOf(const ir::Program& p, const ir::Part<ir::Node>& part) {
  FabricEndpoints e;
  e.nodes = part.count;
  const ir::Node* node = Resolve(p, part.ref);
  const ir::Nic* nic = node ? Resolve(p, node->nics.ref) : nullptr;
  if (!node) return e;
  e.gpus_per_node = node->gpus.ref.Valid() ? node->gpus.count : 0;
  e.ports_per_node = nic ? node->nics.count * nic->ports : 0;
  e.port_bandwidth = nic ? nic->bandwidth.si : 0;
  return e;
}

}  // namespace

ClusterResults DeriveCluster(const ir::Program& p, uint32_t index, const Options& options,
                             std::vector<ClusterResults>* group_views) {
  const ir::Cluster& c = p.clusters[index];
  if (group_views) group_views->clear();
  if (c.nodes.Groups() == 1) {
    ClusterResults r = DeriveGroup(p, c, c.nodes, options);
    r.groups.push_back(Summarize(r, c.nodes.ref.index));
    r.groups.back().facility_power = r.power.facility;
    if (group_views) group_views->push_back(r);
    return r;
  }
  // Several node groups. Each is derived as if it were the cluster, then the totals are summed
  // and the fabric is derived once over every group's NIC ports.
  std::vector<ClusterResults> parts;
  parts.reserve(c.nodes.Groups());
  for (size_t g = 0; g < c.nodes.Groups(); ++g)
    parts.push_back(DeriveGroup(p, c, c.nodes.Group(g), options));
  uint32_t primary = 0;
  while (primary < parts.size() && !parts[primary].valid) ++primary;
  ClusterResults r = parts[primary < parts.size() ? primary : 0];
  r.primary_group = primary < parts.size() ? primary : 0;
  r.valid = primary < parts.size();

  const ir::Fabric* fabric = Resolve(p, c.fabric);
  const ir::Site* site = Resolve(p, c.site);
  const ir::Switch* sw = fabric ? Resolve(p, fabric->switch_) : nullptr;
  const ir::Cooling* cooling = site ? Resolve(p, site->cooling) : nullptr;
  std::vector<FabricEndpoints> ends;
  ends.reserve(parts.size());
  for (size_t g = 0; g < parts.size(); ++g) ends.push_back(EndpointsOf(p, c.nodes.Group(g)));
  FabricResults all;
  if (fabric) all = DeriveMixedFabric(*fabric, sw, ends, options);

  r.nodes = r.gpus = r.spare_nodes = r.usable_nodes = r.usable_gpus = r.racks = 0;
  r.scale_up_domains = 0;
  PowerResults& pw = r.power;
  pw.it = 0;
  ReliabilityResults& rl = r.reliability;
  rl.gpu_failures_per_day = rl.node_failures_per_day = 0;
  CostResults& co = r.cost;
  co.servers = co.racks = 0;
  bool network_in_nodes = true;
  for (size_t g = 0; g < parts.size(); ++g) {
    const ClusterResults& x = parts[g];
    r.groups.push_back(Summarize(x, c.nodes.Group(g).ref.index));
    r.nodes += x.nodes;
    r.gpus += x.gpus;
    r.spare_nodes += x.spare_nodes;
    r.usable_nodes += x.usable_nodes;
    r.usable_gpus += x.usable_gpus;
    r.racks += x.racks;
    r.scale_up_domains += x.gpus_per_node > 0 ? x.scale_up_domains : 0;
    pw.it += r.groups.back().it_power;
    network_in_nodes = network_in_nodes && x.power.node_includes_network_share;
    rl.gpu_failures_per_day += x.reliability.gpu_failures_per_day;
    rl.node_failures_per_day += x.reliability.node_failures_per_day;
    co.servers += x.cost.servers;
    co.racks += x.cost.racks;
  }
  if (fabric) {
    // The per-GPU figures are the primary group's; the bisection is the whole fabric's.
    r.fabric = GroupFabric(all, ends[r.primary_group]);
    r.fabric.bisection_bandwidth = all.bisection_bandwidth;
  }
  pw.switches = sw ? r.fabric.switches * sw->power.si : 0;
  pw.transceivers = fabric ? r.fabric.transceivers * fabric->transceiver_power.si : 0;
  pw.network = pw.switches + pw.transceivers;
  if (!network_in_nodes) pw.it += pw.network;
  rl.failures_per_day = rl.gpu_failures_per_day + rl.node_failures_per_day;
  rl.cluster_mtbf = rl.failures_per_day > 0 ? 86400.0 / rl.failures_per_day : 0;
  co.switches = sw ? r.fabric.switches * sw->price.si : 0;
  co.transceivers = fabric ? r.fabric.transceivers * fabric->transceiver_price.si : 0;
  co.cables = fabric ? r.fabric.cables * fabric->cable_price.si : 0;
  r.missing = NetworkMissing(fabric, sw, r.fabric) | FacilityMissing(c, site, cooling);
  for (const ClusterResults& x : parts) r.missing |= x.missing & kNoServerPrice;
  if (r.missing & kNoServerPrice) co.servers = 0;
  Totals(c, site, cooling, network_in_nodes, r);
  // Each group's facility power: what its plans draw (search's energy per GPU). The fabric is
  // shared by NIC ports, since each port takes one switch port and its optics.
  int64_t all_ports = 0;
  for (const FabricEndpoints& e : ends)
    all_ports = ir::SaturatingAdd(all_ports, ir::SaturatingMul(e.nodes, e.ports_per_node));
  const double pue = pw.it > 0 ? pw.facility / pw.it : 0;
  for (size_t g = 0; g < parts.size(); ++g) {
    const int64_t ports = ir::SaturatingMul(ends[g].nodes, ends[g].ports_per_node);
    double share = all_ports > 0 ? double(ports) / double(all_ports) : 0;
    double it = r.groups[g].it_power + (network_in_nodes ? 0 : pw.network * share);
    r.groups[g].facility_power = it * pue;
  }

  if (group_views) {
    // A plan on group g sees its group's nodes, and the whole cluster's fabric, cost and power.
    for (size_t g = 0; g < parts.size(); ++g) {
      ClusterResults v = parts[g];
      v.fabric = fabric ? GroupFabric(all, ends[g]) : parts[g].fabric;
      v.cost = r.cost;
      v.missing = r.missing;
      v.power.switches = pw.switches;
      v.power.transceivers = pw.transceivers;
      v.power.network = pw.network;
      v.power.it = pw.it;
      v.power.facility = pw.facility;
      v.power.energy_per_year = pw.energy_per_year;
      v.groups = {r.groups[g]};
      v.primary_group = 0;
      group_views->push_back(std::move(v));
    }
  }
  return r;
}

std::string DescribeMissing(uint32_t bits) {
  static constexpr std::pair<uint32_t, const char*> kFields[] = {
      {kNoServerPrice, "a `price` on the node (or on each of its GPUs, CPUs and NICs)"},
      {kNoSwitchPrice, "the switch's `price`"},
      {kNoTransceiverPrice, "the fabric's `transceiver_price`"},
      {kNoCablePrice, "the fabric's `cable_price`"},
      {kNoSwitchPower, "the switch's `power`"},
      {kNoTransceiverPower, "the fabric's `transceiver_power`"},
      {kNoRackPrice, "the rack's `price`"},
      {kNoPowerInfrastructurePrice, "the site's `power_infrastructure_price`"},
      {kNoCoolingPrice, "the cooling's `price`"},
      {kNoBuildingPrice, "the site's `building_price`"},
  };
  std::string out;
  for (const auto& [bit, field] : kFields)
    if (bits & bit) out += (out.empty() ? "" : ", ") + std::string(field);
  return out;
}

PlanGroup ChoosePlanGroup(const ir::Program& p, const ir::Plan& plan) {
  PlanGroup out;
  const ir::Cluster* c = Resolve(p, plan.cluster);
  if (!c) return out;
  auto has_gpus = [&](size_t g) {
    const ir::Node* n = Resolve(p, c->nodes.Group(g).ref);
    return n && n->gpus.count > 0 && n->gpus.ref.Valid();
  };
  if (plan.on.Valid()) {
    for (size_t g = 0; g < c->nodes.Groups(); ++g)
      if (c->nodes.Group(g).ref.index == plan.on.index) {
        out.group = int32_t(g);
        if (!has_gpus(g)) out.why = GroupChoice::kNoGpus;
        return out;
      }
    out.why = GroupChoice::kNotInCluster;
    return out;
  }
  for (size_t g = 0; g < c->nodes.Groups(); ++g) {
    if (!has_gpus(g)) continue;
    if (out.group >= 0) {
      out.why = GroupChoice::kAmbiguous;
      return out;
    }
    out.group = int32_t(g);
  }
  if (out.group < 0) {
    out.why = GroupChoice::kNoGpus;
    out.group = 0;
  }
  return out;
}

}  // namespace clusterc::analysis
