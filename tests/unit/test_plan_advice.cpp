// What the analysis advises a plan to change (analysis/plan_advice.h), evaluated with the same
// step model.
#include <catch2/catch.hpp>

#include "analysis/plan_advice.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

TEST_CASE("a host-bound MoE plan is told the larger micro-batch that fits", "[plan_advice]") {
  // Qwen3 30B-A3B at micro-batch 1 on 16 H100 (Megatron-Bridge 26.02.01): its layers wait on the
  // host; eight times the tokens per launch cut the floor's share of the step most, and only
  // fit with full recompute, which costs less than the launches it saves.
  auto c = ValidationSpec("h100.cl");
  const PlanInputs in = PlanNamed(*c, "mb2602p_qwen3_30b_a3b");
  const PlanResults now = EvaluatePlan(in);
  const Advice fix = LargerMicroBatchFix(in, 0.9 * in.hbm);
  REQUIRE(fix.found);
  CHECK(fix.change == "batch { micro = 8 }; recompute = full");
  CHECK(fix.result.memory.Total() <= 0.9 * in.hbm);
  CHECK(fix.result.step_time < 0.8 * now.step_time);
  PlanInputs two = in;
  two.micro_batch = 2;
  CHECK(fix.result.step_time < EvaluatePlan(two).step_time);
  // Nothing fits when the limit is below the plan's own memory.
  CHECK_FALSE(LargerMicroBatchFix(in, 0.5 * now.memory.Total()).found);
  // A global batch the larger micro-batch does not divide: nothing to offer.
  PlanInputs odd = in;
  odd.global_batch = 8 * 3;  // 3 sequences a replica
  CHECK_FALSE(LargerMicroBatchFix(odd, 0.9 * in.hbm).found);
}

}  // namespace
}  // namespace clusterc::analysis
