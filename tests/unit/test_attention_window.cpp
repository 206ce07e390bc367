// Sliding-window attention (`model { attention_window; full_attention_every }`; docs/model.md
// "Sliding-window attention"). The spec is tests/lang/explain/attention_window.cl: GPT-OSS 120B
// (std.models) with and without its window, and Mistral 7B's 4,096-token window at 16,384 tokens.
#include <catch2/catch.hpp>
#include <string>

#include "analysis/layer_model.h"
#include "backends/emitters.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::SbatchFlag;

std::unique_ptr<testing::Compiled> WindowSpec() {
  return testing::ExplainSpec("attention_window.cl");
}

// The attention core's kernel time of one layer, forward and backward.
double AttentionTime(const PlanInputs& in) {
  const AttentionDims a = Attention(in);
  const LayerTimes lt = LayerTime(in, a, in.moe);
  return lt.gpu_fwd + lt.gpu_bwd - 3 * lt.gemm_time - lt.memory_bound;
}

TEST_CASE("which layers attend to the window", "[attention_window]") {
  auto c = WindowSpec();
  PlanInputs in = PlanNamed(*c, "windowed");
  REQUIRE(in.attention_window == 128);
  REQUIRE(in.full_attention_every == 2);
  // GPT-OSS: 36 layers, the even ones (Megatron-Core's layer_number % 2 == 0) whole-sequence.
  CHECK(Attention(in).windowed_share == Approx(0.5));
  CHECK(Attention(in).window == 128);
  // Gemma 3 27B's pattern, five windowed layers to one global over 62: 10 global.
  in.layers = 62;
  in.full_attention_every = 6;
  CHECK(Attention(in).windowed_share == Approx(52.0 / 62));
  // No `full_attention_every`: every layer windowed (Mistral 7B).
  CHECK(Attention(PlanNamed(*c, "mistral")).windowed_share == 1);
  CHECK(Attention(PlanNamed(*c, "full")).windowed_share == 0);
}

TEST_CASE("a window as long as the sequence is no window", "[attention_window]") {
  auto c = WindowSpec();
  PlanInputs full = PlanNamed(*c, "full");
  PlanInputs same = full;
  same.attention_window = full.seq_len;
  same.full_attention_every = 2;
  CHECK(Attention(same).core_fwd_per_token == Approx(Attention(full).core_fwd_per_token));
  CHECK(AttentionTime(same) == Approx(AttentionTime(full)));
  CHECK(EvaluatePlan(same).step_time == Approx(EvaluatePlan(full).step_time));
}

TEST_CASE("Mistral 7B's window halves its attention at 16K tokens, as its paper reports",
          "[attention_window]") {
  // Jiang et al. 2023 (Mistral 7B, arXiv 2310.06825), section 2: "for a sequence length of 16K
  // and W = 4096, changes made to FlashAttention and xFormers yield a 2x speed improvement over a
  // vanilla attention baseline". The model: a windowed query's kernel walks 4,096 keys and one
  // 128-key block, the first 4,096 queries fewer, against 8,192 a causal query (2.2x), and
  // each 128-query block costs the same fixed time in both (the s / (s + 1,024) curve's: half a
  // causal sequence's work x 1,024 / s forward): 2.07x forward.
  auto c = WindowSpec();
  const PlanInputs full_in = PlanNamed(*c, "mistral_full"), windowed_in = PlanNamed(*c, "mistral");
  const double full = AttentionTime(full_in);
  const double windowed = AttentionTime(windowed_in);
  CHECK(full / windowed == Approx(2.0).epsilon(0.15));
  const double fixed = 0.5 * 1024 / 16384.0;
  const double forward = LayerTime(full_in, Attention(full_in), false).attn_fwd /
                         LayerTime(windowed_in, Attention(windowed_in), false).attn_fwd;
  CHECK(forward == Approx((0.5 + fixed) / (4224 * 0.875 / 16384 + fixed)).epsilon(0.01));
}

