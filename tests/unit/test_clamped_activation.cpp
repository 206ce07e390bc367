// The experts' clamped activation (`moe { clamped_activation }`, GPT-OSS; analysis/layer_model.cpp
// and plan_layout.cpp): the clamps and the concatenation Megatron-Core runs in PyTorch operations
// before its fused activation (weighted_bias_quick_geglu_impl), their backward, and the copy of
// the first layer's output they keep.
#include <catch2/catch.hpp>

#include "analysis/layer_model.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

TEST_CASE("the experts' activation clamp costs its bytes and operations where nothing fuses it",
          "[clamped_activation]") {
  auto c = ValidationSpec("blackwell.cl");
  // Megatron-Bridge 26.02 on 64 GB300: BF16, eager, EP 64 (2 local experts), micro-batch 4.
  const PlanInputs with = PlanNamed(*c, "mb2602_gb300_gpt_oss_120b");
  REQUIRE(with.eager_activation_clamp);
  PlanInputs without = with;
  without.eager_activation_clamp = false;
  const AttentionDims a = Attention(with);
  const LayerTimes w = LayerTime(with, a, true), o = LayerTime(without, a, true);
  CHECK(w.gemm_time == o.gemm_time);
  CHECK(w.attn_fwd == o.attn_fwd);

  // Per GPU and micro-batch: M tokens, 4 routed copies each, two halves of the expert's 2,880
  // wide. Forward two clamps and the concatenation: 16 bytes an element of a half, three
  // operations; backward the masks, the two selects and the chunk's concatenation: 30 bytes,
  // nine operations (two of them filling a zero scalar). Through PyTorch's generic kernels on
  // strided halves they took the time of 26 and 53 bytes (the next test case).
  const double M = double(with.micro_batch) * double(with.seq_len);
  const double elements = M * double(with.top_k) * double(with.expert_ffn);
  const double rate = with.hbm_bandwidth * with.memory_efficiency;
  CHECK(w.kernels_fwd - o.kernels_fwd == 3);
  CHECK(w.kernels_bwd - o.kernels_bwd == 9);
  CHECK(w.eager_ops_fwd - o.eager_ops_fwd == 3);
  CHECK(w.gpu_fwd - o.gpu_fwd ==
        Approx(26 * elements / rate + 3 * with.gemm_overhead).epsilon(1e-9));
  CHECK(w.gpu_bwd - o.gpu_bwd ==
        Approx(53 * elements / rate + 9 * with.gemm_overhead).epsilon(1e-9));
  // On GB300 that is 2.83 ms a layer and micro-batch against the layer's 14.9 ms without it
  // (+19 %): for each element of an expert's width a token copy's clamp takes the time of 79
  // bytes, where the expert's GEMMs spend 18 x 2,880 FLOPs forward and backward, so on a narrow
  // layer (hidden 2,880) the clamp weighs about two fifths of its GEMMs.
  CHECK(w.gpu_fwd + w.gpu_bwd - o.gpu_fwd - o.gpu_bwd == Approx(2.83e-3).margin(0.01e-3));
  CHECK(o.gpu_fwd + o.gpu_bwd == Approx(14.9e-3).margin(0.1e-3));

  // The first layer's output is kept twice: the clamps' input and the concatenation the fused
  // activation saves (16 bits each, both halves).
  const double layer_tokens = double(with.micro_batch) * double(with.seq_len);
  CHECK(LayerActivationBytes(with, true) - LayerActivationBytes(without, true) ==
        Approx(4 * layer_tokens * double(with.top_k) * double(with.expert_ffn)).epsilon(1e-9));
}

