// The ASTRA-sim backend's ZeRO-3/FSDP collectives: per block of layers, and on the critical chain
// exactly where analysis exposes them.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "backends/astra_sim/groups.h"
#include "backends/astra_sim/slice.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "tests/unit/chakra_decode.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::CompileSpec;
using clusterc::testing::ExplainSpec;
using clusterc::testing::PlanIndex;
using namespace clusterc;
using namespace clusterc::testing::chakra;

namespace {

// Who waits for each FSDP collective (`z3.*`) of a rank's trace: the names of the nodes that
// depend on it.
struct FsdpWaits {
  std::map<uint64_t, const DecodedNode*> fsdp;           // by id
  std::map<uint64_t, std::vector<std::string>> waiters;  // by FSDP node id
  int64_t forward_blocks = 0;
};

FsdpWaits WaitsOf(const DecodedTrace& t) {
  FsdpWaits w;
  for (const DecodedNode& node : t.nodes) {
    if (node.name.rfind("f.at.", 0) == 0) ++w.forward_blocks;
    if (node.name.rfind("z3.", 0) == 0) w.fsdp[node.id] = &node;
  }
  for (const DecodedNode& node : t.nodes)
    for (uint64_t d : node.deps)
      if (w.fsdp.count(d)) w.waiters[d].push_back(node.name);
  return w;
}

bool IsGather(const DecodedNode& n) {
  return n.attrs.at("comm_type").int_value == 2;
}

// The tag of an FSDP collective's block (".mb.chunk.block"): its name past "z3.param.d" or
// "z3.grad.d".
std::string BlockTag(const DecodedNode& n) {
  const size_t dot = n.name.find('.', 3);
  return n.name.substr(dot + 2);
}

}  // namespace

// examples/tpu_v5p_pod.cl: FSDP with one micro-batch. Each block of layers gathers its share of
// the parameters before its forward and before its backward and reduce-scatters its gradients
// after its backward, beside the compute: the block's compute waits for its gather (issued
// beside the block before it), the optimizer for every reduce-scatter; the all-gather carries
// each rank's input, ASTRA-sim's convention (buffer / slice members).
TEST_CASE("ASTRA-sim FSDP collectives follow the blocks of layers", "[astra-sim][sim]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "tpu_v5p_pod.cl");
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitAstraSim(ctx, out);
  backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, 0);
  REQUIRE(s.in->sharding == ir::Sharding::fsdp);
  const backends::astra::Slice sl = backends::astra::ChooseSlice(s, false);
  REQUIRE(sl.pp == 1);
  const double n = double(sl.d * sl.cp), job = double(s.dp * s.cp);
  const double scale = ((job - 1) / job) / ((n - 1) / n);
  const double buffer = s.stages[0].dense_params * s.grad_bytes_per_param * scale;
  DecodedTrace t = Decode(out.Files().at("astra-sim/llama3_70b_v5p/workload/llama3_70b_v5p.0.et"));
  REQUIRE(t.ok);
  std::set<uint64_t> fsdp;
  double gathered = 0, scattered = 0;
  int64_t gathers = 0, scatters = 0, forward_blocks = 0;
  for (const DecodedNode& node : t.nodes) {
    if (node.name.rfind("f.at.", 0) == 0) ++forward_blocks;
    if (node.name.rfind("z3.", 0) != 0) continue;
    fsdp.insert(node.id);
    const double bytes = double(node.attrs.at("comm_size").int_value);
    if (node.attrs.at("comm_type").int_value == 2) {
      ++gathers;
      gathered += bytes;
    } else {
      CHECK(node.attrs.at("comm_type").int_value == 7);
      ++scatters;
      scattered += bytes;
    }
  }
  const double m = double(s.micro_batches);
  CHECK(forward_blocks > 1);
  CHECK(gathers == 2 * forward_blocks);
  CHECK(scatters == forward_blocks);
  CHECK(gathered == Approx(2 * m * buffer / n).epsilon(1e-6));
  CHECK(scattered == Approx(m * buffer).epsilon(1e-6));
  // The block waits for its gather, the optimizer for the reduce-scatters; nothing else does.
  const FsdpWaits waits = WaitsOf(t);
  for (const auto& [id, node] : waits.fsdp) {
    INFO(node->name);
    const auto it = waits.waiters.find(id);
    REQUIRE(it != waits.waiters.end());
    REQUIRE(it->second.size() == 1);
    const std::string& waiter = it->second[0];
    if (IsGather(*node)) {
      const std::string tag = BlockTag(*node);
      // The block's first node: its forward attention, or in backward its MLP's (under sequence
      // parallelism the all-gather of the MLP's output gradient before it).
      CHECK((waiter == "f.at" + tag || waiter == "b.ml" + tag || waiter == "b.aq" + tag));
    } else {
      CHECK(waiter == "optimizer");
    }
  }
}

