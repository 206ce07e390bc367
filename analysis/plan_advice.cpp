#include "analysis/plan_advice.h"

#include <fmt/format.h>

#include <algorithm>

namespace clusterc::analysis {

namespace {

// Keeps `best` when `candidate` fits and is faster.
void Consider(Advice& best, const PlanInputs& in, std::string change, double hbm_limit) {
  PlanResults r = EvaluatePlan(in);
  if (!r.valid || r.memory.Total() > hbm_limit) return;
  if (best.found && r.step_time >= best.result.step_time) return;
  best.found = true;
  best.change = std::move(change);
  best.result = r;
}

bool Divides(int64_t d, int64_t n) {
  return d > 0 && n % d == 0;
}

// The plan's layers on pp stages of vpp chunks, its first and last stage counts kept (what
// `check` accepts, plan.indivisible).
bool StagesFit(const PlanInputs& in, int64_t pp, int64_t vpp) {
  return StagesSplit(in.layers, pp, vpp, in.first_stage_layers, in.last_stage_layers);
}

// A change of dp keeps the plan's hybrid sharding only where its shard group still splits the
// data-parallel ranks into replicas (else `check` refuses the shard_group, plan.shard-group).
bool ShardGroupKept(const PlanInputs& in, const PlanInputs& changed) {
  if (ShardReplicas(in) == 1) return true;
  return ShardReplicas(changed) * in.shard_group ==
         std::max<int64_t>(1, changed.dp) * std::max<int64_t>(1, changed.cp);
}

}  // namespace

int64_t FewestReplayedLayers(const PlanInputs& in, double hbm_limit) {
  if (in.recompute == ir::Recompute::full && in.recompute_layers <= 0) return 0;
  // Memory falls as the count grows: a bisection over the counts below the largest chunk's
  // layers (at that count every layer replays), above the plan's own.
  PlanInputs c = in;
  c.recompute = ir::Recompute::full;
  int64_t lo = in.recompute == ir::Recompute::full ? in.recompute_layers + 1 : 1;
  int64_t hi = LargestChunkLayers(in) - 1, found = 0;
  while (lo <= hi) {
    c.recompute_layers = lo + (hi - lo) / 2;
    const PlanResults r = EvaluatePlan(c);
    if (r.valid && r.memory.Total() <= hbm_limit) {
      found = c.recompute_layers;
      hi = found - 1;
    } else {
      lo = c.recompute_layers + 1;
    }
  }
  return found;
}

Advice CheapestMemoryFix(const PlanInputs& in, double hbm_limit) {
  Advice best;
  // Hybrid sharding over larger shard groups (fewer replicas), up to the whole data-parallel
  // group.
  if (const int64_t replicas = ShardReplicas(in); replicas > 1) {
    for (int64_t k = 2; k <= replicas; ++k) {
      if (replicas % k != 0) continue;
      PlanInputs c = in;
      c.shard_group = in.shard_group * k;
      if (ShardReplicas(c) != replicas / k) continue;
      Consider(best, c,
               fmt::format("optimizer = adam {{ sharding = {}; shard_group = {} }}",
                           ir::EnumName(in.sharding), c.shard_group),
               hbm_limit);
    }
  }
  // Stronger optimizer sharding (ZeRO stages shard more state over dp).
  const ir::Sharding order[] = {ir::Sharding::zero1, ir::Sharding::zero2, ir::Sharding::zero3};
  for (ir::Sharding s : order) {
    if (int(s) <= int(in.sharding) || in.dp < 2) continue;
    PlanInputs c = in;
    c.sharding = s;
    Consider(best, c, fmt::format("optimizer = adam {{ sharding = {} }}", ir::EnumName(s)),
             hbm_limit);
  }
  // ZeRO-3/FSDP that keeps the forward's gathered parameters through the backward: free them
  // after each unit's forward (FULL_SHARD) and hold one unit at a time.
  if ((in.sharding == ir::Sharding::zero3 || in.sharding == ir::Sharding::fsdp) &&
      !in.reshard_after_forward) {
    PlanInputs c = in;
    c.reshard_after_forward = true;
    Consider(best, c,
             fmt::format("optimizer = adam {{ sharding = {}; reshard_after_forward = true }}",
                         ir::EnumName(in.sharding)),
             hbm_limit);
  }
  // More activation recompute.
  const ir::Recompute recomputes[] = {ir::Recompute::selective, ir::Recompute::full};
  for (ir::Recompute rc : recomputes) {
    if (int(rc) <= int(in.recompute)) continue;
    PlanInputs c = in;
    c.recompute = rc;
    c.recompute_layers = 0;  // what the advice says: every layer
    Consider(best, c, fmt::format("recompute = {}", ir::EnumName(rc)), hbm_limit);
  }
  // Full recompute of only the layers needed.
  if (in.recompute != ir::Recompute::full || in.recompute_layers > 0) {
    PlanInputs c = in;
    c.recompute = ir::Recompute::full;
    if (const int64_t layers = FewestReplayedLayers(in, hbm_limit); layers > 0) {
      c.recompute_layers = layers;
      Consider(best, c, fmt::format("recompute = full; recompute_layers = {}", layers), hbm_limit);
    }
    if (in.recompute == ir::Recompute::full) {  // every layer: the plan's count dropped
      c.recompute_layers = 0;
      Consider(best, c, "recompute_layers = 0", hbm_limit);
    }
  }
  // Half the micro-batch (the global batch stays; more micro-batches per step).
  if (in.micro_batch >= 2 && in.micro_batch % 2 == 0) {
    PlanInputs c = in;
    c.micro_batch = in.micro_batch / 2;
    Consider(best, c, fmt::format("batch {{ micro = {} }}", c.micro_batch), hbm_limit);
  }
  // tp doubled within the scale-up domain, dp halved: same GPUs.
  if (in.dp % 2 == 0 && in.tp * 2 <= std::max<int64_t>(in.scale_up_domain, 1) &&
      Divides(in.tp * 2, in.heads) &&
      (in.mla || Divides(in.tp * 2, in.kv_heads) || Divides(in.kv_heads, in.tp * 2)) &&
      Divides(in.micro_batch * in.dp / 2, in.global_batch)) {
    PlanInputs c = in;
    c.tp = in.tp * 2;
    c.dp = in.dp / 2;
    if (ShardGroupKept(in, c))
      Consider(best, c, fmt::format("parallel {{ tp = {}; dp = {} }}", c.tp, c.dp), hbm_limit);
  }
  // pp doubled, dp halved.
  if (in.dp % 2 == 0 && StagesFit(in, in.pp * 2, std::max<int64_t>(1, in.vpp)) &&
      Divides(in.micro_batch * in.dp / 2, in.global_batch)) {
    PlanInputs c = in;
    c.pp = in.pp * 2;
    c.dp = in.dp / 2;
    if (ShardGroupKept(in, c))
      Consider(best, c, fmt::format("parallel {{ pp = {}; dp = {} }}", c.pp, c.dp), hbm_limit);
  }
  return best;
}

Advice LargerMicroBatchFix(const PlanInputs& in, double hbm_limit) {
  Advice best;
  for (int64_t factor : {2, 4, 8}) {
    const int64_t micro = in.micro_batch * factor;
    if (!Divides(micro * std::max<int64_t>(1, in.dp), in.global_batch)) break;
    PlanInputs c = in;
    c.micro_batch = micro;
    Consider(best, c, fmt::format("batch {{ micro = {} }}", micro), hbm_limit);
    if (in.recompute != ir::Recompute::full) {
      c.recompute = ir::Recompute::full;
      c.recompute_layers = 0;
      Consider(best, c, fmt::format("batch {{ micro = {} }}; recompute = full", micro), hbm_limit);
    }
  }
  return best;
}

Advice InterleavingFix(const PlanInputs& in, double share) {
  Advice best;
  if (in.pp < 2) return best;
  int64_t per_stage = (in.layers + 2) / in.pp;  // at least one layer (slot) per virtual stage
  for (int64_t v = std::max<int64_t>(2, in.vpp + 1); v <= per_stage; ++v) {
    if (!StagesFit(in, in.pp, v)) continue;
    PlanInputs c = in;
    c.vpp = v;
    PlanResults r = EvaluatePlan(c);
    if (!r.valid || r.step_time <= 0) continue;
    bool under = r.step.bubble <= share * r.step_time;
    if (!best.found || r.step.bubble < best.result.step.bubble) {
      best.found = true;
      best.change = fmt::format("parallel {{ vpp = {} }}", v);
      best.result = r;
    }
    if (under) break;  // the smallest vpp that is enough
  }
  return best;
}

Advice WithoutTensorParallelism(const PlanInputs& in) {
  Advice out;
  if (in.tp <= 1) return out;
  PlanInputs c = in;
  c.tp = 1;
  c.etp = 1;
  c.dp = std::max<int64_t>(1, in.dp) * in.tp;
  if (!Divides(c.micro_batch * c.dp, c.global_batch) || !ShardGroupKept(in, c)) return out;
  out.result = EvaluatePlan(c);
  if (!out.result.valid) return out;
  out.found = true;
  // An etp the plan states must be written down; a default one follows tp.
  out.change = in.etp > 1 ? fmt::format("parallel {{ tp = 1; dp = {}; etp = 1 }}", c.dp)
                          : fmt::format("parallel {{ tp = 1; dp = {} }}", c.dp);
  return out;
}

}  // namespace clusterc::analysis
