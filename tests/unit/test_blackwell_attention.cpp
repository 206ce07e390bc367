// Blackwell's fused-attention calibration (stdlib/nvidia.cl, "Attention rule"; docs/model.md
// "Fused attention on Blackwell") against the cuDNN SDPA training benchmark that NVIDIA publishes
// in cudnn-frontend (benchmark/sdpa_benchmark_training/results/{h200,gb200,gb300}_919_only_cudnn/,
// cuDNN 9.19.1, February 2026): forward and backward times of the kernels Transformer Engine
// runs, causal, batch 1 (GPT-OSS's rows batch 2), in ms; for MLA's FP8 and for MXFP8, the same
// benchmark's cuDNN 9.22 rows (below).
#include <catch2/catch.hpp>
#include <string>

#include "analysis/layer_model.h"
#include "backends/emitters.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;

struct Kernel {
  double fwd = 0, bwd = 0;
};

struct Shape {
  int64_t batch = 1, seq = 0, heads = 0, kv_heads = 0, head_dim = 0, window = 0;
  bool mla = false;  // DeepSeek-V3's 192-wide Q/K heads (128 + 64 rotary) and 128-wide V
};

// clusterc's time of the attention core kernels for one shape, on the GPU of `base`: its layer
// model with the plan reduced to the benchmark's one kernel (no TP, CP or dropout).
Kernel Modelled(PlanInputs in, const Shape& s) {
  in.tp = in.cp = 1;
  in.dropout = false;
  in.micro_batch = s.batch;
  in.seq_len = s.seq;
  in.heads = s.heads;
  in.attention_window = s.window;
  in.full_attention_every = 0;
  in.layers = 1;
  if (!s.mla) {
    in.mla = false;
    in.kv_heads = s.kv_heads;
    in.attention_head_dim = s.head_dim;
    in.hidden = s.heads * s.head_dim;
  }
  const LayerTimes lt = LayerTime(in, Attention(in), false);
  return {(lt.attn_fwd - in.gemm_overhead) * 1e3, (lt.attn_bwd - in.gemm_overhead) * 1e3};
}

// Llama 3.1's heads (64 x 128, 8 key/value): {seq, fwd, bwd} per GPU.
struct Row {
  int64_t seq;
  double fwd, bwd;
};
const Row kH200Llama[] = {{4096, 0.465, 1.450}, {8192, 1.708, 5.083}};
const Row kGb200Llama[] = {{4096, 0.206, 0.607}, {8192, 0.688, 2.097}};
const Row kGb300Llama[] = {{4096, 0.164, 0.575}, {8192, 0.583, 1.985}};

// Where the model stands against the benchmark: modelled over measured time, per pass.
template <size_t N>
Kernel Ratio(const PlanInputs& gpu, const Row (&rows)[N]) {
  Kernel r;
  for (const Row& row : rows) {
    const Kernel m = Modelled(gpu, {1, row.seq, 64, 8, 128, 0});
    r.fwd += m.fwd / row.fwd / double(N);
    r.bwd += m.bwd / row.bwd / double(N);
  }
  return r;
}

