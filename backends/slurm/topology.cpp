// topology.conf for Slurm's topology/tree plugin (the switch tree of the fabric) and the block file
// of topology/block (one block per NVLink domain that spans nodes, NVL72).
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
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "backends/slurm/slurm_parts.h"

namespace clusterc::backends::slurm {

namespace {

// Splits n items into `parts` contiguous runs of at most `per` (the last one shorter); when that
// leaves a run empty, balanced runs instead. Returns parts + 1 boundaries.
std::vector<int64_t> Split(int64_t n, int64_t parts, int64_t per) {
  std::vector<int64_t> first(static_cast<size_t>(parts) + 1);
  bool fill = per > 0 && per * parts >= n && per * (parts - 1) < n;
  for (int64_t i = 0; i <= parts; ++i)
    first[static_cast<size_t>(i)] = fill ? std::min(n, i * per) : i * n / parts;
  return first;
}

}  // namespace

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

std::string TopologyBlockConf(const Context& ctx, const ClusterJob& job) {
  const int64_t per_block = job.nodes_per_block;
  const int64_t nodes = job.block_end - job.block_first;
  const int64_t blocks = CeilDiv(nodes, per_block);
  std::string o = Header(ctx);
  o += fmt::format(
      "# topology/block: one block per scale-up (NVLink) domain of {} GPUs ({} nodes of {} "
      "GPUs).\n",
      job.block_domain, per_block, job.block_gpus_per_node);
  if (job.mixed)
    o += fmt::format(
        "# The blocks are node group {}'s; the other groups' nodes are in no block (no NVLink\n"
        "# domain spans them).\n",
        job.partitions[size_t(job.block_group)]);
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
                     job.hosts.Range(job.block_first + i * per_block,
                                     job.block_first + std::min(nodes, (i + 1) * per_block) - 1));
  o += fmt::format("BlockSizes={}\n", per_block);
  return o;
}

}  // namespace clusterc::backends::slurm
