// What a GPU holds at its peak beside what a micro-batch keeps (docs/model-memory.md): the loss's
// logits or a replayed layer's activations, and ZeRO-3/FSDP units kept gathered through the step
// as torch.distributed.pipelining keeps them under FSDP2 (tests/lang/explain/peak_memory.cl).
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "analysis/layer_model.h"
#include "backends/sim/plan_shape.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::ExplainSpec;
using testing::PlanNamed;

double Logits(const PlanInputs& in) {
  return double(in.micro_batch) * double(in.seq_len) / double(in.cp) * double(in.vocab) /
         double(in.tp);
}

TEST_CASE("the loss holds 4, 6 or 12 bytes a logit at its peak, by how it is computed",
          "[peak_memory]") {
  auto c = ExplainSpec("peak_memory.cl");
  const PlanInputs fused = PlanNamed(*c, "fused"), megatron = PlanNamed(*c, "megatron"),
                   torch = PlanNamed(*c, "torch");
  REQUIRE(!megatron.fused_cross_entropy);
  REQUIRE(torch.eager_loss);
  const PlanResults rf = EvaluatePlan(fused), rm = EvaluatePlan(megatron), rt = EvaluatePlan(torch);
  // 16,384 tokens x 128,256 logits: the loss outweighs a replayed layer.
  CHECK(rf.memory.working == Approx(4 * Logits(fused)));
  CHECK(rm.memory.working == Approx(6 * Logits(fused)));
  CHECK(rt.memory.working == Approx(12 * Logits(fused)));
  CHECK(rf.memory.working > ReplayedLayerBytes(fused, false));
  // Nothing else moves.
  CHECK(rt.memory.Total() - rf.memory.Total() == Approx(8 * Logits(fused)));
  CHECK(rt.memory.activations == rf.memory.activations);
  // PyTorch's loss moves 22 + 26 bytes a logit, Megatron's 38 + 14, a fused one 10 + 6.
  const HeadTimes hf = HeadTime(fused), hm = HeadTime(megatron), ht = HeadTime(torch);
  CHECK(hf.fwd < ht.fwd);
  CHECK(ht.fwd < hm.fwd);
  CHECK(ht.bwd > hm.bwd);
  CHECK(ht.fwd + ht.bwd < hm.fwd + hm.bwd);
}

TEST_CASE("a recomputed layer's replay is the working set when the vocabulary is small",
          "[peak_memory]") {
  auto c = ExplainSpec("peak_memory.cl");
  const PlanInputs in = PlanNamed(*c, "small_vocab");
  REQUIRE(in.recompute == ir::Recompute::full);
  const PlanResults r = EvaluatePlan(in);
  const double replay = LayerActivationBytes(in, false, ir::Recompute::none) -
                        LayerActivationBytes(in, false, ir::Recompute::full);
  CHECK(replay > 4 * Logits(in));
  CHECK(r.memory.working == Approx(replay));
  CHECK(ReplayedLayerBytes(in, false) == Approx(replay));
  // Without recompute nothing is replayed: the loss alone.
  PlanInputs none = in;
  none.recompute = ir::Recompute::none;
  CHECK(ReplayedLayerBytes(none, false) == 0);
  CHECK(EvaluatePlan(none).memory.working == Approx(4 * Logits(in)));
}

TEST_CASE("FSDP units kept through the step hold the stage's parameters and fp32 gradients",
          "[peak_memory]") {
  auto c = ExplainSpec("peak_memory.cl");
  const PlanInputs piped = PlanNamed(*c, "piped"), kept = PlanNamed(*c, "piped_kept");
  REQUIRE(piped.reshard_after_backward);
  REQUIRE(!kept.reshard_after_backward);
  REQUIRE(kept.fp32_gradients);
  const PlanResults rp = EvaluatePlan(piped), rk = EvaluatePlan(kept);
  REQUIRE(rk.memory.stage == rp.memory.stage);
  const double stage = rk.memory.params;
  const double unit = rk.params.attention + rk.params.norms + rk.params.dense_mlp;
  // Kept from the forward through the backward: 2 a stage parameter and a unit's 2 + 4 gradient.
  CHECK(rp.memory.gathered == Approx(2 * stage + 6 * unit));
  // Through the step: the 16-bit parameters, the fp32 gradients added up, the unit's 16-bit one.
  CHECK(rk.memory.gathered == Approx(6 * stage + 2 * unit));
  // One gather and one reduce-scatter a step instead of one of each a micro-batch.
  const int dp = int(Comm::kDp);
  const double m = double(rk.micro_batches);
  REQUIRE(m > 1);
  CHECK(rk.step.comm_total[dp] == Approx(rp.step.comm_total[dp] / m).epsilon(1e-6));
  // The reduce-scatter after the last backward has nothing beside it.
  CHECK(rk.step.comm[dp] > rp.step.comm[dp]);
}

TEST_CASE("the simulators' inputs gather and reduce kept units once a step", "[peak_memory][sim]") {
  auto c = ExplainSpec("peak_memory.cl");
  const backends::Context ctx = testing::ContextOf(*c);
  auto collectives = [&](const char* name) {
    const backends::sim::PlanShape s =
        backends::sim::MakePlanShape(ctx, testing::PlanIndex(*c, name));
    return backends::sim::DataParallelCollectives(s, s.stages[0]);
  };
  const auto each = collectives("piped"), once = collectives("piped_kept");
  REQUIRE(each.size() == 2);  // a gather (none before the backward) and a reduce-scatter
  REQUIRE(once.size() == 2);
  for (size_t i = 0; i < 2; ++i) {
    CHECK(each[i].per_micro_batch);
    CHECK(!once[i].per_micro_batch);
    CHECK(once[i].op == each[i].op);
    CHECK(once[i].bytes == each[i].bytes);
  }
}

}  // namespace
}  // namespace clusterc::analysis
