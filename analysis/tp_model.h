// Tensor-parallel communication of one micro-batch on a pipeline stage: the collectives of
// Megatron-style tensor and sequence parallelism (and the routed experts' over their etp group),
// their total and the part the backward's overlap leaves exposed (docs/model-communication.md,
// "TP").
// Split from plan_model.cpp; part of EvaluatePlan, so pure and allocation-free.
#pragma once

#include <cstdint>

#include "analysis/layer_model.h"
#include "analysis/plan_model.h"

namespace clusterc::analysis {

// The stage's shape as the TP terms read it.
struct TpStage {
  int64_t tp = 1, etp = 1;
  bool shared_experts = false;  // MoE layers also run shared experts over the tp group
  double layers = 0;            // layers of the stage (MTP included)
  double moe_layers = 0;        // of them MoE
  double replayed_share = 0;    // full recompute's replayed share of the layers
};

struct TpTimes {
  double total = 0;    // every collective, seconds a micro-batch, before overlap
  double exposed = 0;  // what the forward and the backward's overlap leave on the chain
};

// `m`: the micro-batch's message sizes (activation, attention_input, expert_activation,
// tp_gather_scale set).
TpTimes TensorParallelTimes(const PlanInputs& in, const MessageSizes& m, const TpStage& stage,
                            const LayerTimes& lt_dense, const LayerTimes& lt_moe);

}  // namespace clusterc::analysis
