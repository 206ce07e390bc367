// The quantized copies of the linear layers' weights (docs/model.md, "Memory per GPU"): FP8 with
// a sharded optimizer keeps its weights in FP8 alone (`fp8_param_gather`, Megatron-LM's
// --fp8-param-gather), any other quantized plan its 16-bit weights beside the copies Transformer
// Engine caches through a step.
#include <catch2/catch.hpp>

#include "analysis/model_states.h"
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
  // FP8 weights alone take what 16-bit ones do.
  CHECK(kept.memory.weights == Approx(bf16.memory.weights));
}

TEST_CASE("the distributed optimizer gathers FP8 weights in one byte under per-tensor scaling",
          "[dp][fp8]") {
  auto c = ExplainSpec("fp8_param_gather.cl");
  const PlanInputs& kept_in = PlanNamed(*c, "kept");
  const PlanInputs& block_in = PlanNamed(*c, "block");
  CHECK(kept_in.linear_gather_bytes == 1);
  CHECK(PlanNamed(*c, "copied").linear_gather_bytes == 0);
  CHECK(block_in.linear_gather_bytes == 0);  // MXFP8 and 128-wide blocks gather BF16
  CHECK(PlanNamed(*c, "mxfp8").linear_gather_bytes == 0);
  CHECK(PlanNamed(*c, "current").linear_gather_bytes == 1);
  CHECK(PlanNamed(*c, "bf16").linear_gather_bytes == 0);
  // The gather at dp 2 of a stage whose 8.03 B parameters over tp 4 hold 6.98 B linear weights:
  // 2 bytes each, 1 for the linear ones.
  const double stage = 8.03e9 / 4, linear = kLlama3_8bLinear / 4;
  const WeightBytes wb = BytesPerParam(kept_in, 1);
  CHECK(ParamGatherBytes(kept_in, wb.compute, stage, linear) == Approx(2 * stage - linear));
  CHECK(ParamGatherBytes(block_in, wb.compute, stage, linear) == Approx(2 * stage));
  // Half the linear weights' bytes gathered: the data-parallel collectives take less, the rest of
  // the step the same.
  const PlanResults kept = EvaluatePlan(kept_in);
  const PlanResults copied = EvaluatePlan(PlanNamed(*c, "copied"));
  const double kept_dp = kept.step.comm_total[int(Comm::kDp)];
  const double copied_dp = copied.step.comm_total[int(Comm::kDp)];
  CHECK(kept_dp < copied_dp);
  CHECK(kept.step.compute == Approx(copied.step.compute));
}

