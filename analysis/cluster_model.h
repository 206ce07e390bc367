// Cluster derivation: counts, fabric, power, reliability and cost of one `cluster`.
//
// Pure: DeriveCluster reads the IR and returns a plain struct; no I/O, no diagnostics (those are
// in rules.cpp). Every quantity is in SI base units; NaN-free: a quantity that cannot be derived
// because an input is absent is 0 and its `has_*` flag is false.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/ir.h"

namespace clusterc::analysis {

struct Options;

struct FabricTier {
  int64_t switches = 0;
  int64_t cables = 0;        // cables from this tier down (endpoint links for the leaf tier)
  int64_t transceivers = 0;  // optics on those cables (switch-to-switch: two per cable)
};

// A dragonfly's shape (Kim et al. 2008): p endpoints, a routers, h global links per router.
struct DragonflyShape {
  int64_t p = 0, a = 0, h = 0;
  int64_t groups = 0;
  int64_t links_per_pair = 0;  // global links between two groups
  int64_t local_cables = 0, global_cables = 0;
  double global_fraction = 1;  // cross-group bandwidth / injection bandwidth
  bool non_minimal = false;
};

struct FabricResults {
  bool is_torus = false;
  bool rail_only = false;  // no spine joins rails: cross-rail traffic crosses the scale-up domain
  bool is_dragonfly = false;
  DragonflyShape dragonfly;
  int64_t tiers = 0;
  int64_t rails = 1;
  int64_t endpoints = 0;              // NIC ports attached
  int64_t capacity = 0;               // endpoints the radix and tiers can attach
  int64_t radix = 0;                  // switch ports at the NIC's line rate
  FabricTier leaf, spine, mid, core;  // mid: the fourth tier's middle level (4-tier Clos)
  int64_t planes = 1;                 // independent parallel fabrics (multi-plane)
  int64_t leaf_downlinks = 0;
  int64_t switches = 0, cables = 0, transceivers = 0;
  double leaf_oversubscription = 1;  // o of `o:1`
  double pod_oversubscription = 1;
  int64_t pod_gpus = 0;  // GPUs in one full-bisection pod (0: whole fabric)
  int64_t pods = 1;
  int64_t leaf_gpus = 0;                   // GPUs whose same-rail traffic stays under one leaf
  double bisection_bandwidth = 0;          // B/s, one direction
  double nic_bandwidth_per_gpu = 0;        // B/s, one direction
  double scale_out_bandwidth_per_gpu = 0;  // within a pod, after leaf oversubscription
  double cross_pod_bandwidth_per_gpu = 0;
  double latency = 0;  // alpha of one scale-out message
  bool sharp = false;  // fabric and switch reduce in network
};

struct PowerResults {
  double gpu = 0;   // per node: GPUs
  double host = 0;  // per node
  double net = 0;   // per node: NICs (and switch share when the node's net_power says so)
  double node = 0;  // sum of the three
  bool node_includes_network_share = false;  // node.net_power given: switches already counted
  double rack_switches = 0;                  // a rack's scale-up switch trays
  double rack = 0;                           // full rack: nodes and switch trays
  double switches = 0;                       // all switches
  double transceivers = 0;                   // all optics
  double network = 0;                        // switches + transceivers
  double it = 0;               // 0: unknown (a switch or optic without a power figure)
  double facility = 0;         // IT x PUE; 0 when IT is unknown
  double energy_per_year = 0;  // J
};

struct ReliabilityResults {
  double gpu_mtbf = 0;  // s, per GPU
  double node_mtbf = 0;
  double gpu_failures_per_day = 0;
  double node_failures_per_day = 0;
  double failures_per_day = 0;
  double cluster_mtbf = 0;  // s; 0 when no MTBF is given
};

// Inputs a cluster's sums lack, as bits of `ClusterResults::missing`. Unknown is not zero: capex
// with an unpriced server, switch, optic or cable is unknown, not smaller, and so is IT power with
// a switch or optic without a power figure (unless the nodes' `net_power` carries the network).
// Facility items without a price are left out of capex and named as left out: many clusters are
// built in a rented hall.
enum MissingInput : uint32_t {
  kNoServerPrice = 1u << 0,  // the node has no price, and a GPU, CPU or NIC of it has none
  kNoSwitchPrice = 1u << 1,
  kNoTransceiverPrice = 1u << 2,
  kNoCablePrice = 1u << 3,
  kNoSwitchPower = 1u << 4,
  kNoTransceiverPower = 1u << 5,
  kNoRackPrice = 1u << 6,  // facility items from here on
  kNoPowerInfrastructurePrice = 1u << 7,
  kNoCoolingPrice = 1u << 8,
  kNoBuildingPrice = 1u << 9,
};
inline constexpr uint32_t kCapexNeeds =
    kNoServerPrice | kNoSwitchPrice | kNoTransceiverPrice | kNoCablePrice;
inline constexpr uint32_t kItPowerNeeds = kNoSwitchPower | kNoTransceiverPower;
inline constexpr uint32_t kFacilityPrices =
    kNoRackPrice | kNoPowerInfrastructurePrice | kNoCoolingPrice | kNoBuildingPrice;

struct CostResults {
  double servers = 0;  // nodes (or their GPUs, CPUs and NICs when the node has no price)
  double switches = 0;
  double transceivers = 0;
  double cables = 0;
  double racks = 0;
  double power_infrastructure = 0;
  double cooling = 0;
  double building = 0;
  double storage = 0;
  double capex = 0;
  double energy_per_year = 0;
  double staff_per_year = 0;
  double maintenance_per_year = 0;
  double opex_per_year = 0;
  double depreciation_per_second = 0;  // capex / life; 0 without a life or a known capex
  bool has_energy_price = false;
};

// One node group of a cluster (`64 x hgx_h100 + 4 x login`): what it holds and draws.
struct GroupResults {
  uint32_t node = 0;  // index into program.nodes
  int64_t nodes = 0;
  int64_t gpus_per_node = 0;  // 0: CPU-only nodes (login, storage)
  int64_t gpus = 0;
  int64_t spare_nodes = 0;
  int64_t usable_gpus = 0;
  int64_t racks = 0;  // racks of its own: groups do not share racks
  int64_t scale_up_domain = 0;
  double node_power = 0;  // W, one node
  double it_power = 0;    // W, its nodes and rack switch trays (network excluded)
  // W: its IT power plus its share of the fabric's (by NIC ports, when the nodes' power does
  // not already carry the network), times the site's PUE; 0 while the IT power is unknown.
  double facility_power = 0;
  double servers = 0;          // USD, its nodes
  bool servers_known = false;  // its node (or each of its parts) has a price
  double failures_per_day = 0;
};

struct ClusterResults {
  bool valid = false;  // false when a required reference is missing
  int64_t nodes = 0;
  int64_t gpus_per_node = 0;
  int64_t gpus = 0;
  int64_t spare_nodes = 0;
  int64_t usable_nodes = 0;
  int64_t usable_gpus = 0;  // what plans run on
  int64_t racks = 0;
  int64_t nodes_per_rack = 0;
  int64_t gpus_per_rack = 0;
  int64_t scale_up_domain = 0;     // GPUs
  int64_t scale_up_racks = 1;      // racks one domain spans
  bool rack_scale_domain = false;  // the domain is declared by the rack (NVL72), not the node
  int64_t scale_up_domains = 0;
  double scale_up_bandwidth_per_gpu = 0;  // B/s, one direction
  double scale_up_latency = 0;
  bool scale_up_reduction = false;  // NVLS
  FabricResults fabric;
  PowerResults power;
  ReliabilityResults reliability;
  CostResults cost;
  uint32_t missing = 0;  // MissingInput bits: why capex or IT power is unknown (0 there)
  // Every node group, in the order written; one for a single-group cluster. With several
  // groups the totals above (nodes, GPUs, racks, power, reliability, cost) sum over the groups
  // and the per-node figures (gpus_per_node, scale-up, power.node) are the primary group's: the
  // first with GPUs.
  std::vector<GroupResults> groups;
  uint32_t primary_group = 0;
  // The node type whose per-node figures these are (a group view's: its group's).
  ir::Ref<ir::Node> PrimaryNode(ir::Ref<ir::Node> fallback) const {
    if (primary_group >= groups.size()) return fallback;
    return ir::Ref<ir::Node>{groups[primary_group].node};
  }
};

// Derives everything about program.clusters[index]. Pure, deterministic. `group_views`, when
// given, receives one ClusterResults per node group as a plan on that group sees the cluster:
// the group's nodes, GPUs and scale-up, the whole cluster's fabric.
ClusterResults DeriveCluster(const ir::Program& program, uint32_t index, const Options& options,
                             std::vector<ClusterResults>* group_views = nullptr);

// Which node group of its cluster a plan runs on: the one `on` names, else the only group with
// GPUs. `group` is -1 when there is none to choose; `why` says what went wrong.
enum class GroupChoice { kChosen, kNotInCluster, kAmbiguous, kNoGpus };
struct PlanGroup {
  int32_t group = -1;
  GroupChoice why = GroupChoice::kChosen;
};
PlanGroup ChoosePlanGroup(const ir::Program& program, const ir::Plan& plan);

// What a person sets to know the sums `bits` (MissingInput) leave unknown, e.g. "the switch's
// `price`, the fabric's `cable_price`"; for reports and explain, not the hot path.
std::string DescribeMissing(uint32_t bits);

// Derivation of the fabric alone, for tests and the plan search.
FabricResults DeriveFabric(const ir::Fabric& fabric, const ir::Switch* sw, int64_t nodes,
                           int64_t gpus_per_node, int64_t nic_ports_per_node,
                           double nic_port_bandwidth, const Options& options);

// One node group's NIC ports, as the fabric of a mixed cluster sees them.
struct FabricEndpoints {
  int64_t nodes = 0;
  int64_t gpus_per_node = 0;  // 0: CPU-only nodes
  int64_t ports_per_node = 0;
  double port_bandwidth = 0;  // B/s, one NIC port, one direction
};

// The one fabric of a cluster of several node groups (docs/model.md, "Mixed node groups"): its
// ports run at the fastest group's NIC rate, every NIC port of every group takes one; the
// bisection counts each port at its own NIC's rate. Per-GPU figures are left to GroupFabric.
FabricResults DeriveMixedFabric(const ir::Fabric& fabric, const ir::Switch* sw,
                                const std::vector<FabricEndpoints>& groups, const Options& options);

// The mixed fabric `all` as a plan on group `own` sees it: its NICs per GPU, the GPUs under one
// leaf (or one dragonfly group) of its nodes, and the bisection its own NIC ports can use.
FabricResults GroupFabric(const FabricResults& all, const FabricEndpoints& own);

}  // namespace clusterc::analysis
