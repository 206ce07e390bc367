// ZeRO-3/FSDP memory as PyTorch's FSDP documents and runs it (torch/distributed/fsdp/api.py,
// _runtime_utils.py): the fp32 sharded parameters as the optimizer's master, and the units
// gathered at the peak under each backward-prefetch policy and with or without resharding after
// the forward.
#include <catch2/catch.hpp>

#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

// MPT 13B on one 8 x H100 node under Composer's FSDP (FULL_SHARD, BACKWARD_POST, reduction in
// fp32), as LLM Foundry benchmarked it (tests/validation/h100.cl).
PlanInputs Mpt13b() {
  auto c = ValidationSpec("h100.cl");
  PlanInputs in = PlanNamed(*c, "mf_h100_13b");
  REQUIRE(in.sharding == ir::Sharding::fsdp);
  REQUIRE(in.fp32_params);
  REQUIRE(in.fp32_gradients);
  REQUIRE(in.prefetch == ir::Prefetch::backward_post);
  REQUIRE(in.dp == 8);
  REQUIRE(in.tp == 1);
  return in;
}

TEST_CASE("PyTorch FSDP keeps 16 bytes a sharded parameter, ZeRO-3 with fp32 gradients 18",
          "[fsdp_memory]") {
  PlanInputs in = Mpt13b();
  const PlanResults fsdp = EvaluatePlan(in);
  const double shard = fsdp.memory.params / 8;
  // MixedPrecision: the fp32 shard is the master (4), its gradient is upcast to fp32 (4),
  // AdamW keeps m and v (8).
  CHECK(fsdp.memory.weights == Approx(4 * shard));
  CHECK(fsdp.memory.gradients == Approx(4 * shard));
  CHECK(fsdp.memory.optimizer == Approx(8 * shard));
  // The sharded checkpoint: fp32 parameters and the two moments.
  CHECK(fsdp.checkpoint_size == Approx(12 * fsdp.params.total));
  // ZeRO-3 as DeepSpeed and Megatron-FSDP keep it: a 16-bit shard beside the fp32 master.
  in.fp32_params = false;
  const PlanResults zero3 = EvaluatePlan(in);
  CHECK(zero3.memory.weights == Approx(2 * shard));
  CHECK(zero3.memory.gradients == Approx(4 * shard));
  CHECK(zero3.memory.optimizer == Approx(12 * shard));
  CHECK(zero3.checkpoint_size == Approx(14 * zero3.params.total));
  CHECK(zero3.memory.Total() - fsdp.memory.Total() == Approx(2 * shard));
  // The parameter change leaves the step alone: the same bytes are gathered and reduced.
  CHECK(zero3.step_time == fsdp.step_time);
}

TEST_CASE("FSDP holds the units its backward prefetch policy documents", "[fsdp_memory]") {
  PlanInputs in = Mpt13b();
  const PlanResults post = EvaluatePlan(in);
  const ParamCounts& p = post.params;
  // A unit is one MPTBlock (LLM Foundry's fsdp_wrap_fn); the root keeps the tied embedding and
  // the final LayerNorm gathered from its forward through the backward.
  const double unit = p.attention + p.norms + p.dense_mlp;
  const double root = p.embedding + p.head + 2 * 5120;
  // BACKWARD_POST: the next unit's bf16 parameters (2) and the current unit's gradient, bf16 (2)
  // and its fp32 copy for the reduction (4).
  CHECK(post.memory.gathered == Approx(2 * root + unit * (2 + 2 + 4)));
  // BACKWARD_PRE also holds the current unit's parameters.
  in.prefetch = ir::Prefetch::backward_pre;
  const PlanResults pre = EvaluatePlan(in);
  CHECK(pre.memory.gathered - post.memory.gathered == Approx(2 * unit));
  // Without prefetch one unit's parameters and gradients, as BACKWARD_POST's peak.
  in.prefetch = ir::Prefetch::none;
  CHECK(EvaluatePlan(in).memory.gathered == Approx(post.memory.gathered));
  // A 16-bit reduction has no fp32 copy; the forward's two gathered units are the peak then.
  in.prefetch = ir::Prefetch::backward_post;
  in.fp32_gradients = false;
  CHECK(EvaluatePlan(in).memory.gathered == Approx(2 * root + unit * 4));
  // One rank shards nothing, so it gathers nothing either.
  PlanInputs one = in;
  one.dp = 1;
  CHECK(EvaluatePlan(one).memory.gathered == 0);
  // ZeRO-1/2 gather nothing per unit, and their whole 16-bit copy leaves `fp32_params` without
  // effect.
  in.fp32_gradients = true;
  in.sharding = ir::Sharding::zero2;
  const PlanResults zero2 = EvaluatePlan(in);
  CHECK(zero2.memory.gathered == 0);
  in.fp32_params = false;
  CHECK(EvaluatePlan(in).memory.Total() == zero2.memory.Total());
}