TEST_CASE("a windowed layer's attention against cuDNN's windowed kernel on H200",
          "[attention_window]") {
  // bench/gpu/results/h200-2026-11-29/window.json and window_repeat.json: cuDNN's fused attention
  // through JAX (jax.nn.dot_product_attention, local_window_size), GPT-OSS's heads (64 of 64, 8
  // key/value), 2 x 8,192 tokens, forward + backward. Windowed over whole-sequence time, the two
  // runs: a 128-key window 0.1603 and 0.1604, a 1,024-key window 0.3397 and 0.3361. The H200's
  // attention calibration is the H100's, the spec's GPU. The model's fixed cost per query block
  // (the s / (s + s0) curve's) is 1.3-1.8x the kernel's, so windowed layers come out long; a
  // model that scaled the whole time with the key blocks walked gave 0.062 and 0.264.
  auto c = WindowSpec();
  PlanInputs full = PlanNamed(*c, "windowed");
  full.seq_len = 8192;
  full.full_attention_every = 0;
  full.attention_window = 0;
  PlanInputs w128 = full, w1024 = full;
  w128.attention_window = 128;
  w1024.attention_window = 1024;
  const double whole = AttentionTime(full);
  CHECK(AttentionTime(w128) / whole == Approx(0.160).epsilon(0.30));
  CHECK(AttentionTime(w1024) / whole == Approx(0.338).epsilon(0.15));
  CHECK(AttentionTime(w128) / whole > 0.160);
}

TEST_CASE("GPT-OSS 120B's FLOPs grow with the sequence as Megatron-Bridge counts them",
          "[attention_window]") {
  // Megatron-Bridge's performance summary (docs/performance-summary.md at df0289c1) publishes
  // GPT-OSS 120B's model TFLOP/s beside its tokens/s: on DGX-GB300 527 at 19,412 (26.02, 4,096
  // tokens) and 565 at 18,347 (25.11, 8,192 tokens): 27.15 and 30.80 GFLOP a token. Doubling the
  // sequence adds only the whole-sequence layers' attention, 18 of 36: 3 x 18 x 4 x 4,096 x 4,096
  // FLOPs, 3.62 GFLOP (7.25 if every layer attended to the whole sequence).
  auto c = WindowSpec();
  PlanInputs short_seq = PlanNamed(*c, "windowed"), long_seq = short_seq;
  long_seq.seq_len = 8192;
  const double published = 565e12 / 18347 - 527e12 / 19412;
  CHECK(published == Approx(3.65e9).epsilon(0.005));
  const double grown =
      EvaluatePlan(long_seq).flops.model_per_token - EvaluatePlan(short_seq).flops.model_per_token;
  CHECK(grown == Approx(published).epsilon(0.02));
  PlanInputs full_short = PlanNamed(*c, "full"), full_long = full_short;
  full_long.seq_len = 8192;
  CHECK(EvaluatePlan(full_long).flops.model_per_token -
            EvaluatePlan(full_short).flops.model_per_token ==
        Approx(2 * grown).epsilon(0.01));
}

TEST_CASE("the window reaches Megatron-LM's arguments and Calculon's notes",
          "[attention_window][calculon]") {
  auto c = WindowSpec();
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitSlurm(ctx, out);
  backends::EmitCalculon(ctx, out);
  // Megatron-LM's --window-size (left, right) and --window-attn-skip-freq (arguments.py).
  const std::string& windowed = out.Files().at("slurm/h64/windowed.sbatch");
  CHECK(SbatchFlag(windowed, "--window-size") == "128,0");
  CHECK(SbatchFlag(windowed, "--window-attn-skip-freq") == "2");
  CHECK(SbatchFlag(out.Files().at("slurm/h8/mistral.sbatch"), "--window-size") == "4096,0");
  CHECK(SbatchFlag(out.Files().at("slurm/h8/mistral.sbatch"), "--window-attn-skip-freq").empty());
  CHECK(SbatchFlag(out.Files().at("slurm/h64/full.sbatch"), "--window-size").empty());
  CHECK(out.Files().at("calculon/windowed/model.json").find("no sliding-window attention") !=
        std::string::npos);
  CHECK(out.Files().at("calculon/full/model.json").find("sliding-window") == std::string::npos);
}

}  // namespace
}  // namespace clusterc::analysis
