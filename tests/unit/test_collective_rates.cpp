// What collectives achieve over a cluster's links (analysis/collective_rates.h): the ring rates
// the step model charges, checked on the validation specs' plans.
#include <catch2/catch.hpp>

#include <algorithm>

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

TEST_CASE("FSDP pays the ring's latency once per unit and collective", "[layer_model]") {
  // PyTorch FSDP gathers and reduces one wrapped unit (a transformer block) at a time: MPT 7B's
  // 32 blocks over 512 GPUs make 3 x 32 collectives per micro-batch, each with 511 ring steps
  // of the fabric's latency (5 us): 0.245 s, not the 7.7 ms of one collective per phase.
  auto c = ValidationSpec("h100.cl");
  PlanInputs in = PlanNamed(*c, "mf_h100_7b_512");
  REQUIRE(in.layers == 32);
  REQUIRE(in.scale_out_latency == Approx(5e-6));
  const double with_latency = EvaluatePlan(in).step.comm_total[int(Comm::kDp)];
  in.scale_out_latency = 0;
  const double without = EvaluatePlan(in).step.comm_total[int(Comm::kDp)];
  CHECK(with_latency - without == Approx(3 * 32 * 511 * 5e-6));
}

TEST_CASE("a data-parallel ring with several ranks per node crosses the fabric (k - 1)/(n - 1)",
          "[layer_model]") {
  // NCCL's rail-aligned rings cross each node boundary once: of the (n - 1)/n bytes a rank moves,
  // only (k - 1)/(n - 1) go through its NIC (Bekman, "Machine Learning Engineering",
  // network/README.md: 4 x 8 B200 reach 381.8 GB/s of all-reduce bus bandwidth, 36.95 GB/s per
  // accelerator's NIC = 381.8 x 3/31).
  auto c = ValidationSpec("a100.cl");
  PlanInputs in = PlanNamed(*c, "n21_1_7b");  // GPT 1.7B, tp 1, dp 32 on 4 DGX A100
  in.scale_out_latency = 0;                   // the bandwidth term alone
  const PlanResults r = EvaluatePlan(in);
  const double bytes = r.params.total * 2;
  // 8 ranks in each of 4 nodes: HDR's 25 GB/s per GPU at 90 % x 31/3 = 232.5 GB/s of bus
  // bandwidth, under NVLink3's 234 GB/s.
  CHECK(r.step.comm_total[int(Comm::kDp)] ==
        Approx(2 * 31.0 / 32 * bytes / (25e9 * 0.9 * 31 / 3)).epsilon(1e-6));
  // With tensor parallelism filling each node, a data-parallel ring has one rank per node and
  // runs at the NIC rate.
  in.tp = 8;
  in.dp = 4;
  const PlanResults one = EvaluatePlan(in);
  CHECK(one.step.comm_total[int(Comm::kDp)] ==
        Approx(2 * 3.0 / 4 * (one.params.total / 8 * 2) / (25e9 * 0.9)).epsilon(0.01));
}

