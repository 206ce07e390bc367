// The expert all-to-all overlapped with another micro-batch's pass (`ep_comm_overlap`), as
// Megatron-Core's combined 1F1B runs it: only in the schedule's steady state, in the step model
// (analysis::EpUnpairedShare) and in the ASTRA-sim traces.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>

#include "analysis/analysis.h"
#include "backends/astra_sim/slice.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "tests/unit/chakra_decode.h"
#include "tests/unit/support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;
using namespace testing::chakra;

TEST_CASE("the warmup forwards and cooldown backwards have no pass beside their all-to-all",
          "[ep_overlap]") {
  // Qwen3 235B-A22B as Megatron-Bridge runs it on 256 H100: pp 8, vpp 4, 128 micro-batches a
  // step. The first stage runs 2 x 7 + 3 x 8 warmup chunks, one more with the overlap
  // (schedules.py get_pp_rank_microbatches), of its 512.
  auto c = ValidationSpec("h100.cl");
  PlanInputs in = PlanNamed(*c, "mb25_qwen3_235b_a22b");
  REQUIRE(in.pp == 8);
  REQUIRE(in.vpp == 4);
  REQUIRE(in.ep_comm_overlap);
  const PlanResults r = EvaluatePlan(in);
  REQUIRE(r.micro_batches == 128);
  const double alone = 39.0 / 512;
  CHECK(EpUnpairedShare(in, 128) == Approx(alone));
  // Those chunks expose all of their all-to-all; the rest what the interleaved pairs leave
  // waiting (OverlappedPairExposure), at least what exceeds a micro-batch's compute (here the
  // all-to-all outlasts it) and less than all of it.
  const double total = r.step.comm_total[int(Comm::kEp)];
  REQUIRE(total > r.step.compute);
  const double shown = r.step.comm[int(Comm::kEp)];
  CHECK(shown > alone * total + (1 - alone) * (total - r.step.compute));
  CHECK(shown < total);
  // Without the overlap every all-to-all is exposed.
  PlanInputs serial = in;
  serial.ep_comm_overlap = false;
  const PlanResults s = EvaluatePlan(serial);
  CHECK(s.step.comm[int(Comm::kEp)] == Approx(s.step.comm_total[int(Comm::kEp)]).epsilon(1e-9));

  // No pipeline: the first forward and the last backward run alone
  // (combined_1f1b_schedule_for_no_pipelining); without interleaving p - 1 + 1 warmup forwards.
  PlanInputs flat = in;
  flat.pp = 1;
  flat.vpp = 1;
  CHECK(EpUnpairedShare(flat, 64) == Approx(1.0 / 64));
  flat.pp = 4;
  CHECK(EpUnpairedShare(flat, 64) == Approx(4.0 / 64));
  // Fewer chunks than the warmup: none is paired.
  CHECK(EpUnpairedShare(in, 4) == 1);
  // DualPipe: its end ranks run 3 p - 2 of their 2 m passes alone (DualPipe.step's steps 1-3
  // and 5-8), pp 2 six; the traces' order counts the same (test_astra_pipeline_orders.cpp).
  flat.schedule = ir::Schedule::dualpipe;
  CHECK(EpUnpairedShare(flat, 64) == Approx(10.0 / 128));
  flat.pp = 16;
  CHECK(EpUnpairedShare(flat, 120) == Approx(46.0 / 240));
  flat.pp = 2;
  CHECK(EpUnpairedShare(flat, 8) == Approx(6.0 / 16));
}

namespace {

// A rank-0 trace of `c`'s first plan, its nodes by name.
struct NamedTrace {
  DecodedTrace trace;
  std::map<std::string, const DecodedNode*> by_name;
};

std::unique_ptr<NamedTrace> FirstRankTrace(const testing::Compiled& c, const std::string& plan) {
  backends::Context ctx = testing::ContextOf(c);
  ctx.plans = {0};
  DiagnosticList notes;
  ctx.sink = &notes;
  backends::OutputTree out;
  backends::EmitAstraSim(ctx, out);
  backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, 0);
  REQUIRE(s.in->ep_comm_overlap);
  const backends::astra::Slice sl = backends::astra::ChooseSlice(s, false);
  const std::string file =
      "astra-sim/" + plan + "/workload/" + plan + "." + std::to_string(sl.Rank(0, 0, 0, 0)) + ".et";
  auto t = std::make_unique<NamedTrace>();
  t->trace = Decode(out.Files().at(file));
  REQUIRE(t->trace.ok);
  for (const DecodedNode& n : t->trace.nodes) t->by_name[n.name] = &n;
  return t;
}

// Whether compute node `comp` waits for the last round of all-to-all `a2a`.
bool Waits(const NamedTrace& t, const std::string& comp, const std::string& a2a) {
  REQUIRE(t.by_name.count(comp) == 1);
  REQUIRE(t.by_name.count(a2a + ".y0") == 1);
  const auto& deps = t.by_name.at(comp)->deps;
  return std::find(deps.begin(), deps.end(), t.by_name.at(a2a + ".y0")->id) != deps.end();
}

}  // namespace

