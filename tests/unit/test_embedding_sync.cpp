// The embedding group's gradient all-reduce (analysis::EmbeddingGradientSync): Megatron-Core's
// finalize_model_grads adds the first and the last pipeline stage's copies of a shared embedding
// once a step, after the data-parallel reduction, with nothing beside it.
#include <catch2/catch.hpp>

#include "analysis/analysis.h"
#include "analysis/collective_rates.h"
#include "tests/unit/support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

TEST_CASE("tied embeddings under pipeline parallelism add the embedding group's all-reduce",
          "[embedding_sync]") {
  // Narayanan et al. 2021's 1T GPT (table 1): 51,200 x 25,600 embedding over tp 8, its fp32
  // main_grad (Megatron-LM's accumulate-allreduce-grads-in-fp32): 655 MB between stage 0 and
  // stage 63, 63 x 48 GPUs apart (stages tp x dp apart), over InfiniBand.
  auto c = ValidationSpec("a100.cl");
  PlanInputs in = PlanNamed(*c, "n21_1t");
  REQUIRE(in.tied_embeddings);
  REQUIRE(in.pp == 64);
  REQUIRE(in.tp == 8);
  const double bytes = 51'200.0 * 25'600.0 / 8 * 4;
  const int64_t span = 8 * 6 * 64;  // the group spans the job's pipeline (tp-cp-dp-pp)
  const double bw = AchievedBandwidth(in, span);
  REQUIRE(bw > 0);
  REQUIRE(span > in.scale_up_domain);
  // Two ranks: each sends and receives half the tensor twice, the whole tensor once.
  const double expected = bytes / bw + 2 * Latency(in, span);
  CHECK(EmbeddingGradientSync(in, 4) == Approx(expected));
  CHECK(EmbeddingGradientSync(in, 2) == Approx(bytes / 2 / bw + 2 * Latency(in, span)));

  // The step charges it whole, exposed, in the data-parallel reduction: the same plan without
  // the tie differs by exactly that (and its memory by the head's copy, not compared here).
  const PlanResults tied = EvaluatePlan(in);
  PlanInputs untied = in;
  untied.tied_embeddings = false;
  const PlanResults apart = EvaluatePlan(untied);
  const double sync = EmbeddingGradientSync(in, tied.messages.gradient_bytes_per_param);
  CHECK(sync > 0);
  CHECK(tied.step.comm[int(Comm::kDp)] - apart.step.comm[int(Comm::kDp)] == Approx(sync));
  CHECK(tied.step.comm_total[int(Comm::kDp)] - apart.step.comm_total[int(Comm::kDp)] ==
        Approx(sync));
}

TEST_CASE("multi-token prediction shares the embedding with the last stage", "[embedding_sync]") {
  // DeepSeek-V3 on 256 GB200 (Megatron-Bridge, pp 4): untied, one MTP module on the last stage,
  // which Megatron-Core gives its own copy of the embedding (129,280 x 7,168, tp 1).
  auto c = ValidationSpec("blackwell.cl");
  PlanInputs in = PlanNamed(*c, "mb2602_gb200_dsv3");
  REQUIRE_FALSE(in.tied_embeddings);
  REQUIRE(in.mtp_layers == 1);
  const double sync = EmbeddingGradientSync(in, 2);
  CHECK(sync > 129'280.0 * 7'168.0 * 2 / AchievedBandwidth(in, in.tp * in.cp * in.pp));
  PlanInputs no_mtp = in;
  no_mtp.mtp_layers = 0;
  CHECK(EmbeddingGradientSync(no_mtp, 2) == 0);
}

TEST_CASE("no embedding group without pipeline stages or under DualPipe", "[embedding_sync]") {
  auto c = ValidationSpec("a100.cl");
  PlanInputs in = PlanNamed(*c, "n21_1t");
  PlanInputs one_stage = in;
  one_stage.pp = 1;
  CHECK(EmbeddingGradientSync(one_stage, 4) == 0);
  // DualPipe gives rank 0 the first and the last stage (deepseek-ai/DualPipe's example).
  PlanInputs dualpipe = in;
  dualpipe.schedule = ir::Schedule::dualpipe;
  CHECK(EmbeddingGradientSync(dualpipe, 4) == 0);
}

}  // namespace
}  // namespace clusterc::analysis
