// Norms on Q and K inside the attention (`model { qk_norm }`; analysis/layer_model.cpp): Qwen3's
// QK-Norm over each head, DeepSeek's norms on MLA's compressed latents.
#include <catch2/catch.hpp>

#include "analysis/layer_model.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

TEST_CASE("QK-Norm moves three passes over Q and K, MLA's over its two latents", "[qk_norm]") {
  // Qwen3 30B-A3B (32 query heads and 4 KV heads of 128) on one H100 of Megatron-Bridge 26.02,
  // micro-batch 1 of 4,096 tokens, no tensor parallelism.
  auto h100 = ValidationSpec("h100.cl");
  const PlanInputs qwen = PlanNamed(*h100, "mb26_qwen3_30b_a3b");
  REQUIRE(qwen.qk_norm);
  PlanInputs plain = qwen;
  plain.qk_norm = false;
  const AttentionDims a = Attention(qwen);
  const double bw = qwen.hbm_bandwidth * qwen.memory_efficiency;
  const double launch = qwen.gemm_overhead;
  const double M = 4096, qk = 32 * 128 + 4 * 128;
  const LayerTimes w = LayerTime(qwen, a, true), o = LayerTime(plain, a, true);
  // Forward 6 bytes an element (three passes of 16 bits, as the layer's norms), backward twice;
  // two kernels each way.
  CHECK(w.memory_bound - o.memory_bound == Approx(3 * 6 * M * qk / bw + 2 * 2 * launch));
  CHECK(w.kernels_fwd - o.kernels_fwd == 2);
  // 4,608 values a token: 2.25 times one hidden-wide norm's (hidden 2,048).
  CHECK(qk / 2048 == Approx(2.25));

  // DeepSeek-V3 (q_rank 1,536, kv_rank 512) in MLPerf v6.0's Tyche runs: TP 2 with sequence
  // parallelism, so each rank normalises its half of the tokens' full latents.
  auto mlperf = ValidationSpec("mlperf_v6.cl");
  const PlanInputs ds = PlanNamed(*mlperf, "ml60_gb200_dsv3_512");
  REQUIRE(ds.qk_norm);
  REQUIRE(ds.mla);
  REQUIRE(ds.tp == 2);
  REQUIRE(ds.sequence_parallel);
  PlanInputs ds_plain = ds;
  ds_plain.qk_norm = false;
  const AttentionDims d = Attention(ds);
  const double ds_bw = ds.hbm_bandwidth * ds.memory_efficiency;
  const LayerTimes dw = LayerTime(ds, d, true), dp = LayerTime(ds_plain, d, true);
  CHECK(dw.memory_bound - dp.memory_bound ==
        Approx(3 * 6 * (4096.0 / 2) * (1536 + 512) / ds_bw + 2 * 2 * ds.gemm_overhead));
}

TEST_CASE("QK-Norm keeps Q and K before the norm for its backward", "[qk_norm]") {
  // Qwen3 30B-A3B as above: Transformer Engine's RMSNorm saves its input, 2 bytes an element of
  // Q and K a token, in every layer unless the whole layer is replayed.
  auto h100 = ValidationSpec("h100.cl");
  const PlanInputs qwen = PlanNamed(*h100, "mb26_qwen3_30b_a3b");
  REQUIRE(qwen.tp == 1);
  PlanInputs plain = qwen;
  plain.qk_norm = false;
  const double sb = 4096, qk = 32 * 128 + 4 * 128;
  CHECK(LayerActivationBytes(qwen, true) - LayerActivationBytes(plain, true) ==
        Approx(2 * sb * qk));
  CHECK(LayerActivationBytes(qwen, true, ir::Recompute::full) ==
        Approx(LayerActivationBytes(plain, true, ir::Recompute::full)));
  // MLA's latent norms were counted with the latents already: stating them adds nothing.
  auto mlperf = ValidationSpec("mlperf_v6.cl");
  const PlanInputs ds = PlanNamed(*mlperf, "ml60_gb200_dsv3_512");
  PlanInputs ds_plain = ds;
  ds_plain.qk_norm = false;
  CHECK(LayerActivationBytes(ds, true) == Approx(LayerActivationBytes(ds_plain, true)));
}

}  // namespace
}  // namespace clusterc::analysis
