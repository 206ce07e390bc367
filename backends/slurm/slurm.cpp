// The Slurm backend: slurm.conf, gres.conf, topology.conf (topology/tree), an optional
// topology-block.conf (topology/block, Slurm >= 24.05) and one sbatch script per lowered plan.
//
// Checked against the real slurmctld 22.05 by tests/integration/slurm_integration.sh; the syntax
// and the traps are in shared/domain/FORMATS.md ("Slurm"). Every number that analysis owns (node
// and switch counts, rails, pods, the plan's figures) comes from analysis::Results; what this file
// decides itself is naming, the assignment of nodes to leaf switches and of leaves to spines, and
// the defaults documented next to their constants below.
//
// Rails and leaves. Slurm's tree plugin wants every node under exactly one leaf switch. In a
// rail-optimised fat tree a node's NICs go to `rails` different leaves, one per rail, and each
// rail is its own switch plane (NVIDIA DGX SuperPOD reference architecture: rail i's leaves go to
// spine group i; DeepSeek's multi-plane fat tree: eight independent planes). The planes are
// identical, so Slurm is given one: every Slurm switch stands for the `rails` switches, one per
// plane, at the same position. `leafNNN` is a leaf group (the rail leaves serving the same
// nodes), `spineNNN` and `coreNNN` the spines and cores of the planes. Slurm's switch counts are
// analysis' leaf, spine and core counts divided by rails (rounded up when a tier does not divide;
// when the leaves do not divide by rails, nothing is grouped). Nodes fill the leaf groups in
// order, as many per group as one rail leaf has downlinks for. With two tiers every spine is above
// every leaf group; with three the leaf groups form pods (the spec's pod_size when it splits the
// fabric, else as many leaf groups as one spine has downlinks for), the spines are apportioned to
// the pods in proportion, and every core is above every spine. Fewer, grouped switches also keep
// slurmctld's start fast: its tree setup grows faster than linearly in switches (FORMATS.md).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "backends/emitters.h"
#include "backends/escape.h"