TEST_CASE("Blackwell's attention stands to cuDNN 9.19's kernels as the H200's does",
          "[blackwell_attention]") {
  auto blackwell = testing::ValidationSpec("blackwell.cl");
  auto h200_spec = testing::ValidationSpec("h200.cl");
  const PlanInputs h200 = PlanNamed(*h200_spec, "ml51h_h200_llama31_8b_64");
  const PlanInputs gb200 = PlanNamed(*blackwell, "mb25_gb200_llama3_8b");
  const PlanInputs gb300 = PlanNamed(*blackwell, "mb25_gb300_llama3_8b");
  // The H100-derived curve (validated inside transformer layers, bench/gpu/README.md) runs the
  // H200's forward 1-4 % and its backward 16-18 % longer than the standalone kernels.
  const Kernel ref = Ratio(h200, kH200Llama);
  CHECK(ref.fwd == Approx(1.03).margin(0.02));
  CHECK(ref.bwd == Approx(1.17).margin(0.02));
  // The Blackwell figures put the curve in the same place on their own GPUs.
  for (const Kernel& k : {Ratio(gb200, kGb200Llama), Ratio(gb300, kGb300Llama)}) {
    CHECK(k.fwd == Approx(ref.fwd).margin(0.03));
    CHECK(k.bwd == Approx(ref.bwd).margin(0.03));
  }
  // The old figures (FlashAttention-4's reading of cuDNN 9.13 on B200, 0.55 / 0.43, and the
  // exponential rule's 0.77 / 0.47 on GB300) ran GB200's backward 45 % and GB300's 40 % long.
  PlanInputs old200 = gb200, old300 = gb300;
  old200.attention_efficiency = 0.55;
  old200.attention_backward_efficiency = 0.43;
  old300.attention_efficiency = 0.77;
  old300.attention_backward_efficiency = 0.47;
  CHECK(Ratio(old200, kGb200Llama).bwd > 1.40);
  CHECK(Ratio(old300, kGb300Llama).bwd > 1.35);
  // HGX B200 and B300 are the same dies at another clock: the same fractions of their peaks.
  const PlanInputs b200 = PlanNamed(*blackwell, "ml51e_b200_llama31_8b_8");
  const PlanInputs b300 = PlanNamed(*blackwell, "ml51e_b300_llama31_8b_8");
  CHECK(b200.attention_efficiency == gb200.attention_efficiency);
  CHECK(b200.attention_backward_efficiency == gb200.attention_backward_efficiency);
  CHECK(b300.attention_efficiency == gb300.attention_efficiency);
  CHECK(b300.attention_backward_efficiency == gb300.attention_backward_efficiency);
}

TEST_CASE("GPT-OSS's narrow windowed heads and DeepSeek-V3's MLA on GB200 and GB300",
          "[blackwell_attention]") {
  auto blackwell = testing::ValidationSpec("blackwell.cl");
  const PlanInputs gb200 = PlanNamed(*blackwell, "mb25_gb200_llama3_8b");
  const PlanInputs gb300 = PlanNamed(*blackwell, "mb25_gb300_llama3_8b");
  // GPT-OSS: 64 heads of 64, 8 key/value, a 1,024-key window, 2 x 8,192 tokens. The narrow-head
  // rule (formulas.h) moves the calibration from head dim 128 with the GPU's exponential time.
  const Shape oss{2, 8192, 64, 8, 64, 1024};
  const Kernel gb200_oss = Modelled(gb200, oss), gb300_oss = Modelled(gb300, oss);
  CHECK(gb200_oss.fwd / 0.423 == Approx(1.0).margin(0.06));
  CHECK(gb200_oss.bwd / 0.998 == Approx(1.13).margin(0.06));
  CHECK(gb300_oss.fwd / 0.359 == Approx(1.05).margin(0.06));
  CHECK(gb300_oss.bwd / 0.965 == Approx(1.12).margin(0.06));
  // GB300 runs these 1.18x GB200 forward, as it does head dim 128: Blackwell Ultra's doubled
  // exponential units (0.0935 against 0.2 ps) do not show in the BF16 kernels, and with them the
  // rule would put GB300's forward 15 % under the measurement.
  REQUIRE(gb300.exponential_time == Approx(0.2e-12));
  PlanInputs doubled = gb300;
  doubled.exponential_time = 0.0935e-12;
  CHECK(Modelled(doubled, oss).fwd / 0.359 < 0.90);
  // DeepSeek-V3's MLA, 128 heads, 1 x 8,192 tokens; the benchmark's backward is deterministic.
  const PlanInputs dsv3_200 = PlanNamed(*blackwell, "mb2602_gb200_dsv3");
  const PlanInputs dsv3_300 = PlanNamed(*blackwell, "mb2602_gb300_dsv3");
  REQUIRE(dsv3_200.mla);
  const Shape mla{1, 8192, 128, 128, 0, 0, true};
  const Kernel m200 = Modelled(dsv3_200, mla), m300 = Modelled(dsv3_300, mla);
  CHECK(m200.fwd / 1.800 == Approx(1.03).margin(0.05));
  CHECK(m200.bwd / 5.728 == Approx(1.08).margin(0.05));
  CHECK(m300.fwd / 1.548 == Approx(0.97).margin(0.05));
  CHECK(m300.bwd / 5.432 == Approx(1.07).margin(0.05));
}

