// The Slurm backend: slurm.conf, cgroup.conf, gres.conf, topology.conf and one sbatch script per
// lowered plan (sbatch.cpp), for the Slurm release the cluster targets (`slurm_version`, or
// `build --slurm-version`; default 22.05, Debian 12's). Where NVLink domains span nodes (NVL72),
// the blocks of topology/block are written too: as topology.conf with TopologyPlugin=topology/block
// from 24.05, else beside the tree as topology-block.conf. Every key newer than 22.05 is written
// only when targeted, and says which release it needs. docs/deploy.md gives, per file, where it
// goes, what the site adds, and why each setting is there.
//
// Checked against the real slurmctld 22.05 by tests/integration/slurm_integration.sh (the files
// load, and sbatch --test-only accepts every script); the syntax and the traps are in
// shared/domain/FORMATS.md ("Slurm"). Every number that analysis owns (node, spare and switch
// counts, rails, pods, the plan's figures) comes from analysis::Results; what this file decides
// itself is naming, the assignment of nodes to leaf switches and of leaves to spines, and the
// defaults documented next to their constants below. Host facts a file needs and the spec lacks
// (CPUs, memory) are reported as `deploy.host-facts-missing` warnings.
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
#include "backends/slurm/slurm_parts.h"
#include "ir/checked.h"

namespace clusterc::backends {

namespace slurm {

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
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

std::string SlurmVersion::Text() const {
  return fmt::format("{}.{:02}", major, minor);
}

bool ParseSlurmVersion(const std::string& text, SlurmVersion& out) {
  int parts[3] = {-1, -1, 0};
  size_t i = 0;
  for (int k = 0; k < 3 && i < text.size(); ++k) {
    size_t begin = i;
    int value = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i - begin < 4)
      value = value * 10 + (text[i++] - '0');
    if (i == begin) return false;
    parts[k] = value;
    if (i < text.size() && (text[i] != '.' || k == 2)) return false;
    if (i < text.size()) ++i;
  }
  if (i != text.size() || parts[1] < 1 || parts[1] > 12 || parts[0] < 20 || parts[0] > 99 ||
      (text.back() == '.'))
    return false;
  out = {parts[0], parts[1]};
  return true;
}

bool NodeShape::Amd() const {
  return Lower(gpu_vendor) == "amd";
}
bool NodeShape::Nvidia() const {
  return Lower(gpu_vendor) == "nvidia";
}

std::string Names::One(int64_t i) const {
  return fmt::format("{}{:0{}}", prefix, base + i, width);
}

std::string Names::Range(int64_t first, int64_t last) const {
  // Slurm: "a hostlist range holds at most 65,536 hosts" (FORMATS.md); ranges are split below it.
  constexpr int64_t kMaxHostsPerRange = 65536;
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

}  // namespace slurm

namespace {

using namespace slurm;

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

// The debug partition: short jobs on few nodes, scheduled ahead of training jobs (PriorityTier)
// so a developer waits minutes, not until a training job ends.
constexpr const char* kDebugMaxTime = "00:30:00";
constexpr const char* kDebugDefaultTime = "00:10:00";
constexpr int64_t kDebugMaxNodes = 16;
// Node weights: Slurm allocates the lowest weight first; spares come last.
constexpr int kNodeWeight = 1;
constexpr int kSpareWeight = 1000;

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
    s.memory_mib = ir::SaturatingInt64(node.memory.si / 1048576.0);
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
  int64_t mids = 0;  // a 4-tier Clos's super-spines, between the spines and the cores
  // Switch names by level: a dragonfly's leaves are its groups and its one top switch the
  // global channels.
  std::string leaf_name = "leaf", spine_name = "spine", mid_name = "superspine", core_name = "core";
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
  if (f.is_dragonfly) {
    // Kim et al. 2008: the routers of a group are joined all-to-all, so a group is one hop
    // wherever its nodes sit; Slurm gets each group as a leaf and one switch for the global
    // channels above them.
    const analysis::DragonflyShape& d = f.dragonfly;
    int64_t ports_per_node = n > 0 ? std::max<int64_t>(1, f.endpoints / n) : 1;
    int64_t groups = std::max<int64_t>(1, std::min(d.groups, n));
    t.leaf_first = Split(n, groups, d.a * d.p / ports_per_node);
    t.leaf_name = "group";
    t.spine_name = "global";
    t.spines = 1;
    t.pod_first = {0, groups};
    t.spine_first = {0, 1};
    t.comment = fmt::format(
        "# Dragonfly of {} groups, {} routers each (p = {}, a = {}, h = {}): {} routers in all.\n"
        "# Each `groupNNN` is one group (its routers are joined all-to-all, one hop apart), with\n"
        "# its nodes in order; `global0` stands for the global channels joining the groups.\n",
        Thousands(d.groups), d.a, d.p, d.a, d.h, Thousands(f.leaf.switches));
    return t;
  }
  int64_t leaves = f.leaf.switches;
  if (f.rails > 1 && leaves % f.rails == 0) t.rails_per_leaf = f.rails;
  // Parallel planes are copies of one plane's tree (their counts are multiplied by `planes`).
  const int64_t copies = t.rails_per_leaf * std::max<int64_t>(1, f.planes);
  int64_t groups = std::min(std::max<int64_t>(1, leaves / copies), n);
  int64_t ports_per_node = n > 0 ? f.endpoints / n : 1;
  int64_t ports_per_rail = std::max<int64_t>(1, ports_per_node / t.rails_per_leaf);
  int64_t nodes_per_leaf = f.leaf_downlinks / ports_per_rail;
  t.leaf_first = Split(n, groups, nodes_per_leaf);

