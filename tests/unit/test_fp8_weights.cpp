// The quantized copies of the linear layers' weights (docs/model.md, "Memory per GPU"): FP8 with
// a sharded optimizer keeps its weights in FP8 alone (`fp8_param_gather`, Megatron-LM's
// --fp8-param-gather), any other quantized plan its 16-bit weights beside the copies Transformer
// Engine caches through a step.
#include <catch2/catch.hpp>

#include "analysis/plan_model.h"
#include "backends/emitters.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::ExplainSpec;
using testing::PlanNamed;

// Llama 3 8B's linear weights (Llama 3 paper, table 3: 32 layers, model dimension 4,096, FFN
// 14,336, 32 heads, 8 key/value heads of 128): Q and O 4,096 x 4,096, K and V 4,096 x 1,024 each,
// the SwiGLU MLP's three 4,096 x 14,336; the embedding and output layer (128,256 x 4,096 each)
// stay in 16 bits.
constexpr double kLlama3_8bLinear =
    32 * (2 * 4096.0 * 4096 + 2 * 4096.0 * 1024 + 3 * 4096.0 * 14336);

TEST_CASE("FP8 weights live alone under a sharded optimizer, beside 16-bit ones otherwise",
          "[memory][fp8]") {
  auto c = ExplainSpec("fp8_param_gather.cl");
  const PlanResults kept = EvaluatePlan(PlanNamed(*c, "kept"));
  const PlanResults copied = EvaluatePlan(PlanNamed(*c, "copied"));
  const PlanResults unsharded = EvaluatePlan(PlanNamed(*c, "unsharded"));
  const PlanResults bf16 = EvaluatePlan(PlanNamed(*c, "bf16"));
  REQUIRE(kept.valid);
  // 6.98 B linear weights over tp 4: the FP8 copies, row- and column-wise, 2 bytes each.
  CHECK(copied.memory.weights - kept.memory.weights == Approx(2 * kLlama3_8bLinear / 4));
  CHECK(unsharded.memory.weights == Approx(copied.memory.weights));
  // FP8 weights alone take what 16-bit ones do; the step is the same either way.
  CHECK(kept.memory.weights == Approx(bf16.memory.weights));
  CHECK(copied.step_time == Approx(kept.step_time));
}

TEST_CASE("NVFP4 keeps 16-bit weights beside row- and column-wise E2M1 copies", "[memory][nvfp4]") {
  auto c = ExplainSpec("nvfp4.cl");
  const PlanResults fp4 = EvaluatePlan(PlanNamed(*c, "gb300_nvfp4"));
  const PlanResults fp8 = EvaluatePlan(PlanNamed(*c, "gb300_fp8"));
  const PlanResults bf16 = EvaluatePlan(PlanNamed(*c, "gb300_bf16"));
  // dp 8 keeps every weight on each GPU: 0.5 bytes and an E4M3 scale per 16 values, twice.
  CHECK(fp4.memory.weights - bf16.memory.weights ==
        Approx(2 * (0.5 + 1.0 / 16) * kLlama3_8bLinear));
  CHECK(fp8.memory.weights == Approx(bf16.memory.weights));
}

TEST_CASE("the sbatch script gathers FP8 weights where the plan keeps them alone", "[slurm][fp8]") {
  auto c = ExplainSpec("fp8_param_gather.cl");
  backends::OutputTree out;
  backends::EmitSlurm(testing::ContextOf(*c), out);
  const auto& files = out.Files();
  CHECK(testing::SbatchFlag(files.at("slurm/kept.sbatch"), "--fp8-param-gather") == "true");
  CHECK(testing::SbatchFlag(files.at("slurm/copied.sbatch"), "--fp8-param-gather").empty());
  CHECK(testing::SbatchFlag(files.at("slurm/unsharded.sbatch"), "--fp8-param-gather").empty());
  CHECK(testing::SbatchFlag(files.at("slurm/bf16.sbatch"), "--fp8-param-gather").empty());
}

}  // namespace
}  // namespace clusterc::analysis
