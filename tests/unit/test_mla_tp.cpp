// Multi-head latent attention under tensor parallelism (analysis/plan_model.cpp): Megatron-Core
// runs MLA's down-projections whole on each rank's sequence shard, so the attention's
// column-parallel layers, the up-projections, gather the compressed latents (q_rank + kv_rank +
// rope_dim wide), not the hidden width the rest of the layer moves.
#include <catch2/catch.hpp>

#include <filesystem>

#include "analysis/collective_rates.h"
#include "analysis/formulas.h"
#include "analysis/plan_model.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;

std::unique_ptr<testing::Compiled> MlaSpec() {
  return testing::CompileSpec(std::filesystem::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" /
                              "mla_tp_64.cl");
}

double TpTotal(const PlanInputs& in) {
  return EvaluatePlan(in).step.comm_total[int(Comm::kTp)];
}

TEST_CASE("MLA's up-projections gather DeepSeek-V3's 2,112-wide latents", "[mla_tp]") {
  auto c = MlaSpec();
  const PlanInputs in = PlanNamed(*c, "mla64");
  REQUIRE(in.mla);
  REQUIRE(in.tp == 2);
  const PlanResults r = EvaluatePlan(in);
  const double tokens = double(in.micro_batch) * double(in.seq_len);
  CHECK(r.messages.activation == 2 * tokens * 7168);
  CHECK(r.messages.attention_input == 2 * tokens * (1536 + 512 + 64));
  // Without query compression the query's up-projection is a projection of the hidden state.
  PlanInputs uncompressed = in;
  uncompressed.q_rank = 0;
  CHECK(EvaluatePlan(uncompressed).messages.attention_input == 2 * tokens * (7168 + 512 + 64));
  // Other attention gathers the activation.
  PlanInputs mha = in;
  mha.mla = false;
  CHECK(EvaluatePlan(mha).messages.attention_input == r.messages.activation);
}

TEST_CASE("the latents' width sets the attention's column-side collectives only", "[mla_tp]") {
  auto c = MlaSpec();
  PlanInputs in = PlanNamed(*c, "mla64");
  REQUIRE(in.sequence_parallel);
  REQUIRE(in.recompute == ir::Recompute::selective);  // no forward replayed whole
  // One MLP half at the activation width a layer: no shared experts, and the routed experts'
  // collectives gathering each token once (Megatron-Core's allgather dispatcher, at ep 1; the
  // next test has the others).
  in.shared_experts = 0;
  in.ep = 1;
  // Latents as wide as the hidden state move what the activation-wide count moves: nothing is
  // counted twice.
  PlanInputs as_wide = in;
  as_wide.q_rank = in.hidden - in.kv_rank - in.rope_dim;
  PlanInputs mha = as_wide;
  mha.mla = false;
  // (MHA's attention differs in compute, not in what its tensor-parallel collectives move.)
  CHECK(TpTotal(as_wide) == Approx(TpTotal(mha)).epsilon(1e-12));

  // With sequence parallelism a layer moves five all-reduces' worth at the activation's width
  // (ar each): forward the attention's and the MLP's gather and reduce-scatter pairs, backward
  // theirs again and the re-gather of both inputs for the weight gradients. The attention's
  // column side is three halves of them (the forward gather, the backward reduce-scatter and
  // re-gather), which move the latents (arc each): 1.5 (ar - arc) less a layer.
  PlanInputs thin = in;
  thin.q_rank = 1;
  thin.kv_rank = 1;
  thin.rope_dim = 1;
  const double tokens = double(in.micro_batch) * double(in.seq_len);
  const double bw = AchievedBandwidth(in, in.tp) / GatherCost(in, in.tp);
  auto ar = [&](double width) {
    return formulas::AllReduceTime(double(in.tp), 2 * tokens * width, bw, Latency(in, in.tp));
  };
  const double wide = TpTotal(as_wide);
  CHECK((wide - TpTotal(thin)) / wide == Approx(1.5 * (ar(7168) - ar(3)) / (5 * ar(7168))));
  CHECK((wide - TpTotal(in)) / wide == Approx(1.5 * (ar(7168) - ar(2112)) / (5 * ar(7168))));
  // 20 % less than at the hidden width for DeepSeek-V3's 2,112 of 7,168.
  CHECK(TpTotal(in) / wide == Approx(0.80).margin(0.005));

  // Without sequence parallelism the forward all-reduces the attention's output (the row
  // side); only the backward's all-reduce of the latents' gradient narrows: 1 of the 4
  // all-reduces a layer, each at the ring's full bandwidth.
  PlanInputs no_sp = in, no_sp_wide = as_wide;
  no_sp.sequence_parallel = no_sp_wide.sequence_parallel = false;
  // (Inside the NVLink domain, with NVLS where the switch reduces.)
  const double bw_ar = AchievedBandwidth(in, in.tp) * (in.scale_up_reduction ? NvlsSpeedup(in) : 1);
  auto ar_full = [&](double width) {
    return formulas::AllReduceTime(double(in.tp), 2 * tokens * width, bw_ar, Latency(in, in.tp));
  };
  const double wide_ar = TpTotal(no_sp_wide);
  CHECK((wide_ar - TpTotal(no_sp)) / wide_ar ==
        Approx((ar_full(7168) - ar_full(2112)) / (4 * ar_full(7168))));
}