// tests/lang/explain/fsdp_prefetch.cl: without backward prefetch each unit's backward gather
// waits on the chain behind the reduce-scatter before it (analysis' blocking backward
// collectives); with either prefetch the gathers run a block ahead beside the compute and no
// gather waits for a reduce-scatter, which only the optimizer waits for. The forward's gathers
// run ahead in both.
TEST_CASE("ASTRA-sim puts FSDP's backward collectives on the chain without prefetch",
          "[astra-sim][sim]") {
  auto c = ExplainSpec("fsdp_prefetch.cl");
  backends::OutputTree out;
  backends::EmitAstraSim(testing::ContextOf(*c), out);
  // Gathers queued behind a reduce-scatter, and reduce-scatters something besides the optimizer
  // waits for.
  auto chained = [&](const std::string& plan, int64_t* blocks, int64_t* scatters_waited) {
    DecodedTrace t = Decode(out.Files().at("astra-sim/" + plan + "/workload/" + plan + ".0.et"));
    REQUIRE(t.ok);
    const FsdpWaits waits = WaitsOf(t);
    *blocks = waits.forward_blocks;
    REQUIRE(waits.fsdp.size() == size_t(3 * *blocks));
    int64_t gathers = 0;
    *scatters_waited = 0;
    for (const auto& [id, node] : waits.fsdp) {
      if (IsGather(*node)) {
        for (uint64_t d : node->deps)
          gathers += waits.fsdp.count(d) && !IsGather(*waits.fsdp.at(d));
      } else {
        const auto it = waits.waiters.find(id);
        if (it != waits.waiters.end())
          for (const std::string& waiter : it->second) *scatters_waited += waiter != "optimizer";
      }
    }
    return gathers;
  };
  int64_t blocks = 0, waited = 0;
  CHECK(chained("pre", &blocks, &waited) == 0);
  CHECK(waited == 0);
  CHECK(chained("post", &blocks, &waited) == 0);
  CHECK(waited == 0);
  // Every backward gather but the first follows the reduce-scatter of the block before it.
  CHECK(chained("none", &blocks, &waited) == blocks - 1);
  CHECK(waited >= blocks - 1);
  CHECK(blocks > 1);
}

// tests/lang/explain/fsdp_reshard.cl: without resharding after the forward (SHARD_GRAD_OP) a
// block gathers its parameters once, before its forward, and reduce-scatters its gradients after
// its backward; with or without backward prefetch (there is no backward gather to wait for, as in
// analysis) the block waits for its gather, issued beside the block before it.
TEST_CASE("ASTRA-sim FSDP without resharding gathers each block once", "[astra-sim][sim]") {
  auto c = ExplainSpec("fsdp_reshard.cl");
  backends::OutputTree out;
  backends::EmitAstraSim(testing::ContextOf(*c), out);
  // Gathers a forward block waits for, gathers a backward block waits for, reduce-scatters.
  struct Counts {
    int64_t blocks = 0, forward = 0, backward = 0, scatters = 0;
  };
  auto count = [&](const std::string& plan) {
    DecodedTrace t = Decode(out.Files().at("astra-sim/" + plan + "/workload/" + plan + ".0.et"));
    REQUIRE(t.ok);
    const FsdpWaits waits = WaitsOf(t);
    Counts n;
    n.blocks = waits.forward_blocks;
    for (const auto& [id, node] : waits.fsdp) {
      // With prefetch no FSDP collective waits for another.
      for (uint64_t d : node->deps) CHECK(waits.fsdp.count(d) == 0);
      const auto it = waits.waiters.find(id);
      REQUIRE(it != waits.waiters.end());
      if (!IsGather(*node)) {
        ++n.scatters;
        CHECK(it->second == std::vector<std::string>{"optimizer"});
        continue;
      }
      n.forward += it->second == std::vector<std::string>{"f.at" + BlockTag(*node)};
      n.backward += it->second == std::vector<std::string>{"b.ml" + BlockTag(*node)};
    }
    return n;
  };
  const Counts full = count("full");
  CHECK(full.blocks > 1);
  CHECK(full.forward == full.blocks);
  CHECK(full.backward == full.blocks);
  CHECK(full.scatters == full.blocks);
  for (const char* plan : {"kept", "kept_none"}) {
    INFO(plan);
    const Counts kept = count(plan);
    CHECK(kept.blocks == full.blocks);
    CHECK(kept.forward == kept.blocks);
    CHECK(kept.backward == 0);
    CHECK(kept.scatters == kept.blocks);
  }
}

