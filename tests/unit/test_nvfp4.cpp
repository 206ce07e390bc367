// NVFP4 training (`precision = nvfp4`): the FP4 rate and asymptote of the linear layers, the cast
// each input takes and what the weight gradient keeps (docs/model.md "NVFP4").
#include <catch2/catch.hpp>

#include "analysis/analysis.h"
#include "analysis/layer_model.h"
#include "analysis/plan_model.h"
#include "backends/emitters.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::ExplainSpec;
using testing::PlanNamed;

TEST_CASE("NVFP4 GEMMs run 1.81x the FP8 ones, as Transformer Engine measured on a B300",
          "[nvfp4]") {
  // TE's GEMM profiling tutorial (docs/examples/gemm_profiling), pre-quantized, the twelve GEMMs
  // of a layer (hidden 4,096, FFN 16,384, 15,872 tokens) on a B300 SXM6: FP8 current scaling
  // 6.812 ms, NVFP4 3.764 ms.
  const double measured = 6.812 / 3.764;
  auto c = ExplainSpec("nvfp4.cl");
  const PlanInputs fp4 = PlanNamed(*c, "b300_nvfp4");
  const PlanInputs fp8 = PlanNamed(*c, "b300_fp8");
  REQUIRE(QuantizedLinear(fp4));
  CHECK(fp4.peak_flops == Approx(13125e12));
  CHECK(fp4.bf16_peak_flops == Approx(2250e12));
  // The layer's shapes in the tutorial, at the asymptote (per-kernel costs aside).
  const double m = 15872, h = 4096, f = 16384;
  double t4 = 0, t8 = 0;
  for (auto [n, k] : {std::pair{3 * h, h}, {h, h}, {f, h}, {h, f}}) {
    t4 += GemmTime(fp4, m, n, k) - fp4.gemm_overhead;
    t8 += GemmTime(fp8, m, n, k) - fp8.gemm_overhead;
  }
  CHECK(t8 / t4 == Approx(measured).epsilon(0.02));
  // The rule holds for every stdlib GPU with FP4 tensor cores, within its two-digit rounding.
  int with_fp4 = 0;
  for (const ir::Gpu& gpu : c->program.gpus) {
    if (gpu.fp4_flops.si <= 0 || gpu.vendor != "NVIDIA") continue;  // AMD's: test_mxfp4.cpp
    INFO(gpu.name);
    ++with_fp4;
    CHECK(gpu.fp4_gemm_efficiency * gpu.fp4_flops.si ==
          Approx(gpu.fp8_gemm_efficiency * gpu.fp8_flops.si * measured).epsilon(0.02));
  }
  CHECK(with_fp4 == 4);  // B200, GB200, B300, GB300
}

TEST_CASE("an NVFP4 cast moves 5.125 bytes an element and the weight gradient keeps 0.5625",
          "[nvfp4]") {
  auto c = ExplainSpec("nvfp4.cl");
  const PlanInputs fp4 = PlanNamed(*c, "gb300_nvfp4");
  const PlanInputs fp8 = PlanNamed(*c, "gb300_fp8");
  const PlanInputs bf16 = PlanNamed(*c, "gb300_bf16");
  // An amax pass over the 16-bit input (2), its read (2), and its row- and column-wise E2M1 copies
  // with an E4M3 scale per 16 values (2 x (0.5 + 1/16)).
  CHECK(fp4.cast_bytes == Approx(5.125));
  CHECK(fp4.linear_input_bytes == Approx(0.5625));
  CHECK(fp8.linear_input_bytes == Approx(1));
  CHECK(bf16.linear_input_bytes == Approx(2));
  // Per layer the linear layers' inputs (QKV and MLP inputs, the attention output and the FC2
  // input: 2h + heads x head_dim + ffn per token) are kept at 0.5625 bytes instead of FP8's 1.
  const double sb = 8192.0 * 2, per_token = 2 * 4096 + 4096 + 14336;
  CHECK(LayerActivationBytes(fp8, false, ir::Recompute::none) -
            LayerActivationBytes(fp4, false, ir::Recompute::none) ==
        Approx((1 - 0.5625) * sb * per_token));
  // The attention core stays at the 16-bit rate in all three.
  const AttentionDims dims = Attention(fp4);
  CHECK(LayerTime(fp4, dims, false).attn_fwd == Approx(LayerTime(bf16, dims, false).attn_fwd));
}

TEST_CASE("the sbatch script asks Megatron-Core for NVFP4, Calculon says what it cannot hold",
          "[nvfp4][slurm][calculon]") {
  auto c = ExplainSpec("nvfp4.cl");
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitSlurm(ctx, out);
  backends::EmitCalculon(ctx, out);
  // transformer_config.py: --fp4-format e2m1 (fp4_recipe "nvfp4" by default), BF16 elsewhere.
  const std::string& fp4 = out.Files().at("slurm/gb300/gb300_nvfp4.sbatch");
  CHECK(testing::SbatchFlag(fp4, "--fp4-format") == "e2m1");
  CHECK(fp4.find("--bf16") != std::string::npos);
  CHECK(fp4.find("--fp8-format") == std::string::npos);
  CHECK(out.Files().at("slurm/gb300/gb300_fp8.sbatch").find("--fp4-format") == std::string::npos);
  // Calculon: bfloat16 at the FP4 matrix rate, with the note.
  const std::string& model = out.Files().at("calculon/gb300_nvfp4/model.json");
  CHECK(model.find("NVFP4 is written as bfloat16 at the FP4 matrix rate") != std::string::npos);
}

}  // namespace
}  // namespace clusterc::analysis

namespace clusterc::analysis {
namespace {

TEST_CASE("sequence-parallel gathers move the quantized copy under FP8 and NVFP4", "[nvfp4][tp]") {
  // Transformer Engine casts a column-parallel layer's input before gathering it, forward and for
  // the weight gradient, and gathers the row-parallel layers' output gradients through the same
  // quantizer (module/linear.py, layernorm_linear.py, base.py grad_output_preprocess); the
  // reduce-scatters stay 16-bit. A layer's five all-reduce equivalents (two forward pairs, two
  // backward, the weight gradients' re-gather) then take (2 (1 + g) / 2 + (1 + 2 g)) / 5 of their
  // 16-bit time, g the quantized bytes over 2: FP8 0.5, NVFP4 0.28125.
  auto c = testing::ValidationSpec("mlperf_v6.cl");
  for (auto [plan, g] : {std::pair{"ml60r_b300_llama31_8b_16tp2", 0.5625 / 2},
                         std::pair{"ml60r_h100_llama31_8b_64", 0.5}}) {
    INFO(plan);
    const PlanInputs q = PlanNamed(*c, plan);
    REQUIRE(q.sequence_parallel);
    REQUIRE(q.tp == 2);
    PlanInputs wide = q;  // the same plan gathering 16-bit tensors
    wide.linear_input_bytes = 2;
    const PlanResults rq = EvaluatePlan(q), rw = EvaluatePlan(wide);
    CHECK(rq.messages.tp_gather_scale == Approx(g));
    CHECK(rw.messages.tp_gather_scale == 1);
    const int tp = static_cast<int>(Comm::kTp);
    CHECK(rq.step.comm_total[tp] / rw.step.comm_total[tp] == Approx((2 + 3 * g) / 5));
  }
}

}  // namespace
}  // namespace clusterc::analysis
