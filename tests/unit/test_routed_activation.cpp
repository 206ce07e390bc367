// The routed experts' gated activation weighted by the router's probabilities (Megatron-Core's
// weighted_bias_swiglu_impl and weighted_bias_quick_geglu_impl; analysis/layer_model.cpp): its
// backward against the kernels measured on an H200 (bench/gpu/moe_block_probe.py, 2026-11-30).
#include <catch2/catch.hpp>

#include "analysis/layer_model.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

// The time the step model charges the activation's backward: the layer's backward with the
// activation against the fused grouped MLP, which has none, less the per-expert kernels the
// fused MLP also drops. Given the H200's HBM and BF16, so that only the activation differs.
double ActivationBackwardMs(PlanInputs in) {
  in.hbm_bandwidth = 4.8e12;
  in.memory_efficiency = 0.72;
  in.bf16_peak_flops = 0;  // BF16 linear layers: no FP8 casts for the fused MLP to drop
  in.fused_grouped_mlp = false;
  PlanInputs fused = in;
  fused.fused_grouped_mlp = true;
  const AttentionDims a = Attention(in);
  const LayerTimes w = LayerTime(in, a, true), o = LayerTime(fused, a, true);
  const double local = double(in.experts) / double(in.ep);
  return (w.gpu_bwd - o.gpu_bwd - local * in.gemm_overhead) * 1e3;
}

TEST_CASE("the weighted gated activation's backward takes the measured kernels' time",
          "[routed_activation]") {
  // The probe's Inductor kernels, backward: the pointwise gradient and the probabilities'
  // reduction, each shape compiled afresh (results/h200-2026-11-30/moe_block_act_widths.json).
  // Qwen3 30B-A3B at EP 8 (16 local experts of 2,048 copies, expert FFN 768): 161.0 us;
  // GPT-OSS 120B at EP 8 (16 of 1,024, 2,880 wide): 289.4 us, and at EP 64 (2 of 32,768):
  // 1,130.4 us; DeepSeek-V3 at EP 32 (8 of 4,096, 2,048 wide, fp32 probabilities): 382.7 us.
  // The element-wise rule's twice the forward gave about 0.56 of each.
  auto h100 = ValidationSpec("h100.cl");
  PlanInputs qwen = PlanNamed(*h100, "mb26_qwen3_30b_a3b");
  REQUIRE(double(qwen.experts) / double(qwen.ep) == 16);
  CHECK(ActivationBackwardMs(qwen) == Approx(0.1610).epsilon(0.05));
  CHECK(ActivationBackwardMs(PlanNamed(*h100, "mb2602_h100_gpt_oss_120b")) ==
        Approx(0.2894).epsilon(0.05));
  auto c = ValidationSpec("blackwell.cl");
  CHECK(ActivationBackwardMs(PlanNamed(*c, "mb2602_gb200_gpt_oss_120b")) ==
        Approx(1.1304).epsilon(0.05));
  PlanInputs dsv3 = PlanNamed(*c, "mb2602_gb200_dsv3");
  dsv3.ep = dsv3.experts / 8;  // 8 local experts of 4,096 copies, as the probe ran them
  dsv3.micro_batch = 1;
  dsv3.seq_len = 4096;
  dsv3.tp = 1;
  // The 26 readings spread over 19.7-23.1 bytes an element; DeepSeek-V3's is the lowest.
  CHECK(ActivationBackwardMs(dsv3) == Approx(0.3827).epsilon(0.08));
}

}  // namespace
}  // namespace clusterc::analysis
