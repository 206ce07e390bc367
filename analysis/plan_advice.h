// What would fix a plan: the cheapest single change that brings it under HBM, and the interleaved
// schedule that would cut its pipeline bubble. Each candidate is re-evaluated with EvaluatePlan,
// so the advice uses the same memory and time model as the diagnostics it accompanies.
#pragma once

#include <string>

#include "analysis/plan_model.h"

namespace clusterc::analysis {

struct Advice {
  bool found = false;
  std::string change;  // as the user would write it: `recompute = full`
  PlanResults result;  // the plan with that change
};

// Among changes that keep the plan's GPU count (stronger optimizer sharding, more recompute, full
// recompute of as few layers a chunk as fit, half the micro-batch, tp or pp doubled with dp
// halved), the one whose step is fastest while the most loaded GPU fits in `hbm_limit` bytes.
Advice CheapestMemoryFix(const PlanInputs& in, double hbm_limit);

// The fewest layers of each pipeline chunk that full recompute must replay (Megatron-Core's block
// method) for the most loaded GPU to fit in `hbm_limit` bytes, above the plan's own count; 0 when
// no count below the largest chunk's layers fits (or the plan already replays every layer).
int64_t FewestReplayedLayers(const PlanInputs& in, double hbm_limit);

// A micro-batch 2, 4 or 8 times the plan's (the global batch kept), with the plan's recompute or
// else full recompute, whose step is fastest while the most loaded GPU fits in `hbm_limit`
// bytes: more tokens per kernel launch for a plan whose layers wait on the host.
Advice LargerMicroBatchFix(const PlanInputs& in, double hbm_limit);

// The smallest virtual-stage count above the plan's that divides the layers and brings the
// bubble under `share` of the step (or, failing that, the one with the smallest bubble).
Advice InterleavingFix(const PlanInputs& in, double share);

// The plan at tp = 1 on the same GPUs: dp multiplied by the plan's tp, the experts unsharded
// (etp 1); not found when the global batch does not split over the larger dp, or the plan is
// invalid there. Whether it fits is the caller's to judge (result.memory).
Advice WithoutTensorParallelism(const PlanInputs& in);

}  // namespace clusterc::analysis