TEST_CASE("ASTRA-sim traces chain the unpaired passes' all-to-alls", "[ep_overlap][astra-sim]") {
  // tests/lang/explain/kernel_launch.cl: pp 2, ep 8 inside a node, the all-to-all overlapped. The
  // first stage runs 2 warmup forwards (p - 1 + 1) and 2 cooldown backwards alone: the compute
  // after their all-to-alls waits for them. In the steady state it does not: with one chunk a
  // stage the passes are not interleaved (Megatron-Core combines them only with vpp > 1).
  auto c = testing::ExplainSpec("kernel_launch.cl");
  const auto t = FirstRankTrace(*c, "eager");
  int64_t m = 0;
  while (t->by_name.count("f.at." + std::to_string(m) + ".0.0")) ++m;
  REQUIRE(m > 4);
  for (int64_t mb : {int64_t(0), int64_t(1)}) {
    INFO("warmup forward " << mb);
    const std::string tag = "." + std::to_string(mb) + ".0.0";
    CHECK(Waits(*t, "f.ml" + tag, "f.ed" + tag));
  }
  for (int64_t mb : {int64_t(2), m - 3}) {
    INFO("steady forward " << mb);
    const std::string tag = "." + std::to_string(mb) + ".0.0";
    CHECK_FALSE(Waits(*t, "f.ml" + tag, "f.ed" + tag));
  }
  for (int64_t mb : {m - 2, m - 1}) {
    INFO("cooldown backward " << mb);
    const std::string tag = "." + std::to_string(mb) + ".0.0";
    CHECK(Waits(*t, "b.ml" + tag, "b.ec" + tag));
  }
  CHECK_FALSE(Waits(*t, "b.ml.0.0.0", "b.ec.0.0.0"));
  CHECK_FALSE(t->by_name.count("b.mw.0.0.0"));
}

TEST_CASE("ASTRA-sim traces interleave the interleaved schedule's paired passes",
          "[ep_overlap][astra-sim]") {
  // kernel_launch.cl's plan with two chunks a stage. Stage 0 runs (pp - 1) 2 + (vpp - 1) pp + 1 =
  // 5 warmup forwards; its first steady step pairs forward 5 (micro-batch 3, chunk 0) with
  // backward 0 (micro-batch 0, chunk 1), their blocks interleaved (PairedBlocks): the forward's
  // first with the backward's last, each all-to-all beside the other pass's compute and waited
  // for by the compute after that.
  std::string text = testing::Slurp(std::filesystem::path(CLUSTERC_SOURCE_DIR) / "tests" / "lang" /
                                    "explain" / "kernel_launch.cl");
  const std::string flat = "parallel { pp = 2; dp = 8;";
  REQUIRE(text.find(flat) != std::string::npos);
  text.replace(text.find(flat), flat.size(), "parallel { pp = 2; vpp = 2; dp = 8;");
  const std::filesystem::path spec = testing::ScratchDir("ep_interleave") / "interleaved.cl";
  std::ofstream(spec) << text;
  auto c = testing::CompileSpec(spec);
  const auto t = FirstRankTrace(*c, "eager");
  int64_t blocks = 0;
  while (t->by_name.count("f.at.3.0." + std::to_string(blocks))) ++blocks;
  REQUIRE(blocks >= 1);
  const std::string f = ".3.0.0";
  const std::string b = ".0.1." + std::to_string(blocks - 1);
  CHECK_FALSE(Waits(*t, "f.at" + f, "b.ec" + b));
  CHECK(Waits(*t, "b.ml" + b, "b.ec" + b));
  CHECK_FALSE(Waits(*t, "b.ml" + b, "f.ed" + f));
  CHECK(Waits(*t, "b.mw" + b, "f.ed" + f));
  CHECK_FALSE(Waits(*t, "b.mw" + b, "b.ed" + b));
  CHECK(Waits(*t, "f.ml" + f, "b.ed" + b));
  CHECK_FALSE(Waits(*t, "b.at" + b, "f.ec" + f));
  // A warmup forward runs alone: its experts wait for its own dispatch.
  CHECK(Waits(*t, "f.ml.0.0.0", "f.ed.0.0.0"));
}

