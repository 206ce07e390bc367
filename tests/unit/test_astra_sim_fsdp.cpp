// The ASTRA-sim backend's ZeRO-3/FSDP collectives: per block of layers, and on the critical chain
// exactly where analysis exposes them.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <set>
#include <string>

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

// examples/tpu_v5p_pod.cl: FSDP with one micro-batch. Each block of layers gathers its share of
// the parameters before its forward and before its backward and reduce-scatters its gradients
// after its backward, beside the compute (nothing on the chain waits for them); the all-gather
// carries each rank's input, ASTRA-sim's convention (buffer / slice members).
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
  // Off the critical chain: no node depends on an FSDP collective.
  for (const DecodedNode& node : t.nodes)
    for (uint64_t d : node.deps) CHECK(fsdp.count(d) == 0);
}

// tests/lang/explain/fsdp_prefetch.cl: without backward prefetch each unit's backward waits for
// its gather and the reduce-scatter before it (analysis' blocking backward collectives); with
// either prefetch the FSDP collectives stay off the chain. The forward's gathers are off it in
// both.
TEST_CASE("ASTRA-sim puts FSDP's backward collectives on the chain without prefetch",
          "[astra-sim][sim]") {
  auto c = ExplainSpec("fsdp_prefetch.cl");
  backends::OutputTree out;
  backends::EmitAstraSim(testing::ContextOf(*c), out);
  auto waited_on = [&](const std::string& plan, int64_t* blocks) {
    DecodedTrace t = Decode(out.Files().at("astra-sim/" + plan + "/workload/" + plan + ".0.et"));
    REQUIRE(t.ok);
    std::set<uint64_t> fsdp, depended;
    *blocks = 0;
    for (const DecodedNode& node : t.nodes) {
      if (node.name.rfind("f.at.", 0) == 0) ++*blocks;
      if (node.name.rfind("z3.", 0) == 0) fsdp.insert(node.id);
      for (uint64_t d : node.deps) depended.insert(d);
    }
    REQUIRE(fsdp.size() == size_t(3 * *blocks));
    int64_t n = 0;
    for (uint64_t id : fsdp) n += depended.count(id);
    return n;
  };
  int64_t blocks = 0;
  CHECK(waited_on("pre", &blocks) == 0);
  CHECK(waited_on("post", &blocks) == 0);
  CHECK(waited_on("none", &blocks) == 2 * blocks);
  CHECK(blocks > 1);
}

// tests/lang/explain/fsdp_reshard.cl: without resharding after the forward (SHARD_GRAD_OP) a
// block gathers its parameters once, before its forward, and reduce-scatters its gradients after
// its backward; nothing waits on either, with or without backward prefetch (there is no backward
// gather to wait for, as in analysis).
TEST_CASE("ASTRA-sim FSDP without resharding gathers each block once", "[astra-sim][sim]") {
  auto c = ExplainSpec("fsdp_reshard.cl");
  backends::OutputTree out;
  backends::EmitAstraSim(testing::ContextOf(*c), out);
  auto count = [&](const std::string& plan, int64_t* gathers, int64_t* scatters) {
    DecodedTrace t = Decode(out.Files().at("astra-sim/" + plan + "/workload/" + plan + ".0.et"));
    REQUIRE(t.ok);
    std::set<uint64_t> fsdp, depended;
    int64_t blocks = 0;
    *gathers = *scatters = 0;
    for (const DecodedNode& node : t.nodes) {
      if (node.name.rfind("f.at.", 0) == 0) ++blocks;
      for (uint64_t d : node.deps) depended.insert(d);
      if (node.name.rfind("z3.", 0) != 0) continue;
      fsdp.insert(node.id);
      ++(node.attrs.at("comm_type").int_value == 2 ? *gathers : *scatters);
    }
    for (uint64_t id : fsdp) CHECK(depended.count(id) == 0);
    return blocks;
  };
  int64_t gathers = 0, scatters = 0;
  int64_t blocks = count("full", &gathers, &scatters);
  CHECK(gathers == 2 * blocks);
  CHECK(scatters == blocks);
  for (const char* plan : {"kept", "kept_none"}) {
    INFO(plan);
    blocks = count(plan, &gathers, &scatters);
    CHECK(blocks > 1);
    CHECK(gathers == blocks);
    CHECK(scatters == blocks);
  }
}
