// Full recompute of some layers (`plan { recompute = full; recompute_layers = N }`, Megatron-Core's
// --recompute-method block --recompute-num-layers N; docs/model.md "Full recompute of some
// layers"). The spec is tests/lang/analysis/plan_recompute_layers.cl: Llama 3 8B on 4 stages of two
// chunks of 4 layers each.
#include <llvm/Support/JSON.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/plan_advice.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "support.h"
#include "tests/unit/chakra_decode.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::SbatchFlag;

std::unique_ptr<testing::Compiled> LayersSpec() {
  return testing::CompileSpec(std::filesystem::path(CLUSTERC_SOURCE_DIR) / "tests" / "lang" /
                              "analysis" / "plan_recompute_layers.cl");
}

TEST_CASE("full recompute of some layers replays and frees those layers alone", "[recompute]") {
  auto c = LayersSpec();
  PlanInputs half = PlanNamed(*c, "partial");
  REQUIRE(half.recompute == ir::Recompute::full);
  REQUIRE(half.recompute_layers == 2);
  REQUIRE(StageLayers(half, 0) == 8);
  REQUIRE(half.vpp == 2);
  // 2 of each chunk's 4 layers: half of each stage's 8.
  CHECK(FullyReplayedLayers(half, 8) == 4);
  CHECK(PartialRecompute(half));
  PlanInputs all = half, none = half;
  all.recompute_layers = 0;
  none.recompute = ir::Recompute::none;
  CHECK_FALSE(PartialRecompute(all));
  const PlanResults r = EvaluatePlan(half), ra = EvaluatePlan(all), rn = EvaluatePlan(none);
  REQUIRE(ra.step.recompute > 0);
  CHECK(rn.step.recompute == 0);
  // Time and hardware FLOPs: half of full recompute's replay.
  CHECK(r.step.recompute == Approx(ra.step.recompute / 2));
  CHECK(r.flops.hardware_per_token - r.flops.model_per_token ==
        Approx((ra.flops.hardware_per_token - ra.flops.model_per_token) / 2));
  // Memory: the first stage (the most micro-batches in flight) holds half its layers as full
  // recompute keeps them (their inputs) and half as no recompute does (everything).
  REQUIRE(r.memory.stage == 0);
  REQUIRE(rn.memory.stage == 0);
  const double kept = LayerActivationBytes(half, false, ir::Recompute::none);
  const double input = LayerActivationBytes(half, false, ir::Recompute::full);
  REQUIRE(input < kept / 10);
  CHECK(r.memory.activations == Approx(rn.memory.activations * (kept + input) / (2 * kept)));
  // A count that reaches every chunk's layers is full recompute without one.
  PlanInputs every = PlanNamed(*c, "every_layer");
  REQUIRE(every.recompute_layers == 4);
  CHECK_FALSE(PartialRecompute(every));
  const PlanResults re = EvaluatePlan(every);
  CHECK(re.step.Total() == Approx(ra.step.Total()));
  CHECK(re.memory.Total() == Approx(ra.memory.Total()));
}

TEST_CASE("a plan over its memory is told the fewest layers to replay that fit", "[recompute]") {
  auto c = LayersSpec();
  PlanInputs none = PlanNamed(*c, "partial");
  none.recompute = ir::Recompute::none;
  none.recompute_layers = 0;
  PlanInputs all = none;
  all.recompute = ir::Recompute::full;
  const double keep = EvaluatePlan(none).memory.Total(), replay = EvaluatePlan(all).memory.Total();
  REQUIRE(replay < keep);
  // A limit between replaying every layer and replaying none: some count of the chunk's 4 fits.
  const double limit = replay + 0.6 * (keep - replay);
  const int64_t n = FewestReplayedLayers(none, limit);
  REQUIRE(n >= 1);
  REQUIRE(n < 4);
  PlanInputs named = all, fewer = all;
  named.recompute_layers = n;
  fewer.recompute_layers = n - 1;
  CHECK(EvaluatePlan(named).memory.Total() <= limit);
  // One layer fewer does not fit (0 would be every layer).
  if (n > 1) CHECK(EvaluatePlan(fewer).memory.Total() > limit);
  CHECK(EvaluatePlan(named).step_time < EvaluatePlan(all).step_time);
  // The fix offered is at least as fast as that count.
  const Advice a = CheapestMemoryFix(none, limit);
  REQUIRE(a.found);
  CHECK(a.result.step_time <= EvaluatePlan(named).step_time);
  // A plan that already replays every layer is told of no count.
  CHECK(FewestReplayedLayers(all, limit) == 0);
}