TEST_CASE("Megatron-FSDP gathers FP8 weights in one byte before each unit", "[dp][fp8]") {
  auto c = ExplainSpec("fp8_param_gather.cl");
  const PlanInputs& fsdp_in = PlanNamed(*c, "fsdp");
  CHECK(fsdp_in.linear_gather_bytes == 1);
  CHECK(PlanNamed(*c, "fsdp_copied").linear_gather_bytes == 0);
  const PlanResults fsdp = EvaluatePlan(fsdp_in);
  const PlanResults copied = EvaluatePlan(PlanNamed(*c, "fsdp_copied"));
  REQUIRE(fsdp.valid);
  // dp 2 of a stage of 8.03 B parameters over tp 4: per micro-batch two gathers and one
  // reduce-scatter of the gradients (g bytes a parameter). The gathers move 2 bytes a parameter
  // with 16-bit weights, 1 for the 6.98 B linear ones in FP8: the collectives' bytes fall by
  // 2 x linear / (2 x 2 x stage + g x stage), their latency aside.
  const double stage = 8.03e9 / 4, linear = kLlama3_8bLinear / 4;
  const double g = fsdp.messages.gradient_bytes_per_param;
  const double dp_fsdp = fsdp.step.comm_total[int(Comm::kDp)];
  const double dp_copied = copied.step.comm_total[int(Comm::kDp)];
  CHECK(dp_fsdp < dp_copied);
  CHECK(dp_fsdp / dp_copied == Approx(1 - 2 * linear / ((4 + g) * stage)).epsilon(0.02));
  CHECK(fsdp.step.compute == Approx(copied.step.compute));
  // Its shard of the weights, a uint8 buffer: 1 byte a linear weight, over tp 4 and dp 2.
  CHECK(copied.memory.weights - fsdp.memory.weights == Approx(kLlama3_8bLinear / 8));
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

TEST_CASE("NVFP4 weights alone take 1.125 bytes and are gathered in 0.5625", "[memory][nvfp4]") {
  auto c = ExplainSpec("nvfp4.cl");
  const PlanInputs alone_in = PlanNamed(*c, "gb300_nvfp4_alone");
  const PlanResults alone = EvaluatePlan(alone_in);
  const PlanResults copied = EvaluatePlan(PlanNamed(*c, "gb300_nvfp4"));
  const PlanResults bf16 = EvaluatePlan(PlanNamed(*c, "gb300_bf16"));
  REQUIRE(alone.valid);
  // Row- and column-wise E2M1 with an E4M3 scale per 16, 2 x 0.5625 bytes, in place of the 16-bit
  // weight's 2: 0.875 bytes less a linear weight than BF16, 3.125 less than beside 16-bit ones.
  CHECK(bf16.memory.weights - alone.memory.weights == Approx(0.875 * kLlama3_8bLinear));
  CHECK(copied.memory.weights - alone.memory.weights == Approx(2 * kLlama3_8bLinear));
  // dp 8 over ZeRO-1: the linear weights gathered packed, the rest of the 8.03 B in 16 bits.
  CHECK(alone_in.linear_gather_bytes == 0.5625);
  CHECK(PlanNamed(*c, "gb300_nvfp4").linear_gather_bytes == 0);
  const WeightBytes wb = BytesPerParam(alone_in, 1);
  CHECK(ParamGatherBytes(alone_in, wb.compute, 8.03e9, kLlama3_8bLinear) ==
        Approx(2 * (8.03e9 - kLlama3_8bLinear) + 0.5625 * kLlama3_8bLinear));
  CHECK(alone.step.comm_total[int(Comm::kDp)] < copied.step.comm_total[int(Comm::kDp)]);
  backends::OutputTree out;
  backends::EmitSlurm(testing::ContextOf(*c), out);
  CHECK(testing::SbatchFlag(out.Files().at("slurm/gb300/gb300_nvfp4_alone.sbatch"),
                            "--fp4-param-gather") == "true");
  CHECK(testing::SbatchFlag(out.Files().at("slurm/gb300/gb300_nvfp4.sbatch"), "--fp4-param-gather")
            .empty());
}

TEST_CASE("the sbatch script gathers FP8 weights where the plan keeps them alone", "[slurm][fp8]") {
  auto c = ExplainSpec("fp8_param_gather.cl");
  backends::OutputTree out;
  backends::EmitSlurm(testing::ContextOf(*c), out);
  const auto& files = out.Files();
  CHECK(testing::SbatchFlag(files.at("slurm/c/kept.sbatch"), "--fp8-param-gather") == "true");
  CHECK(testing::SbatchFlag(files.at("slurm/c/copied.sbatch"), "--fp8-param-gather").empty());
  CHECK(testing::SbatchFlag(files.at("slurm/c/unsharded.sbatch"), "--fp8-param-gather").empty());
  CHECK(testing::SbatchFlag(files.at("slurm/c/bf16.sbatch"), "--fp8-param-gather").empty());
  // Megatron-LM's recipe names (arguments.py --fp8-recipe): delayed scaling is its default,
  // block scaling on an H100 is DeepSeek-V3's 128-wide blocks (MXFP8 needs Blackwell).
  CHECK(testing::SbatchFlag(files.at("slurm/c/kept.sbatch"), "--fp8-recipe") == "delayed");
  CHECK(testing::SbatchFlag(files.at("slurm/c/current.sbatch"), "--fp8-recipe") == "tensorwise");
  CHECK(testing::SbatchFlag(files.at("slurm/c/block.sbatch"), "--fp8-recipe") == "blockwise");
  CHECK(testing::SbatchFlag(files.at("slurm/b/mxfp8.sbatch"), "--fp8-recipe") == "mxfp8");
  CHECK(testing::SbatchFlag(files.at("slurm/c/bf16.sbatch"), "--fp8-recipe").empty());
}

}  // namespace
}  // namespace clusterc::analysis
