// Hybrid sharding (`optimizer { shard_group }`): each replica of shard_group data-parallel ranks
// holds one copy of the ZeRO/FSDP states, and the replicas all-reduce their gradient shards once
// a step (PyTorch FSDP's HYBRID_SHARD, Megatron's distributed optimizer instances).
#include <catch2/catch.hpp>

#include "analysis/collective_rates.h"
#include "analysis/formulas.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

// LLM Foundry's MPT 70B under FSDP on 512 H100 (tests/validation/h100.cl): one micro-batch of 8 a
// step, 64 nodes of 8.
PlanInputs Mpt70b512() {
  auto c = ValidationSpec("h100.cl");
  PlanInputs in = PlanNamed(*c, "mf_h100_70b_512");
  REQUIRE(in.sharding == ir::Sharding::fsdp);
  REQUIRE(in.dp == 512);
  REQUIRE(in.tp == 1);
  REQUIRE(in.scale_up_domain == 8);
  return in;
}

TEST_CASE("ZeRO's model states with Nd the shard group: 7.5B parameters, 1.9 GB on 64 of 1,024",
          "[hybrid_sharding]") {
  // Rajbhandari et al. 2019, figure 1: P_os+g+p keeps (2 + 2 + K) Psi / Nd, 1.9 GB for Psi = 7.5B,
  // Nd = 64, K = 12. Under hybrid sharding Nd is the shard group, whatever the replicas.
  namespace f = formulas;
  const f::ModelStateBytes s = f::ZeroModelStates(7.5e9, 64, 3, 2, 2, 12);
  CHECK(s.weights + s.gradients + s.optimizer == Approx(1.875e9));
  // The same shape through EvaluatePlan: FSDP over 512 ranks with shard groups of 64 holds what
  // FSDP over 64 ranks holds.
  PlanInputs hybrid = Mpt70b512();
  hybrid.shard_group = 64;
  REQUIRE(ShardReplicas(hybrid) == 8);
  PlanInputs narrow = Mpt70b512();
  narrow.dp = 64;
  narrow.global_batch /= 8;
  const PlanResults h = EvaluatePlan(hybrid), n = EvaluatePlan(narrow);
  REQUIRE(h.micro_batches == n.micro_batches);
  CHECK(h.memory.weights == Approx(n.memory.weights));
  CHECK(h.memory.gradients == Approx(n.memory.gradients));
  CHECK(h.memory.optimizer == Approx(n.memory.optimizer));
  CHECK(h.memory.gathered == Approx(n.memory.gathered));
  CHECK(h.memory.weights == Approx(h.memory.params / 64 * 4));  // fp32 master shard
  // Eight times the states of the whole group's shard.
  const PlanResults whole = EvaluatePlan(Mpt70b512());
  CHECK(h.memory.optimizer == Approx(8 * whole.memory.optimizer));
}

TEST_CASE("Hybrid sharding adds one all-reduce of the gradient shard across the replicas",
          "[hybrid_sharding]") {
  PlanInputs hybrid = Mpt70b512();
  hybrid.shard_group = 64;
  PlanInputs narrow = Mpt70b512();
  narrow.dp = 64;
  narrow.global_batch /= 8;
  const PlanResults h = EvaluatePlan(hybrid), n = EvaluatePlan(narrow);
  const int dp = int(Comm::kDp);
  // The shard group's gathers and reduce-scatters are those of FSDP over its 64 ranks (8 nodes,
  // consecutive); the 8 replicas, 64 GPUs apart, ring-all-reduce the 1/64 shard of the fp32
  // gradients once a step over the fabric.
  const RingPlacement across = Strided(hybrid, 64, 8);
  const double bytes = h.memory.params / 64 * 4;
  const double all_reduce = formulas::AllReduceTime(8, bytes, RingBandwidth(hybrid, across, 8),
                                                    Latency(hybrid, across.span), hybrid.sharp);
  CHECK(all_reduce > 0);
  CHECK(h.step.comm_total[dp] == Approx(n.step.comm_total[dp] + all_reduce));
  // Fewer ranks a ring: less per-unit latency than FSDP over all 512.
  const PlanResults whole = EvaluatePlan(Mpt70b512());
  CHECK(h.step.comm_total[dp] < whole.step.comm_total[dp]);
}

TEST_CASE("A shard group that does not split the data-parallel ranks shards over all of them",
          "[hybrid_sharding]") {
  PlanInputs in = Mpt70b512();
  const PlanResults whole = EvaluatePlan(in);
  for (int64_t g : {0, 48, 512, 1024}) {
    in.shard_group = g;
    CAPTURE(g);
    CHECK(ShardReplicas(in) == 1);
    CHECK(EvaluatePlan(in).memory.Total() == whole.memory.Total());
  }
  // Without sharding there is nothing to split.
  in.shard_group = 8;
  in.sharding = ir::Sharding::none;
  CHECK(ShardReplicas(in) == 1);
  // With context parallelism the replicas must divide dp (a replica keeps whole cp groups).
  in.sharding = ir::Sharding::zero1;
  in.dp = 64;
  in.cp = 4;
  in.shard_group = 2;  // 128 replicas of 2 ranks: not a divisor of dp
  CHECK(ShardReplicas(in) == 1);
  in.shard_group = 8;  // 32 replicas
  CHECK(ShardReplicas(in) == 32);
}

}  // namespace
}  // namespace clusterc::analysis

namespace clusterc::analysis {
namespace {

TEST_CASE("TPU slices joined by a data-center network keep their ICI collectives' figures",
          "[hybrid_sharding]") {
  // tests/validation/tpu.cl: MaxText's 16B on one v5e-256 (the ICI torus as the fabric) and on
  // two (the DCN as the fabric, ICI the scale-up link of `kind = ici`): the in-slice collectives
  // take no compute share, no gather cost and no per-unit ring latency in both, and the two
  // slices hold one copy of the FSDP states each.
  auto c = testing::ValidationSpec("tpu.cl");
  const PlanInputs one = testing::PlanNamed(*c, "mx_v5e_16b_256");
  const PlanInputs two = testing::PlanNamed(*c, "mx_v5e_16b_2x256");
  for (const PlanInputs* in : {&one, &two}) {
    CHECK(in->scale_up_domain == 256);
    CHECK(in->scale_up_compute_share == 0);
    CHECK(in->scale_out_compute_share == 0);
    CHECK(in->scale_up_gather_cost == 1);
    CHECK_FALSE(in->ring_latency_per_unit);
  }
  CHECK(ShardReplicas(one) == 1);
  REQUIRE(ShardReplicas(two) == 2);
  const PlanResults r1 = EvaluatePlan(one), r2 = EvaluatePlan(two);
  CHECK(r2.memory.Total() == Approx(r1.memory.Total()));
  // The slices' all-reduce crosses the DCN at the hosts' 2 x 100 Gb/s over 8 chips.
  CHECK(two.nic_bandwidth == Approx(2 * 100e9 / 8 / 8));
  CHECK(r2.step.comm_total[int(Comm::kDp)] > r1.step.comm_total[int(Comm::kDp)]);
}

}  // namespace
}  // namespace clusterc::analysis