  if (t.rails_per_leaf > 1)
    t.comment = fmt::format(
        "# {} fabric of {} rails, each its own switch plane: {} leaf, {} spine{} and {}\n"
        "# core switches in all. Slurm is given one plane: each switch below stands for {}, one\n"
        "# per rail; `leafNNN` is the leaf group serving its nodes on every rail.\n",
        f.rail_only ? "Rail-only" : "Rail-optimised", f.rails, Thousands(leaves),
        Thousands(f.spine.switches),
        f.mid.switches > 0 ? fmt::format(", {} super-spine", Thousands(f.mid.switches)) : "",
        Thousands(f.core.switches), f.rails);
  if (f.rail_only)
    t.comment += "# Rail-only: no switch joins the rails; traffic between rails crosses NVLink.\n";
  if (f.planes > 1)
    t.comment += fmt::format(
        "# {} parallel planes, each a copy of the tree below: Slurm is given one plane.\n",
        f.planes);
  t.comment += fmt::format("# {} leaf switches", Thousands(groups));
  if (t.rails_per_leaf > 1) t.comment += " (leaf groups)";
  t.comment += ", nodes in order";
  t.comment += f.tiers >= 2 && f.spine.switches > 0 ? ";\n" : ".\n";

  if (f.tiers >= 2 && f.spine.switches > 0) {
    t.spines = CeilDiv(f.spine.switches, copies);
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
    if (f.tiers >= 3) t.cores = CeilDiv(f.core.switches, copies);
    if (f.tiers >= 4) t.mids = CeilDiv(f.mid.switches, copies);
    t.comment += fmt::format("# {} spine switches", Thousands(t.spines));
    if (t.pod_first.size() > 2)
      t.comment +=
          fmt::format(" in {} pods, each above its pod's leaf groups", t.pod_first.size() - 1);
    else
      t.comment += ", each above every leaf group";
    if (t.mids > 0)
      t.comment += fmt::format(";\n# {} super-spine switches (4-tier Clos), each above every spine",
                               Thousands(t.mids));
    if (t.cores > 0)
      t.comment += fmt::format(";\n# {} core switches, each above every {}", Thousands(t.cores),
                               t.mids > 0 ? "super-spine" : "spine");
    t.comment += ".\n";
  }
  return t;
}

std::string Header(const Context& ctx) {
  return fmt::format("# generated by clusterc from {}\n", escape::CommentText(ctx.spec_name));
}

// GPU i's socket: GPUs spread evenly over the PCIe switches, switches over the sockets, in PCI
// order (without switches, GPUs over the sockets directly): the HGX/OAM baseboard layout, and
// the nominal layout of the NCCL backend's topology file.
int64_t SocketOfGpu(int64_t gpu, int64_t gpus, int64_t sockets, int64_t pcie_switches) {
  if (gpus <= 0 || sockets <= 0) return 0;
  if (pcie_switches <= 0) return gpu * sockets / gpus;
  int64_t sw = gpu * pcie_switches / gpus;
  return sw * sockets / pcie_switches;
}

// ---------------------------------------------------------------------------------------------
// slurm.conf

struct Conf {
  std::string text;
  void Key(const std::string& key, const std::string& value, const std::string& why) {
    text += "# " + why + "\n" + key + "=" + value + "\n";
  }
};

// The node and partition sections of a cluster of several node groups: per group a NodeName
// line (GPU gres only where the group has GPUs) and a partition named after its node type; the
// first GPU group's partition is the default, and its nodes also form the debug partition.
std::string MixedNodes(const Context& ctx, const ir::Cluster& cl, const analysis::ClusterResults& r,
                       const ClusterJob& job, const Names& hosts, const ir::Fabric* fabric) {
  const ir::Program& p = ctx.program;
  std::string o = "\n# ---- nodes: one line per node group\nNodeName=DEFAULT State=UNKNOWN\n";
  std::string spares, partitions;
  for (size_t g = 0; g < r.groups.size() && g < cl.nodes.Groups(); ++g) {
    const analysis::GroupResults& gr = r.groups[g];
    const ir::Node& node = p.nodes[gr.node];
    const NodeShape& s = job.group_shapes[g];
    int64_t first = job.group_first[g], last = job.group_first[g + 1] - 1;
    int64_t usable = std::clamp<int64_t>(gr.nodes - gr.spare_nodes, 1, gr.nodes);
    o += fmt::format("# {}: {} nodes, {}", node.name, Thousands(gr.nodes),
                     s.gpus > 0 ? fmt::format("{} x {} GPUs each", s.gpus, s.gres_type)
                                : std::string("no GPUs (CPU-only)"));
    if (!s.cpus_from_spec)
      o += fmt::format("; no CPUs in the spec: {} sockets x {} cores x {} thread(s) assumed",
                       s.sockets, s.cores, s.threads);
    if (s.real_memory_mib <= 0) o += "; no host memory in the spec: RealMemory left at 1 MiB";
    o += ".\n";
    std::string features = s.gpus > 0 ? s.gres_type : std::string("cpu");
    if (fabric) features += std::string(",") + FabricFeature(fabric->kind);
    std::string attrs = fmt::format(
        "CPUs={} Boards=1 SocketsPerBoard={} CoresPerSocket={} "
        "ThreadsPerCore={}",
        s.CPUs(), s.sockets, s.cores, s.threads);
    if (s.real_memory_mib > 0) attrs += fmt::format(" RealMemory={}", s.real_memory_mib);
    if (s.gpus > 0) attrs += fmt::format(" Gres=gpu:{}:{}", s.gres_type, s.gpus);
    std::string in_service = hosts.Range(first, first + usable - 1);
    o += fmt::format("NodeName={} {} Feature={} Weight={}\n", in_service, attrs, features,
                     kNodeWeight);
    if (usable < gr.nodes) {
      std::string spare = hosts.Range(first + usable, last);
      o += fmt::format("NodeName={} {} Feature={},spare Weight={}\n", spare, attrs, features,
                       kSpareWeight);
      spares += (spares.empty() ? "" : ",") + spare;
    }
    bool is_default = g == r.primary_group;
    partitions += fmt::format(
        "PartitionName={} Nodes={}{} MaxTime=INFINITE State=UP "
        "OverSubscribe=EXCLUSIVE PriorityJobFactor=1",
        job.partitions[g], in_service, is_default ? " Default=YES" : "");
    if (s.gpus > 0) {
      partitions += fmt::format(" DefCpuPerGPU={}", std::max<int64_t>(1, s.CPUs() / s.gpus));
      if (s.real_memory_mib > 0)
        partitions += fmt::format(" DefMemPerGPU={}", s.real_memory_mib / s.gpus);
    }
    partitions += "\n";
    if (is_default)
      partitions += fmt::format(
          "PartitionName={} Nodes={} MaxTime={} DefaultTime={} MaxNodes={} PriorityTier=2 "
          "PriorityJobFactor=10 State=UP OverSubscribe=EXCLUSIVE\n",
          kDebugPartition, in_service, kDebugMaxTime, kDebugDefaultTime,
          std::min(usable, kDebugMaxNodes));
  }
  o += "\n# ---- partitions: one per node group, named after its node type; plans name theirs\n"
       "# with `on` and their sbatch asks for it. debug: short jobs on the default group.\n";
  o += partitions;
  if (!spares.empty())
    o += "# spare: holds the spares so they have a partition; INACTIVE schedules nothing.\n" +
         fmt::format(
             "PartitionName=spare Nodes={} Hidden=YES State=INACTIVE "
             "OverSubscribe=EXCLUSIVE\n",
             spares);
  return o;
}

std::string SlurmConf(const Context& ctx, const ir::Cluster& cl, const ir::Node& node,
                      const analysis::ClusterResults& r, const ClusterJob& job, const Names& hosts,
                      const ir::Fabric* fabric, const Tree& tree) {
  const NodeShape& s = job.shape;
  std::string o = Header(ctx);
  if (job.mixed)
    o += fmt::format("# Cluster {}: {} nodes in {} node groups, {} GPUs; targets Slurm {}.\n",
                     cl.name, Thousands(r.nodes), r.groups.size(), Thousands(r.gpus),
                     job.version.Text());
  else
    o += fmt::format("# Cluster {}: {} nodes of {} ({} x {} GPUs), {} GPUs; targets Slurm {}.\n",
                     cl.name, Thousands(r.nodes), node.name, s.gpus, s.gres_type, Thousands(r.gpus),
                     job.version.Text());
  o += fmt::format(
      "# Install as /etc/slurm/slurm.conf on the controller and every node (docs/deploy.md).\n"
      "# Site-specific keys (SlurmctldHost, ports, AuthType, SlurmUser, state and spool\n"
      "# directories, log files, accounting) are not generated: add them for your site.\n"
      "# Keys that need a Slurm newer than 22.05 say so; they are written only when targeted.\n");
  Conf c;
  c.text += fmt::format("ClusterName={}\n", Lower(cl.name));
  c.text += "\n# ---- resources and scheduling\n";
  c.Key("GresTypes", "gpu", "GPUs as generic resources (without it Gres=gpu:... is dropped)");
  c.Key("SelectType", "select/cons_tres", "allocate cores, memory and GPUs individually");
  c.Key("SelectTypeParameters", "CR_Core_Memory",
        "cores and memory are consumable: jobs get the memory they ask for, no more");
  c.Key("PriorityType", "priority/multifactor",
        "order the queue by age, size, partition and (with accounting) fair share");
  c.Key("PriorityWeightPartition", "10000", "the debug partition's PriorityJobFactor counts");
  // slurmctld 22.05 rejects the age and fair-share weights without slurmdbd ("can only be used
  // with SlurmDBD"), and accounting is a site key: written commented out.
  c.text +=
      "# With the site's slurmdbd (AccountingStorageType=accounting_storage/slurmdbd), also:\n"
      "# waiting raises a job's priority, and accounts share the cluster fairly.\n"
      "#PriorityWeightAge=1000\n"
      "#PriorityWeightFairshare=10000\n";
  int64_t tasks = std::max<int64_t>(1, s.gpus);
  c.Key("DefCpuPerGPU", std::to_string(std::max<int64_t>(1, s.CPUs() / tasks)),
        fmt::format("a GPU job gets its share of the node's {} CPUs per GPU unless it asks",
                    s.CPUs()));
  if (s.real_memory_mib > 0 && s.gpus > 0)
    c.Key("DefMemPerGPU", std::to_string(s.real_memory_mib / s.gpus),
          "and its share of RealMemory per GPU (MiB)");

  c.text += "\n# ---- process tracking, binding and launch\n";
  c.Key("ProctrackType", "proctrack/cgroup",
        "track every process of a job in its cgroup, so none escapes when the job ends");
  c.Key("TaskPlugin", "task/cgroup,task/affinity",
        "confine jobs to their cores, memory and GPUs (cgroup.conf) and bind tasks to cores");
  c.Key("PrologFlags", "Alloc,Contain",
        "run the prolog at allocation and put ssh sessions (pam_slurm_adopt) in the job's cgroup");
  c.Key("MpiDefault", "pmix",
        "srun wires up ranks through PMIx (Debian: libpmix2); torch ranks read SLURM_PROCID");
  // slurm.conf(5), TreeWidth: "the square root of the number of nodes ... for systems having no
  // more than 2500 nodes or the cube root for larger systems" (at most 65533).
  double root = r.nodes <= 2500 ? std::sqrt(static_cast<double>(r.nodes))
                                : std::cbrt(static_cast<double>(r.nodes));
  int64_t width = std::clamp<int64_t>(static_cast<int64_t>(std::ceil(root - 1e-9)), 2, 65533);
  c.Key("TreeWidth", std::to_string(width),
        fmt::format("slurmd message fan-out: the {} root of {} nodes (slurm.conf(5))",
                    r.nodes <= 2500 ? "square" : "cube", Thousands(r.nodes)));
  if (job.imex)
    c.Key("SwitchType", "switch/nvidia_imex",
          "Slurm >= 24.11: one IMEX channel per job, for NCCL across the NVLink domain "
          "(nvidia-imex must run on the nodes)");

  c.text += "\n# ---- network topology\n";
  if (job.block_primary)
    c.Key("TopologyPlugin", "topology/block",
          fmt::format("Slurm >= 24.05: topology.conf holds one block per NVLink domain ({} nodes); "
                      "the switch tree is in topology-tree.conf",
                      job.nodes_per_block));
  else
    c.Key("TopologyPlugin", "topology/tree",
          job.nodes_per_block > 0
              ? "topology.conf holds the switch tree; the NVLink domains are in "
                "topology-block.conf (topology/block needs Slurm >= 24.05)"
              : "topology.conf holds the switch tree: jobs are packed under as few switches as "
                "possible");
  (void)tree;

  if (job.mixed) return o + c.text + MixedNodes(ctx, cl, r, job, hosts, fabric);
  c.text += "\n# ---- nodes\n";
  if (!s.cpus_from_spec)
    c.text += fmt::format(
        "# The spec gives no CPUs for {}: assumed {} sockets x {} cores x {} thread(s), a low\n"
        "# floor (a node with more CPUs registers; one with fewer than configured is drained).\n",
        node.name, s.sockets, s.cores, s.threads);
  if (s.real_memory_mib > 0)
    c.text += fmt::format(
        "# RealMemory: {} MiB of host memory less {} MiB (5 %, at least 4 GiB) for the OS.\n",
        Thousands(s.memory_mib), Thousands(s.memory_mib - s.real_memory_mib));
  else
    c.text += fmt::format(
        "# The spec gives no host memory for {}: RealMemory is left at Slurm's 1 MiB default, so\n"
        "# jobs asking for memory never schedule. Set `memory` on the node.\n",
        node.name);
  std::string features = s.gres_type;
  if (fabric) features += std::string(",") + FabricFeature(fabric->kind);
  if (job.nodes_per_block > 0) features += fmt::format(",nvl{}", r.scale_up_domain);
  c.text += fmt::format("NodeName=DEFAULT CPUs={} Boards=1 SocketsPerBoard={} CoresPerSocket={} ",
                        s.CPUs(), s.sockets, s.cores);
  c.text += fmt::format("ThreadsPerCore={}", s.threads);
  if (s.real_memory_mib > 0) c.text += fmt::format(" RealMemory={}", s.real_memory_mib);
  if (s.gpus > 0) c.text += fmt::format(" Gres=gpu:{}:{}", s.gres_type, s.gpus);
  c.text += fmt::format(" Feature={} Weight={} State=UNKNOWN\n", features, kNodeWeight);
  int64_t usable = std::clamp<int64_t>(r.usable_nodes > 0 ? r.usable_nodes : r.nodes, 1, r.nodes);
  std::string in_service = hosts.Range(0, usable - 1);
  c.text += fmt::format("NodeName={}\n", in_service);
  if (usable < r.nodes) {
    c.text += fmt::format(
        "# Spares ({} of {} nodes, the spec's spares): weighted last, in no schedulable\n"
        "# partition. To swap one in: scontrol update PartitionName={} Nodes=... "
        "(docs/deploy.md).\n",
        Thousands(r.nodes - usable), Thousands(r.nodes), kTrainPartition);
    c.text += fmt::format("NodeName={} Weight={} Feature={},spare\n",
                          hosts.Range(usable, r.nodes - 1), kSpareWeight, features);
  }

  c.text += "\n# ---- partitions\n";
  c.text +=
      "# train: whole nodes for training jobs, no time limit (jobs checkpoint and requeue).\n";
  c.text += fmt::format(
      "PartitionName={} Nodes={} Default=YES MaxTime=INFINITE State=UP OverSubscribe=EXCLUSIVE "
      "PriorityJobFactor=1\n",
      kTrainPartition, in_service);
  int64_t leaf_nodes = tree.Leaves() > 0 ? tree.leaf_first[1] - tree.leaf_first[0] : usable;
  // At most one leaf switch's nodes (<= 16), or one NVLink domain's where domains span nodes.
  int64_t debug_nodes =
      job.nodes_per_block > 0 ? job.nodes_per_block : std::min(leaf_nodes, kDebugMaxNodes);
  debug_nodes = std::clamp<int64_t>(debug_nodes, 1, usable);
  c.text += fmt::format(
      "# debug: the same nodes, at most {} per job ({}) for {},\n"
      "# scheduled first (PriorityTier) so short tests do not wait behind training jobs.\n",
      debug_nodes,
      job.nodes_per_block > 0 ? "one NVLink domain" : "one leaf switch's worth, at most 16",
      kDebugMaxTime);
  c.text += fmt::format(
      "PartitionName={} Nodes={} MaxTime={} DefaultTime={} MaxNodes={} PriorityTier=2 "
      "PriorityJobFactor=10 State=UP OverSubscribe=EXCLUSIVE\n",
      kDebugPartition, in_service, kDebugMaxTime, kDebugDefaultTime, debug_nodes);
  if (usable < r.nodes)
    c.text += fmt::format(
        "# spare: holds the spares so they have a partition; INACTIVE schedules nothing.\n"
        "PartitionName=spare Nodes={} Hidden=YES State=INACTIVE OverSubscribe=EXCLUSIVE\n",
        hosts.Range(usable, r.nodes - 1));
  return o + c.text;
}

// ---------------------------------------------------------------------------------------------
// cgroup.conf: what task/cgroup and proctrack/cgroup enforce.

std::string CgroupConf(const Context& ctx) {
  std::string o = Header(ctx);
  o += "# Install next to slurm.conf on every node. Read by slurmd's task/cgroup and\n"
       "# proctrack/cgroup plugins (slurm.conf TaskPlugin, ProctrackType).\n";
  Conf c;
  c.Key("CgroupPlugin", "autodetect", "cgroup v2 where the kernel mounts it, else v1");
  c.Key("ConstrainCores", "yes", "a job runs only on the cores it was allocated");
  c.Key("ConstrainDevices", "yes",
        "a job opens only its allocated GPUs (/dev/nvidia*, /dev/dri/renderD*)");
  c.Key("ConstrainRAMSpace", "yes", "a job is held to the memory it was allocated");
  c.Key("ConstrainSwapSpace", "yes", "and cannot spill into swap beyond AllowedSwapSpace");
  c.Key("AllowedSwapSpace", "0", "no swap: a paging training job stalls every rank of it");
  return o + c.text;
}

// ---------------------------------------------------------------------------------------------
// gres.conf: GPUs bound to the cores of their socket, from the spec's CPUs; without them,
// slurmd's detection (NVML / ROCm SMI) reads the real affinity.

std::string GresLines(const NodeShape& s, const ir::Node& node, const std::string& all);

std::string GresConf(const Context& ctx, const analysis::ClusterResults& r, const NodeShape& s,
                     const ir::Node& node, const Names& hosts) {
  std::string o = Header(ctx);
  if (s.gpus <= 0) return o;
  o += "# Install next to slurm.conf on every node.\n";
  return o + GresLines(s, node, hosts.Range(0, r.nodes - 1));
}

// gres.conf of several node groups: the lines of each GPU group for its hosts.
std::string MixedGresConf(const Context& ctx, const analysis::ClusterResults& r,
                          const ClusterJob& job, const Names& hosts) {
  std::string o = Header(ctx);
  o += "# Install next to slurm.conf on every node. One section per node group with GPUs.\n";
  for (size_t g = 0; g < r.groups.size() && g < job.group_shapes.size(); ++g) {
    const NodeShape& s = job.group_shapes[g];
    if (s.gpus <= 0) continue;
    const ir::Node& node = ctx.program.nodes[r.groups[g].node];
    o += fmt::format("\n# ---- {}\n", node.name);
    o += GresLines(s, node, hosts.Range(job.group_first[g], job.group_first[g + 1] - 1));
  }
  return o;
}

std::string GresLines(const NodeShape& s, const ir::Node& node, const std::string& all) {
  std::string o;
  std::string flags = s.Amd() ? " Flags=amd_gpu_env" : "";
  if (!s.cpus_from_spec && (s.Nvidia() || s.Amd())) {
    const char* lib = s.Amd() ? "rsmi" : "nvml";
    o += fmt::format(
        "# The spec gives no CPUs for {}, so which cores are near which GPU is unknown here:\n"
        "# slurmd detects the GPUs, their device files and their CPU affinity through {}\n"
        "# (AutoDetect={}; needs a Slurm built with {}, which Debian's slurm-wlm is not).\n"
        "# Set the node's `cpus` for explicit bindings instead.\n",
        node.name, s.Amd() ? "ROCm SMI" : "NVML", lib, s.Amd() ? "ROCm SMI" : "NVML");
    o += fmt::format("AutoDetect={}\n", lib);
    if (s.Amd()) o += fmt::format("NodeName={} Name=gpu{}\n", all, flags);
    return o;
  }
  o += fmt::format(
      "# {} GPUs per node over {} socket(s) of {} cores: each GPU bound to its socket's cores in\n"
      "# Slurm's numbering, GPUs spread evenly over the sockets in PCI order{} (the HGX/OAM\n"
      "# layout). Check against `nvidia-smi topo -m` / `rocm-smi --showtoponuma`.\n",
      s.gpus, s.sockets, s.cores, node.pcie_switches > 0 ? " through the PCIe switches" : "");
  for (int64_t socket = 0; socket < s.sockets; ++socket) {
    int64_t first = -1, last = -2;
    for (int64_t g = 0; g < s.gpus; ++g) {
      if (SocketOfGpu(g, s.gpus, s.sockets, node.pcie_switches) != socket) continue;
      if (first < 0) first = g;
      last = g;
    }
    if (first < 0) continue;
    int64_t core0 = socket * s.cores, core1 = (socket + 1) * s.cores - 1;
    o += fmt::format("NodeName={} Name=gpu Type={} File={} Cores={}-{}{}\n", all, s.gres_type,
                     DeviceFiles(s.gpu_vendor, first, last), core0, core1, flags);
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// topology.conf (topology/tree) and the block file (topology/block)

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
  Names leaf{t.leaf_name, Digits(std::max<int64_t>(1, leaves - 1))};
  Names spine{t.spine_name, Digits(std::max<int64_t>(1, t.spines - 1))};
  Names mid{t.mid_name, Digits(std::max<int64_t>(1, t.mids - 1))};
  Names core{t.core_name, Digits(std::max<int64_t>(1, t.cores - 1))};
  for (int64_t i = 0; i < leaves; ++i) {
    int64_t a = t.leaf_first[i], b = t.leaf_first[i + 1];
    if (a < b) o += fmt::format("SwitchName={} Nodes={}\n", leaf.One(i), hosts.Range(a, b - 1));
  }
  for (size_t pod = 0; pod + 1 < t.spine_first.size(); ++pod) {
    std::string below = leaf.Range(t.pod_first[pod], t.pod_first[pod + 1] - 1);
    for (int64_t i = t.spine_first[pod]; i < t.spine_first[pod + 1]; ++i)
      o += fmt::format("SwitchName={} Switches={}\n", spine.One(i), below);
  }
  if (t.mids > 0) {
    std::string below = spine.Range(0, t.spines - 1);
    for (int64_t i = 0; i < t.mids; ++i)
      o += fmt::format("SwitchName={} Switches={}\n", mid.One(i), below);
  }
  if (t.cores > 0) {
    std::string below = t.mids > 0 ? mid.Range(0, t.mids - 1) : spine.Range(0, t.spines - 1);
    for (int64_t i = 0; i < t.cores; ++i)
      o += fmt::format("SwitchName={} Switches={}\n", core.One(i), below);
  }
  return o;
}

std::string TopologyBlockConf(const Context& ctx, const analysis::ClusterResults& r,
                              const ClusterJob& job, const Names& hosts) {
  int64_t per_block = job.nodes_per_block;
  int64_t blocks = CeilDiv(r.nodes, per_block);
  std::string o = Header(ctx);
  o += fmt::format(
      "# topology/block: one block per scale-up (NVLink) domain of {} GPUs ({} nodes of {} "
      "GPUs).\n",
      r.scale_up_domain, per_block, r.gpus_per_node);
  if (job.block_primary)
    o += "# Slurm >= 24.05 (BlockSizes): slurm.conf's TopologyPlugin=topology/block reads this "
         "file.\n";
  else
    o += fmt::format(
        "# NEEDS Slurm >= 24.05 (this configuration targets {}): to use it, set\n"
        "# TopologyPlugin=topology/block in slurm.conf and install this file as topology.conf\n"
        "# in place of the tree.\n",
        job.version.Text());
  Names block{"block", Digits(std::max<int64_t>(1, blocks - 1))};
  for (int64_t i = 0; i < blocks; ++i)
    o += fmt::format("BlockName={} Nodes={}\n", block.One(i),
                     hosts.Range(i * per_block, std::min(r.nodes, (i + 1) * per_block) - 1));
  o += fmt::format("BlockSizes={}\n", per_block);
  return o;
}

}  // namespace

namespace slurm {

std::string PlanPartition(const Context& ctx, const ClusterJob& job, uint32_t plan_index) {
  if (!job.mixed) return kTrainPartition;
  int32_t g =
      plan_index < ctx.results.plan_groups.size() ? ctx.results.plan_groups[plan_index].group : -1;
  return g >= 0 && size_t(g) < job.partitions.size() ? job.partitions[size_t(g)]
                                                     : job.partitions.front();
}

}  // namespace slurm

void EmitSlurm(const Context& ctx, OutputTree& out) {
  const ir::Program& p = ctx.program;
  // The clusters the lowered plans run on; without plans, the main file's clusters.
  std::vector<ClusterJob> clusters;
  auto find = [&](uint32_t index) -> ClusterJob& {
    for (auto& c : clusters)
      if (c.index == index) return c;
    clusters.push_back({});
    clusters.back().index = index;
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
            [](const ClusterJob& a, const ClusterJob& b) { return a.index < b.index; });
  std::string nccl_env = clusters.size() == 1 ? "../nccl/nccl.env" : "../../nccl/nccl.env";

  std::vector<uint32_t> warned_nodes;  // host-fact warnings once per node type
  for (auto& job : clusters) {
    const ir::Cluster& cl = p.clusters[job.index];
    if (job.index >= ctx.results.clusters.size() || !cl.nodes.ref.Valid()) continue;
    const analysis::ClusterResults& r = ctx.results.clusters[job.index];
    if (!r.valid || r.nodes <= 0) continue;
    job.dir = clusters.size() == 1 ? "slurm/" : "slurm/" + cl.name + "/";
    const ir::Node& node = r.primary_group < r.groups.size()
                               ? p.nodes[r.groups[r.primary_group].node]
                               : p.Get(cl.nodes.ref);
    const ir::Fabric* fabric = cl.fabric.Valid() ? &p.Get(cl.fabric) : nullptr;
    job.shape = Shape(p, node);

    // The targeted release: build --slurm-version, else the cluster's, else 22.05.
    const std::string& asked = !ctx.slurm_version.empty() ? ctx.slurm_version : cl.slurm_version;
    if (!asked.empty() && !ParseSlurmVersion(asked, job.version)) {
      job.version = {};
      if (ctx.sink)
        ctx.sink->Report(MakeDiagnostic(
            DiagCode::DeploySlurmVersion,
            ctx.slurm_version.empty() ? cl.FieldRange("slurm_version") : ir::SourceRange{},
            fmt::format("`{}` is not a Slurm release (YY.MM, e.g. 24.11); the Slurm files of "
                        "cluster `{}` target {}",
                        asked, cl.name, job.version.Text())));
    }
    job.mixed = cl.nodes.Groups() > 1 && r.groups.size() == cl.nodes.Groups();
    if (job.mixed) {
      job.group_first.push_back(0);
      for (size_t g = 0; g < r.groups.size(); ++g) {
        const ir::Node& n = p.nodes[r.groups[g].node];
        job.group_shapes.push_back(Shape(p, n));
        job.partitions.push_back(Lower(n.name));
        job.group_first.push_back(job.group_first.back() + r.groups[g].nodes);
      }
      job.shape = job.group_shapes[r.primary_group];
    }
    // Rack-scale (NVL72) blocks are written for single-group clusters only.
    if (!job.mixed && r.gpus_per_node > 0 && r.scale_up_domain > r.gpus_per_node)
      job.nodes_per_block = r.scale_up_domain / r.gpus_per_node;
    job.block_primary = job.nodes_per_block > 0 && job.version.AtLeast(24, 5);
    job.imex = job.nodes_per_block > 0 && job.shape.Nvidia() && job.version.AtLeast(24, 11);

    if (ctx.sink && std::find(warned_nodes.begin(), warned_nodes.end(), cl.nodes.ref.index) ==
                        warned_nodes.end()) {
      warned_nodes.push_back(cl.nodes.ref.index);
      if (!job.shape.cpus_from_spec) {
        auto d = MakeDiagnostic(
            DiagCode::DeployHostFactsMissing, node.range,
            fmt::format("node `{}` gives no `cpus`: slurm.conf assumes {} sockets x {} cores and "
                        "gres.conf leaves GPU-to-core binding to slurmd's detection",
                        node.name, job.shape.sockets, job.shape.cores));
        d.Note(
            "set `cpus = SOCKETS x CPU` on the node, e.g. `cpus = 2 x intel.Xeon_Platinum_8480`");
        ctx.sink->Report(std::move(d));
      }
      if (job.shape.real_memory_mib <= 0) {
        auto d = MakeDiagnostic(
            DiagCode::DeployHostFactsMissing, node.range,
            fmt::format("node `{}` gives no `memory`: slurm.conf leaves RealMemory at Slurm's "
                        "1 MiB default, and with CR_Core_Memory no job that asks for memory "
                        "schedules",
                        node.name));
        d.Note("set the node's host memory, e.g. `memory = 2 TB`");
        ctx.sink->Report(std::move(d));
      }
    }

    Names hosts{HostSafe(cl.name) + "-", Digits(r.nodes), 1};
    job.hosts = hosts;
    Tree tree = MapFabric(fabric, r);
    out.Write(job.dir + "slurm.conf", SlurmConf(ctx, cl, node, r, job, hosts, fabric, tree));
    out.Write(job.dir + "cgroup.conf", CgroupConf(ctx));
    out.Write(job.dir + "gres.conf", job.mixed ? MixedGresConf(ctx, r, job, hosts)
                                               : GresConf(ctx, r, job.shape, node, hosts));
    std::string tree_conf = TopologyConf(ctx, r, tree, hosts);
    if (job.nodes_per_block > 0) {
      std::string blocks = TopologyBlockConf(ctx, r, job, hosts);
      out.Write(job.dir + (job.block_primary ? "topology.conf" : "topology-block.conf"), blocks);
      out.Write(job.dir + (job.block_primary ? "topology-tree.conf" : "topology.conf"), tree_conf);
    } else {
      out.Write(job.dir + "topology.conf", tree_conf);
    }
    for (uint32_t pi : job.plans)
      out.Write(job.dir + p.plans[pi].name + ".sbatch", Sbatch(ctx, job, pi, nccl_env));
    // A placed `jobs` block whose plans all have their sbatch here: the script submitting them
    // on their nodes, and the administrator's script reserving those nodes.
    for (uint32_t ji = 0; ji < p.jobs.size() && ji < ctx.results.jobs.size(); ++ji) {
      const analysis::JobsResults& jr = ctx.results.jobs[ji];
      if (jr.cluster != int32_t(job.index) || jr.mixed_clusters || !jr.valid || !jr.placed)
        continue;
      bool all = !jr.jobs.empty();
      for (const analysis::JobShare& s : jr.jobs)
        all = all && std::find(job.plans.begin(), job.plans.end(), s.plan) != job.plans.end();
      if (!all) continue;
      out.Write(job.dir + p.jobs[ji].name + ".jobs.sh", JobsScript(ctx, job, ji));
      out.Write(job.dir + p.jobs[ji].name + ".reserve.sh", ReserveScript(ctx, job, ji));
    }
  }
}

}  // namespace clusterc::backends