TEST_CASE("a ring with several ranks per node slows compute by its hops' shares", "[layer_model]") {
  // MPT 7B under FSDP on 64 nodes of 8 H100 (LLM Foundry's large-scale table): the data-parallel
  // ring of 512 ranks crosses the fabric on 63 of its 511 hops and NVLink on the rest, so its
  // hidden time costs the NVLink share (0.24, measured on H100: bench/gpu/README.md) on 448/511
  // of it and the fabric's (0.20) on 63/511, not the fabric's alone.
  auto c = ValidationSpec("h100.cl");
  PlanInputs in = PlanNamed(*c, "mf_h100_7b_512");
  REQUIRE(in.tp == 1);
  REQUIRE(in.dp == 512);
  const PlanResults r = EvaluatePlan(in);
  const double hidden = r.step.comm_total[int(Comm::kDp)] - r.step.comm[int(Comm::kDp)];
  REQUIRE(hidden > 0);
  const double share =
      448.0 / 511 * in.scale_up_compute_share + 63.0 / 511 * in.scale_out_compute_share;
  CHECK(in.scale_up_compute_share == Approx(0.24));
  CHECK(in.scale_out_compute_share == Approx(0.20));
  CHECK(share == Approx(0.2351).epsilon(1e-3));
  CHECK(r.step.contention == Approx(hidden * share).epsilon(1e-9));
  // One rank per node (tensor parallelism filling it): the fabric's share alone.
  in.tp = 8;
  in.dp = 64;
  const PlanResults one = EvaluatePlan(in);
  const double one_hidden = one.step.comm_total[int(Comm::kDp)] - one.step.comm[int(Comm::kDp)];
  const double tp_hidden = one.step.comm_total[int(Comm::kTp)] - one.step.comm[int(Comm::kTp)];
  CHECK(one.step.contention ==
        Approx(one_hidden * in.scale_out_compute_share + tp_hidden * in.scale_up_compute_share)
            .epsilon(1e-9));
}

TEST_CASE("the rank order decides which link a pipeline and a data-parallel ring cross",
          "[collective_rates]") {
  // tests/lang/explain/rank_order.cl: tp 2, pp 4, dp 8 on eight 8 x H100 nodes. Under
  // tp-cp-ep-dp-pp neighbouring stages are tp x dp = 16 GPUs apart (InfiniBand, 50 GB/s x 0.9)
  // and the data-parallel ring has 4 ranks in each of 2 nodes: the NIC rate x 7 / 1, up to the
  // NVLink rate. Under tp-cp-ep-pp-dp the stages are 2 apart (NVLink, 450 GB/s x 0.78) and the
  // replicas 8 apart, one a node: the NIC rate.
  auto c = testing::ExplainSpec("rank_order.cl");
  const PlanInputs outer = PlanNamed(*c, "dp_inside");
  const PlanInputs inner = PlanNamed(*c, "pp_inside");
  REQUIRE_FALSE(outer.pp_inside_dp);
  REQUIRE(inner.pp_inside_dp);
  const double nic = 50e9 * outer.scale_out_efficiency;
  const double nvlink = 450e9 * outer.scale_up_efficiency;
  const RingPlacement outer_dp = Strided(outer, 2, 8);
  const RingPlacement inner_dp = Nested(inner, 1, 2, 8, 8);
  CHECK(outer_dp.span == 16);
  CHECK(outer_dp.per_domain == 4);
  CHECK(inner_dp.span == 64);
  CHECK(inner_dp.per_domain == 0);
  CHECK(RingBandwidth(outer, outer_dp, 8) == Approx(std::min(nic * 7, nvlink)));
  CHECK(RingBandwidth(inner, inner_dp, 8) == Approx(nic));
  // Two context-parallel ranks inside each replica, the replicas four GPUs apart: two
  // replicas (four ranks) a node.
  const RingPlacement cp_dp = Nested(inner, 2, 2, 8, 4);
  CHECK(cp_dp.span == 32);
  CHECK(cp_dp.per_domain == 4);
  // The step: the pipeline's messages, 2 x 4,096 x 5,120 bytes over tp 2, each way per
  // micro-batch, at the two links' rates (plus their latency).
  const PlanResults ro = EvaluatePlan(outer), ri = EvaluatePlan(inner);
  const double msg = 2.0 * 4096 * 5120 / 2, m = double(ro.micro_batches);
  CHECK(ro.step.comm_total[int(Comm::kPp)] ==
        Approx(2 * m * (msg / nic + outer.scale_out_latency)));
  CHECK(ri.step.comm_total[int(Comm::kPp)] ==
        Approx(2 * m * (msg / nvlink + inner.scale_up_latency)));
  CHECK(ri.step.comm_total[int(Comm::kDp)] > ro.step.comm_total[int(Comm::kDp)]);
}

}  // namespace
}  // namespace clusterc::analysis
