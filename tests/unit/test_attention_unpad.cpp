// Unpadding around a variable-length fused attention (`attention_unpad`; flash-attn's
// bert_padding unpad_input and pad_input, as LLM Foundry's flash_attn_fn ran them at 5e85bd62d;
// analysis/layer_model.cpp): the bytes its gathers and scatters move, and the host's
// synchronised stretch in each layer's forward.
#include <catch2/catch.hpp>

#include <algorithm>

#include "analysis/layer_model.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

TEST_CASE("unpadding moves 40 bytes an element of Q, K, V and the output and waits on the host",
          "[attention_unpad]") {
  // LLM Foundry's MPT 1B (d_model 2,048, 16 heads, no GQA) at micro-batch 12 of 2,048 tokens,
  // FlashAttention-2, on one H100 of the 128-GPU large-scale row.
  auto c = ValidationSpec("h100.cl");
  const PlanInputs with = PlanNamed(*c, "mf_h100_1b_128");
  REQUIRE(with.attention_unpad);
  REQUIRE(with.flash_attention);
  PlanInputs without = with;
  without.attention_unpad = false;
  const AttentionDims a = Attention(with);
  const LayerTimes u = LayerTime(with, a, false), p = LayerTime(without, a, false);
  const double tokens = 12.0 * 2048, width = 2048;
  const double qkv = 3 * tokens * width, out = tokens * width;  // 16-bit elements
  const double bw = with.hbm_bandwidth * with.memory_efficiency;
  const double launch = with.gemm_overhead;
  // Forward: gathers 4 bytes an element of Q, K and V, zeros and index_put 6 of the output;
  // backward: zeros and scatter_ 6 of Q, K and V, the index 4 of the output.
  const double gather = 4 * qkv / bw + 3 * launch;  // a kernel each
  const double forward = gather + 6 * out / bw + 2 * launch;
  const double backward = (6 * qkv + 4 * out) / bw + 7 * launch;
  CHECK(u.memory_bound - p.memory_bound == Approx(forward + backward));
  CHECK(u.gpu_bwd - p.gpu_bwd == Approx(backward));
  // The host issues 19 operations one at a time after the layer's first synchronisation, 0.289
  // ms at 15.2 us each; the three gathers take 0.25 ms of the GPU meanwhile, so the host sets
  // that stretch's pace and the GPU waits the difference.
  const double host = 19 * with.eager_op_time;
  CHECK(host * 1e3 == Approx(0.289).epsilon(0.002));
  REQUIRE(gather < host);
  CHECK(u.fwd - p.fwd == Approx(forward - gather + host));
  CHECK(u.fwd - u.gpu_fwd == Approx(host - gather));
  // Full recompute replays the forward, synchronisations and all.
  PlanInputs replay = with;
  replay.recompute = ir::Recompute::full;
  CHECK(LayerTime(replay, a, false).recompute == Approx(u.fwd));
  // Graph replay has no host time per operation: the gathers alone.
  PlanInputs graphed = with, graphed_plain = without;
  graphed.eager_op_time = graphed_plain.eager_op_time = 0;
  graphed.host_kernel_time = graphed_plain.host_kernel_time = 0;
  CHECK(LayerTime(graphed, a, false).fwd - LayerTime(graphed_plain, a, false).fwd ==
        Approx(forward));
  // Without fused attention there is nothing to unpad (MakePlanInputs also clears the flag).
  PlanInputs unfused = with, unfused_plain = without;
  unfused.flash_attention = unfused_plain.flash_attention = false;
  CHECK(LayerTime(unfused, a, false).fwd == Approx(LayerTime(unfused_plain, a, false).fwd));
}

TEST_CASE("unpadding adds 1.5-5 % to LLM Foundry's FlashAttention-2 MPT steps",
          "[attention_unpad]") {
  // The large-scale H100 table's 1B, 3B, 7B and 70B rows (llm-foundry 5e85bd62d): the layer's
  // unpadding against its whole step, one micro-batch a step. The narrower the model, the larger
  // its share: the gathers grow with the width, the GEMMs with its square.
  auto c = ValidationSpec("h100.cl");
  double previous = 1;
  for (const char* name :
       {"mf_h100_1b_128", "mf_h100_3b_128", "mf_h100_7b_128", "mf_h100_70b_128"}) {
    const PlanInputs with = PlanNamed(*c, name);
    REQUIRE(with.attention_unpad);
    PlanInputs without = with;
    without.attention_unpad = false;
    const double share = EvaluatePlan(with).step_time / EvaluatePlan(without).step_time - 1;
    CAPTURE(name, share);
    CHECK(share > 0.015);
    CHECK(share < 0.05);
    CHECK(share < previous);
    previous = share;
  }
}

}  // namespace
}  // namespace clusterc::analysis
