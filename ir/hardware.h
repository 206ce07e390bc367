// The hardware half of the typed model (ir/ir.h): the parts catalog (GPUs, CPUs, NICs, switches,
// links, cooling) and the systems built from them (nodes, topologies, fabrics, sites, racks,
// clusters), each with its `Describe`.
#pragma once

#include <cstdint>
#include <string>

#include "ir/entity.h"

namespace clusterc::ir {

// ---------------------------------------------------------------------------------------------
// Parts catalog

struct Gpu : Entity {
  Bytes memory;
  BytesPerSecond memory_bandwidth;
  FlopPerSecond bf16_flops;  // dense
  FlopPerSecond fp16_flops;  // dense; defaults to bf16_flops
  FlopPerSecond fp8_flops;   // dense; zero when the part has no FP8 tensor cores
  FlopPerSecond fp4_flops;   // dense FP4 (NVFP4, MXFP4); zero when the part has no FP4 units
  FlopPerSecond fp32_flops;  // dense, vector/tensor as the vendor quotes for training
  Watts tdp;
  double gemm_efficiency = 0.8;    // asymptotic fraction of peak a large GEMM reaches
  double fp8_gemm_efficiency = 0;  // the same for FP8 GEMMs, of fp8_flops; 0: gemm_efficiency
  double fp4_gemm_efficiency = 0;  // the same for FP4 GEMMs, of fp4_flops; 0: gemm_efficiency
  // Step-model calibration (docs/model.md "Operator-level step model"); 0: analysis' default.
  double attention_efficiency = 0;           // fused attention forward, long sequences
  double attention_backward_efficiency = 0;  // fused attention backward, long sequences
  // The same for FlashAttention-2 where it differs from the tuned kernel (plans that say
  // `attention_kernel = flash2`); 0: the tuned figures.
  double flash2_attention_efficiency = 0, flash2_attention_backward_efficiency = 0;
  // Fused attention's dropout (its Philox random numbers) per causal score element, forward and
  // backward; zero where unmeasured. The flash2_ figures for FlashAttention-2 where it differs.
  Seconds attention_dropout_time, attention_dropout_backward_time;
  Seconds flash2_attention_dropout_time, flash2_attention_dropout_backward_time;
  // One exponential across the GPU: 1 / its special function units' exponentials per second.
  Seconds exponential_time;
  // Fused attention in FP8 (plans with `fp8_attention`): how many times faster than in BF16,
  // forward and backward; 0: no gain counted.
  double fp8_attention_speedup = 0, fp8_attention_backward_speedup = 0;
  // The same for multi-head latent attention (MLA), which gains more; 0: the figures above.
  double mla_fp8_attention_speedup = 0, mla_fp8_attention_backward_speedup = 0;
  // Block-scaled (MXFP8) attention's rate as a fraction of per-tensor FP8's, for plans with
  // `fp8_scaling = block`; 0: per-tensor FP8's rate.
  double mxfp8_attention_factor = 0, mxfp8_attention_backward_factor = 0;
  double memory_efficiency = 0;   // achieved fraction of memory_bandwidth
  Seconds kernel_overhead;        // launch and tail per kernel
  BytesPerSecond host_bandwidth;  // GPU to host memory, one direction; zero when not given
  Usd price;
  Seconds mtbf;  // zero: use the cluster's gpu_mtbf
  // Spread of one part's speed across parts of this model (docs/model-scale.md); negative: the
  // analysis' default.
  double speed_variation = -1;
  std::string vendor;
};

template <class V>
void Describe(Gpu& g, V& v) {
  v.Field("vendor", g.vendor, kOptional, "manufacturer, for reports");
  v.Field("memory", g.memory, kRequired | kPositive, "on-package memory (HBM) capacity");
  v.Field("memory_bandwidth", g.memory_bandwidth, kRequired | kPositive, "HBM bandwidth");
  v.Field("bf16_flops", g.bf16_flops, kRequired | kPositive, "dense BF16 tensor throughput");
  v.Field("fp16_flops", g.fp16_flops, kOptional,
          "dense FP16 tensor throughput; defaults to bf16_flops");
  v.Field("fp8_flops", g.fp8_flops, kOptional,
          "dense FP8 tensor throughput; zero when FP8 is not supported");
  v.Field("fp4_flops", g.fp4_flops, kOptional,
          "dense FP4 (NVFP4, MXFP4) tensor throughput; zero when FP4 is not supported");
  v.Field("fp32_flops", g.fp32_flops, kOptional, "dense FP32 throughput");
  v.Field("tdp", g.tdp, kRequired | kPositive, "thermal design power (maximum board power)");
  v.Field("gemm_efficiency", g.gemm_efficiency, kFraction,
          "fraction of peak a large, well-shaped GEMM sustains (the efficiency curve's asymptote)");
  v.Field("fp8_gemm_efficiency", g.fp8_gemm_efficiency, kFraction,
          "the same for FP8 GEMMs, as a fraction of fp8_flops; defaults to gemm_efficiency");
  v.Field("fp4_gemm_efficiency", g.fp4_gemm_efficiency, kFraction,
          "the same for FP4 (NVFP4, MXFP4) GEMMs, as a fraction of fp4_flops; defaults to "
          "gemm_efficiency");
  v.Field("attention_efficiency", g.attention_efficiency, kFraction,
          "fraction of peak fused (flash) attention sustains forward at long sequences; "
          "defaults to 0.97 x gemm_efficiency");
  v.Field("attention_backward_efficiency", g.attention_backward_efficiency, kFraction,
          "the same for the backward pass; defaults to 0.75 x gemm_efficiency");
  v.Field("flash2_attention_efficiency", g.flash2_attention_efficiency, kFraction,
          "attention_efficiency of FlashAttention-2 on this GPU, for plans with "
          "`attention_kernel = flash2`; defaults to attention_efficiency");
  v.Field("flash2_attention_backward_efficiency", g.flash2_attention_backward_efficiency, kFraction,
          "attention_backward_efficiency of FlashAttention-2 on this GPU; defaults to "
          "attention_backward_efficiency");
  v.Field("attention_dropout_time", g.attention_dropout_time, kOptional | kPositive,
          "time fused attention's dropout adds per causal score element (b x heads x s^2 / 2) "
          "in the forward pass; unset (unmeasured): none");
  v.Field("attention_dropout_backward_time", g.attention_dropout_backward_time,
          kOptional | kPositive, "the same for the backward pass");
  v.Field("flash2_attention_dropout_time", g.flash2_attention_dropout_time, kOptional | kPositive,
          "attention_dropout_time of FlashAttention-2 on this GPU; defaults to "
          "attention_dropout_time");
  v.Field("flash2_attention_dropout_backward_time", g.flash2_attention_dropout_backward_time,
          kOptional | kPositive,
          "attention_dropout_backward_time of FlashAttention-2 on this GPU; defaults to "
          "attention_dropout_backward_time");
  v.Field("exponential_time", g.exponential_time, kOptional | kPositive,
          "time of one exponential across the GPU, 1 / its special function units' exponentials "
          "per second: what fused attention spends per score element whatever the head's width; "
          "unset: attention efficiency independent of the head's width");
  v.Field("fp8_attention_speedup", g.fp8_attention_speedup, kOptional | kPositive,
          "how many times faster fused attention runs forward in FP8 than in BF16 at head dim "
          "128, for plans with `fp8_attention = true`; unset (unmeasured): no gain");
  v.Field("fp8_attention_backward_speedup", g.fp8_attention_backward_speedup, kOptional | kPositive,
          "the same for the backward pass (below 1 where it is slower)");
  v.Field("mla_fp8_attention_speedup", g.mla_fp8_attention_speedup, kOptional | kPositive,
          "fp8_attention_speedup for multi-head latent attention (MLA); defaults to "
          "fp8_attention_speedup");
  v.Field("mla_fp8_attention_backward_speedup", g.mla_fp8_attention_backward_speedup,
          kOptional | kPositive,
          "fp8_attention_backward_speedup for MLA; defaults to fp8_attention_backward_speedup");
  v.Field("mxfp8_attention_factor", g.mxfp8_attention_factor, kOptional | kPositive,
          "block-scaled (MXFP8) FP8 attention's forward rate as a fraction of per-tensor FP8's, "
          "for plans with `fp8_scaling = block`; unset: per-tensor FP8's rate");
  v.Field("mxfp8_attention_backward_factor", g.mxfp8_attention_backward_factor,
          kOptional | kPositive, "the same for the backward pass");
  v.Field("memory_efficiency", g.memory_efficiency, kFraction,
          "fraction of memory_bandwidth element-wise kernels sustain; defaults to 0.8");
  v.Field("kernel_overhead", g.kernel_overhead, kOptional,
          "fixed time per kernel (launch, wave tail); defaults to 4 us");
  v.Field("host_bandwidth", g.host_bandwidth, kOptional | kPositive,
          "bandwidth between the GPU and host memory in one direction (its PCIe or NVLink-C2C "
          "link), what host-memory offload moves data at");
  v.Field("price", g.price, kOptional, "unit price; state the date and source in a comment");
  v.Field("mtbf", g.mtbf, kOptional,
          "mean time between failures of one GPU; defaults to the cluster's gpu_mtbf");
  v.Field("speed_variation", g.speed_variation, kFraction,
          "how far one part's speed strays across parts of this model, as Sinha et al. (SC22) "
          "measure it: the range of a box plot's whiskers (Q1 - 1.5 IQR to Q3 + 1.5 IQR) over "
          "the median; a synchronous step waits for the slowest of the plan's GPUs "
          "(docs/model-scale.md). Defaults to their 8 %; 0: identical parts");
}

struct Cpu : Entity {
  int64_t cores = 0;
  int64_t threads_per_core = 2;
  Watts tdp;
  BytesPerSecond memory_bandwidth;  // of the socket's own memory; zero when not given
  Usd price;
  std::string vendor;
};

template <class V>
void Describe(Cpu& c, V& v) {
  v.Field("vendor", c.vendor, kOptional, "manufacturer, for reports");
  v.Field("cores", c.cores, kRequired | kPositive, "physical cores per socket");
  v.Field("threads_per_core", c.threads_per_core, kPositive, "hardware threads per core (SMT)");
  v.Field("tdp", c.tdp, kOptional, "thermal design power");
  v.Field("memory_bandwidth", c.memory_bandwidth, kOptional,
          "bandwidth of the socket's own memory (DDR5, LPDDR5X), what host-memory offload "
          "shares among the node's GPUs");
  v.Field("price", c.price, kOptional, "unit price");
}

struct Nic : Entity {
  BytesPerSecond bandwidth;  // per port
  int64_t ports = 1;
  NetProtocol protocol = NetProtocol::vpi;
  Watts power;
  Usd price;
};

template <class V>
void Describe(Nic& n, V& v) {
  v.Field("bandwidth", n.bandwidth, kRequired | kPositive, "line rate per port, e.g. 400 Gb/s");
  v.Field("ports", n.ports, kPositive, "network ports used");
  v.Field("protocol", n.protocol, kOptional,
          "`infiniband`, `ethernet`, or `vpi` for adapters that speak both");
  v.Field("power", n.power, kOptional, "typical power");
  v.Field("price", n.price, kOptional, "unit price");
}

struct Switch : Entity {
  int64_t radix = 0;
  BytesPerSecond port_bandwidth;
  NetProtocol protocol = NetProtocol::infiniband;
  Watts power;
  Usd price;
  Seconds latency;
  bool sharp = false;
};

template <class V>
void Describe(Switch& s, V& v) {
  v.Field("radix", s.radix, kRequired | kPositive, "ports at port_bandwidth");
  v.Field("port_bandwidth", s.port_bandwidth, kRequired | kPositive, "line rate per port");
  v.Field("protocol", s.protocol, kOptional, "`infiniband` or `ethernet`");
  v.Field("power", s.power, kOptional, "typical power without optics");
  v.Field("price", s.price, kOptional, "unit price");
  v.Field("latency", s.latency, kOptional, "port-to-port latency");
  v.Field("sharp", s.sharp, kOptional, "supports in-network reduction (SHARP)");
}

// A scale-up interconnect generation (NVLink, Infinity Fabric, ICI).
struct Link : Entity {
  LinkKind kind = LinkKind::nvlink;
  BytesPerSecond bandwidth;  // per GPU, both directions together, as vendors quote it
  int64_t domain_size = 8;   // largest all-to-all domain the generation builds
  int64_t links_per_gpu = 0;
  Seconds latency;
  bool in_network_reduction = false;  // NVLink SHARP (NVLS)
};

template <class V>
void Describe(Link& l, V& v) {
  v.Field("kind", l.kind, kOptional,
          "`nvlink` (NVLink and NVSwitch) or `infinity_fabric` (AMD's mesh), whose collectives run "
          "as kernels on the GPUs, or `ici` (a TPU inter-chip interconnect: a torus whose "
          "collectives the chips' own engines run, a dimension at a time)");
  v.Field("bandwidth", l.bandwidth, kRequired | kPositive,
          "per-GPU bandwidth, both directions together, as vendors quote it (NVLink4: 900 GB/s)");
  v.Field("domain_size", l.domain_size, kPositive, "largest domain of GPUs it connects all-to-all");
  v.Field("links_per_gpu", l.links_per_gpu, kOptional, "links per GPU (NVLink4: 18)");
  v.Field("latency", l.latency, kOptional, "one-hop latency");
  v.Field("in_network_reduction", l.in_network_reduction, kOptional,
          "switches reduce in the network (NVLink SHARP, NVLS)");
}

struct Cooling : Entity {
  Watts rack_limit;
  UsdPerWatt price;  // capex of the cooling plant per watt of IT load
};

template <class V>
void Describe(Cooling& c, V& v) {
  v.Field("rack_limit", c.rack_limit, kRequired | kPositive, "heat one rack may dissipate");
  v.Field("price", c.price, kOptional, "capex per watt of IT load cooled (USD/W)");
}

// ---------------------------------------------------------------------------------------------
// Systems

struct Node : Entity {
  Part<Gpu> gpus;
  Ref<Link> scale_up;
  int64_t scale_up_domain = 0;  // GPUs per scale-up domain; 0: min(link domain, GPUs per node)
  Part<Cpu> cpus;
  Bytes memory;
  Part<Nic> nics;
  QuantityPart<Bytes> storage;
  Watts gpu_power;  // sustained draw per GPU under training; 0: the GPU's TDP
  Watts host_power;
  Watts net_power;
  Watts power_budget;  // the chassis power supply budget, when given
  int64_t pcie_switches = 0;
  Usd price;
};

template <class V>
void Describe(Node& n, V& v) {
  v.Field("gpus", n.gpus, kOptional,
          "accelerators per node: `8 x nvidia.H100_SXM5`; absent for CPU-only nodes (login, "
          "storage) in a cluster's mixed node groups");
  v.Field("scale_up", n.scale_up, kOptional, "scale-up interconnect generation (NVLink, ...)");
  v.Field("scale_up_domain", n.scale_up_domain, kOptional,
          "GPUs in one scale-up domain; defaults to the smaller of the link's domain_size and the "
          "node's GPUs (set 72 for NVL72)");
  v.Field("cpus", n.cpus, kOptional, "host CPU sockets: `2 x amd.EPYC_9654`");
  v.Field("memory", n.memory, kOptional, "host memory");
  v.Field("nics", n.nics, kRequired, "scale-out network adapters: `8 x nvidia.ConnectX7`");
  v.Field("storage", n.storage, kOptional, "local drives: `8 x 3.84 TB`");
  v.Field("gpu_power", n.gpu_power, kOptional,
          "sustained draw of one GPU under training; defaults to the GPU's tdp");
  v.Field("host_power", n.host_power, kOptional, "CPUs, memory, fans, drives");
  v.Field("net_power", n.net_power, kOptional, "NICs and the node's share of network switches");
  v.Field("power_budget", n.power_budget, kOptional,
          "power the chassis supplies; the sum of parts is checked against it");
  v.Field("pcie_switches", n.pcie_switches, kOptional, "PCIe switches between CPUs, GPUs and NICs");
  v.Field("price", n.price, kOptional, "price of one node, GPUs included");
}

struct Topology {
  TopologyKind kind = TopologyKind::fat_tree;
  int64_t tiers = 2;
  int64_t rails = 1;
  int64_t planes = 1;  // independent parallel fabrics, each NIC port split across them
  Ratio oversubscription;
  int64_t pod_size = 0;  // endpoints per full-bisection pod; 0: the whole fabric is one pod
  Ratio pod_oversubscription;
  int64_t x = 0, y = 0, z = 0;
  BytesPerSecond link_bandwidth;
  bool wraparound = true;
  // Dragonfly (Kim, Dally, Scott and Abts, ISCA 2008): p endpoints, a routers per group, h
  // global links per router; 0 derives the balanced a = 2p = 2h from the switch radix.
  int64_t endpoints_per_router = 0, routers_per_group = 0, global_links = 0;
  int64_t groups = 0;  // 0: as many as the endpoints need
  DragonflyRouting routing = DragonflyRouting::minimal;
};

template <class V>
void Describe(Topology& t, V& v) {
  v.Tag(t.kind);
  using K = TopologyKind;
  v.Field("tiers", t.tiers, kPositive,
          "switch tiers (1 to 4; 4 is a 4-tier Clos); in `rail_only`, the tiers of each rail",
          K::fat_tree, K::rail_only);
  v.Field("rails", t.rails, kPositive, "rails: NIC i of every node goes to leaf group i",
          K::fat_tree);
  v.Field("planes", t.planes, kPositive,
          "independent parallel fabrics; each NIC port splits evenly across them (Alibaba HPN: "
          "2, dual-plane)",
          K::fat_tree);
  v.Field("oversubscription", t.oversubscription, kOptional,
          "downlink to uplink bandwidth of the leaf tier, `1:1` for non-blocking", K::fat_tree,
          K::rail_only);
  v.Field("pod_size", t.pod_size, kOptional,
          "GPUs in one full-bisection pod; 0 makes the whole fabric one pod", K::fat_tree);
  v.Field("pod_oversubscription", t.pod_oversubscription, kOptional,
          "oversubscription between pods, e.g. `1:7`", K::fat_tree);
  v.Field("x", t.x, kPositive | kRequired, "chips along the first torus axis", K::torus);
  v.Field("y", t.y, kPositive | kRequired, "chips along the second torus axis", K::torus);
  v.Field("z", t.z, kPositive | kRequired, "chips along the third torus axis", K::torus);
  v.Field("link_bandwidth", t.link_bandwidth, kRequired | kPositive,
          "bandwidth of one torus link, one direction", K::torus);
  v.Field("wraparound", t.wraparound, kOptional, "the torus wraps around on each axis", K::torus);
  v.Field("endpoints_per_router", t.endpoints_per_router, kOptional,
          "p: NIC ports on each router; 0 takes the balanced p = h = (radix + 1)/4", K::dragonfly);
  v.Field("routers_per_group", t.routers_per_group, kOptional,
          "a: routers in one all-to-all group; 0 takes a = 2p", K::dragonfly);
  v.Field("global_links", t.global_links, kOptional,
          "h: links from each router to other groups; 0 takes h = p", K::dragonfly);
  v.Field("groups", t.groups, kOptional, "groups built; 0 takes as many as the endpoints need",
          K::dragonfly);
  v.Field("routing", t.routing, kOptional,
          "`minimal` (one global hop) or `non_minimal` (Valiant: two global hops, half the "
          "global bandwidth, for adversarial traffic)",
          K::dragonfly);
}

struct Fabric : Entity {
  FabricKind kind = FabricKind::infiniband_ndr;
  Topology topology;
  Ref<Switch> switch_;
  bool sharp = false;
  Seconds latency;
  Usd transceiver_price;
  Watts transceiver_power;
  Usd cable_price;
};

template <class V>
void Describe(Fabric& f, V& v) {
  v.Field("kind", f.kind, kRequired,
          "`infiniband_hdr`, `infiniband_ndr`, `infiniband_xdr`, `roce_v2`, `ethernet` or `ici`");
  v.Field("topology", f.topology, kRequired,
          "`fat_tree { ... }`, `rail_only { ... }`, `dragonfly { ... }` or `torus { ... }`");
  v.Field("switch", f.switch_, kOptional,
          "the switch model of every tier (fat tree, rail-only) or every router (dragonfly)");
  v.Field("sharp", f.sharp, kOptional, "in-network reduction is enabled (SHARP)");
  v.Field("latency", f.latency, kOptional, "end-to-end latency of one message across the fabric");
  v.Field("transceiver_price", f.transceiver_price, kOptional, "price of one optical transceiver");
  v.Field("transceiver_power", f.transceiver_power, kOptional, "power of one transceiver");
  v.Field("cable_price", f.cable_price, kOptional, "price of one cable");
}

struct Site : Entity {
  Watts grid_power;
  double pue = 1.2;
  UsdPerJoule electricity;
  Ref<Cooling> cooling;
  UsdPerWatt power_infrastructure_price;
  UsdPerWatt building_price;
};

template <class V>
void Describe(Site& s, V& v) {
  v.Field("grid_power", s.grid_power, kOptional, "power the grid connection delivers");
  v.Field("pue", s.pue, kPositive, "power usage effectiveness: facility power / IT power");
  v.Field("electricity", s.electricity, kOptional, "energy price, e.g. `0.06 USD/kWh`");
  v.Field("cooling", s.cooling, kRequired, "cooling method: `cooling.direct_liquid { ... }`");
  v.Field("power_infrastructure_price", s.power_infrastructure_price, kOptional,
          "capex of substations, UPS and distribution per watt of IT load");
  v.Field("building_price", s.building_price, kOptional, "capex of the building per watt of IT");
}

struct Rack {
  int64_t nodes = 0;
  Watts power_limit;
  Usd price;
  // A rack-scale scale-up domain (GB200 NVL72, NVL36x2, a TPU cube): the GPUs that one NVLink or
  // ICI domain joins, and how many racks it spans. 0: the node's domain.
  int64_t scale_up_domain = 0;
  int64_t scale_up_racks = 1;
  Watts switch_power;  // the rack's scale-up switch trays (NVL72: nine NVLink Switch trays)
};

template <class V>
void Describe(Rack& r, V& v) {
  v.Field("nodes", r.nodes, kRequired | kPositive, "nodes per rack");
  v.Field("power_limit", r.power_limit, kOptional,
          "power delivered to one rack; the cooling method's limit applies too");
  v.Field("price", r.price, kOptional, "price of one rack with its power distribution");
  v.Field("scale_up_domain", r.scale_up_domain, kOptional,
          "GPUs in one rack-scale scale-up domain (72 for GB200 NVL72); overrides the node's");
  v.Field("scale_up_racks", r.scale_up_racks, kPositive,
          "racks one scale-up domain spans (2 for NVL36x2)");
  v.Field("switch_power", r.switch_power, kOptional,
          "power of the rack's scale-up switches (NVLink Switch trays), outside its nodes");
}

struct Cluster : Entity {
  Ref<Site> site;
  PartSum<Node> nodes;  // node groups: `64 x a + 32 x b`
  Rack racks;
  Ref<Fabric> fabric;
  double spares = 0;
  Seconds gpu_mtbf;
  Seconds node_mtbf;
  BytesPerSecond checkpoint_bandwidth;
  Seconds restart_time;
  Seconds depreciation;
  UsdPerSecond gpu_rental;
  UsdPerSecond staff;
  UsdPerSecond maintenance;
  Usd storage_price;
  std::string slurm_version;  // "" : the Slurm backend's default (22.05)
};

template <class V>
void Describe(Cluster& c, V& v) {
  v.Field("site", c.site, kRequired, "where it stands");
  v.Field("nodes", c.nodes, kRequired,
          "`12_500 x hgx_h100`, or node groups joined by `+`: `64 x hgx_h100 + 32 x hgx_a100 + "
          "4 x login` (one group per node type; plans pick theirs with `on`)");
  v.Field("racks", c.racks, kRequired, "`rack { nodes = 4 }`");
  v.Field("fabric", c.fabric, kRequired, "the scale-out fabric");
  v.Field("spares", c.spares, kFraction, "fraction of nodes held as spares, e.g. `1 %`");
  v.Field("gpu_mtbf", c.gpu_mtbf, kOptional, "mean time between failures of one GPU");
  v.Field("node_mtbf", c.node_mtbf, kOptional,
          "mean time between failures of a node's other parts (host, NICs, drives)");
  v.Field("checkpoint_bandwidth", c.checkpoint_bandwidth, kOptional,
          "aggregate write bandwidth of checkpoint storage");
  v.Field("restart_time", c.restart_time, kOptional, "time to restart a job after a failure");
  v.Field("depreciation", c.depreciation, kOptional, "life over which capex is depreciated");
  v.Field("gpu_rental", c.gpu_rental, kOptional, "rental price per GPU, e.g. `2 USD/h`");
  v.Field("staff", c.staff, kOptional, "staff cost per year, e.g. `3.6 million USD/yr`");
  v.Field("maintenance", c.maintenance, kOptional, "maintenance cost per year");
  v.Field("storage_price", c.storage_price, kOptional, "capex of shared storage");
  v.Field("slurm_version", c.slurm_version, kOptional,
          "Slurm release the generated configuration targets, e.g. `\"24.11\"` (default 22.05); "
          "`clusterc build --slurm-version` overrides it");
}

}  // namespace clusterc::ir
