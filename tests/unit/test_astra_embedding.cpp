// The embedding group's gradient all-reduce in the ASTRA-sim traces (analysis::
// EmbeddingGradientSync): the first and the last stage's ranks, once a step, after the
// data-parallel reduction and before the optimizer.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "analysis/analysis.h"
#include "backends/astra_sim/groups.h"
#include "backends/astra_sim/slice.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "tests/unit/chakra_decode.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::CompileSpec;
using clusterc::testing::PlanIndex;
using namespace clusterc;
using namespace clusterc::testing::chakra;

namespace {

// A GPT with tied embeddings over four pipeline stages of one 8 x H100 node each, tp 2, dp 4;
// the same model untied.
std::unique_ptr<testing::Compiled> TiedSpec() {
  const fs::path file = testing::ScratchDir("astra_embedding") / "tied.cl";
  std::ofstream(file) << R"(import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model gpt { layers = 24; hidden = 2048; ffn = 8192; heads = 16; vocab = 50_304; activation = gelu; norm = layernorm; tied_embeddings = true }
model gpt_untied extends gpt { tied_embeddings = false }
plan tied { model = gpt; cluster = c; parallel { tp = 2; pp = 4; dp = 4 } batch { global = 64; micro = 2; seq_len = 2048 } optimizer = adam { sharding = zero1 } }
plan untied { model = gpt_untied; cluster = c; parallel { tp = 2; pp = 4; dp = 4 } batch { global = 64; micro = 2; seq_len = 2048 } optimizer = adam { sharding = zero1 } }
)";
  return CompileSpec(file);
}

struct EmbeddingNodes {
  int64_t count = 0;
  int64_t comm_type = -1;
  double bytes = 0;
  bool optimizer_waits = false;
};

EmbeddingNodes Find(const std::string& et) {
  DecodedTrace t = Decode(et);
  REQUIRE(t.ok);
  EmbeddingNodes e;
  uint64_t id = 0;
  for (const DecodedNode& node : t.nodes) {
    if (node.name == "emb.grad") {
      ++e.count;
      id = node.id;
      e.comm_type = node.attrs.at("comm_type").int_value;
      e.bytes = double(node.attrs.at("comm_size").int_value);
    }
    if (node.name == "optimizer")
      for (uint64_t d : node.deps) e.optimizer_waits = e.optimizer_waits || (id != 0 && d == id);
  }
  return e;
}

}  // namespace

TEST_CASE("ASTRA-sim traces all-reduce a tied embedding between the end stages",
          "[astra-sim][sim]") {
  auto c = TiedSpec();
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitAstraSim(ctx, out);
  backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, PlanIndex(*c, "tied"));
  REQUIRE(analysis::EmbeddingGroupSyncs(*s.in));
  const backends::astra::Slice sl = backends::astra::ChooseSlice(s, false);
  CHECK(sl.embedding_group);
  REQUIRE(sl.pp == 4);
  const backends::astra::Groups g = backends::astra::MakeGroups(sl);
  for (int64_t d = 0; d < sl.d; ++d)
    for (int64_t t = 0; t < sl.tp; ++t) {
      const int64_t first = sl.Rank(t, 0, d, 0), last = sl.Rank(t, 0, d, 3);
      REQUIRE(g.emb[size_t(first)] > 0);
      CHECK(g.emb[size_t(last)] == g.emb[size_t(first)]);
      CHECK(g.members[size_t(g.emb[size_t(first)] - 1)] == std::vector<int64_t>{first, last});
      CHECK(g.emb[size_t(sl.Rank(t, 0, d, 1))] == 0);
      CHECK(g.emb[size_t(sl.Rank(t, 0, d, 2))] == 0);
    }

  // The first and the last stage's traces carry it once, V x h / tp in the reduction's type, and
  // the optimizer waits for it; a middle stage's does not.
  const double bytes = 50'304.0 * 2'048.0 / 2 * s.grad_bytes_per_param;
  CHECK(analysis::EmbeddingGradientBytes(*s.in, s.grad_bytes_per_param) == Approx(bytes));
  for (int64_t rank : {sl.Rank(0, 0, 0, 0), sl.Rank(1, 0, 1, 3)}) {
    INFO("rank " << rank);
    const EmbeddingNodes e =
        Find(out.Files().at(fmt::format("astra-sim/tied/workload/tied.{}.et", rank)));
    CHECK(e.count == 1);
    CHECK(e.comm_type == 0);  // ALL_REDUCE
    CHECK(e.bytes == Approx(bytes).epsilon(1e-6));
    CHECK(e.optimizer_waits);
  }
  CHECK(Find(out.Files().at(fmt::format("astra-sim/tied/workload/tied.{}.et", sl.Rank(0, 0, 0, 1))))
            .count == 0);

  // Untied, without MTP: no group, no node.
  backends::sim::PlanShape u = backends::sim::MakePlanShape(ctx, PlanIndex(*c, "untied"));
  CHECK_FALSE(backends::astra::ChooseSlice(u, false).embedding_group);
  CHECK(Find(out.Files().at("astra-sim/untied/workload/untied.0.et")).count == 0);
}
