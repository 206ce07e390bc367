// The per-step host overhead (`step_overhead`, Options::step_overhead): the host's work between
// steps with the GPU idle, added once a step (analysis/plan_model.cpp; docs/model.md, "Per-step
// host overhead").
#include <catch2/catch.hpp>

#include "analysis/analysis.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::ExplainSpec;
using testing::PlanNamed;
using testing::ValidationSpec;

TEST_CASE("a plan's step_overhead replaces the default, and 0 s removes it", "[step_overhead]") {
  // tests/lang/explain/step_overhead.cl: one plan three times, the field left out, `0 s`, 20 ms.
  const auto c = ExplainSpec("step_overhead.cl");
  const PlanInputs fitted = PlanNamed(*c, "fitted");
  const PlanInputs none = PlanNamed(*c, "none");
  const PlanInputs measured = PlanNamed(*c, "measured");
  CHECK(fitted.step_overhead == Options{}.step_overhead);
  CHECK(none.step_overhead == 0);
  CHECK(measured.step_overhead == Approx(0.020));
  const PlanResults a = EvaluatePlan(fitted), b = EvaluatePlan(none), d = EvaluatePlan(measured);
  CHECK(a.step.overhead == Approx(0.035));
  CHECK(b.step.overhead == 0);
  // Once a step, whatever else the step holds: the three differ by the overhead alone.
  CHECK(a.step_time - b.step_time == Approx(0.035).epsilon(1e-9));
  CHECK(d.step_time - b.step_time == Approx(0.020).epsilon(1e-9));
  CHECK(a.step.compute == b.step.compute);
  CHECK(a.mfu < b.mfu);
}

TEST_CASE("the per-step overhead reproduces MLPerf v5.1's short 8B steps", "[step_overhead]") {
  // MLPerf Training v5.1, University of Florida, Llama 3.1 8B on 64 B200 (hpg.dgxb200x8.n8, cp 2,
  // dp 32, one micro-batch a step): a median block train_step_time of 0.1906 s (21,488 tokens/s
  // per GPU at 32 x 8,192 tokens a step). These runs were held out of the fit (docs/model.md).
  // Without the overhead the model's step is 15 % short of it; with it, 4 % long (round 25's
  // 50 ms before round 53's slowest-GPU pace: 18 % short and 9 % long).
  const auto c = ValidationSpec("blackwell.cl");
  PlanInputs in = PlanNamed(*c, "ml51u_b200_llama31_8b_64");
  const double published = 32.0 * 8192 / 64 / 21488;
  CHECK(published == Approx(0.1906).epsilon(1e-3));
  const double with = EvaluatePlan(in).step_time;
  in.step_overhead = 0;
  const double without = EvaluatePlan(in).step_time;
  CHECK(without / published - 1 < -0.13);
  CHECK(std::abs(with / published - 1) < 0.05);
}

}  // namespace
}  // namespace clusterc::analysis
