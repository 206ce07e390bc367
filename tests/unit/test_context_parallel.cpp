// Context parallelism's three exchanges (`parallel { cp_comm }`): the ring hidden behind each
// attention step, Llama 3's exposed all-gather of K and V, and Ulysses' all-to-alls of Q, K, V
// and the output (analysis/plan_model.cpp; docs/model.md, "Context parallelism").
#include <catch2/catch.hpp>

#include "analysis/collective_rates.h"
#include "analysis/formulas.h"
#include "analysis/layer_model.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::ValidationSpec;

// Llama 3 405B at 131,072 tokens on Meta's 16K H100 ([L24] table 4, row 4): tp 8, cp 16.
PlanInputs Llama3Cp(ir::CpComm kind) {
  static const auto c = ValidationSpec("h100.cl");
  PlanInputs in = testing::PlanNamed(*c, "l24_405b_cp");
  in.cp_comm = kind;
  return in;
}

double CpExposed(const PlanResults& r) {
  return r.step.comm[int(Comm::kCp)];
}
double CpTotal(const PlanResults& r) {
  return r.step.comm_total[int(Comm::kCp)];
}

TEST_CASE("Llama 3's all-gather context parallelism exposes three gathers' worth a layer",
          "[context_parallel]") {
  PlanInputs in = Llama3Cp(ir::CpComm::all_gather);
  REQUIRE(in.cp == 16);
  REQUIRE(in.tp == 8);
  REQUIRE(in.recompute == ir::Recompute::none);
  const PlanResults r = EvaluatePlan(in);
  // One rank's K and V: 8,192 tokens x (1 + 1) KV heads of 128 over tp 8 (8 KV heads), 16 bits.
  const double kv = 2.0 * 8192 * (2 * 8 * 128) / 8;
  CHECK(r.messages.context_kv == Approx(kv));
  // The 16 ranks sit tp = 8 GPUs apart, one per node: the ring runs at the NIC rate.
  const double bw = AchievedBandwidth(in, 128);
  const double gather = formulas::AllGatherTime(16, 16 * kv, bw, Latency(in, 128));
  // Forward gather, backward gather and reduce-scatter, all exposed ([L24] section 3.3.2;
  // Transformer Engine's AttnFuncWithCPAndKVAllGather).
  const double m = double(r.micro_batches);
  CHECK(CpTotal(r) > 0);
  CHECK(CpExposed(r) == Approx(CpTotal(r)));
  // Per layer of the slowest stage (it holds whole layers).
  const double layers = CpTotal(r) / (3 * gather * m);
  CHECK(layers == Approx(std::round(layers)).epsilon(1e-9));
  bool a_stage = false;
  for (int64_t i = 0; i < in.pp; ++i) a_stage |= double(StageLayers(in, i)) == std::round(layers);
  CHECK(a_stage);
  // Full recompute gathers once more before each backward.
  in.recompute = ir::Recompute::full;
  const PlanResults full = EvaluatePlan(in);
  CHECK(CpTotal(full) == Approx(CpTotal(r) * 4 / 3));
}

TEST_CASE("the ring hides its K/V passes behind attention, the all-gather shows them",
          "[context_parallel]") {
  const PlanResults ring = EvaluatePlan(Llama3Cp(ir::CpComm::ring));
  const PlanResults gather = EvaluatePlan(Llama3Cp(ir::CpComm::all_gather));
  // The same bytes over the same ranks, one rank per node: cp - 1 chunk transfers and latency
  // steps per pass either way.
  CHECK(CpTotal(ring) == Approx(CpTotal(gather)).epsilon(1e-9));
  // At 8,192 tokens a rank, attention hides the ring completely; the gathers stand in the
  // step (the ring pays its merges of partial outputs instead: the next test case). Llama 3's
  // 128K-token row, published at 38 % MFU, comes out at 38.1 % with the all-gather it ran and
  // 38.9 % had it run the ring, at the pace of the slowest of its 16,384 GPUs (40.0 and 40.97 %
  // before round 53's, 40.4 and 41.6 % before round 23's measured contention shares, 40.0 and
  // 41.0 % before round 25's per-step host overhead, 39.9 and 40.85 % before round 33's bubble
  // of the other stages' own times).
  CHECK(CpExposed(ring) == 0);
  CHECK(CpExposed(gather) > 0.5);
  CHECK(gather.step_time > ring.step_time);
  CHECK(ring.mfu == Approx(0.3892).margin(0.001));
  CHECK(gather.mfu == Approx(0.3810).margin(0.001));
}

