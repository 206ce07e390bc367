// The ASTRA-sim backend's ZeRO-3/FSDP collectives: per block of layers, and on the critical chain
// exactly where analysis exposes them.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "backends/astra_sim/slice.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "tests/unit/chakra_decode.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::CompileSpec;
using clusterc::testing::ExplainSpec;
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
      CHECK((waiter == "f.at" + tag || waiter == "b.ml" + tag));
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
