// Transformer Engine's fused grouped MLP (`fused_grouped_mlp`; analysis/layer_model.cpp): the
// routed experts' activation and the casts between their two grouped GEMMs run inside them.
// Megatron-Bridge 26.08's Qwen3 30B-A3B MXFP8 row on 8 GB300 (tests/validation/blackwell.cl)
// states it, as its recipe does (NVTE_CUTEDSL_FUSED_GROUPED_MLP=1 with the op fuser).
#include <catch2/catch.hpp>

#include "analysis/layer_model.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

TEST_CASE("the fused grouped MLP drops the experts' activation and two casts, not their GEMMs",
          "[fused_grouped_mlp]") {
  auto c = ValidationSpec("blackwell.cl");
  const PlanInputs fused = PlanNamed(*c, "mb2608_gb300_qwen3_30b_a3b");
  REQUIRE(fused.fused_grouped_mlp);
  REQUIRE(fused.moe);
  PlanInputs plain = fused;
  plain.fused_grouped_mlp = false;
  const AttentionDims a = Attention(fused);
  const LayerTimes f = LayerTime(fused, a, true), p = LayerTime(plain, a, true);
  CHECK(f.gemm_time == p.gemm_time);
  CHECK(f.attn_fwd == p.attn_fwd);

  // Per GPU and micro-batch (TP 1, EP 8): M tokens, M top_k routed copies over 128 experts, 16
  // of them local; SwiGLU reads its two inputs and writes one output, 2 bytes each.
  const double M = double(fused.micro_batch) * double(fused.seq_len);
  const double fe = double(fused.expert_ffn), copies = M * double(fused.top_k);
  const double activation = 3 * 2 * copies * fe;               // forward bytes; backward twice that
  const double fc2_input = fused.cast_bytes * copies * fe;     // forward cast
  const double fc1_grad = fused.cast_bytes * copies * 2 * fe;  // backward cast
  const double rate = fused.hbm_bandwidth * fused.memory_efficiency;
  const double local = double(fused.experts) / double(fused.ep);
  // Kernel launches saved: the activation's (one a local expert) each way, and the casts of the
  // two grouped tensors left quantized in one kernel each instead of one per local expert.
  const double launches_fwd = local + (2 * local - 1), launches_bwd = launches_fwd;
  CHECK(p.fwd - f.fwd ==
        Approx((activation + fc2_input) / rate + launches_fwd * fused.gemm_overhead).epsilon(1e-9));
  CHECK(p.bwd - f.bwd ==
        Approx((2 * activation + fc1_grad) / rate + launches_bwd * fused.gemm_overhead)
            .epsilon(1e-9));
  // The layer loses 11 % of its forward and backward on GB300 (the GEMMs and attention stay).
  CHECK((f.fwd + f.bwd) / (p.fwd + p.bwd) == Approx(0.89).margin(0.01));

  // A BF16 plan has no fused kernels: the field changes nothing (plan.fused-grouped-mlp warns).
  CHECK_FALSE(PlanNamed(*c, "mb25_gb300_qwen3_30b_a3b").fused_grouped_mlp);
}

}  // namespace
}  // namespace clusterc::analysis