namespace {

// Hybrid sharding on four 8 x H100 nodes (tests/lang/explain/hybrid_sharding.cl): FSDP and
// ZeRO-1 over shard groups of one node, four replicas; MoE with a shard group.
std::unique_ptr<testing::Compiled> HybridSpec() {
  const fs::path file = testing::ScratchDir("astra_hybrid") / "hybrid.cl";
  std::ofstream(file) << R"(import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model llama { layers = 32; hidden = 4096; ffn = 11008; heads = 32; vocab = 32_000 }
plan per_node { model = llama; cluster = c; parallel { dp = 32 } batch { global = 128; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp; shard_group = 8 } }
plan zero1_nodes { model = llama; cluster = c; parallel { dp = 32 } batch { global = 128; micro = 4; seq_len = 2048 } optimizer = adam { sharding = zero1; shard_group = 8 } }
plan whole { model = llama; cluster = c; parallel { dp = 32 } batch { global = 128; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp } }
)";
  return CompileSpec(file);
}

}  // namespace

// Hybrid sharding: the slice's data-parallel axis is a replica's shard group (NVLink, 2 of its
// 8 ranks) and the replicas (the NIC, 2 of 4); the FSDP collectives run over the shard group,
// scaled to its 8 members, and once a step each rank all-reduces its gradient shard (the stage's
// gradients / 8) over the replica group, scaled to its 4 members. Nothing is reported left out.
TEST_CASE("ASTRA-sim writes hybrid sharding's shard and replica groups", "[astra-sim][sim]") {
  auto c = HybridSpec();
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitAstraSim(ctx, out);
  const uint32_t index = PlanIndex(*c, "per_node");
  backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, index);
  REQUIRE(analysis::ShardReplicas(*s.in) == 4);
  const backends::astra::Slice sl = backends::astra::ChooseSlice(s, false);
  CHECK(sl.hybrid);
  CHECK(sl.d == 4);
  CHECK(sl.rd == 2);
  CHECK(sl.ShardRanks() == 2);
  CHECK(sl.dropped.empty());
  const auto dims = backends::astra::Network(ctx, s, sl);
  REQUIRE(dims.size() == 2);
  CHECK(dims[0].level == 0);  // the shard group: one node's NVLink
  CHECK(dims[0].npus == 2);
  CHECK(dims[1].level >= 1);  // the replicas: across nodes
  CHECK(dims[1].npus == 2);
  const backends::astra::Groups g = backends::astra::MakeGroups(sl);
  CHECK(g.members[size_t(g.dp[0] - 1)] == std::vector<int64_t>{0, 1});
  CHECK(g.members[size_t(g.rdp[0] - 1)] == std::vector<int64_t>{0, 2});
  CHECK(g.members[size_t(g.rdp[1] - 1)] == std::vector<int64_t>{1, 3});
  const std::string& net = out.Files().at("astra-sim/per_node/network.yml");
  CHECK(net.find("Not represented") == std::string::npos);

  const double shard = 8;
  const double grads = s.stages[0].dense_params * s.grad_bytes_per_param;
  DecodedTrace t = Decode(out.Files().at("astra-sim/per_node/workload/per_node.0.et"));
  REQUIRE(t.ok);
  double scattered = 0, across = 0;
  int64_t alls = 0;
  for (const DecodedNode& node : t.nodes) {
    if (node.name.rfind("z3.grad.", 0) == 0)
      scattered += double(node.attrs.at("comm_size").int_value);
    if (node.name == "dp.rd.grad.replica") {
      ++alls;
      CHECK(node.attrs.at("comm_type").int_value == 0);
      across += double(node.attrs.at("comm_size").int_value);
    }
  }
  CHECK(alls == 1);
  // ((N-1)/N) / ((n-1)/n): 7/8 over 1/2 for the shard group, 3/4 over 1/2 for the replicas.
  CHECK(scattered == Approx(double(s.micro_batches) * grads * 1.75).epsilon(1e-6));
  CHECK(across == Approx(grads / shard * 1.5).epsilon(1e-6));

  // Every rank kept: the groups are the job's, the collectives unscaled.
  const backends::astra::Slice all = backends::astra::ChooseSlice(s, true);
  CHECK(all.d == 32);
  CHECK(all.rd == 4);
  const backends::astra::Groups ga = backends::astra::MakeGroups(all);
  CHECK(ga.members[size_t(ga.dp[9] - 1)].size() == size_t(shard));
  CHECK(ga.members[size_t(ga.rdp[9] - 1)] == std::vector<int64_t>{1, 9, 17, 25});

  // ZeRO-1: the replicas' all-reduce waits for the shard group's reduce-scatter.
  DecodedTrace z = Decode(out.Files().at("astra-sim/zero1_nodes/workload/zero1_nodes.0.et"));
  REQUIRE(z.ok);
  uint64_t scatter = 0;
  bool waits = false;
  for (const DecodedNode& node : z.nodes) {
    if (node.name == "dp.rd.grad.dense") scatter = node.id;
    if (node.name == "dp.rd.grad.replica")
      for (uint64_t d : node.deps) waits = waits || (scatter != 0 && d == scatter);
  }
  CHECK(waits);

  // Without a shard group nothing changes: one data-parallel axis, no replica group.
  backends::sim::PlanShape w = backends::sim::MakePlanShape(ctx, PlanIndex(*c, "whole"));
  const backends::astra::Slice ws = backends::astra::ChooseSlice(w, false);
  CHECK_FALSE(ws.hybrid);
  CHECK(ws.d == 2);
  const backends::astra::Groups wg = backends::astra::MakeGroups(ws);
  CHECK(wg.rdp[0] == 0);
}

