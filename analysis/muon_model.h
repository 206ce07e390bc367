// Muon's orthogonalisation (docs/model.md "Muon"): the Newton-Schulz iterations that replace
// Adam's element-wise update of every 2-D weight matrix, as Megatron-Core runs them
// (megatron/core/optimizer/emerging_optimizers.py, NVIDIA-NeMo/Emerging-Optimizers'
// newton_schulz_tp). Pure functions of PlanInputs, no allocation: EvaluatePlan calls them.
#pragma once

#include "analysis/layer_model.h"

namespace clusterc::analysis {

// FLOPs of `steps` Newton-Schulz iterations on an r x c matrix (Jordan et al. 2024, "Muon";
// emerging_optimizers' newton_schulz_step): with X the matrix turned so that it is s x L, s =
// min(r, c), each iteration forms A = X X^T (2 s^2 L), B = b A + c A A (2 s^3) and X = a X + B X
// (2 s^2 L): steps x (4 s^2 L + 2 s^3).
double NewtonSchulzFlops(double rows, double cols, int64_t steps);

// Newton-Schulz work on a set of matrices on one GPU, each orthogonalised once.
struct MuonWork {
  double time = 0;      // seconds, all of them
  double largest = 0;   // seconds of the costliest one (a rank owns whole matrices)
  double gathered = 0;  // fp32 momentum a `duplicated` tensor-parallel gather assembles, bytes
  void Add(const MuonWork& w, double count);
};

// One layer's matrices on one GPU: the dense part (attention, dense MLP or shared experts and
// router), owned across the data-parallel ranks, and the routed experts' (expert_ffn wide, the
// GPU's experts / ep of them), owned across the expert-data-parallel ranks.
struct MuonLayerWork {
  MuonWork dense, expert;
};
MuonLayerWork MuonLayer(const PlanInputs& in, const AttentionDims& a, bool moe_layer);

// A multi-token-prediction module's own matrix (eh_proj, h x 2h) beside its layer.
MuonWork MuonMtpProjection(const PlanInputs& in);

// Seconds a step's Newton-Schulz adds on one GPU of the slowest stage, whose matrices are `dense`
// and `expert` (each once), owned across `dense_owners` and `expert_owners` ranks, at the GPU's
// `pace` (the slowest GPU's factor; 1: nominal). Sharded, Megatron-Core's layer-wise distributed
// optimizer gives each data-parallel rank whole matrices, balanced by cost
// (layer_wise_optimizer.py, largest first): a rank's share, and at least the costliest matrix.
// Under `tp_mode = duplicated` each owner first gathers the fp32 momentum of its split matrices,
// the dense ones over the tensor-parallel group, the experts' over the expert-tensor-parallel one
// (emerging_optimizers.py: the `expt_tp` group).
double MuonStepTime(const PlanInputs& in, const MuonWork& dense, const MuonWork& expert,
                    double dense_owners, double expert_owners, double pace);

}  // namespace clusterc::analysis