TEST_CASE("FP8 attention runs at the benchmark's FP8 speed-ups, head dim 128 and wider",
          "[blackwell_attention]") {
  // The benchmark's FP8 rows at Llama 3.1's heads and 8,192 tokens: GB200 0.553 / 1.860 ms
  // against BF16's 0.688 / 2.097, GB300 0.396 / 1.730 against 0.583 / 1.985.
  auto explain = testing::ExplainSpec("fp8_attention.cl");
  const Shape llama{1, 8192, 64, 8, 128, 0};
  for (const char* gpu : {"gb200", "gb300"}) {
    const std::string name(gpu);
    const Kernel bf16 = Modelled(PlanNamed(*explain, (name + "_bf16_attention").c_str()), llama);
    const Kernel fp8 = Modelled(PlanNamed(*explain, (name + "_fp8_attention").c_str()), llama);
    const bool gb200 = name == "gb200";
    CHECK(bf16.fwd / fp8.fwd == Approx(gb200 ? 0.688 / 0.553 : 0.583 / 0.396).epsilon(0.01));
    CHECK(bf16.bwd / fp8.bwd == Approx(gb200 ? 2.097 / 1.860 : 1.985 / 1.730).epsilon(0.01));
  }
  // GPT-OSS's 64-wide heads: cuDNN's FP8 kernels ran 1.03x forward on GB200 (0.411 ms against
  // 0.423): no gain counted (the backward's 3x is the window's, in the next test case).
  const PlanInputs oss_fp8 = PlanNamed(*explain, "gpt_oss_current_fp8_attention");
  const PlanInputs oss_bf16 = PlanNamed(*explain, "gpt_oss_bf16_attention");
  CHECK(oss_fp8.attention_efficiency == oss_bf16.attention_efficiency);
  CHECK(oss_fp8.attention_backward_efficiency == oss_bf16.attention_backward_efficiency);
  // Megatron-LM has no flag for it: the sbatch says where to set it.
  backends::OutputTree out;
  backends::EmitSlurm(testing::ContextOf(*explain), out);
  const std::string setting = "TransformerConfig.fp8_dot_product_attention = True";
  CHECK(out.Files().at("slurm/gb200/gb200_fp8_attention.sbatch").find(setting) !=
        std::string::npos);
  CHECK(out.Files().at("slurm/gb200/gb200_bf16_attention.sbatch").find(setting) ==
        std::string::npos);
}

// cuDNN 9.22's rows (results/{llama3.1,dsv3}/{gb200,gb300}/*_20260424_*.csv), causal, 2 x 8,192
// tokens, forward / backward in ms: BF16, per-tensor FP8 and MXFP8 at Llama 3.1's heads and at
// DeepSeek-V3's MLA.
struct Rows {
  Kernel bf16, fp8, mxfp8;
};
const Rows kGb200Llama922{{1.397, 4.127}, {1.074, 3.781}, {1.156, 4.272}};
const Rows kGb300Llama922{{1.185, 3.832}, {0.759, 3.087}, {0.856, 3.917}};
const Rows kGb200Mla922{{3.470, 11.984}, {2.294, 7.296}, {2.478, 9.567}};
const Rows kGb300Mla922{{3.013, 11.074}, {1.758, 6.188}, {1.944, 8.030}};