// ZeRO-1 with dp_overlap, as Megatron-LM overlaps it: the gradient reduce-scatter beside the last
// micro-batch's backward, the optimizer waiting for it; the parameter all-gather (which follows
// the optimizer step and runs beside the next step's first forward) launched with the step,
// waited for once the first forward is done, and not by the optimizer.
TEST_CASE("ASTRA-sim gathers ZeRO-1's parameters beside the first forward", "[astra-sim][sim]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" / "dense_64.cl");
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitAstraSim(ctx, out);
  backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, 0);
  REQUIRE(s.in->dp_overlap);
  const backends::astra::Slice sl = backends::astra::ChooseSlice(s, false);
  REQUIRE(sl.pp == 2);
  for (int64_t p : {int64_t(0), int64_t(1)}) {  // tensor rank 0 of each stage
    INFO("stage " << p);
    const std::string path =
        "astra-sim/dense64/workload/dense64." + std::to_string(sl.Rank(0, 0, 0, p)) + ".et";
    REQUIRE(out.Files().count(path));
    DecodedTrace t = Decode(out.Files().at(path));
    REQUIRE(t.ok);
    std::map<uint64_t, size_t> at;
    for (size_t i = 0; i < t.nodes.size(); ++i) at[t.nodes[i].id] = i;
    auto waiters = [&](uint64_t id) {
      std::vector<size_t> w;
      for (size_t i = 0; i < t.nodes.size(); ++i)
        for (uint64_t d : t.nodes[i].deps)
          if (d == id) w.push_back(i);
      return w;
    };
    size_t first_backward = t.nodes.size(), last_forward_of_first = 0;
    for (size_t i = 0; i < t.nodes.size(); ++i) {
      const std::string& n = t.nodes[i].name;
      if (n.rfind("b.", 0) == 0 && first_backward == t.nodes.size()) first_backward = i;
      // Forward nodes are named f.<kind>.<micro-batch>.<chunk>.<block>.
      if (n.rfind("f.", 0) == 0 && n.find(".0.0.", 1) == n.find('.', 2)) last_forward_of_first = i;
    }
    REQUIRE(first_backward < t.nodes.size());
    REQUIRE(last_forward_of_first > 0);
    CHECK(last_forward_of_first < first_backward);
    int64_t gathers = 0, scatters = 0;
    for (size_t i = 0; i < t.nodes.size(); ++i) {
      const DecodedNode& n = t.nodes[i];
      if (n.name == "dp.ag.param.dense") {
        ++gathers;
        CHECK(n.deps.empty());  // starts with the step
        const std::vector<size_t> w = waiters(n.id);
        REQUIRE(w.size() == 1);
        CHECK(w[0] > last_forward_of_first);       // after the first forward...
        CHECK(t.nodes[w[0]].name != "optimizer");  // ...not at the end of the step
        CHECK(w[0] < t.nodes.size() - 2);
      }
      if (n.name == "dp.rd.grad.dense") {
        ++scatters;
        REQUIRE(n.deps.size() == 1);
        CHECK(at.at(n.deps[0]) > first_backward);  // beside the last micro-batch's backward
        const std::vector<size_t> w = waiters(n.id);
        REQUIRE(w.size() == 1);
        CHECK(t.nodes[w[0]].name == "optimizer");
      }
    }
    CHECK(gathers == 1);
    CHECK(scatters == 1);
  }
}