TEST_CASE("the ring merges each step's partial attention output on HBM", "[context_parallel]") {
  // Transformer Engine's AttnFuncWithCPAndKVP2P: cp attention kernels a pass, their outputs
  // merged into a running one (the first rescaled: read, write; each later one: read both,
  // write), dQ and dK/dV accumulated the same way in backward, K and V copied into the ring's
  // buffer. Llama 3 405B at 128K tokens, cp 16: a rank's 8,192 tokens, 16 query heads of 128
  // and 1 KV head a tensor-parallel rank.
  PlanInputs in = Llama3Cp(ir::CpComm::ring);
  const AttentionDims a = Attention(in);
  const LayerTimes ring = LayerTime(in, a, false);
  in.cp_comm = ir::CpComm::all_gather;  // one kernel a chunk, nothing to merge
  const LayerTimes gathered = LayerTime(in, a, false);
  const double o = 2.0 * 8192 * 16 * 128, kv = 2.0 * 8192 * 2 * 128;
  const double passes = 2 + 3 * 15, bw = in.hbm_bandwidth * in.memory_efficiency;
  const double launches = (1 + 2 * 15) * in.gemm_overhead;
  CHECK(ring.attn_fwd - gathered.attn_fwd == Approx((passes * o + 2 * kv) / bw + launches));
  CHECK(ring.bwd - gathered.bwd ==
        Approx((passes * (o + kv) + 2 * kv) / bw + launches).epsilon(1e-9));
  CHECK(ring.gemm_time == gathered.gemm_time);
}

TEST_CASE("Ulysses swaps Q, K, V and the output by all-to-all and attends the whole sequence",
          "[context_parallel]") {
  PlanInputs in = Llama3Cp(ir::CpComm::all_to_all);
  // Llama 3 8B's shape at 8K tokens with cp 2 (NeMo's preset): 32 query and 8 KV heads, tp 1.
  in.hidden = 4096;
  in.heads = 32;
  in.kv_heads = 8;
  in.ffn = 14336;
  in.layers = 32;
  in.tp = 1;
  in.pp = 1;
  in.vpp = 1;
  in.cp = 2;
  in.dp = 8;
  in.seq_len = 8192;
  in.global_batch = 64;
  in.sequence_parallel = false;
  const PlanResults r = EvaluatePlan(in);
  // One rank's 4,096 tokens: Q (4,096 wide), K and V (1,024 each), out (4,096), 16 bits.
  CHECK(r.messages.context_qkv == Approx(2.0 * 4096 * (4096 + 2 * 1024)));
  CHECK(r.messages.context_out == Approx(2.0 * 4096 * 4096));
  const double bw = AchievedBandwidth(in, 2), alpha = Latency(in, 2);
  const double one = formulas::AllToAllTime(2, r.messages.context_qkv, bw, alpha) +
                     formulas::AllToAllTime(2, r.messages.context_out, bw, alpha);
  // Forward and backward, each an all-to-all in and one out per layer, exposed.
  CHECK(CpTotal(r) == Approx(double(r.micro_batches) * 32 * 2 * one));
  CHECK(CpExposed(r) == Approx(CpTotal(r)));
  // Each rank's attention kernel runs over all 8,192 tokens for half the heads: the fused
  // kernel's efficiency at 8K, not at a sequence split's 4K chunks (the all-gather's, which
  // merges nothing), for the same FLOPs.
  const AttentionDims a = Attention(in);
  const double ulysses = LayerTime(in, a, false).attn_fwd;
  in.cp_comm = ir::CpComm::all_gather;
  const double split = LayerTime(in, a, false).attn_fwd;
  const double core_s = 0.5 * a.core_fwd_per_token * 4096 / HighPrecisionPeak(in);
  // Less Transformer Engine's layout copies around the all-to-alls (flash_attn_a2a_communicate):
  // three read + write passes of Q, K, V and the output, twelve kernels.
  const double copies = 3 * 2 * (r.messages.context_qkv + r.messages.context_out) /
                            (in.hbm_bandwidth * in.memory_efficiency) +
                        12 * in.gemm_overhead;
  CHECK(ulysses - copies < split);  // the kernel itself, at 8K
  CHECK((ulysses - copies - in.gemm_overhead) / (split - in.gemm_overhead) ==
        Approx((core_s / (8192.0 / (8192 + 1024))) / (core_s / (4096.0 / (4096 + 1024)))));
}

}  // namespace
}  // namespace clusterc::analysis
