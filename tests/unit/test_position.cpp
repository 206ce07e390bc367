// How a model encodes positions and whether its linear layers carry biases (`model { position;
// rope_fraction; linear_bias }`): Nemotron's LayerNorm layers rotate half of each head and have
// no biases, which the LayerNorm default (GPT-style: a learned table, biases, no rotation) missed.
#include <catch2/catch.hpp>

#include "analysis/layer_model.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

TEST_CASE("Nemotron's rotary embeddings rotate half of each head, fused or unfused", "[position]") {
  // Nemotron-4 340B in NeMo 24.07 on 128 H100 (validation h100.cl): TP 8, micro-batch 1 of
  // 4,096 tokens, 96 query heads and 8 KV groups of 192; the launcher config leaves
  // apply_rope_fusion out, so Megatron-Core rotates in apply_rotary_pos_emb_bshd.
  auto c = ValidationSpec("h100.cl");
  const PlanInputs unfused = PlanNamed(*c, "nemo24_nemotron_340b");
  REQUIRE(unfused.layernorm);
  REQUIRE(RotaryPositions(unfused));
  REQUIRE_FALSE(LearnedPositions(unfused));
  REQUIRE_FALSE(LinearBiases(unfused));
  REQUIRE(unfused.rope_fraction == 0.5);
  REQUIRE(unfused.eager_rope == ir::EagerRope::rotate_half);
  PlanInputs fused = unfused;
  fused.eager_rope = ir::EagerRope::fused;
  PlanInputs learned = fused;  // the LayerNorm default: no rotation at all
  learned.position = ir::Position::by_norm;
  REQUIRE(LearnedPositions(learned));
  const AttentionDims a = Attention(unfused);
  const LayerTimes u = LayerTime(unfused, a, false), f = LayerTime(fused, a, false),
                   l = LayerTime(learned, a, false);
  const double M = 4096, qk = (96 * 192 + 8 * 192) / 8.0;  // Q and K elements a token and rank
  const double bw = unfused.hbm_bandwidth * unfused.memory_efficiency;
  const double launch = unfused.gemm_overhead;
  // Fused: one kernel reads and writes all of Q and K (4 bytes an element), backward twice.
  CHECK(f.memory_bound - l.memory_bound == Approx(3 * 4 * M * qk / bw + 2 * launch));
  // The layer reports that share of its element-wise time (for the simulator backends).
  CHECK(f.rope_fwd + f.rope_bwd == Approx(3 * 4 * M * qk / bw + 2 * launch));
  CHECK(l.rope_fwd + l.rope_bwd == 0);
  // Unfused on the rotated half: t cos, the negated half, its concatenation, t sin and the sum,
  // 20 bytes an element of the half, then the concatenation with the unrotated half, 4 bytes an
  // element of the head: 14 against 4; six kernels a tensor and six on the frequencies.
  const double extra = (20 * 0.5 + 4 - 4) * M * qk;
  CHECK(u.memory_bound - f.memory_bound == Approx(3 * extra / bw + 2 * 23 * launch));
  CHECK(u.eager_ops_fwd - f.eager_ops_fwd == 24);
  CHECK(u.eager_ops_bwd - f.eager_ops_bwd == 12);
  // Whole heads would move 24 bytes an element.
  PlanInputs whole = unfused;
  whole.rope_fraction = 1;
  CHECK(LayerTime(whole, a, false).memory_bound - f.memory_bound ==
        Approx(3 * 20 * M * qk / bw + 2 * 23 * launch));
}

TEST_CASE("a learned position table and the linear layers' biases count only where stated",
          "[position]") {
  auto c = ValidationSpec("h100.cl");
  const PlanInputs nemotron = PlanNamed(*c, "nemo24_nemotron_340b");
  PlanInputs gpt_style = nemotron;
  gpt_style.position = ir::Position::by_norm;
  gpt_style.linear_bias = ir::LinearBias::by_norm;
  const double h = 18432, ffn = 73728, L = 96, s = 4096, q = 96 * 192, kv = 8 * 192;
  // GPT-style: Q, K, V and output biases and the MLP's two (ffn + h) in every layer, and an
  // s x h table of positions (Narayanan et al. 2021 eq. 2).
  const double biases = L * (q + 2 * kv + h + ffn + h);
  CHECK(CountParams(gpt_style).total - CountParams(nemotron).total == Approx(biases + s * h));
  PlanInputs alibi = gpt_style;
  alibi.position = ir::Position::alibi;
  CHECK(CountParams(gpt_style).total - CountParams(alibi).total == Approx(s * h));
  // 341.3 B without them (the report's "340B"), 0.03 % fewer than the GPT-style reading.
  CHECK(CountParams(nemotron).total / 1e9 == Approx(341.3).epsilon(0.001));
}

}  // namespace
}  // namespace clusterc::analysis