TEST_CASE("MLA's FP8 attention and block-scaled (MXFP8) attention at cuDNN 9.22's rows",
          "[blackwell_attention]") {
  auto explain = testing::ExplainSpec("fp8_attention.cl");
  const Shape mla{2, 8192, 128, 128, 0, 0, true};
  const Shape llama{2, 8192, 64, 8, 128, 0};
  for (const char* gpu : {"gb200", "gb300"}) {
    const std::string name(gpu);
    const bool gb200 = name == "gb200";
    auto plan = [&](const char* kind) {
      return PlanNamed(*explain, (name + "_mla_" + kind + "_attention").c_str());
    };
    REQUIRE(plan("fp8").mla);
    const Kernel bf16 = Modelled(plan("bf16"), mla), fp8 = Modelled(plan("fp8"), mla),
                 mxfp8 = Modelled(plan("mxfp8"), mla);
    const Rows& m = gb200 ? kGb200Mla922 : kGb300Mla922;
    // MLA's own FP8 figures: the measured gain to 1 %. Before round 41 it took head dim 128's
    // (1.24x / 1.13x on GB200, 1.47x / 1.15x on GB300), which left its FP8 backward 50 % and 63 %
    // longer than these rows (16-21 % against 9.19's).
    CHECK(bf16.fwd / fp8.fwd == Approx(m.bf16.fwd / m.fp8.fwd).epsilon(0.01));
    CHECK(bf16.bwd / fp8.bwd == Approx(m.bf16.bwd / m.fp8.bwd).epsilon(0.01));
    // MXFP8 against per-tensor FP8: the factor is the mean of MLA's and Llama's heads, within
    // 7 % of each.
    CHECK(fp8.fwd / mxfp8.fwd == Approx(m.fp8.fwd / m.mxfp8.fwd).epsilon(0.03));
    CHECK(fp8.bwd / mxfp8.bwd == Approx(m.fp8.bwd / m.mxfp8.bwd).epsilon(0.08));
    // MLA's MXFP8 backward still beats BF16's, as measured (1.25x / 1.38x).
    CHECK(bf16.bwd / mxfp8.bwd > 1.2);
    // Where the kernels stand against the rows (modelled over measured): GB200 FP8 1.07 / 1.03,
    // MXFP8 1.06 / 0.96; GB300 1.00 / 1.05 and 1.01 / 1.04.
    CHECK(fp8.fwd / m.fp8.fwd == Approx(gb200 ? 1.07 : 1.00).margin(0.02));
    CHECK(fp8.bwd / m.fp8.bwd == Approx(gb200 ? 1.03 : 1.05).margin(0.02));
    CHECK(mxfp8.fwd / m.mxfp8.fwd == Approx(gb200 ? 1.06 : 1.01).margin(0.02));
    CHECK(mxfp8.bwd / m.mxfp8.bwd == Approx(gb200 ? 0.96 : 1.04).margin(0.02));
    const Rows& l = gb200 ? kGb200Llama922 : kGb300Llama922;
    const Kernel lfp8 = Modelled(PlanNamed(*explain, (name + "_fp8_attention").c_str()), llama);
    const Kernel lmx = Modelled(PlanNamed(*explain, (name + "_mxfp8_attention").c_str()), llama);
    CHECK(lfp8.fwd / lmx.fwd == Approx(l.fp8.fwd / l.mxfp8.fwd).epsilon(0.03));
    CHECK(lfp8.bwd / lmx.bwd == Approx(l.fp8.bwd / l.mxfp8.bwd).epsilon(0.08));
    // At head dim 128 MXFP8's backward is about BF16's: 0.97x / 0.98x measured.
    const Kernel lbf16 = Modelled(PlanNamed(*explain, (name + "_bf16_attention").c_str()), llama);
    CHECK(lbf16.bwd / lmx.bwd == Approx(l.bf16.bwd / l.mxfp8.bwd).epsilon(0.10));
  }
  // Hopper runs no FP8 MLA kernel (cuDNN 9.19's H200 row failed): its MLA keeps BF16's time,
  // where its 128-wide heads take 1.50x / 0.80x.
  const PlanInputs h100_bf16 = PlanNamed(*explain, "h100_mla_bf16_attention");
  const PlanInputs h100_fp8 = PlanNamed(*explain, "h100_mla_fp8_attention");
  REQUIRE(h100_fp8.mla);
  CHECK(h100_fp8.attention_efficiency == h100_bf16.attention_efficiency);
  CHECK(h100_fp8.attention_backward_efficiency == h100_bf16.attention_backward_efficiency);
}