TEST_CASE("a MoE layer's expert block moves what its dispatcher gathers, and its shared experts'",
          "[mla_tp]") {
  // Megatron-Core (token_dispatcher.py, shared_experts.py): the alltoall dispatcher gathers the
  // top_k copies each rank received over the experts' tensor-parallel group, the allgather one
  // (ep 1) each token once, the flex one (`deduplicated`) nothing (it sends a token to every
  // rank of the group and sums their outputs in the combine); SharedExpertMLP is an MLP on the
  // tp group. All at the activation's width per token, so with the latencies left out each
  // MoE layer's MLP side is a whole number of dense MLP halves.
  auto c = MlaSpec();
  PlanInputs in = PlanNamed(*c, "mla64");
  REQUIRE(in.shared_experts > 0);
  REQUIRE(in.tp == 2);
  REQUIRE(in.ep == 4);
  REQUIRE(in.top_k == 8);
  REQUIRE_FALSE(ExpertsFolded(in));
  REQUIRE_FALSE(in.ep_deduplicated);
  in.scale_up_latency = in.scale_out_latency = 0;
  auto with = [&](int64_t shared, int64_t etp, bool dedup, int64_t ep) {
    PlanInputs p = in;
    p.shared_experts = shared;
    p.etp = etp;
    p.ep_deduplicated = dedup;
    p.ep = ep;
    return TpTotal(p);
  };
  const double none = with(0, 0, true, 4);         // flex, no shared experts: the attention's alone
  const double half = with(1, 0, true, 4) - none;  // a MoE layer's shared experts
  REQUIRE(half > 0);
  // At etp 1 the routed experts gather nothing, the shared experts stay on tp.
  CHECK(with(1, 1, false, 4) == Approx(none + half).epsilon(1e-12));
  // The allgather dispatcher gathers each token once: a dense MLP half.
  CHECK(with(0, 0, false, 1) == Approx(none + half).epsilon(1e-9));
  // The alltoall dispatcher gathers the top 8 copies; with the shared experts, nine halves.
  CHECK(with(0, 0, false, 4) == Approx(none + 8 * half).epsilon(1e-9));
  CHECK(with(1, 0, false, 4) == Approx(none + 9 * half).epsilon(1e-9));
  // Each GPU dispatches its own sequence shard's copies under alltoall, its experts' whole etp
  // group's under flex (here tp: 2x).
  PlanInputs dedup = in;
  dedup.ep_deduplicated = true;
  CHECK(EvaluatePlan(dedup).messages.all_to_all ==
        Approx(2 * EvaluatePlan(in).messages.all_to_all).epsilon(1e-12));
}

}  // namespace
}  // namespace clusterc::analysis