TEST_CASE("ASTRA-sim runs an all-to-all's NVLink and NIC rounds at once",
          "[ep_overlap][astra-sim]") {
  // tests/sim/moe_256.cl: the EP group spans nodes, so each all-to-all is two point-to-point
  // rounds, inside the node and across it. PXN and DeepEP pipeline the two hops, and analysis
  // times the exchange as the longer of them: both rounds start together, neither waits for the
  // other, and the compute chained after a blocking all-to-all waits for both.
  auto c = testing::CompileSpec(std::filesystem::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" /
                                "moe_256.cl");
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitAstraSim(ctx, out);
  const DecodedTrace t = Decode(out.Files().at("astra-sim/moe256/workload/moe256.0.et"));
  REQUIRE(t.ok);
  std::map<std::string, const DecodedNode*> by_name;
  for (const DecodedNode& n : t.nodes) by_name[n.name] = &n;
  int64_t checked = 0;
  for (const DecodedNode& n : t.nodes) {
    if (n.name.size() < 3 || n.name.compare(n.name.size() - 3, 3, ".x1") != 0) continue;
    const std::string a2a = n.name.substr(0, n.name.size() - 3);
    INFO(a2a);
    for (const char* part : {".x0", ".y0", ".y1"}) REQUIRE(by_name.count(a2a + part) == 1);
    const DecodedNode& x0 = *by_name[a2a + ".x0"];
    const DecodedNode& y0 = *by_name[a2a + ".y0"];
    const DecodedNode& y1 = *by_name[a2a + ".y1"];
    CHECK(n.deps == x0.deps);
    CHECK(y1.deps == y0.deps);
    for (const DecodedNode* second : {&n, &y1})
      for (uint64_t first : {x0.id, y0.id})
        CHECK(std::find(second->deps.begin(), second->deps.end(), first) == second->deps.end());
    ++checked;
  }
  CHECK(checked > 0);
  // A blocking all-to-all (the first forward's dispatch, a warmup pass): its expert compute
  // waits for both receives.
  REQUIRE(by_name.count("f.ml.0.0.0") == 1);
  const auto& deps = by_name["f.ml.0.0.0"]->deps;
  for (const char* part : {".y0", ".y1"})
    CHECK(std::find(deps.begin(), deps.end(), by_name[std::string("f.ed.0.0.0") + part]->id) !=
          deps.end());
}

TEST_CASE("a forward-backward pair hides each all-to-all beside the compute that may run",
          "[ep_overlap]") {
  // Megatron-Core's TransformerLayerSchedulePlan.run, played by hand. Compute: attn_fwd 2,
  // mlp_bwd 3, mlp_bwd_dw 2, mlp_fwd 2, attn_bwd 3, attn_bwd_dw 1 (13 a layer); each all-to-all
  // 1. The combine gradient (0-1) runs beside attn_fwd (0-2); dispatch_fwd 2-3 beside mlp_bwd
  // (2-5); dispatch_bwd 5-6 beside mlp_bwd_dw (5-7); mlp_fwd 7-9, combine_fwd 9-10 beside
  // attn_bwd (9-12); all hidden.
  OverlappedMoeLayer l;
  l.attn_fwd = 2;
  l.mlp_bwd = 3;
  l.mlp_wgrad = 2;
  l.mlp_fwd = 2;
  l.attn_bwd = 3;
  l.attn_wgrad = 1;
  l.all_to_all = 1;
  CHECK(OverlappedPairExposure(l, 1) == 0);
  CHECK(OverlappedPairExposure(l, 4) == 0);
  // All-to-alls of 2.5: combine_bwd 0-2.5 holds mlp_bwd to 2.5-5.5; dispatch_fwd 2.5-5 beside
  // it; dispatch_bwd 5.5-8 past mlp_bwd_dw (5.5-7.5); mlp_fwd 7.5-9.5; combine_fwd 9.5-12 and
  // attn_bwd 9.5-12.5 after dispatch_bwd (8) and mlp_fwd; attn_bwd_dw 12.5-13.5: 0.5 waited.
  l.all_to_all = 2.5;
  CHECK(OverlappedPairExposure(l, 1) == Approx(0.5));
  // The second layer's combine gradient runs 12.5-15, after the first's attn_bwd, beside its
  // attn_bwd_dw and its own attn_fwd (13.5-15.5): each later layer ends 13 after the one before,
  // the 0.5 of the first layer's all the chunk waits.
  CHECK(OverlappedPairExposure(l, 2) == Approx(0.5));
  CHECK(OverlappedPairExposure(l, 8) == Approx(0.5));
  // A layer whose all-to-alls outlast the compute beside them waits each time: dispatch_bwd of
  // 4 after mlp_bwd adds to every layer.
  OverlappedMoeLayer slow = l;
  slow.all_to_all = 4;
  const double two = OverlappedPairExposure(slow, 2), three = OverlappedPairExposure(slow, 3);
  CHECK(three > two);
  CHECK(OverlappedPairExposure(slow, 8) == Approx(three + 5 * (three - two)));
  // Never less than the four all-to-alls' excess over the compute, nor more than all of them.
  l.all_to_all = 6;
  for (double layers : {1.0, 2.0, 5.0}) {
    const double e = OverlappedPairExposure(l, layers);
    CHECK(e >= layers * (4 * 6 - 13) - 1e-9);
    CHECK(e <= layers * 4 * 6);
  }
  // A fraction of a layer is that share of one.
  CHECK(OverlappedPairExposure(l, 0.5) == Approx(OverlappedPairExposure(l, 1) / 2));
  CHECK(OverlappedPairExposure(l, 0) == 0);
}

}  // namespace
}  // namespace clusterc::analysis