TEST_CASE("the clamp's charge reproduces Megatron-Core's own clamps measured on an H200",
          "[clamped_activation]") {
  // bench/gpu/moe_block_probe.py (H200, 2026-11-30) ran weighted_bias_quick_geglu_impl at
  // GPT-OSS 120B's width with 16 local experts of 1,024 token copies, the shape of Megatron-Bridge
  // 26.02's H100 run (EP 8, 4,096 tokens), and with 2 of 32,768, its GB200 run's (EP 64,
  // micro-batch 4). The clamps, the concatenation and their backward's masks, selects and
  // concatenation took 0.356 / 0.732 ms and 1.416 / 2.890 ms (the profiler's kernel times,
  // forward / backward). The 26 and 53 bytes an element come from the first shape; the second
  // checks them. Both plans are given the H200's HBM (4.8 TB/s at its 0.72).
  const auto check = [](PlanInputs in, double fwd_ms, double bwd_ms) {
    in.hbm_bandwidth = 4.8e12;
    in.memory_efficiency = 0.72;
    REQUIRE(in.eager_activation_clamp);
    PlanInputs without = in;
    without.eager_activation_clamp = false;
    const AttentionDims a = Attention(in);
    const LayerTimes w = LayerTime(in, a, true), o = LayerTime(without, a, true);
    CHECK((w.gpu_fwd - o.gpu_fwd) * 1e3 == Approx(fwd_ms).epsilon(0.05));
    CHECK((w.gpu_bwd - o.gpu_bwd) * 1e3 == Approx(bwd_ms).epsilon(0.05));
  };
  auto h100 = ValidationSpec("h100.cl");
  PlanInputs ep8 = PlanNamed(*h100, "mb2602_h100_gpt_oss_120b");
  REQUIRE(double(ep8.experts) / double(ep8.ep) == 16);
  check(ep8, 0.356, 0.732);
  auto c = ValidationSpec("blackwell.cl");
  PlanInputs ep64 = PlanNamed(*c, "mb2602_gb200_gpt_oss_120b");
  REQUIRE(double(ep64.experts) / double(ep64.ep) == 2);
  check(ep64, 1.416, 2.890);
}

TEST_CASE("recomputing the experts' activation replays the clamps and keeps no clamped copy",
          "[clamped_activation]") {
  auto c = ValidationSpec("blackwell.cl");
  // Megatron-Bridge 26.04.01 on 64 DGX-B200: `moe_act` in the recipe's recompute modules.
  const PlanInputs with = PlanNamed(*c, "mb2604_b200_gpt_oss_120b");
  REQUIRE(with.eager_activation_clamp);
  REQUIRE((Replayed(with) & kRecomputeMoeActivation) != 0);
  PlanInputs without = with;
  without.eager_activation_clamp = false;
  const AttentionDims a = Attention(with);
  const LayerTimes w = LayerTime(with, a, true), o = LayerTime(without, a, true);
  const double M = double(with.micro_batch) * double(with.seq_len);
  const double elements = M * double(with.top_k) * double(with.expert_ffn);
  const double rate = with.hbm_bandwidth * with.memory_efficiency;
  CHECK(w.recompute - o.recompute == Approx(26 * elements / rate).epsilon(1e-9));
  // The checkpoint keeps the first layer's output only; the clamps' copies are discarded.
  CHECK(LayerActivationBytes(with, true) == LayerActivationBytes(without, true));
}

TEST_CASE(
    "the clamp runs on the GPU under graph replay and inside the fused grouped MLP not at "
    "all",
    "[clamped_activation]") {
  auto mlperf = ValidationSpec("mlperf_v6.cl");
  // MLPerf v6.0's GPT-OSS 20B on 8 GB200: whole-step graphs, the grouped MLP not stated fused.
  const PlanInputs graphed = PlanNamed(*mlperf, "ml60_gb200_gpt_oss_20b_8");
  REQUIRE(graphed.eager_activation_clamp);
  REQUIRE(graphed.eager_op_time == 0);
  PlanInputs without = graphed;
  without.eager_activation_clamp = false;
  const AttentionDims a = Attention(graphed);
  const LayerTimes g = LayerTime(graphed, a, true), o = LayerTime(without, a, true);
  CHECK(g.gpu_fwd > o.gpu_fwd);
  CHECK(g.fwd == g.gpu_fwd);  // no host floor under replay

  // The 512-GPU run and Megatron-Bridge 26.08 state Transformer Engine's fused grouped MLP,
  // whose clamped GeGLU runs in the first GEMM's epilogue (te.pytorch.ops.ScaledClampedQGeGLU).
  CHECK_FALSE(PlanNamed(*mlperf, "ml60_gb300_gpt_oss_20b_512").eager_activation_clamp);
  auto c = ValidationSpec("blackwell.cl");
  CHECK_FALSE(PlanNamed(*c, "mb2608_gb200_gpt_oss_120b").eager_activation_clamp);
  // A model without the field pays nothing.
  CHECK_FALSE(PlanNamed(*c, "mb2602_b200_dsv3").eager_activation_clamp);
}

}  // namespace
}  // namespace clusterc::analysis
