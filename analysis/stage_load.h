// One pipeline stage's work per micro-batch, as EvaluatePlan (plan_model.cpp) sums it for the
// stages it evaluates, and the mean of two of them (a DualPipe rank's load). Internal to
// plan_model.cpp.
#pragma once

namespace clusterc::analysis {

// One stage's work per micro-batch, and what its collectives scale with. No initialisers: the
// stage loop sets every field, and the search's evaluations should not pay for zeroing them.
struct StageLoad {
  double stall, compute, bwd, recompute;
  double gemm_time, gemm_flops, attn;
  double layers, moe_layers, replayed_share;
  double dense_params, expert_params, dense_linear;  // dense_linear: of dense_params
  // Muon's Newton-Schulz on the stage's matrices, each once (analysis/muon_model.h): seconds of
  // the dense and the routed experts' matrices, the costliest one's, and the fp32 bytes a
  // duplicated tensor-parallel gather assembles for each kind.
  double muon_dense, muon_expert, muon_largest, muon_gathered_dense, muon_gathered_expert;
  double Time() const { return compute + recompute + stall; }
};

inline StageLoad MeanLoad(const StageLoad& a, const StageLoad& b) {
  static constexpr double StageLoad::*kFields[] = {&StageLoad::stall,
                                                   &StageLoad::compute,
                                                   &StageLoad::bwd,
                                                   &StageLoad::recompute,
                                                   &StageLoad::gemm_time,
                                                   &StageLoad::gemm_flops,
                                                   &StageLoad::attn,
                                                   &StageLoad::layers,
                                                   &StageLoad::moe_layers,
                                                   &StageLoad::replayed_share,
                                                   &StageLoad::dense_params,
                                                   &StageLoad::expert_params,
                                                   &StageLoad::dense_linear,
                                                   &StageLoad::muon_dense,
                                                   &StageLoad::muon_expert,
                                                   &StageLoad::muon_largest,
                                                   &StageLoad::muon_gathered_dense,
                                                   &StageLoad::muon_gathered_expert};
  StageLoad m{};
  for (double StageLoad::*f : kFields) m.*f = (a.*f + b.*f) / 2;
  return m;
}

}  // namespace clusterc::analysis