TEST_CASE("the script and the simulator inputs replay the same layers", "[recompute][slurm][sim]") {
  auto c = LayersSpec();
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitSlurm(ctx, out);
  backends::EmitSimAi(ctx, out);
  backends::EmitCalculon(ctx, out);
  // Calculon replays every block (it has no partial recompute), and says so in JSON that parses:
  // the note quotes "full" (Calculon's json.loads refused it unescaped).
  for (const char* file : {"model.json", "execution.json", "system.json"}) {
    INFO(file);
    auto parsed = llvm::json::parse(out.Files().at(std::string("calculon/partial/") + file));
    if (!parsed) FAIL(llvm::toString(parsed.takeError()));
  }
  const std::string& model = out.Files().at("calculon/partial/model.json");
  CHECK(model.find("Calculon has no partial recompute") != std::string::npos);
  CHECK(out.Files()
            .at("calculon/partial/execution.json")
            .find("\"activation_recompute\": \"full\"") != std::string::npos);
  // Megatron-Core's block method for the count, its uniform one layer at a time without one.
  const std::string& partial = out.Files().at("slurm/partial.sbatch");
  CHECK(SbatchFlag(partial, "--recompute-granularity") == "full");
  CHECK(SbatchFlag(partial, "--recompute-method") == "block");
  CHECK(SbatchFlag(partial, "--recompute-num-layers") == "2");
  // The stage's layers in chunk order: the first two of each chunk of four replay.
  uint32_t index = 0;
  for (uint32_t pi : ctx.plans)
    if (c->program.plans[pi].name == "partial") index = pi;
  const backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, index);
  REQUIRE(s.Valid());
  const backends::sim::Stage& last = s.stages[3];
  REQUIRE(last.first_layer == 24);
  const bool expected[8] = {true, true, false, false, true, true, false, false};
  for (int64_t i = 0; i < 8; ++i) {
    INFO("layer " << 24 + i);
    CHECK(backends::sim::LayerReplays(s, last, 24 + i) == expected[i]);
  }
  // The stages are ranked by what they replay: stage 0's 8 dense layers, 4 of them replayed.
  const backends::sim::LayerCost& d = s.dense;
  REQUIRE(d.recompute > 0);
  CHECK(backends::sim::StageMicroBatchTime(s, 0) == Approx(8 * (d.fwd + d.bwd) + 4 * d.recompute));
  // SimAI's rows (the slowest stage, the last): a replayed layer's input gradient carries its
  // forward again, the others' do not.
  std::map<std::string, long long> input_gradient;
  std::istringstream rows(out.Files().at("simai/partial.txt"));
  for (std::string line; std::getline(rows, line);) {
    std::vector<std::string> col;
    std::istringstream cols(line);
    for (std::string v; std::getline(cols, v, '\t');) col.push_back(v);
    // name, -1, then time, type and bytes of the forward, the input gradient, the weight one.
    if (col.size() == 12) input_gradient[col[0]] = std::stoll(col[5]);
  }
  REQUIRE(input_gradient.count("attention_layer_24.0"));
  REQUIRE(input_gradient.count("attention_layer_26.0"));
  CHECK(input_gradient["attention_layer_24.0"] > input_gradient["attention_layer_26.0"]);
  CHECK(input_gradient["attention_layer_28.0"] == input_gradient["attention_layer_24.0"]);
  CHECK(input_gradient["attention_layer_31.0"] == input_gradient["attention_layer_26.0"]);
}

TEST_CASE("ASTRA-sim replays the same share of the forward as analysis", "[recompute][astra-sim]") {
  // Rank 0 (stage 0): its replayed compute ("r." nodes) against its forward compute ("f.").
  auto c = LayersSpec();
  backends::OutputTree out;
  backends::EmitAstraSim(testing::ContextOf(*c), out);
  auto replayed_share = [&](const std::string& plan) {
    const testing::chakra::DecodedTrace t = testing::chakra::Decode(
        out.Files().at("astra-sim/" + plan + "/workload/" + plan + ".0.et"));
    REQUIRE(t.ok);
    double forward = 0, replay = 0;
    for (const testing::chakra::DecodedNode& n : t.nodes) {
      if (n.name.rfind("f.at", 0) == 0 || n.name.rfind("f.ml", 0) == 0) forward += n.duration;
      if (n.name.rfind("r.at", 0) == 0 || n.name.rfind("r.ml", 0) == 0) replay += n.duration;
    }
    REQUIRE(forward > 0);
    return replay / forward;
  };
  CHECK(replayed_share("every_layer") == Approx(1).epsilon(0.01));
  CHECK(replayed_share("partial") == Approx(0.5).epsilon(0.01));
}

}  // namespace
}  // namespace clusterc::analysis