// cuDNN 9.22's GPT-OSS rows (results/gpt_oss/{gb200,gb300}/gpt_oss_20260424_*.csv; the 9.27 rows
// of 2026-08-13 on GB200 agree within 3 %): 2 x 128 heads of 64, a 128-key window, forward /
// backward in ms at {seq}: BF16, per-tensor FP8, MXFP8.
struct WindowRow {
  int64_t seq;
  Rows t;
};
const WindowRow kGb200Oss922[] = {{2048, {{0.109, 0.237}, {0.101, 0.536}, {0.109, 0.642}}},
                                  {4096, {{0.210, 0.465}, {0.195, 1.731}, {0.210, 2.080}}},
                                  {8192, {{0.414, 0.911}, {0.385, 6.176}, {0.417, 7.427}}},
                                  {32768, {{2.634, 3.692}, {1.529, 90.348}, {1.637, 108.370}}}};
const WindowRow kGb300Oss922[] = {{2048, {{0.104, 0.227}, {0.086, 0.467}, {0.092, 0.581}}},
                                  {4096, {{0.202, 0.442}, {0.167, 1.480}, {0.175, 1.871}}},
                                  {8192, {{0.397, 0.862}, {0.327, 5.189}, {0.342, 6.648}}},
                                  {32768, {{2.530, 3.450}, {1.296, 74.763}, {1.345, 96.913}}}};

TEST_CASE("FP8 attention's backward under a window walks the whole causal triangle",
          "[blackwell_attention]") {
  auto explain = testing::ExplainSpec("fp8_attention.cl");
  for (const char* gpu : {"gb200", "gb300"}) {
    const std::string prefix = std::string(gpu) == "gb200" ? "" : "gb300_";
    const bool gb200 = prefix.empty();
    auto plan = [&](const char* kind) {
      return PlanNamed(*explain, (prefix + "gpt_oss_" + kind + "_attention").c_str());
    };
    const PlanInputs bf16 = plan("bf16"), fp8 = plan("current_fp8"), mxfp8 = plan("fp8");
    REQUIRE(fp8.fp8_backward_ignores_window);
    REQUIRE_FALSE(bf16.fp8_backward_ignores_window);
    const WindowRow* previous = nullptr;
    Kernel last;
    for (const WindowRow& row : gb200 ? kGb200Oss922 : kGb300Oss922) {
      const Shape oss{2, row.seq, 128, 128, 64, 128};
      const Kernel b = Modelled(bf16, oss), f = Modelled(fp8, oss), m = Modelled(mxfp8, oss);
      INFO(gpu << " " << row.seq << " tokens: BF16 " << b.bwd / row.t.bf16.bwd << ", FP8 "
               << f.bwd / row.t.fp8.bwd << ", MXFP8 " << m.bwd / row.t.mxfp8.bwd
               << " (backward, modelled over measured)");
      // The window's forward is skipped in every precision: FP8's as BF16's.
      CHECK(f.fwd == Approx(b.fwd));
      // FP8's backward at the causal triangle's rate: GB200 -7...+2 %, GB300 +2...+12 %. (BF16's
      // windowed backward comes out 31-39 % long at this 128-key window: its per-query cost is
      // head dim 128's, and the GPT-OSS test above holds it at the 1,024-key window.)
      CHECK(f.bwd / row.t.fp8.bwd == Approx(1.0).margin(gb200 ? 0.10 : 0.13));
      CHECK(m.bwd / row.t.mxfp8.bwd == Approx(1.0).margin(gb200 ? 0.10 : 0.13));
      // It grows with the square of the sequence, as measured (3.2x, 3.6x, 14.6x from row to row
      // on GB200); BF16's grows with the sequence.
      if (previous)
        CHECK(f.bwd / last.bwd == Approx(row.t.fp8.bwd / previous->t.fp8.bwd).epsilon(0.12));
      previous = &row;
      last = f;
    }
  }
}

}  // namespace
}  // namespace clusterc::analysis
