// The slowest GPU's pace (docs/model-scale.md): a synchronous step waits for the slowest of its
// GPUs, whose speeds spread as Sinha et al. (SC22) measured them (formulas::SlowestDevicePace).
#include <catch2/catch.hpp>

#include "analysis/analysis.h"
#include "analysis/formulas.h"
#include "analysis/layer_model.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

namespace f = formulas;
using testing::ExplainSpec;
using testing::PlanNamed;
using testing::ValidationSpec;

TEST_CASE("the expected largest of n normal draws follows Harter's table", "[slowest_gpu]") {
  // Harter 1961, "Expected Values of Normal Order Statistics" (Biometrika 48): the largest of
  // 10, 100 and 1,000 standard normal draws. Blom's approximation is within 0.6 % of each.
  CHECK(f::ExpectedMaxOfNormals(10) == Approx(1.53875).epsilon(0.006));
  CHECK(f::ExpectedMaxOfNormals(100) == Approx(2.50759).epsilon(0.006));
  CHECK(f::ExpectedMaxOfNormals(1000) == Approx(3.24144).epsilon(0.006));
  // Two draws: exactly 1 / sqrt(pi) = 0.5642; Blom gives 0.5895, 4.5 % over (one GPU of two
  // then waits 0.07 % of a step too long at the default spread).
  CHECK(f::ExpectedMaxOfNormals(2) == Approx(0.5642).epsilon(0.05));
  CHECK(f::ExpectedMaxOfNormals(1) == 0);
  CHECK(f::ExpectedMaxOfNormals(0) == 0);
  // The inverse CDF itself: the quartile and the two-sided 95 % point.
  CHECK(f::InverseNormalCdf(0.75) == Approx(0.6744898).epsilon(1e-7));
  CHECK(f::InverseNormalCdf(0.975) == Approx(1.959964).epsilon(1e-7));
  CHECK(f::InverseNormalCdf(0.01) == Approx(-2.326348).epsilon(1e-7));
  CHECK(f::InverseNormalCdf(0.5) == Approx(0).margin(1e-12));
}

TEST_CASE("Sinha et al.'s 8 % spread is a standard deviation of 1.48 %", "[slowest_gpu]") {
  // Their measure (SC22 artifact, plot_script/plot_aggregated.py): the whisker range
  // (Q3 + 1.5 IQR) - (Q1 - 1.5 IQR) = 4 IQR over the median; a normal spread's IQR is
  // 2 x 0.6745 sigma.
  const double sigma = f::SpeedSigmaFromWhiskerRange(0.08);
  CHECK(sigma == Approx(0.08 / (4 * 2 * f::InverseNormalCdf(0.75))).epsilon(1e-9));
  CHECK(sigma == Approx(0.01483).epsilon(1e-3));
  // One GPU sets its own pace; 8, 512 and 16,384 GPUs wait 2.1, 4.5 and 5.9 % for their slowest.
  CHECK(f::SlowestDevicePace(sigma, 1) == 1);
  CHECK(f::SlowestDevicePace(sigma, 8) == Approx(1.0213).epsilon(1e-4));
  CHECK(f::SlowestDevicePace(sigma, 512) == Approx(1.0449).epsilon(1e-4));
  CHECK(f::SlowestDevicePace(sigma, 16384) == Approx(1.0587).epsilon(1e-4));
  CHECK(f::SlowestDevicePace(0, 16384) == 1);
}

TEST_CASE("a plan's GPU kernels run at the slowest GPU's pace, its communication does not",
          "[slowest_gpu]") {
  // tests/lang/explain/speed_variation.cl: Llama 3 8B on 8 and 512 H100 at the default spread,
  // on 512 screened to 3 % and on 512 stated identical.
  const auto c = ExplainSpec("speed_variation.cl");
  const PlanInputs node = PlanNamed(*c, "node_8");
  const PlanInputs spread = PlanNamed(*c, "default_spread");
  const PlanInputs screened = PlanNamed(*c, "screened_spread");
  const PlanInputs identical = PlanNamed(*c, "identical_parts");
  CHECK(spread.speed_sigma == Approx(f::SpeedSigmaFromWhiskerRange(Options{}.speed_variation)));
  CHECK(screened.speed_sigma == Approx(f::SpeedSigmaFromWhiskerRange(0.03)));
  CHECK(identical.speed_sigma == 0);
  const PlanResults n = EvaluatePlan(node), s = EvaluatePlan(spread), q = EvaluatePlan(screened),
                    i = EvaluatePlan(identical);
  CHECK(n.step.pace == Approx(1.0213).epsilon(1e-4));
  CHECK(s.step.pace == Approx(1.0449).epsilon(1e-4));
  CHECK(q.step.pace == Approx(1.0169).epsilon(1e-4));
  CHECK(i.step.pace == 1);
  // The kernels stretch by the pace, the optimizer's too; the collectives take what they took.
  CHECK(s.step.compute == Approx(s.step.pace * i.step.compute).epsilon(1e-9));
  CHECK(s.step.optimizer == Approx(s.step.pace * i.step.optimizer).epsilon(1e-9));
  for (int k = 0; k < int(Comm::kCount); ++k) CHECK(s.step.comm_total[k] == i.step.comm_total[k]);
  CHECK(s.step_time > q.step_time);
  CHECK(q.step_time > i.step_time);
  CHECK(s.mfu < i.mfu);
}

TEST_CASE("the pace stretches the GPU's work, not the host's issue floor", "[slowest_gpu]") {
  // Qwen3 30B-A3B at micro-batch 1 on 16 H100 (Megatron-Bridge 26.02.01): its MoE layers wait
  // on the host's launches, which a slower GPU does not make slower.
  auto c = ValidationSpec("h100.cl");
  const PlanInputs in = PlanNamed(*c, "mb2602p_qwen3_30b_a3b");
  const AttentionDims a = Attention(in);
  const LayerTimes median = LayerTime(in, a, true), slowest = LayerTime(in, a, true, 1.05);
  REQUIRE(median.gpu_fwd < median.fwd);         // host-bound
  REQUIRE(1.05 * median.gpu_fwd < median.fwd);  // and still so at the slower pace
  CHECK(slowest.gpu_fwd == Approx(1.05 * median.gpu_fwd).epsilon(1e-12));
  CHECK(slowest.fwd == Approx(median.fwd).epsilon(1e-12));
  // The calibrated GPU's own figures stay as they were.
  CHECK(slowest.gemm_time == median.gemm_time);
  CHECK(slowest.memory_bound == median.memory_bound);
}

}  // namespace
}  // namespace clusterc::analysis