TEST_CASE("FSDP without resharding after the forward holds the stage and gathers once",
          "[fsdp_memory]") {
  // ShardingStrategy.SHARD_GRAD_OP (torch/distributed/fsdp/api.py: "does not reshard them after
  // the forward, and only reshards them after the backward computation"), FSDP2's
  // reshard_after_forward=False: the backward starts with every unit gathered and gathers none.
  PlanInputs in = Mpt13b();
  const PlanResults full = EvaluatePlan(in);
  in.reshard_after_forward = false;
  const PlanResults kept = EvaluatePlan(in);
  const ParamCounts& p = kept.params;
  const double unit = p.attention + p.norms + p.dense_mlp, units = 40, n = 8;
  // The stage's bf16 parameters (2), root included, and the current unit's gradient, bf16 (2)
  // and its fp32 copy (4).
  CHECK(kept.memory.gathered == Approx(2 * kept.memory.params + unit * (2 + 4)));
  CHECK(kept.memory.gathered > 4 * full.memory.gathered);
  // One micro-batch: the backward's gathers, every unit's ring with its latency steps, are gone.
  const double per_gpu_unit = full.memory.params / units;
  const double bw = 450e9 * in.scale_up_efficiency / in.scale_up_gather_cost;
  const double ring = (n - 1) / n * per_gpu_unit * 2 / bw + (n - 1) * in.scale_up_latency;
  const int dp = int(Comm::kDp);
  CHECK(full.step.comm_total[dp] - kept.step.comm_total[dp] == Approx(units * ring).epsilon(1e-6));
  // Nothing is gathered in the backward, so its prefetch policy changes nothing.
  in.prefetch = ir::Prefetch::none;
  CHECK(EvaluatePlan(in).step_time == kept.step_time);
}

TEST_CASE("SHARD_GRAD_OP pays every unit's ring latency that ZeRO-2's buckets do not",
          "[fsdp_memory]") {
  // LLM Foundry's MPT 1B on 512 H100 (tests/validation/h100.cl): one micro-batch, 24 units, one
  // gather and one reduce-scatter each over 512 ranks. ZeRO-2 moves the same bytes in one
  // collective of each kind; FSDP pays the ring's 511 latency steps per unit.
  auto c = ValidationSpec("h100.cl");
  PlanInputs in = PlanNamed(*c, "mf_h100_1b_512");
  REQUIRE(in.sharding == ir::Sharding::fsdp);
  REQUIRE_FALSE(in.reshard_after_forward);
  REQUIRE(in.micro_batch == 12);
  const PlanResults kept = EvaluatePlan(in);
  in.sharding = ir::Sharding::zero2;
  const PlanResults zero2 = EvaluatePlan(in);
  const int dp = int(Comm::kDp);
  CHECK(kept.step.comm_total[dp] - zero2.step.comm_total[dp] ==
        Approx(2 * (24 - 1) * (512 - 1) * in.scale_out_latency).epsilon(1e-6));
  CHECK(kept.step_time > zero2.step_time);
}

TEST_CASE("DDP with fp32 parameters keeps and all-reduces fp32 gradients", "[fsdp_memory]") {
  // tests/lang/explain/fp32_params.cl: torch.autocast under DDP computes with bf16 copies of fp32
  // parameters, whose gradients are fp32: 4 + 4 + 8 bytes a parameter, a 4-byte all-reduce.
  auto c = testing::ExplainSpec("fp32_params.cl");
  const PlanInputs in = PlanNamed(*c, "ddp_amp");
  REQUIRE(in.sharding == ir::Sharding::none);
  CHECK(in.fp32_gradients);
  const PlanResults r = EvaluatePlan(in);
  CHECK(r.messages.gradient_bytes_per_param == 4);
  CHECK(r.memory.weights == Approx(4 * r.memory.params));
  CHECK(r.memory.gradients == Approx(4 * r.memory.params));
  CHECK(r.memory.optimizer == Approx(8 * r.memory.params));
}

TEST_CASE("FSDP's gathered units count against the GPU's memory", "[fsdp_memory]") {
  // MPT 30B at 8,192 tokens on 8 A100 80 GB, the fullest LLM Foundry row: 5.4 GiB of gathered
  // blocks, and it still fits, as it ran.
  auto c = ValidationSpec("a100.cl");
  const PlanResults r = EvaluatePlan(PlanNamed(*c, "mf_a100_30b_s8192_g8"));
  INFO("gathered " << r.memory.gathered / 1073741824.0 << " GiB, total "
                   << r.memory.Total() / 1073741824.0 << " GiB");
  CHECK(r.memory.gathered > 5 * 1073741824.0);
  CHECK(r.memory.Total() ==
        Approx(r.memory.weights + r.memory.gradients + r.memory.optimizer + r.memory.activations +
               r.memory.reserve + r.memory.gathered + r.memory.working));
  CHECK(r.memory.Total() < 80e9);
}

TEST_CASE("ZeRO's parameter all-gather moves 16-bit parameters beside fp32 gradients",
          "[fsdp_memory]") {
  // Megatron's distributed optimizer reduce-scatters its fp32 main_grad buffer and all-gathers
  // its 16-bit parameter buffer (megatron/core/distributed/param_and_grad_buffer.py): with fp32
  // gradients a ZeRO-1 step moves 4 + 2 bytes a parameter, not 4 + 4.
  auto c = testing::ExplainSpec("fp32_gradients.cl");
  PlanInputs in = PlanNamed(*c, "fp32_grads");
  in.sharding = ir::Sharding::zero1;
  const PlanResults fp32 = EvaluatePlan(in);
  CHECK(fp32.messages.gradient_bytes_per_param == 4);
  CHECK(fp32.messages.parameter_bytes_per_param == 2);
  in.fp32_gradients = false;
  const PlanResults bf16 = EvaluatePlan(in);
  CHECK(bf16.messages.parameter_bytes_per_param == 2);
  // bf16: reduce-scatter and all-gather of 2 bytes each; fp32 adds one 2-byte ring's transfer
  // (the reduce-scatter's extra half), so at most half the bf16 total, the two rings' latency
  // being common to both.
  const double dp16 = bf16.step.comm_total[int(Comm::kDp)];
  const double dp32 = fp32.step.comm_total[int(Comm::kDp)];
  REQUIRE(dp16 > 0);
  CHECK((dp32 - dp16) / dp16 <= 0.5);
  CHECK((dp32 - dp16) / dp16 > 0.45);
}

}  // namespace
}  // namespace clusterc::analysis
