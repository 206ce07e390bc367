// What collectives achieve over a cluster's links (analysis/collective_rates.h): the ring rates
// the step model charges, checked on the validation specs' plans.
#include <catch2/catch.hpp>

#include "analysis/collective_rates.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

TEST_CASE("a gather ring that leaves the node still pays the gather cost on its NVLink hops",
          "[collective_rates]") {
  // MPT 13B under FSDP on DGX H100 (LLM Foundry's tables), one node and two: NVLink4's 450 GB/s
  // at 0.78 carries a reduce-scatter or all-gather at 1 / 1.5 of that inside the node. Over two
  // nodes the rail-aligned rings' NICs would carry 50 GB/s x 0.9 x 15 / 1 of bus bandwidth, but
  // 14 of the ring's 15 hops are the same NVLink copies, so the ring runs at the node's rate.
  auto c = ValidationSpec("h100.cl");
  PlanInputs one = PlanNamed(*c, "mf_h100_13b");
  PlanInputs two = PlanNamed(*c, "mf_h100_13b_s2048_g16");
  REQUIRE(one.dp == 8);
  REQUIRE(two.dp == 16);
  REQUIRE(one.scale_up_domain == 8);
  const double node_rate = 450e9 * one.scale_up_efficiency / one.scale_up_gather_cost;
  CHECK(one.scale_up_gather_cost == Approx(1.5));
  CHECK(GatherRingBandwidth(one, 1, 8) == Approx(node_rate));
  CHECK(RingBandwidth(two, 1, 16) > node_rate);
  CHECK(GatherRingBandwidth(two, 1, 16) == Approx(node_rate));
  // One rank per node (tensor parallelism filling it): no NVLink hop, the NIC rate.
  CHECK(GatherRingBandwidth(two, 8, 4) == Approx(RingBandwidth(two, 8, 4)));
  CHECK(GatherRingBandwidth(two, 8, 4) == Approx(50e9 * two.scale_out_efficiency));
  // The step: one micro-batch of the same size on each GPU, the ring's latency set aside, so
  // the data-parallel time grows only with the (n - 1)/n of the tensor each rank moves.
  for (PlanInputs* in : {&one, &two}) in->scale_up_latency = in->scale_out_latency = 0;
  const PlanResults r1 = EvaluatePlan(one), r2 = EvaluatePlan(two);
  REQUIRE(r1.micro_batches == 1);
  REQUIRE(r2.micro_batches == 1);
  CHECK(r2.step.comm_total[int(Comm::kDp)] / r1.step.comm_total[int(Comm::kDp)] ==
        Approx((15.0 / 16) / (7.0 / 8)).epsilon(1e-9));
}

}  // namespace
}  // namespace clusterc::analysis
