#include "analysis/model_states.h"

#include <algorithm>

namespace clusterc::analysis {

// Bytes per parameter: ZeRO's mixed-precision Adam accounting (Rajbhandari et al. 2019
// section 3.1): 2 + 2 + 12. FP8 training keeps 16-bit weights (Transformer Engine casts per GEMM).
// FP32 training has no master copy: 4 + 4 + 8. SGD with momentum and Muon keep a master copy
// and one moment (Muon's fp32 momentum buffer: emerging_optimizers' OrthogonalizedOptimizer);
// Muon's Adam-held embedding and output layer add their second moment in EvaluatePlan.
WeightBytes BytesPerParam(const PlanInputs& in, int stage) {
  bool fp32 = in.precision == ir::Precision::fp32;
  WeightBytes w;
  if (fp32) {
    w.weight = 4;
    w.grad = 4;
    w.compute = 4;
    w.optimizer = in.optimizer == ir::OptimizerKind::adam ? 8 : 4;
  } else {
    w.optimizer = in.optimizer == ir::OptimizerKind::adam ? 12 : 8;
  }
  // Megatron-LM accumulates and all-reduces gradients in an fp32 `main_grad` buffer
  // (--accumulate-allreduce-grads-in-fp32, forced on with --bf16): 18 bytes per parameter, which
  // is what Korthikanti et al. 2022 figure 1 counts (45.56 GiB for 2.76 B parameters per GPU).
  if (in.fp32_gradients) w.grad = 4;
  // PyTorch FSDP's MixedPrecision keeps the sharded parameters in fp32 outside forward and
  // backward, the optimizer updating them in place, and upcasts the reduced gradients to fp32
  // (keep_low_precision_grads = False; torch/distributed/fsdp/api.py): 4 + 4 + 8, the 16-bit
  // copy existing only of the gathered units (`gathered`). torch.autocast under DDP likewise.
  // ZeRO-1/2 keep a whole 16-bit copy either way: ZeRO's accounting stands.
  if (in.fp32_params && !fp32 && (stage == 0 || stage >= 3)) {
    w.weight = 4;
    w.grad = 4;
    w.optimizer -= 4;
  }
  return w;
}

// Transformer Engine's linear layers under FP8 or FP4 run their GEMMs on a quantized copy of the
// weight, row-wise for the forward and column-wise for the backward's data gradient, each in the
// format of the layer's casts (`linear_input_bytes`: 1 byte in FP8, 0.5625 in NVFP4). With
// `is_first_microbatch`, which Megatron-Core passes, the copy is made on a step's first
// micro-batch and cached for the rest ("it allows caching of the FP8 versions of the weights",
// TE's Linear.forward docs), so every linear layer of the GPU holds one through the step, beside
// its 16-bit weight. Under `fp8_param_gather` (Megatron's --fp8-param-gather: the model built in
// TE's fp8_model_init) the FP8 tensors are the weights, 2 bytes with both copies, as the 16-bit
// ones counted. Under `fp4_param_gather` (Megatron's --fp4-param-gather) the NVFP4 tensors are the
// weights: 2 x 0.5625 bytes in place of the 16-bit 2. Under ZeRO-3/FSDP the copy is of a gathered
// unit only, which this leaves out.
double QuantizedWeightBytes(const PlanInputs& in, const WeightBytes& wb, int stage) {
  if (stage >= 3) return 0;
  if (in.quantized_weight_copy) return 2 * in.linear_input_bytes;
  if (in.quantized_weights_alone) return 2 * in.linear_input_bytes - wb.compute;
  return 0;
}

double StageLinearParams(const PlanInputs& in, const ParamCounts& p, double dense_layers,
                         double moe_layers, double mtp_modules, double expert_params) {
  const double tp = double(std::max<int64_t>(1, in.tp));
  return (dense_layers * (p.attention + p.dense_mlp) + moe_layers * (p.attention + p.shared) +
          mtp_modules * p.mtp_module) /
             tp +
         expert_params;
}

// Megatron's distributed optimizer keeps FP8 weights in a uint8 parameter buffer ("when creating
// the param buffer for fp8 params, it is necessary to use torch.uint8",
// megatron/core/distributed/distributed_data_parallel.py) and all-gathers that buffer after the
// step, 1 byte a weight. MXFP8 weights are gathered in BF16 through the gradient buffer and cast
// after (`reuse_grad_buf_for_mxfp8_param_ag`), and `fp8_scaling = block` keeps 2 bytes. NVFP4
// weights (`fp4_param_gather`) share the uint8 buffer ("is_float8tensor(param) or
// is_nvfp4tensor(param)"), packed E2M1 with their E4M3 scales: 0.5625 bytes. Megatron-FSDP
// (ZeRO-3/FSDP) keeps its FP8 weights' shards in a uint8 model-weight buffer and gathers that
// before each unit's forward and backward ("Model weight buffer (compute) precision": torch.uint8
// for float8 groups, megatron_fsdp/param_and_grad_buffer.py, Megatron-Core 0.14 on), 1 byte a
// per-tensor-scaled weight; MXFP8 adds a column-wise buffer, and NVFP4 is not among its types.
double ParamGatherBytes(const PlanInputs& in, double compute_bytes, double params, double linear) {
  if (in.linear_gather_bytes <= 0) return params * compute_bytes;
  return (params - linear) * compute_bytes + linear * in.linear_gather_bytes;
}

// ZeRO-3/FSDP parameters and gradients held unsharded at the peak, bytes: the stage's largest
// unit (a transformer block, as FSDP wraps them: LLM Foundry's `fsdp_wrap_fn`, torchtitan's
// per-block fully_shard) and its root's parameters. The root (embedding, head) stays gathered
// from its forward through the backward (FSDP1 `_post_forward_reshard`: "Do not free the root's
// parameters"; FSDP2's fully_shard sets the root's reshard_after_forward False). Backward prefetch
// (torch/distributed/fsdp/api.py, BackwardPrefetch): BACKWARD_PRE "holds the current set of
// parameters, next set of parameters, and current set of gradients", BACKWARD_POST "the next
// set of parameters and current set of gradients", none one unit's; the forward holds the
// current unit and the next, gathered ahead. A unit's gradient is computed in the compute type
// and, for a reduction in fp32, cast to a copy beside it (`_reduce_grad`). Without resharding
// after the forward (ShardingStrategy.SHARD_GRAD_OP: "does not reshard them after the forward,
// and only reshards them after the backward computation"; FSDP2's reshard_after_forward=False)
// the backward begins with every unit of the stage gathered, `stage` parameters. Without
// resharding after the backward either (torch.distributed.pipelining's
// backward_maybe_with_nosync under FSDP2: set_reshard_after_backward(False),
// set_requires_gradient_sync(False)) every unit stays gathered through the step, and FSDP2 adds
// each micro-batch's unsharded gradient into one kept in the reduction's type
// (FSDPParam.to_accumulated_grad_if_needed: "unsharded_grad.to(self.reduce_dtype)"), beside the
// unit's 16-bit gradient as it is computed.
double GatheredBytes(const PlanInputs& in, const WeightBytes& wb, double unit, double root,
                     double stage) {
  const double grad = wb.compute + (in.fp32_gradients && wb.compute < 4 ? 4 : 0);
  if (!in.reshard_after_backward) {
    const double kept = in.fp32_gradients && wb.compute < 4 ? 4 : wb.compute;
    return stage * (wb.compute + kept) + (kept != wb.compute ? unit * wb.compute : 0);
  }
  if (!in.reshard_after_forward) return stage * wb.compute + unit * grad;
  const double params_in_backward = in.prefetch == ir::Prefetch::backward_pre ? 2 : 1;
  return root * wb.compute +
         unit * std::max(2 * wb.compute, params_in_backward * wb.compute + grad);
}

// DualPipe (DeepSeek-V3 report section 3.2.1, table 2: parameters 2x, activations PP + 1): rank i
// holds stage i and stage p - 1 - i as two modules with their own parameters and gradients
// (deepseek-ai/DualPipe, examples/example_dualpipe.py: local_modules = full_modules[rank] and
// full_modules[pp_size - 1 - rank], whose gradients are summed across the pair). Each stage thus
// has 2 dp replicas, over which a ZeRO stage shards what it shards: the pair's sharded states
// are one stage's worth, the replicated ones two. The reserve counts once.
MemoryBreakdown DualPipeRankMemory(const MemoryBreakdown& own, const MemoryBreakdown& paired,
                                   double paired_activation_scale, int zero_stage) {
  const auto pair = [](double a, double b, bool sharded) { return sharded ? (a + b) / 2 : a + b; };
  MemoryBreakdown m = own;
  m.params += paired.params;
  m.weights = pair(own.weights, paired.weights, zero_stage >= 3);
  m.gradients = pair(own.gradients, paired.gradients, zero_stage >= 2);
  m.optimizer = pair(own.optimizer, paired.optimizer, zero_stage >= 1);
  m.activations += paired.activations * paired_activation_scale;
  m.offloaded += paired.offloaded * paired_activation_scale;
  m.gathered = std::max(own.gathered, paired.gathered);
  // The two directions' passes run beside each other: both transients can be live at once.
  m.working = own.working + paired.working;
  return m;
}

}  // namespace clusterc::analysis