namespace clusterc::backends {

namespace {

// Slurm: "a hostlist range holds at most 65,536 hosts" (FORMATS.md); ranges are split below it.
constexpr int64_t kMaxHostsPerRange = 65536;

// Host CPUs when the spec's node has no `cpus`: a deliberately low floor, 2 sockets x 16 cores x
// 1 thread = 32 CPUs. slurmd on a node with more CPUs registers fine; one with fewer than
// configured would be drained, so the default must not be generous.
constexpr int64_t kDefaultSockets = 2;
constexpr int64_t kDefaultCoresPerSocket = 16;
constexpr int64_t kDefaultThreadsPerCore = 1;

// RealMemory leaves this much of the node's memory to the OS, the kernel's own reservations and
// slurmd: 5 % and at least 4 GiB. A node reporting less than RealMemory is drained.
constexpr double kOsReserveFraction = 0.05;
constexpr int64_t kOsReserveMinMiB = 4096;

constexpr const char* kPartition = "train";
constexpr int kMasterPort = 29500;

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A name usable as a host name prefix: lower case, letters, digits and '-'.
std::string HostSafe(const std::string& name) {
  std::string out;
  for (char c : Lower(name)) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out.empty() ? "node" : out;
}

int Digits(int64_t n) {
  int d = 1;
  while (n >= 10) n /= 10, ++d;
  return d;
}

int64_t CeilDiv(int64_t a, int64_t b) {
  return b > 0 ? (a + b - 1) / b : 0;
}

// "1,234,567" for comments.
std::string Thousands(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

// Names prefix<number>, numbered with a fixed width; Range(first, last) is a Slurm hostlist
// expression for the inclusive span, split so no bracket range exceeds kMaxHostsPerRange.
struct Names {
  std::string prefix;
  int width = 1;
  int64_t base = 0;  // number of index 0

  std::string One(int64_t i) const { return fmt::format("{}{:0{}}", prefix, base + i, width); }
  std::string Range(int64_t first, int64_t last) const {
    if (first == last) return One(first);
    std::string out = prefix + "[";
    for (int64_t lo = first; lo <= last; lo += kMaxHostsPerRange) {
      int64_t hi = std::min(last, lo + kMaxHostsPerRange - 1);
      if (lo != first) out += ',';
      if (lo == hi)
        out += fmt::format("{:0{}}", base + lo, width);
      else
        out += fmt::format("{:0{}}-{:0{}}", base + lo, width, base + hi, width);
    }
    return out + "]";
  }
};

// The GRES type of a GPU: its name lower-cased without form-factor and memory-size parts
// (H100_SXM5 -> h100, A100_80GB -> a100, TPU_v5p -> tpu_v5p).
std::string GresType(const std::string& gpu_name) {
  std::vector<std::string> parts;
  std::string part;
  for (char c : Lower(gpu_name) + "_") {
    if (c != '_') {
      part += c;
      continue;
    }
    bool form_factor = part.rfind("sxm", 0) == 0 || part == "pcie" || part == "nvl" ||
                       (part.size() > 2 && std::isdigit(static_cast<unsigned char>(part[0])) &&
                        part.compare(part.size() - 2, 2, "gb") == 0);
    if (!part.empty() && !(form_factor && !parts.empty())) parts.push_back(part);
    part.clear();
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "_") + p;
  return out.empty() ? "gpu" : out;
}

const char* FabricFeature(ir::FabricKind k) {
  switch (k) {
    case ir::FabricKind::infiniband_hdr:
      return "hdr";
    case ir::FabricKind::infiniband_ndr:
      return "ndr";
    case ir::FabricKind::infiniband_xdr:
      return "xdr";
    case ir::FabricKind::roce_v2:
      return "roce";
    case ir::FabricKind::ethernet:
      return "ethernet";
    case ir::FabricKind::ici:
      return "ici";
  }
  return "fabric";
}

// Device files of GPU i on a node, by vendor: NVIDIA /dev/nvidiaN, AMD /dev/dri/renderD(128+N),
// Google TPU /dev/accelN.
std::string DeviceFiles(const std::string& vendor, int64_t first, int64_t last) {
  std::string v = Lower(vendor);
  std::string prefix = "/dev/nvidia";
  int64_t base = 0;
  if (v == "amd") {
    prefix = "/dev/dri/renderD";
    base = 128;
  } else if (v == "google") {
    prefix = "/dev/accel";
  }
  if (first == last) return fmt::format("{}{}", prefix, base + first);
  return fmt::format("{}[{}-{}]", prefix, base + first, base + last);
}

// ---------------------------------------------------------------------------------------------
// What one cluster looks like to Slurm.

struct NodeShape {
  int64_t sockets = 0, cores = 0, threads = 0;
  bool cpus_from_spec = false;
  int64_t real_memory_mib = 0;  // 0: the spec gives no memory
  int64_t memory_mib = 0;
  int64_t gpus = 0;
  std::string gres_type, gpu_vendor;
  int64_t CPUs() const { return sockets * cores * threads; }
};

NodeShape Shape(const ir::Program& p, const ir::Node& node) {
  NodeShape s;
  const ir::Cpu* cpu = node.cpus.ref.Valid() ? &p.Get(node.cpus.ref) : nullptr;
  if (cpu && node.cpus.count > 0 && cpu->cores > 0) {
    s.sockets = node.cpus.count;
    s.cores = cpu->cores;
    s.threads = std::max<int64_t>(1, cpu->threads_per_core);
    s.cpus_from_spec = true;
  } else {
    s.sockets = kDefaultSockets;
    s.cores = kDefaultCoresPerSocket;
    s.threads = kDefaultThreadsPerCore;
  }
  if (node.memory.si > 0) {
    s.memory_mib = static_cast<int64_t>(node.memory.si / 1048576.0);
    int64_t reserve = std::max<int64_t>(
        kOsReserveMinMiB, static_cast<int64_t>(std::ceil(s.memory_mib * kOsReserveFraction)));
    s.real_memory_mib = std::max<int64_t>(1, s.memory_mib - reserve);
  }
  s.gpus = node.gpus.count;
  const ir::Gpu* gpu = node.gpus.ref.Valid() ? &p.Get(node.gpus.ref) : nullptr;
  s.gres_type = gpu ? GresType(gpu->name) : "gpu";
  s.gpu_vendor = gpu ? gpu->vendor : "";
  return s;
}

// The tree Slurm is given: leaf switches with their nodes, spines with their leaves, cores.
struct Tree {
  std::string comment;          // how the fabric was mapped, for topology.conf's header
  bool virtual_switch = false;  // no switches: one virtual switch above every node
  int64_t rails_per_leaf = 1;
  std::vector<int64_t> leaf_first;   // node index of each leaf's first node; size leaves + 1
  std::vector<int64_t> pod_first;    // leaf index of each pod's first leaf; size pods + 1
  std::vector<int64_t> spine_first;  // spine index of each pod's first spine; size pods + 1
  int64_t spines = 0, cores = 0;
  int64_t Leaves() const { return static_cast<int64_t>(leaf_first.size()) - 1; }
};

// Splits n items into `parts` contiguous runs of at most `per` (the last one shorter); when that
// leaves a run empty, balanced runs instead. Returns parts + 1 boundaries.
std::vector<int64_t> Split(int64_t n, int64_t parts, int64_t per) {
  std::vector<int64_t> first(static_cast<size_t>(parts) + 1);
  bool fill = per > 0 && per * parts >= n && per * (parts - 1) < n;
  for (int64_t i = 0; i <= parts; ++i)
    first[static_cast<size_t>(i)] = fill ? std::min(n, i * per) : i * n / parts;
  return first;
}

Tree MapFabric(const ir::Fabric* fabric, const analysis::ClusterResults& c) {
  Tree t;
  const analysis::FabricResults& f = c.fabric;
  int64_t n = c.nodes;
  if (!fabric || f.is_torus || f.leaf.switches <= 0) {
    t.leaf_first = {0, n};
    t.virtual_switch = true;
    t.comment = f.is_torus
                    ? "# The fabric is a torus (ICI): chips connect directly, with no switches.\n"
                      "# Slurm's tree plugin cannot describe a torus, so every node is under one\n"
                      "# virtual switch: any node reaches any other without crossing a switch.\n"
                    : "# The fabric gives no switch model, so analysis counts no switches: every\n"
                      "# node is under one virtual switch.\n";
    return t;
  }
  int64_t leaves = f.leaf.switches;
  if (f.rails > 1 && leaves % f.rails == 0) t.rails_per_leaf = f.rails;
  int64_t groups = std::min(leaves / t.rails_per_leaf, n);
  int64_t ports_per_node = n > 0 ? f.endpoints / n : 1;
  int64_t ports_per_rail = std::max<int64_t>(1, ports_per_node / t.rails_per_leaf);
  int64_t nodes_per_leaf = f.leaf_downlinks / ports_per_rail;
  t.leaf_first = Split(n, groups, nodes_per_leaf);

  if (t.rails_per_leaf > 1)
    t.comment = fmt::format(
        "# Rail-optimised fabric of {} rails, each its own switch plane: {} leaf, {} spine and {}\n"
        "# core switches in all. Slurm is given one plane: each switch below stands for {}, one\n"
        "# per rail; `leafNNN` is the leaf group serving its nodes on every rail.\n",
        f.rails, Thousands(leaves), Thousands(f.spine.switches), Thousands(f.core.switches),
        f.rails);
  t.comment += fmt::format("# {} leaf switches", Thousands(groups));
  if (t.rails_per_leaf > 1) t.comment += " (leaf groups)";
  t.comment += ", nodes in order";
  t.comment += f.tiers >= 2 && f.spine.switches > 0 ? ";\n" : ".\n";

  if (f.tiers >= 2 && f.spine.switches > 0) {
    t.spines = CeilDiv(f.spine.switches, t.rails_per_leaf);
    int64_t pods = 1;
    if (f.tiers >= 3) {
      // Leaf groups per pod: the spec's pod (pod_size GPUs) when it splits the fabric, else as
      // many as one spine reaches (its downlinks: radix less its uplinks to the cores).
      int64_t per_pod = 0;
      if (f.pods > 1 && c.gpus_per_node > 0) {
        int64_t pod_nodes = f.pod_gpus / c.gpus_per_node;
        per_pod = CeilDiv(pod_nodes, std::max<int64_t>(1, t.leaf_first[1] - t.leaf_first[0]));
      } else if (f.radix > 0) {
        per_pod = f.radix - f.core.cables / f.spine.switches;
      }
      if (per_pod > 0) pods = std::min(CeilDiv(groups, per_pod), t.spines);
      if (pods > 1) {
        t.pod_first.resize(static_cast<size_t>(pods) + 1);
        for (int64_t i = 0; i <= pods; ++i) t.pod_first[i] = std::min(groups, i * per_pod);
        t.pod_first[pods] = groups;
      }
    }
    if (pods <= 1) t.pod_first = {0, groups};
    // Spines in proportion to each pod's leaf groups.
    t.spine_first.resize(t.pod_first.size());
    for (size_t i = 0; i < t.pod_first.size(); ++i)
      t.spine_first[i] = t.spines * t.pod_first[i] / groups;
    bool empty = false;
    for (size_t i = 0; i + 1 < t.spine_first.size(); ++i)
      empty |= t.spine_first[i] == t.spine_first[i + 1] || t.pod_first[i] == t.pod_first[i + 1];
    if (empty) {
      t.pod_first = {0, groups};
      t.spine_first = {0, t.spines};
    }
    if (f.tiers >= 3) t.cores = CeilDiv(f.core.switches, t.rails_per_leaf);
    t.comment += fmt::format("# {} spine switches", Thousands(t.spines));
    if (t.pod_first.size() > 2)
      t.comment +=
          fmt::format(" in {} pods, each above its pod's leaf groups", t.pod_first.size() - 1);
    else
      t.comment += ", each above every leaf group";
    if (t.cores > 0)
      t.comment += fmt::format(";\n# {} core switches, each above every spine", Thousands(t.cores));
    t.comment += ".\n";
  }
  return t;
}

struct ClusterOut {
  uint32_t index = 0;
  std::string dir;  // "slurm/" or "slurm/<cluster>/"
  std::vector<uint32_t> plans;
};

std::string Header(const Context& ctx) {
  return fmt::format("# generated by clusterc from {}\n", escape::CommentText(ctx.spec_name));
}

// ---------------------------------------------------------------------------------------------
// slurm.conf

std::string SlurmConf(const Context& ctx, const ir::Cluster& cl, const ir::Node& node,
                      const analysis::ClusterResults& r, const NodeShape& s, const Names& hosts,
                      const ir::Fabric* fabric) {
  std::string o = Header(ctx);
  o += fmt::format(
      "# Cluster {}: {} nodes of {} ({} x {} GPUs), {} GPUs.\n"
      "# Site-specific keys (SlurmctldHost, ports, auth, state and spool directories, accounting)\n"
      "# are not generated: add them for your site.\n",
      cl.name, Thousands(r.nodes), node.name, s.gpus, s.gres_type, Thousands(r.gpus));
  o += fmt::format("ClusterName={}\n", Lower(cl.name));
  o += "GresTypes=gpu\n";
  o += "SelectType=select/cons_tres\n";
  o += "SelectTypeParameters=CR_Core_Memory\n";
  o += "TopologyPlugin=topology/tree\n";
  if (r.scale_up_domain > r.gpus_per_node && r.gpus_per_node > 0)
    o += "# topology-block.conf describes the scale-up domains for topology/block (Slurm >= "
         "24.05).\n";
  o += "\n";
  if (!s.cpus_from_spec)
    o += fmt::format(
        "# The spec gives no CPUs for {}: assumed {} sockets x {} cores x {} thread(s), a low "
        "floor\n"
        "# (a node with more CPUs registers; one with fewer than configured is drained).\n",
        node.name, s.sockets, s.cores, s.threads);
  if (s.real_memory_mib > 0)
    o += fmt::format(
        "# RealMemory: {} MiB of host memory less {} MiB (5 %, at least 4 GiB) for the OS.\n",
        Thousands(s.memory_mib), Thousands(s.memory_mib - s.real_memory_mib));
  else
    o += fmt::format(
        "# The spec gives no host memory for {}: RealMemory is left at Slurm's default.\n",
        node.name);
  std::string features = s.gres_type;
  if (fabric) features += std::string(",") + FabricFeature(fabric->kind);
  if (r.scale_up_domain > r.gpus_per_node && r.gpus_per_node > 0)
    features += fmt::format(",nvl{}", r.scale_up_domain);
  o += fmt::format("NodeName=DEFAULT CPUs={} Boards=1 SocketsPerBoard={} CoresPerSocket={} ",
                   s.CPUs(), s.sockets, s.cores);
  o += fmt::format("ThreadsPerCore={}", s.threads);
  if (s.real_memory_mib > 0) o += fmt::format(" RealMemory={}", s.real_memory_mib);
  if (s.gpus > 0) o += fmt::format(" Gres=gpu:{}:{}", s.gres_type, s.gpus);
  o += fmt::format(" Feature={} State=UNKNOWN\n", features);
  std::string all = hosts.Range(0, r.nodes - 1);
  o += fmt::format("NodeName={}\n", all);
  o += fmt::format(
      "PartitionName={} Nodes={} Default=YES MaxTime=INFINITE State=UP OverSubscribe=EXCLUSIVE\n",
      kPartition, all);
  return o;
}

// ---------------------------------------------------------------------------------------------
// gres.conf: GPUs split evenly over the sockets, each line with its socket's cores.

std::string GresConf(const Context& ctx, const analysis::ClusterResults& r, const NodeShape& s,
                     const Names& hosts) {
  std::string o = Header(ctx);
  if (s.gpus <= 0) return o;
  o += fmt::format(
      "# {} GPUs per node over {} socket(s); Cores= are the socket's cores in Slurm's numbering.\n",
      s.gpus, s.sockets);
  std::string all = hosts.Range(0, r.nodes - 1);
  for (int64_t socket = 0; socket < s.sockets; ++socket) {
    int64_t first = socket * s.gpus / s.sockets, last = (socket + 1) * s.gpus / s.sockets - 1;
    if (last < first) continue;
    int64_t core0 = socket * s.cores, core1 = (socket + 1) * s.cores - 1;
    o += fmt::format("NodeName={} Name=gpu Type={} File={} Cores={}-{}\n", all, s.gres_type,
                     DeviceFiles(s.gpu_vendor, first, last), core0, core1);
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// topology.conf (topology/tree) and topology-block.conf (topology/block)

std::string TopologyConf(const Context& ctx, const analysis::ClusterResults& r, const Tree& t,
                         const Names& hosts) {
  std::string o = Header(ctx);
  o += "# topology/tree: every node under exactly one leaf switch.\n";
  o += t.comment;
  int64_t leaves = t.Leaves();
  if (t.virtual_switch) {
    o += fmt::format("SwitchName={} Nodes={}\n", r.fabric.is_torus ? "ici0" : "fabric0",
                     hosts.Range(0, r.nodes - 1));
    return o;
  }
  Names leaf{"leaf", Digits(std::max<int64_t>(1, leaves - 1))};
  Names spine{"spine", Digits(std::max<int64_t>(1, t.spines - 1))};
  Names core{"core", Digits(std::max<int64_t>(1, t.cores - 1))};
  for (int64_t i = 0; i < leaves; ++i) {
    int64_t a = t.leaf_first[i], b = t.leaf_first[i + 1];
    if (a < b) o += fmt::format("SwitchName={} Nodes={}\n", leaf.One(i), hosts.Range(a, b - 1));
  }
  for (size_t pod = 0; pod + 1 < t.spine_first.size(); ++pod) {
    std::string below = leaf.Range(t.pod_first[pod], t.pod_first[pod + 1] - 1);
    for (int64_t i = t.spine_first[pod]; i < t.spine_first[pod + 1]; ++i)
      o += fmt::format("SwitchName={} Switches={}\n", spine.One(i), below);
  }
  if (t.cores > 0) {
    std::string below = spine.Range(0, t.spines - 1);
    for (int64_t i = 0; i < t.cores; ++i)
      o += fmt::format("SwitchName={} Switches={}\n", core.One(i), below);
  }
  return o;
}

std::string TopologyBlockConf(const Context& ctx, const analysis::ClusterResults& r,
                              const Names& hosts) {
  int64_t per_block = r.scale_up_domain / r.gpus_per_node;
  int64_t blocks = CeilDiv(r.nodes, per_block);
  std::string o = Header(ctx);
  o += fmt::format(
      "# topology/block: one block per scale-up domain of {} GPUs ({} nodes of {} GPUs).\n"
      "# NEEDS Slurm >= 24.05: to use it, set TopologyPlugin=topology/block in slurm.conf and\n"
      "# install this file as topology.conf in place of the tree.\n",
      r.scale_up_domain, per_block, r.gpus_per_node);
  Names block{"block", Digits(std::max<int64_t>(1, blocks - 1))};
  for (int64_t i = 0; i < blocks; ++i)
    o += fmt::format("BlockName={} Nodes={}\n", block.One(i),
                     hosts.Range(i * per_block, std::min(r.nodes, (i + 1) * per_block) - 1));
  o += fmt::format("BlockSizes={}\n", per_block);
  return o;
}

// ---------------------------------------------------------------------------------------------
// sbatch: the plan's job, launched with torchrun and Megatron-LM's pretrain_gpt.py.

struct Args {
  std::string text;
  void Section(const std::string& comment) { text += "  # " + comment + "\n"; }
  void Add(const std::string& flag) { text += "  " + flag + "\n"; }
  template <class T>
  void Add(const std::string& flag, const T& value) {
    text += fmt::format("  {} {}\n", flag, value);
  }
};

const char* ShardingComment(ir::Sharding s) {
  switch (s) {
    case ir::Sharding::zero1:
      return "ZeRO-1: optimizer states sharded over data-parallel ranks";
    case ir::Sharding::zero2:
      return "ZeRO-2: Megatron's distributed optimizer shards optimizer states and "
             "reduce-scatters gradients";
    case ir::Sharding::zero3:
    case ir::Sharding::fsdp:
      return "ZeRO-3/FSDP: parameters, gradients and optimizer states sharded (Megatron-FSDP)";
    case ir::Sharding::none:
      break;
  }
  return "";
}

std::string Sbatch(const Context& ctx, const ClusterOut& co, uint32_t plan_index,
                   const NodeShape& s, const std::string& nccl_env) {
  const ir::Plan& plan = ctx.program.plans[plan_index];
  const ir::Cluster& cl = ctx.program.clusters[co.index];
  const analysis::ClusterResults& cr = ctx.results.clusters[co.index];
  const analysis::PlanInputs& in = ctx.results.plan_inputs[plan_index];
  const analysis::PlanResults& pr = ctx.results.plans[plan_index];
  int64_t gpn = cr.gpus_per_node;
  int64_t gpus = pr.gpus > 0 ? pr.gpus : in.tp * in.pp * in.dp * in.cp;
  int64_t nodes = gpn > 0 ? CeilDiv(gpus, gpn) : 0;
  int64_t procs = gpn > 0 ? std::min(gpn, gpus) : 1;

  std::string o = "#!/bin/bash\n";
  o += Header(ctx);
  o += fmt::format("# Plan {}: {} on cluster {}, {} GPUs on {} nodes.\n", plan.name,
                   ctx.program.models[plan.model.index].name, cl.name, Thousands(gpus),
                   Thousands(nodes));
  o += fmt::format("# tp {} x pp {} x cp {} x dp {}", in.tp, in.pp, in.cp, in.dp);
  if (in.ep > 1) o += fmt::format(", ep {} within dp", in.ep);
  if (in.vpp > 1) o += fmt::format(", {} virtual stages per pipeline rank", in.vpp);
  o += ".\n";
  if (pr.valid && pr.step_time > 0)
    o += fmt::format("# Analysis: step {:.2f} s, MFU {:.1f} %, {:.1f} GiB per GPU (most loaded).\n",
                     pr.step_time, 100 * pr.mfu, pr.memory.Total() / 1073741824.0);
  o += "# Submit from this directory (sbatch " + plan.name +
       ".sbatch): the NCCL environment is read\n# relative to it. MEGATRON (default "
       "/opt/Megatron-LM), DATA_PATH and CHECKPOINT_DIR are read\n# from the environment.\n";
  if (!s.gpu_vendor.empty() && Lower(s.gpu_vendor) != "nvidia")
    o += fmt::format(
        "# NOTE: Megatron-LM and torchrun assume NVIDIA GPUs; on {} accelerators run the same\n"
        "# degrees and batch with that platform's launcher (e.g. MaxText on TPUs).\n",
        escape::CommentText(s.gpu_vendor));
  o += fmt::format("#SBATCH --job-name={}\n", plan.name);
  o += fmt::format("#SBATCH --partition={}\n", kPartition);
  o += fmt::format("#SBATCH --nodes={}\n", nodes);
  o += fmt::format("#SBATCH --gpus-per-node={}\n", gpn);
  o += "#SBATCH --ntasks-per-node=1\n";
  o += fmt::format("#SBATCH --cpus-per-task={}\n", s.CPUs());
  o += "#SBATCH --exclusive\n";
  o += "#SBATCH --output=%x-%j.out\n";
  o += "\nset -euo pipefail\n\n";
  o += "# NCCL settings for this cluster, from clusterc's NCCL backend.\n";
  o += fmt::format("set -a\nsource {}\nset +a\n\n", nccl_env);
  o += "MEGATRON=${MEGATRON:-/opt/Megatron-LM}\n";
  o += "MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n";
  o += fmt::format("MASTER_PORT={}\n\n", kMasterPort);

  Args a;
  a.Section("parallelism: tp x pp x cp x dp = " + Thousands(gpus) + " GPUs");
  a.Add("--tensor-model-parallel-size", in.tp);
  a.Add("--pipeline-model-parallel-size", in.pp);
  a.Add("--context-parallel-size", in.cp);
  if (in.moe || in.ep > 1) a.Add("--expert-model-parallel-size", in.ep);
  if (in.sequence_parallel && in.tp > 1) a.Add("--sequence-parallel");
  bool even = in.pp > 0 && in.layers % in.pp == 0;
  if (!even && in.pp > 1) {
    // Uneven split: the middle stages take ceil(layers / pp), first and last share the rest.
    int64_t middle = CeilDiv(in.layers, in.pp);
    int64_t rest = in.layers - (in.pp - 2) * middle;
    if (rest >= 2) {
      a.Section(
          fmt::format("{} layers over {} stages: {} per middle stage", in.layers, in.pp, middle));
      a.Add("--decoder-first-pipeline-num-layers", rest / 2);
      a.Add("--decoder-last-pipeline-num-layers", rest - rest / 2);
    }
  }
  if (in.vpp > 1) {
    if (even && in.layers % (in.pp * in.vpp) == 0)
      a.Add("--num-layers-per-virtual-pipeline-stage", in.layers / (in.pp * in.vpp));
    else
      a.Section(
          fmt::format("vpp {} left out: {} layers do not split evenly over it", in.vpp, in.layers));
  }

  a.Section("batch");
  a.Add("--micro-batch-size", in.micro_batch);
  a.Add("--global-batch-size", in.global_batch);
  a.Add("--seq-length", in.seq_len);
  a.Add("--max-position-embeddings", in.seq_len);
  if (in.tokens > 0 && in.seq_len > 0) {
    auto samples = static_cast<int64_t>(std::ceil(in.tokens / static_cast<double>(in.seq_len)));
    a.Section(fmt::format("{} tokens / {} tokens per sample",
                          Thousands(static_cast<int64_t>(std::llround(in.tokens))),
                          Thousands(in.seq_len)));
    a.Add("--train-samples", samples);
  } else {
    a.Section("the plan gives no token budget");
    a.Add("--train-iters", "\"${TRAIN_ITERS:?set TRAIN_ITERS}\"");
  }

  a.Section("model: " + ctx.program.models[plan.model.index].name);
  a.Add("--num-layers", in.layers);
  a.Add("--hidden-size", in.hidden);
  a.Add("--ffn-hidden-size", in.ffn);
  a.Add("--num-attention-heads", in.heads);
  if (in.kv_heads > 0 && in.kv_heads < in.heads) {
    a.Add("--group-query-attention");
    a.Add("--num-query-groups", in.kv_heads);
  }
  if (in.mla) {
    a.Add("--multi-latent-attention");
    if (in.q_rank > 0) a.Add("--q-lora-rank", in.q_rank);
    a.Add("--kv-lora-rank", in.kv_rank);
    a.Add("--qk-head-dim", in.head_dim);
    a.Add("--qk-pos-emb-head-dim", in.rope_dim);
    a.Add("--v-head-dim", in.v_head_dim);
  }
  if (in.swiglu) a.Add("--swiglu");
  if (in.layernorm) {
    a.Add("--normalization", "LayerNorm");
  } else {
    a.Add("--normalization", "RMSNorm");
    a.Add("--position-embedding-type", "rope");
    a.Add("--disable-bias-linear");
  }
  if (!in.tied_embeddings) a.Add("--untie-embeddings-and-output-weights");
  if (in.moe) {
    a.Add("--num-experts", in.experts);
    a.Add("--moe-router-topk", in.top_k);
    if (in.expert_ffn > 0) a.Add("--moe-ffn-hidden-size", in.expert_ffn);
    if (in.shared_experts > 0)
      a.Add("--moe-shared-expert-intermediate-size",
            in.shared_experts * (in.expert_ffn > 0 ? in.expert_ffn : in.ffn));
    if (in.dense_layers > 0)
      a.Add("--moe-layer-freq",
            fmt::format("'[0]*{}+[1]*{}'", in.dense_layers, in.layers - in.dense_layers));
  }
  a.Add("--tokenizer-type", "NullTokenizer");
  a.Add("--vocab-size", in.vocab);

  a.Section("memory and precision");
  if (in.recompute == ir::Recompute::selective) {
    a.Add("--recompute-granularity", "selective");
  } else if (in.recompute == ir::Recompute::full) {
    a.Add("--recompute-granularity", "full");
    a.Add("--recompute-method", "uniform");
    a.Add("--recompute-num-layers", 1);
  }
  if (in.sharding != ir::Sharding::none) a.Section(ShardingComment(in.sharding));
  if (in.sharding == ir::Sharding::zero1 || in.sharding == ir::Sharding::zero2) {
    a.Add("--use-distributed-optimizer");
  } else if (in.sharding == ir::Sharding::zero3 || in.sharding == ir::Sharding::fsdp) {
    a.Add("--use-megatron-fsdp");
    a.Add("--data-parallel-sharding-strategy", "optim_grads_params");
    a.Add("--use-distributed-optimizer");
  }
  switch (in.precision) {
    case ir::Precision::bf16:
      a.Add("--bf16");
      break;
    case ir::Precision::fp16:
      a.Add("--fp16");
      break;
    case ir::Precision::fp8:
      a.Add("--bf16");
      a.Add("--fp8-format", "hybrid");
      break;
    case ir::Precision::fp32:
      break;
  }
  if (pr.valid && pr.checkpoint_interval > 0 && pr.step_time > 0) {
    auto every = std::max<int64_t>(1, std::llround(pr.checkpoint_interval / pr.step_time));
    a.Section(fmt::format("checkpoint every {:.0f} s = {} steps of {:.2f} s",
                          pr.checkpoint_interval, every, pr.step_time));
    a.Add("--save", fmt::format("\"${{CHECKPOINT_DIR:-checkpoints/{}}}\"", plan.name));
    a.Add("--save-interval", every);
  }

  o += "ARGS=(\n" + a.text + ")\n";
  o += "if [[ -n \"${DATA_PATH:-}\" ]]; then ARGS+=(--data-path \"$DATA_PATH\"); "
       "else ARGS+=(--mock-data); fi\n\n";
  o += "srun --kill-on-bad-exit=1 torchrun \\\n";
  o += fmt::format("  --nnodes=\"$SLURM_NNODES\" --nproc-per-node={} \\\n", procs);
  o += "  --rdzv-id=\"$SLURM_JOB_ID\" --rdzv-backend=c10d "
       "--rdzv-endpoint=\"$MASTER_ADDR:$MASTER_PORT\" \\\n";
  o += "  \"$MEGATRON/pretrain_gpt.py\" \"${ARGS[@]}\"\n";
  return o;
}

}  // namespace

void EmitSlurm(const Context& ctx, OutputTree& out) {
  const ir::Program& p = ctx.program;
  // The clusters the lowered plans run on; without plans, the main file's clusters.
  std::vector<ClusterOut> clusters;
  auto find = [&](uint32_t index) -> ClusterOut& {
    for (auto& c : clusters)
      if (c.index == index) return c;
    clusters.push_back({index, "", {}});
    return clusters.back();
  };
  for (uint32_t pi : ctx.plans) {
    const ir::Plan& plan = p.plans[pi];
    if (plan.cluster.Valid() && plan.cluster.index < p.clusters.size())
      find(plan.cluster.index).plans.push_back(pi);
  }
  if (clusters.empty())
    for (uint32_t i = 0; i < p.clusters.size(); ++i)
      if (p.clusters[i].range.file == p.main_file) find(i);
  std::sort(clusters.begin(), clusters.end(),
            [](const ClusterOut& a, const ClusterOut& b) { return a.index < b.index; });
  std::string nccl_env = clusters.size() == 1 ? "../nccl/nccl.env" : "../../nccl/nccl.env";

  for (auto& co : clusters) {
    const ir::Cluster& cl = p.clusters[co.index];
    if (co.index >= ctx.results.clusters.size() || !cl.nodes.ref.Valid()) continue;
    const analysis::ClusterResults& r = ctx.results.clusters[co.index];
    if (!r.valid || r.nodes <= 0) continue;
    co.dir = clusters.size() == 1 ? "slurm/" : "slurm/" + cl.name + "/";
    const ir::Node& node = p.Get(cl.nodes.ref);
    const ir::Fabric* fabric = cl.fabric.Valid() ? &p.Get(cl.fabric) : nullptr;
    NodeShape shape = Shape(p, node);
    Names hosts{HostSafe(cl.name) + "-", Digits(r.nodes), 1};
    Tree tree = MapFabric(fabric, r);

    out.Write(co.dir + "slurm.conf", SlurmConf(ctx, cl, node, r, shape, hosts, fabric));
    out.Write(co.dir + "gres.conf", GresConf(ctx, r, shape, hosts));
    out.Write(co.dir + "topology.conf", TopologyConf(ctx, r, tree, hosts));
    if (r.gpus_per_node > 0 && r.scale_up_domain > r.gpus_per_node)
      out.Write(co.dir + "topology-block.conf", TopologyBlockConf(ctx, r, hosts));
    for (uint32_t pi : co.plans)
      out.Write(co.dir + p.plans[pi].name + ".sbatch", Sbatch(ctx, co, pi, shape, nccl_env));
  }
}

}  // namespace clusterc::backends
