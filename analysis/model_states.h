// Model states on one GPU: bytes per parameter under a ZeRO stage, the units ZeRO-3/FSDP holds
// gathered, and what a DualPipe rank's two stages hold together. Used by EvaluatePlan
// (plan_model.cpp) and the plan search's bounds (search.cpp).
#pragma once

#include "analysis/plan_model.h"

namespace clusterc::analysis {

// ZeRO's stage of a sharding: 0 none, 1 optimizer states, 2 and gradients, 3 (and FSDP) and
// parameters.
inline int ZeroStage(ir::Sharding s) {
  switch (s) {
    case ir::Sharding::none:
      return 0;
    case ir::Sharding::zero1:
      return 1;
    case ir::Sharding::zero2:
      return 2;
    case ir::Sharding::zero3:
    case ir::Sharding::fsdp:
      return 3;
  }
  return 0;
}

struct WeightBytes {
  double weight = 2, grad = 2, optimizer = 12;  // kept per parameter (before sharding)
  double compute = 2;                           // the copy gathered and computed with
};

// Bytes per parameter kept for a plan at its ZeRO stage (model_states.cpp).
WeightBytes BytesPerParam(const PlanInputs& in, int stage);

// Bytes a GPU keeps of each of its linear layers' weights beyond the 16-bit weight its model
// states count: Transformer Engine's FP8 (or FP4) weight copy, row-wise and column-wise, made on a
// step's first micro-batch and kept through its last; where the quantized weights live alone, what
// their two copies take less or more than 16 bits (NVFP4: 1.125 - 2) (model_states.cpp). 0 when
// the linear layers compute in 16 bits, or under ZeRO-3/FSDP.
double QuantizedWeightBytes(const PlanInputs& in, const WeightBytes& wb, int stage);

// A stage's linear-layer weights on one GPU: its dense and MoE layers' attention and (dense or
// shared-expert) MLP and its multi-token prediction projections over tp, and `expert_params`,
// its routed experts'. Not the embedding, output head, norms or router, which stay in 16 bits.
double StageLinearParams(const PlanInputs& in, const ParamCounts& p, double dense_layers,
                         double moe_layers, double mtp_modules, double expert_params);

// Bytes a parameter all-gather (ZeRO-1/2 after the step, ZeRO-3/FSDP before a unit) moves for
// `params` parameters of which `linear` are linear layers' weights: `compute_bytes` each (the
// 16-bit compute type), the linear weights PlanInputs::linear_gather_bytes where it is set
// (model_states.cpp).
double ParamGatherBytes(const PlanInputs& in, double compute_bytes, double params, double linear);

// ZeRO-3/FSDP parameters and gradients held unsharded at the peak, bytes, for a stage whose
// largest unit has `unit` parameters, its root `root` and all of it `stage` (model_states.cpp).
double GatheredBytes(const PlanInputs& in, const WeightBytes& wb, double unit, double root,
                     double stage);

// DualPipe's rank i holds stage i and stage p - 1 - i: their model states, what ZeRO shards
// spread over both copies, and the paired stage's activations scaled by its in-flight count.
MemoryBreakdown DualPipeRankMemory(const MemoryBreakdown& own, const MemoryBreakdown& paired,
                                   double paired_activation_scale, int zero_stage);

}  // namespace clusterc::analysis
