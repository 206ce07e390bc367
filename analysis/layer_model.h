// The operator-level step model: the time of every kernel of one transformer layer on one GPU,
// for one micro-batch, from the GPU's calibration (docs/model.md "Operator-level step model").
//
// Each kernel is max(FLOPs / achieved FLOP rate, bytes / achieved HBM bandwidth) + a fixed
// per-kernel overhead: GEMMs on the efficiency curve, fused attention on its own (sequence-
// dependent) efficiency, element-wise kernels (norms, activations, residual adds, rotary
// embeddings, softmax and dropout outside fused attention, MoE permutation) on HBM bandwidth.
// Pure functions of PlanInputs, no allocation: EvaluatePlan calls them in its hot loop.
#pragma once

#include "analysis/plan_model.h"

namespace clusterc::analysis {

// Widths of the attention tensors of one layer (full, before tensor parallelism).
struct AttentionDims {
  double q = 0, k = 0, v = 0, o = 0;  // per-token widths of Q, K, V and the O-projection input
  double matmul = 0;                  // matmul parameters (no biases)
  double core_fwd_per_token = 0;  // FLOPs of QK^T and AV per token, forward (no causal discount)
  double head_dim = 0;            // of QK^T's contraction
  double score_flops = 0;         // forward FLOPs of one score element: 2 (d_qk + d_v)
  // Sliding-window attention (`attention_window`, shorter than the sequence): the share of the
  // layers that attend to the window, and the keys a query of theirs sees. core_fwd_per_token
  // averages the windowed layers' core (window keys a query) with the others' (the sequence's).
  double windowed_share = 0;
  double window = 0;
};

AttentionDims Attention(const PlanInputs& in);

// CountParams (plan_model.h) with the plan's attention widths already at hand.
ParamCounts CountParams(const PlanInputs& in, const AttentionDims& a);

// Time of one GEMM C[M,N] = A[M,K] B[K,N] on one GPU (efficiency curve, docs/model.md), at the
// plan's precision, or at the 16-bit rate when `high_precision` (what FP8 training keeps in BF16).
double GemmTime(const PlanInputs& in, double m, double n, double k, bool high_precision = false);

// Whether the plan's linear layers run quantized, in FP8 or NVFP4 (MakePlanInputs sets the
// 16-bit rate only then).
inline bool QuantizedLinear(const PlanInputs& in) {
  return in.bf16_peak_flops > 0;
}

// The dense 16-bit rate: the plan's peak unless it trains in FP8 or NVFP4.
inline double HighPrecisionPeak(const PlanInputs& in) {
  return QuantizedLinear(in) ? in.bf16_peak_flops : in.peak_flops;
}

// Asymptotic efficiency of the linear layers' GEMMs: the GPU's FP8 (NVFP4) figure when they run in
// FP8 (NVFP4) (docs/model.md "FP8", "NVFP4"), else gemm_efficiency.
inline double LinearGemmEfficiency(const PlanInputs& in) {
  return QuantizedLinear(in) && in.quantized_gemm_efficiency > 0 ? in.quantized_gemm_efficiency
                                                                 : in.gemm_efficiency;
}

// Time of an element-wise (memory-bound) kernel moving `bytes` through HBM.
double MemoryBoundTime(const PlanInputs& in, double bytes);

struct LayerTimes {
  double fwd = 0;        // forward of one layer, one micro-batch
  double bwd = 0;        // backward (data and weight gradients)
  double recompute = 0;  // forward work the plan's recompute mode replays in backward
  double attn_fwd = 0;   // of fwd: the attention core (context-parallel overlap window)
  double attn_bwd = 0;   // of bwd: the attention core
  double flops_fwd = 0;  // model FLOPs of the forward
  double gemm_time = 0, gemm_flops = 0;  // forward GEMMs only, for the achieved efficiency
  double memory_bound = 0;               // forward + backward time in element-wise kernels
  double rope_fwd = 0, rope_bwd = 0;     // of memory_bound: the rotary embeddings on Q and K
  // Kernels the host issues, forward and backward, and the GPU's own time before the host issue
  // floor (fwd and bwd are at least kernels x PlanInputs::host_kernel_time).
  double kernels_fwd = 0, kernels_bwd = 0;
  // Of them, the eager operations of the experts' bias and activation clamp
  // (PlanInputs::eager_expert_bias, eager_activation_clamp), which take the host's time per
  // eager operation instead.
  double eager_ops_fwd = 0, eager_ops_bwd = 0;
  double gpu_fwd = 0, gpu_bwd = 0;
  // Forward time of the two column-parallel GEMMs (attention QKV in, MLP in); in backward each
  // of their data- and weight-gradient GEMMs takes as long, the window that hides their
  // tensor-parallel collectives (Megatron-LM's asynchronous tensor-parallel all-reduce).
  double column_gemm[2] = {0, 0};
};

// `pace`: the time of the GPU that sets the step's pace over the calibrated (median) GPU's
// (formulas::SlowestDevicePace); it stretches the GPU's work in fwd, bwd and recompute, not the
// host's issue floor. The component fields (gemm_time, attn_fwd, memory_bound, ...) stay the
// calibrated GPU's.
LayerTimes LayerTime(const PlanInputs& in, const AttentionDims& a, bool moe_layer, double pace = 1);

// The LM head and its cross entropy, forward and backward, for one micro-batch on the last stage.
struct HeadTimes {
  double fwd = 0, bwd = 0, flops_fwd = 0;
};
HeadTimes HeadTime(const PlanInputs& in, double pace = 1);
// One multi-token prediction module beside its layer: the two norms, the 2h -> h projection and
// one more pass of the output head and loss.
HeadTimes MtpModuleTime(const PlanInputs& in, double pace = 1);

}  // namespace clusterc::analysis
