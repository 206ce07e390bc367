// Experts with biases (`moe { expert_bias }`, GPT-OSS; analysis/layer_model.cpp and
// plan_params.cpp): their parameters, and the eager operations in which Megatron-Core adds the
// second linear layer's bias scaled by the router's probability (TEGroupedMLP._apply_bias).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "analysis/layer_model.h"
#include "backends/emitters.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

// MLPerf Training v6.0's GPT-OSS 20B (tests/validation/mlperf_v6.cl): NVIDIA's logs count
// 20,495,244,864 parameters, which the model's shape with its biases and sinks gives exactly.
TEST_CASE("GPT-OSS's biases and sinks bring its parameter count to the published one",
          "[expert_bias]") {
  auto mlperf = ValidationSpec("mlperf_v6.cl");
  PlanInputs in = PlanNamed(*mlperf, "ml60_gb300_gpt_oss_20b_8");
  REQUIRE(in.expert_bias);
  REQUIRE(in.attention_bias);
  REQUIRE(in.attention_sinks);
  REQUIRE(in.router_bias);
  CHECK(CountParams(in).total == 20'495'244'864.0);
  // Each stated part, a layer: the experts' 32 x (5,760 + 2,880); the attention's biases (Q
  // 4,096, K and V 512 each, the output's 2,880); its 64 sinks; the router's 32 biases.
  PlanInputs less = in;
  less.expert_bias = false;
  CHECK(in.layers * 32 * 8640 == CountParams(in).total - CountParams(less).total);
  less = in;
  less.attention_bias = false;
  CHECK(in.layers * (4096 + 512 + 512 + 2880) == CountParams(in).total - CountParams(less).total);
  less = in;
  less.attention_sinks = false;
  CHECK(in.layers * 64 == CountParams(in).total - CountParams(less).total);
  less = in;
  less.router_bias = false;
  CHECK(in.layers * 32 == CountParams(in).total - CountParams(less).total);

  // GPT-OSS 120B (std.models): OpenAI's model card gives 116.83 B parameters in all.
  auto blackwell = ValidationSpec("blackwell.cl");
  const PlanInputs big = PlanNamed(*blackwell, "mb2602_gb200_gpt_oss_120b");
  CHECK(CountParams(big).total / 1e9 == Approx(116.83).margin(0.005));
}

TEST_CASE("the experts' second bias costs its eager operations where nothing fuses it",
          "[expert_bias]") {
  auto c = ValidationSpec("blackwell.cl");
  // Megatron-Bridge 26.04.01 on 64 DGX-B200: BF16, eager, EP 8 (16 local experts), micro-batch 4.
  const PlanInputs with = PlanNamed(*c, "mb2604_b200_gpt_oss_120b");
  REQUIRE(with.eager_expert_bias);
  PlanInputs without = with;
  without.eager_expert_bias = false;
  const AttentionDims a = Attention(with);
  const LayerTimes w = LayerTime(with, a, true), o = LayerTime(without, a, true);
  CHECK(w.gemm_time == o.gemm_time);
  CHECK(w.attn_fwd == o.attn_fwd);

  // Per GPU and micro-batch: M tokens, M x 4 routed copies of hidden 2,880. Forward b * p, the
  // sum with the expert's rows and their concatenation move 12 bytes an element; backward the
  // bias and probability gradients and the split's concatenation 16 (experts.py, _apply_bias).
  // Measured, they took the time of 15 and 24 (the next test case), and autograd ran five
  // kernels a local expert and two more backward (bench/gpu/moe_block_probe.py).
  const double M = double(with.micro_batch) * double(with.seq_len);
  const double elements = M * double(with.top_k) * double(with.hidden);
  const double local = double(with.experts) / double(with.ep);
  const double rate = with.hbm_bandwidth * with.memory_efficiency;
  const double ops_fwd = 2 * local + 1, ops_bwd = 5 * local + 2;
  CHECK(w.kernels_fwd - o.kernels_fwd == ops_fwd);
  CHECK(w.kernels_bwd - o.kernels_bwd == ops_bwd);
  CHECK(w.gpu_fwd - o.gpu_fwd ==
        Approx(15 * elements / rate + ops_fwd * with.gemm_overhead).epsilon(1e-9));
  CHECK(w.gpu_bwd - o.gpu_bwd ==
        Approx(24 * elements / rate + ops_bwd * with.gemm_overhead).epsilon(1e-9));
  // 1.91 ms of GPU work a layer and micro-batch on a B200 (1.45 ms of bytes, 0.46 ms of 115 small
  // kernels), a tenth of the layer.
  CHECK(w.gpu_fwd + w.gpu_bwd - o.gpu_fwd - o.gpu_bwd == Approx(1.91e-3).margin(0.01e-3));
  CHECK((w.gpu_fwd + w.gpu_bwd) / (o.gpu_fwd + o.gpu_bwd) == Approx(1.11).margin(0.01));

  // Issued from Python one by one: the host's time per eager operation, not per counted kernel.
  PlanInputs slow_host = with;
  slow_host.host_kernel_time = 1;  // the host floor binds
  slow_host.eager_op_time = 0.5;
  const LayerTimes h = LayerTime(slow_host, a, true);
  // (GPT-OSS's activation clamp, tests/unit/test_clamped_activation.cpp, adds three more, and
  // its rotary embeddings on Megatron-Core's unfused path 24, tests/unit/test_eager_ops.cpp.)
  CHECK(w.eager_ops_fwd == ops_fwd + 3 + 24);
  CHECK(h.fwd == Approx((w.kernels_fwd - w.eager_ops_fwd) * 1 + w.eager_ops_fwd * 0.5));

  // The host's time for the loop against Megatron-Core's own _apply_bias at 16 local experts of
  // 1,024 copies (Megatron-Bridge 26.02's H100 shape) on an H200, where the GPU waited on the
  // host: 0.501 and 0.438 ms forward, 1.733 and 2.256 ms backward in two runs
  // (bench/gpu/moe_block_probe.py, 2026-11-30); Options::eager_op_time and
  // eager_op_backward_time are the means of five such readings, these two among them.
  auto h100 = ValidationSpec("h100.cl");
  const PlanInputs ep8 = PlanNamed(*h100, "mb2602_h100_gpt_oss_120b");
  const double local8 = double(ep8.experts) / double(ep8.ep);
  REQUIRE(local8 == 16);
  CHECK((2 * local8 + 1) * ep8.eager_op_time * 1e3 == Approx((0.501 + 0.438) / 2).epsilon(0.10));
  CHECK((5 * local8 + 2) * ep8.eager_op_backward_time * 1e3 ==
        Approx((1.733 + 2.256) / 2).epsilon(0.12));

  // Nothing separate to pay under the fused grouped MLP (Transformer Engine's op fuser scales
  // and adds the bias inside it) or whole-step graph replay, which the eager loop cannot enter.
  CHECK_FALSE(PlanNamed(*c, "mb2608_gb200_gpt_oss_120b").eager_expert_bias);
  auto mlperf = ValidationSpec("mlperf_v6.cl");
  CHECK_FALSE(PlanNamed(*mlperf, "ml60_gb200_gpt_oss_20b_8").eager_expert_bias);
  CHECK(PlanNamed(*c, "mb2606_b300_gpt_oss_120b").eager_expert_bias);
}

TEST_CASE("the bias loop's charge reproduces its kernels measured on an H200", "[expert_bias]") {
  // bench/gpu/moe_block_probe.py (H200, 2026-11-30): _apply_bias over 65,536 copies of
  // GPT-OSS 120B's width, bf16 probabilities, as 2 local experts of 32,768 (Megatron-Bridge
  // 26.02's GB200 run, EP 64, micro-batch 4), 4 of 16,384 and 8 of 8,192: the profiler's kernel
  // time 0.831 / 1.344, 0.841 / 1.402 and 0.857 / 1.517 ms (forward / backward). The 15 and 24
  // bytes an element come from the first; the others check them (the plan at EP 32 and 16).
  auto c = ValidationSpec("blackwell.cl");
  const PlanInputs base = PlanNamed(*c, "mb2602_gb200_gpt_oss_120b");
  const auto check = [&](int64_t ep, double fwd_ms, double bwd_ms) {
    PlanInputs in = base;
    in.ep = ep;
    in.hbm_bandwidth = 4.8e12;
    in.memory_efficiency = 0.72;
    REQUIRE(in.eager_expert_bias);
    PlanInputs without = in;
    without.eager_expert_bias = false;
    const AttentionDims a = Attention(in);
    const LayerTimes w = LayerTime(in, a, true), o = LayerTime(without, a, true);
    CHECK((w.gpu_fwd - o.gpu_fwd) * 1e3 == Approx(fwd_ms).epsilon(0.05));
    CHECK((w.gpu_bwd - o.gpu_bwd) * 1e3 == Approx(bwd_ms).epsilon(0.05));
  };
  check(64, 0.831, 1.344);
  check(32, 0.841, 1.402);
  check(16, 0.857, 1.517);
}

TEST_CASE("beside biased experts the attention output's bias is added on its own",
          "[expert_bias]") {
  auto c = ValidationSpec("blackwell.cl");
  // Megatron-Core's TEGroupedMLP asserts `not (add_bias_linear and bias_dropout_fusion)`, so the
  // attention output's bias goes through the unfused bias-dropout-add: `x + bias` forward (read
  // and write the h-wide output), the bias gradient's sum over the tokens backward (read it).
  const PlanInputs with = PlanNamed(*c, "mb2602_gb300_gpt_oss_120b");
  REQUIRE(with.unfused_attention_bias);
  PlanInputs without = with;
  without.unfused_attention_bias = false;
  const AttentionDims a = Attention(with);
  const LayerTimes w = LayerTime(with, a, true), o = LayerTime(without, a, true);
  const double hw = 2 * double(with.micro_batch) * double(with.seq_len) * double(with.hidden);
  const double rate = with.hbm_bandwidth * with.memory_efficiency;
  CHECK(w.gpu_fwd - o.gpu_fwd == Approx(2 * hw / rate + with.gemm_overhead).epsilon(1e-9));
  CHECK(w.gpu_bwd - o.gpu_bwd == Approx(hw / rate + with.gemm_overhead).epsilon(1e-9));
  CHECK(w.kernels_fwd - o.kernels_fwd == 1);
  CHECK(w.kernels_bwd - o.kernels_bwd == 1);
  // A GPT-style model's biases go through the fused bias-dropout-add: nothing of its own.
  auto a100 = ValidationSpec("a100.cl");
  CHECK_FALSE(PlanNamed(*a100, "n21_1_7b").unfused_attention_bias);
}

TEST_CASE("experts with biases stay whole where the plan leaves etp unset", "[expert_bias]") {
  // GPT-OSS 120B (std.models, experts with biases) at tp 2 on 64 B200 with no etp: Megatron-Core
  // keeps biased experts only at etp = 1 (MLPerf v6.0's GPT-OSS recipe sets it), so the plan
  // takes 1, not tp, and the sbatch script passes it; DeepSeek-V3 keeps Megatron's etp = tp.
  const std::filesystem::path file = testing::ScratchDir("expert_bias_etp") / "etp.cl";
  std::ofstream(file) << R"(import std.nvidia
import std.cooling
import std.models
site s { cooling = cooling.direct_liquid }
node hgx { gpus = 8 x nvidia.B200; scale_up = nvidia.NVLink5; nics = 8 x nvidia.ConnectX7 }
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 8 x hgx; racks = rack { nodes = 8 }; fabric = ib }
plan oss { model = models.gpt_oss_120b; cluster = c; parallel { tp = 2; dp = 32; ep = 8 } batch { global = 256; micro = 2; seq_len = 8192 } optimizer = adam { sharding = zero1 } }
plan dsv3 { model = models.deepseek_v3; cluster = c; parallel { tp = 2; pp = 4; dp = 8; ep = 8 } batch { global = 256; micro = 1; seq_len = 4096 } optimizer = adam { sharding = zero1 } }
)";
  auto c = testing::CompileSpec(file);
  const PlanInputs oss = PlanNamed(*c, "oss");
  CHECK(oss.etp == 1);
  CHECK(ExpertTp(oss) == 1);
  const PlanInputs dsv3 = PlanNamed(*c, "dsv3");
  CHECK(dsv3.etp == 0);
  CHECK(ExpertTp(dsv3) == 2);
  const backends::OutputTree out = testing::Lower(*c, backends::EmitSlurm);
  CHECK(testing::SbatchFlag(out.Files().at("slurm/oss.sbatch"), "--expert-tensor-parallel-size") ==
        "1");
}

}  // namespace
}  // namespace clusterc::analysis
