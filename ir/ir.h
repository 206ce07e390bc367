// The typed model of clusters and plans: plain value types, what analysis and backends consume.
//
// Each block kind is a struct plus a `Describe` function that lists its fields once: name, member,
// flags and documentation. The frontend binds source values through it, `docs/language.md` is
// generated from it, and `require` reads declared fields through it. `extends` is flattened,
// references resolved to indices and defaults applied before anything downstream sees a struct.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "ir/enum.h"
#include "ir/quantity.h"

namespace clusterc::ir {

struct SourceRange {
  uint32_t file = 0;  // index into the source manager; 0 means "no location"
  uint32_t begin = 0;
  uint32_t end = 0;  // byte offsets, half open
  bool Valid() const { return file != 0; }
};

// A typed index into the Program's table of T; kNone when absent.
template <class T>
struct Ref {
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
  uint32_t index = kNone;
  bool Valid() const { return index != kNone; }
};

// `a + b + c`: references to several entities of one kind (a `jobs` block's plans).
template <class T>
struct RefSum : std::vector<Ref<T>> {};

// `N x part`.
template <class T>
struct Part {
  int64_t count = 0;
  Ref<T> ref;
};

// `64 x a + 32 x b`: several `N x part` groups. The first group is the Part itself (so code
// that reads one group reads the first); `more` holds the others, in the order written.
template <class T>
struct PartSum : Part<T> {
  PartSum() = default;
  PartSum(int64_t count, Ref<T> ref) : Part<T>{count, ref} {}  // one group
  std::vector<Part<T>> more;
  std::vector<SourceRange> ranges;  // each group's term as written (`52 x hgx_a100`), when known
  size_t Groups() const { return 1 + more.size(); }
  const Part<T>& Group(size_t i) const { return i == 0 ? *this : more[i - 1]; }
  SourceRange GroupRange(size_t i) const { return i < ranges.size() ? ranges[i] : SourceRange{}; }
  int64_t TotalCount() const {
    int64_t n = this->count;
    for (const auto& g : more) n += g.count;
    return n;
  }
};

// `N x quantity`, e.g. `storage = 8 x 3.84 TB`.
template <class QuantityT>
struct QuantityPart {
  int64_t count = 0;
  QuantityT each;
};

// An oversubscription ratio as written (`1:7`); Factor() is the larger side over the smaller.
struct Ratio {
  double left = 1, right = 1;
  double Factor() const {
    double lo = left < right ? left : right, hi = left < right ? right : left;
    return lo > 0 ? hi / lo : 0;
  }
};

struct FieldLocation {
  std::string_view field;  // names come from Describe's string literals
  SourceRange range;
};

// What every declared entity carries: its name and where it and its fields were written.
struct Entity {
  std::string name;
  SourceRange range;  // the declaration (or inline object) as a whole
  std::vector<FieldLocation> fields;
  SourceRange FieldRange(std::string_view field) const {
    for (const auto& f : fields)
      if (f.field == field) return f.range;
    return range;
  }
};

// Field flags for Describe.
enum FieldFlags : uint32_t {
  kOptional = 0,
  kRequired = 1u << 0,
  kPositive = 1u << 1,  // strictly greater than zero
  kFraction = 1u << 2,  // in [0, 1]; written as `0.9` or `90 %`
  kAtLeastOne = 1u << 3,
};

CLUSTERC_ENUM(Kind, gpu, cpu, nic, switch_, link, cooling, node, fabric, site, cluster, model, plan,
              jobs, sweep)

CLUSTERC_ENUM(NetProtocol, infiniband, ethernet, vpi)
CLUSTERC_ENUM(FabricKind, infiniband_hdr, infiniband_ndr, infiniband_xdr, roce_v2, ethernet, ici)
CLUSTERC_ENUM(TopologyKind, fat_tree, torus, rail_only, dragonfly)
CLUSTERC_ENUM(DragonflyRouting, minimal, non_minimal)
CLUSTERC_ENUM(Precision, bf16, fp16, fp8, fp32)
CLUSTERC_ENUM(Recompute, none, selective, full)
CLUSTERC_ENUM(Sharding, none, zero1, zero2, zero3, fsdp)
CLUSTERC_ENUM(OptimizerKind, adam, sgd)
CLUSTERC_ENUM(Activation, swiglu, gelu, relu)
CLUSTERC_ENUM(Norm, rmsnorm, layernorm)
CLUSTERC_ENUM(Schedule, one_f_one_b, zero_bubble, dualpipe)
// Generation of the fused-attention kernel a run used: `tuned` is the GPU's own calibration (a
// kernel written for that architecture), `flash2` FlashAttention-2 (Dao 2023), which predates
// Hopper, `flash1` the FlashAttention generation before it (Dao et al. 2022, and its Triton port).
CLUSTERC_ENUM(AttentionKernel, tuned, flash2, flash1)

// ---------------------------------------------------------------------------------------------
// Parts catalog

struct Gpu : Entity {
  Bytes memory;
  BytesPerSecond memory_bandwidth;
  FlopPerSecond bf16_flops;  // dense
  FlopPerSecond fp16_flops;  // dense; defaults to bf16_flops
  FlopPerSecond fp8_flops;   // dense; zero when the part has no FP8 tensor cores
  FlopPerSecond fp32_flops;  // dense, vector/tensor as the vendor quotes for training
  Watts tdp;
  double gemm_efficiency = 0.8;  // asymptotic fraction of peak a large GEMM reaches
  // Step-model calibration (docs/model.md "Operator-level step model"); 0: analysis' default.
  double attention_efficiency = 0;           // fused attention forward, long sequences
  double attention_backward_efficiency = 0;  // fused attention backward, long sequences
  // The same for FlashAttention-2 where it differs from the tuned kernel (plans that say
  // `attention_kernel = flash2`); 0: the tuned figures.
  double flash2_attention_efficiency = 0, flash2_attention_backward_efficiency = 0;
  double memory_efficiency = 0;  // achieved fraction of memory_bandwidth
  Seconds kernel_overhead;       // launch and tail per kernel
  Usd price;
  Seconds mtbf;  // zero: use the cluster's gpu_mtbf
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
  v.Field("fp32_flops", g.fp32_flops, kOptional, "dense FP32 throughput");
  v.Field("tdp", g.tdp, kRequired | kPositive, "thermal design power (maximum board power)");
  v.Field("gemm_efficiency", g.gemm_efficiency, kFraction,
          "fraction of peak a large, well-shaped GEMM sustains (the efficiency curve's asymptote)");
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
  v.Field("memory_efficiency", g.memory_efficiency, kFraction,
          "fraction of memory_bandwidth element-wise kernels sustain; defaults to 0.8");
  v.Field("kernel_overhead", g.kernel_overhead, kOptional,
          "fixed time per kernel (launch, wave tail); defaults to 4 us");
  v.Field("price", g.price, kOptional, "unit price; state the date and source in a comment");
  v.Field("mtbf", g.mtbf, kOptional,
          "mean time between failures of one GPU; defaults to the cluster's gpu_mtbf");
}

struct Cpu : Entity {
  int64_t cores = 0;
  int64_t threads_per_core = 2;
  Watts tdp;
  Usd price;
  std::string vendor;
};

template <class V>
void Describe(Cpu& c, V& v) {
  v.Field("vendor", c.vendor, kOptional, "manufacturer, for reports");
  v.Field("cores", c.cores, kRequired | kPositive, "physical cores per socket");
  v.Field("threads_per_core", c.threads_per_core, kPositive, "hardware threads per core (SMT)");
  v.Field("tdp", c.tdp, kOptional, "thermal design power");
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
  BytesPerSecond bandwidth;  // per GPU, both directions together, as vendors quote it
  int64_t domain_size = 8;   // largest all-to-all domain the generation builds
  int64_t links_per_gpu = 0;
  Seconds latency;
  bool in_network_reduction = false;  // NVLink SHARP (NVLS)
};

template <class V>
void Describe(Link& l, V& v) {
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

// ---------------------------------------------------------------------------------------------
// Workloads

struct Moe {
  int64_t experts = 0;  // routed experts
  int64_t top_k = 0;
  int64_t shared_experts = 0;
  int64_t expert_ffn = 0;    // 0: the model's ffn
  int64_t dense_layers = 0;  // leading layers with a dense MLP
};

template <class V>
void Describe(Moe& m, V& v) {
  v.Field("experts", m.experts, kRequired | kPositive, "routed experts per MoE layer");
  v.Field("top_k", m.top_k, kRequired | kPositive, "routed experts each token visits");
  v.Field("shared_experts", m.shared_experts, kOptional, "experts every token visits");
  v.Field("expert_ffn", m.expert_ffn, kOptional, "FFN width of one expert; defaults to ffn");
  v.Field("dense_layers", m.dense_layers, kOptional,
          "leading layers with a dense MLP of width ffn");
}

// Multi-head latent attention (DeepSeek-V2/V3): low-rank query and key/value projections.
struct Mla {
  int64_t q_rank = 0;
  int64_t kv_rank = 0;
  int64_t rope_dim = 0;
  int64_t head_dim = 0;  // non-rotary query/key dimension per head
  int64_t v_head_dim = 0;
};

template <class V>
void Describe(Mla& m, V& v) {
  v.Field("q_rank", m.q_rank, kOptional, "query compression rank (0: uncompressed)");
  v.Field("kv_rank", m.kv_rank, kRequired | kPositive, "key/value compression rank");
  v.Field("rope_dim", m.rope_dim, kRequired | kPositive, "rotary dimension per head");
  v.Field("head_dim", m.head_dim, kRequired | kPositive, "non-rotary query/key dimension per head");
  v.Field("v_head_dim", m.v_head_dim, kRequired | kPositive, "value dimension per head");
}

struct Model : Entity {
  int64_t layers = 0;
  int64_t hidden = 0;
  int64_t ffn = 0;
  int64_t heads = 0;
  int64_t kv_heads = 0;  // 0: heads (multi-head attention)
  int64_t vocab = 0;
  bool tied_embeddings = false;
  Activation activation = Activation::swiglu;
  Norm norm = Norm::rmsnorm;
  double params = 0;  // published total, for cross-checking the count derived from the shape
  bool has_moe = false;
  Moe moe;
  bool has_mla = false;
  Mla mla;
};

template <class V>
void Describe(Model& m, V& v) {
  v.Field("layers", m.layers, kRequired | kPositive, "transformer blocks");
  v.Field("hidden", m.hidden, kRequired | kPositive, "model width h");
  v.Field("ffn", m.ffn, kRequired | kPositive, "MLP width (dense layers)");
  v.Field("heads", m.heads, kRequired | kPositive, "attention (query) heads");
  v.Field("kv_heads", m.kv_heads, kOptional, "key/value heads (GQA); defaults to heads");
  v.Field("vocab", m.vocab, kRequired | kPositive, "vocabulary size");
  v.Field("tied_embeddings", m.tied_embeddings, kOptional,
          "input embedding and output head share weights");
  v.Field("activation", m.activation, kOptional, "`swiglu` (three matrices), `gelu` or `relu`");
  v.Field("norm", m.norm, kOptional, "`rmsnorm` or `layernorm`");
  v.Field("params", m.params, kOptional,
          "published parameter count, cross-checked against the shape");
  v.Optional("moe", m.has_moe, m.moe, "mixture of experts: `moe { experts = 256; top_k = 8 }`");
  v.Optional("mla", m.has_mla, m.mla, "multi-head latent attention (DeepSeek)");
}

struct Parallel {
  int64_t tp = 1, pp = 1, dp = 1, ep = 1, cp = 1;
  int64_t vpp = 1;  // virtual pipeline stages per GPU (interleaved 1F1B when > 1)
  bool sequence_parallel = true;
  Schedule schedule = Schedule::one_f_one_b;
  int64_t first_stage_layers = 0, last_stage_layers = 0;  // 0: even split
  bool tp_comm_overlap = false, dp_overlap = true, ep_comm_overlap = false;
};

template <class V>
void Describe(Parallel& p, V& v) {
  v.Field("tp", p.tp, kPositive, "tensor-parallel degree");
  v.Field("pp", p.pp, kPositive, "pipeline-parallel stages");
  v.Field("dp", p.dp, kPositive, "data-parallel replicas");
  v.Field("ep", p.ep, kPositive, "expert-parallel degree (within data-parallel ranks)");
  v.Field("cp", p.cp, kPositive, "context-parallel degree");
  v.Field("vpp", p.vpp, kPositive, "virtual stages per pipeline rank (interleaved schedule)");
  v.Field("sequence_parallel", p.sequence_parallel, kOptional,
          "shard norm/dropout activations over the tensor-parallel group");
  v.Field("schedule", p.schedule, kOptional,
          "pipeline schedule: `one_f_one_b` (interleaved when vpp > 1), `zero_bubble` (ZB-H1) or "
          "`dualpipe` (DeepSeek-V3)");
  v.Field("first_stage_layers", p.first_stage_layers, kOptional,
          "layers on the first pipeline stage (uneven stages); the rest split evenly");
  v.Field("last_stage_layers", p.last_stage_layers, kOptional,
          "layers on the last pipeline stage (uneven stages); the rest split evenly");
  v.Field("tp_comm_overlap", p.tp_comm_overlap, kOptional,
          "overlap tensor-parallel communication with the GEMMs (Megatron --tp-comm-overlap)");
  v.Field("dp_overlap", p.dp_overlap, kOptional,
          "overlap data-parallel gradient reduction (and ZeRO gathers) with compute");
  v.Field("ep_comm_overlap", p.ep_comm_overlap, kOptional,
          "overlap the expert all-to-all with another micro-batch's compute (DualPipe)");
}

struct Batch {
  int64_t global = 0;  // sequences per optimizer step
  int64_t micro = 1;   // sequences per micro-batch
  int64_t seq_len = 0;
};

template <class V>
void Describe(Batch& b, V& v) {
  v.Field("global", b.global, kRequired | kPositive, "sequences per optimizer step");
  v.Field("micro", b.micro, kPositive, "sequences per micro-batch");
  v.Field("seq_len", b.seq_len, kRequired | kPositive, "tokens per sequence");
}

struct Optimizer {
  OptimizerKind kind = OptimizerKind::adam;
  Sharding sharding = Sharding::none;
};

template <class V>
void Describe(Optimizer& o, V& v) {
  v.Tag(o.kind);
  v.Field("sharding", o.sharding, kOptional, "`none`, `zero1`, `zero2`, `zero3` or `fsdp`");
}

struct Checkpoint {
  Seconds every;
  Bytes size;  // 0: derived from the model and optimizer states
};

template <class V>
void Describe(Checkpoint& c, V& v) {
  v.Field("every", c.every, kOptional, "checkpoint interval");
  v.Field("size", c.size, kOptional, "bytes written per checkpoint; derived when absent");
}

struct Plan : Entity {
  Ref<Model> model;
  Ref<Cluster> cluster;
  Ref<Node> on;  // the node group it runs on; none: the cluster's only GPU group
  Precision precision = Precision::bf16;
  Parallel parallel;
  Batch batch;
  Optimizer optimizer;
  Recompute recompute = Recompute::none;
  double tokens = 0;
  Checkpoint checkpoint;
  bool flash_attention = true;
  AttentionKernel attention_kernel = AttentionKernel::tuned;
  Bytes framework_reserve;
  double memory_headroom = 0.9;
  double mfu_target = 0;
};

template <class V>
void Describe(Plan& p, V& v) {
  v.Field("model", p.model, kRequired, "the model trained");
  v.Field("cluster", p.cluster, kRequired, "the cluster it runs on");
  v.Field("on", p.on, kOptional,
          "the node group it runs on, named by its node type (`on = hgx_a100`); defaults to the "
          "cluster's only group with GPUs");
  v.Field("precision", p.precision, kOptional, "`bf16`, `fp16`, `fp8` or `fp32` matmuls");
  v.Field("parallel", p.parallel, kOptional, "`parallel { tp = 8; pp = 8; dp = 16 }`");
  v.Field("batch", p.batch, kRequired, "`batch { global = 2048; micro = 1; seq_len = 8192 }`");
  v.Field("optimizer", p.optimizer, kOptional, "`adam { sharding = zero1 }`");
  v.Field("recompute", p.recompute, kOptional, "activation recompute: `none`, `selective`, `full`");
  v.Field("tokens", p.tokens, kOptional, "training tokens, e.g. `15 trillion`");
  v.Field("checkpoint", p.checkpoint, kOptional, "`checkpoint { every = 30 min }`");
  v.Field("flash_attention", p.flash_attention, kOptional,
          "attention does not store the s x s score matrix");
  v.Field("attention_kernel", p.attention_kernel, kOptional,
          "fused-attention kernel: `tuned` (the GPU's calibration), `flash2` (FlashAttention-2, "
          "which on Hopper reaches about half of a Hopper-specific kernel) or `flash1` "
          "(FlashAttention-1 or its Triton port, about half of FlashAttention-2's speed)");
  v.Field("framework_reserve", p.framework_reserve, kOptional,
          "memory per GPU held by the CUDA context, NCCL buffers and allocator fragmentation; "
          "defaults to analysis' documented reserve");
  v.Field("memory_headroom", p.memory_headroom, kFraction,
          "warn when a GPU's memory use exceeds this fraction of its capacity");
}

// Plans that run at the same time on one cluster: checked jointly for GPUs, whole scale-up
// domains, racks and power.
struct Jobs : Entity {
  RefSum<Plan> plans;
};

template <class V>
void Describe(Jobs& j, V& v) {
  v.Field("plans", j.plans, kRequired,
          "plans that run at the same time on one cluster: `pretrain + finetune`");
}

// ---------------------------------------------------------------------------------------------
// `sweep`: design alternatives `clusterc search` explores together with the plans. Each list
// field holds the alternatives written as `one_of(a, b, ...)` (or one value); an empty list keeps
// what the plan's cluster has. See docs/language.md ("sweep").

struct Sweep : Entity {
  Ref<Plan> plan;
  std::vector<Ref<Gpu>> gpus;
  std::vector<int64_t> nodes;
  std::vector<Ratio> oversubscription;
  std::vector<Watts> power_cap;
  Seconds max_training_time;
  Watts max_facility_power;
};

template <class V>
void Describe(Sweep& s, V& v) {
  v.Field("plan", s.plan, kRequired,
          "the plan whose model, batch, tokens and cluster the sweep varies");
  v.Field("gpu", s.gpus, kOptional, "GPU models to try in the cluster's nodes: `one_of(a, b)`");
  v.Field("nodes", s.nodes, kPositive, "node counts to try: `one_of(2_048, 3_072)`");
  v.Field("oversubscription", s.oversubscription, kOptional,
          "leaf oversubscription of the fabric to try: `one_of(1:1, 1:3)`");
  v.Field("power_cap", s.power_cap, kPositive,
          "GPU power caps to try: `one_of(700 W, 550 W)`; peak FLOP/s scale with cap / TDP");
  v.Field("max_training_time", s.max_training_time, kOptional,
          "only designs that train the plan's tokens within this time");
  v.Field("max_facility_power", s.max_facility_power, kOptional,
          "only designs whose facility power stays within this");
}

// ---------------------------------------------------------------------------------------------
// `require` statements. Declared values are folded to constants by the frontend; what remains
// are references to quantities analysis derives.

struct Expr {
  enum class Op : uint8_t {
    kConst,
    kDerived,
    kAdd,
    kSub,
    kMul,
    kDiv,
    kNeg,
    kMin,
    kMax,
    kCeil,
    kFloor,
    kLt,
    kLe,
    kGt,
    kGe,
    kEq,
    kNe,
  };
  Op op = Op::kConst;
  Quantity value;        // kConst
  Kind entity_kind{};    // kDerived
  uint32_t entity = 0;   // kDerived: index into the table of entity_kind
  uint16_t derived = 0;  // kDerived: index into the derived-quantity registry
  std::vector<Expr> args;
  SourceRange range;
};

struct Require {
  Expr condition;
  std::string message;
  SourceRange range;
};

// A `// clusterc: allow(code)` comment: suppresses `code` in [begin, end) of `file`.
struct Suppression {
  std::string code;
  SourceRange range;    // the region it covers
  SourceRange comment;  // where it was written
};

struct Program {
  std::vector<Gpu> gpus;
  std::vector<Cpu> cpus;
  std::vector<Nic> nics;
  std::vector<Switch> switches;
  std::vector<Link> links;
  std::vector<Cooling> coolings;
  std::vector<Node> nodes;
  std::vector<Fabric> fabrics;
  std::vector<Site> sites;
  std::vector<Cluster> clusters;
  std::vector<Model> models;
  std::vector<Plan> plans;
  std::vector<Jobs> jobs;
  std::vector<Sweep> sweeps;
  std::vector<Require> requires_;
  std::vector<Suppression> suppressions;
  uint32_t main_file = 0;  // the file the user named; its entities are the ones reported

  template <class T>
  const T& Get(Ref<T> r) const;
};

// The table holding entities of type T.
template <class T>
struct TableOf;
#define CLUSTERC_TABLE_(T, member, kind_value)                             \
  template <>                                                              \
  struct TableOf<T> {                                                      \
    static constexpr Kind kKind = kind_value;                              \
    static std::vector<T>& Of(Program& p) { return p.member; }             \
    static const std::vector<T>& Of(const Program& p) { return p.member; } \
  };
CLUSTERC_TABLE_(Gpu, gpus, Kind::gpu)
CLUSTERC_TABLE_(Cpu, cpus, Kind::cpu)
CLUSTERC_TABLE_(Nic, nics, Kind::nic)
CLUSTERC_TABLE_(Switch, switches, Kind::switch_)
CLUSTERC_TABLE_(Link, links, Kind::link)
CLUSTERC_TABLE_(Cooling, coolings, Kind::cooling)
CLUSTERC_TABLE_(Node, nodes, Kind::node)
CLUSTERC_TABLE_(Fabric, fabrics, Kind::fabric)
CLUSTERC_TABLE_(Site, sites, Kind::site)
CLUSTERC_TABLE_(Cluster, clusters, Kind::cluster)
CLUSTERC_TABLE_(Model, models, Kind::model)
CLUSTERC_TABLE_(Plan, plans, Kind::plan)
CLUSTERC_TABLE_(Jobs, jobs, Kind::jobs)
CLUSTERC_TABLE_(Sweep, sweeps, Kind::sweep)
#undef CLUSTERC_TABLE_

template <class T>
const T& Program::Get(Ref<T> r) const {
  return TableOf<T>::Of(*this)[r.index];
}

// Calls f(static_cast<T*>(nullptr)) for every entity type, in Kind order.
template <class F>
void ForEachEntityType(F&& f) {
  f(static_cast<Gpu*>(nullptr));
  f(static_cast<Cpu*>(nullptr));
  f(static_cast<Nic*>(nullptr));
  f(static_cast<Switch*>(nullptr));
  f(static_cast<Link*>(nullptr));
  f(static_cast<Cooling*>(nullptr));
  f(static_cast<Node*>(nullptr));
  f(static_cast<Fabric*>(nullptr));
  f(static_cast<Site*>(nullptr));
  f(static_cast<Cluster*>(nullptr));
  f(static_cast<Model*>(nullptr));
  f(static_cast<Plan*>(nullptr));
  f(static_cast<Jobs*>(nullptr));
  f(static_cast<Sweep*>(nullptr));
}

}  // namespace clusterc::ir
