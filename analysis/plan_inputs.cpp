// Flattening a plan of the IR, with its cluster's derived results and the analysis options, into
// the PlanInputs that EvaluatePlan reads (analysis/plan_model.h): every lookup and default the
// hot loop must not repeat.
#include <algorithm>
#include <cmath>

#include "analysis/analysis.h"
#include "analysis/formulas.h"
#include "analysis/offload.h"
#include "analysis/plan_model.h"
#include "ir/checked.h"

namespace clusterc::analysis {

PlanInputs MakePlanInputs(const ir::Program& p, uint32_t index, const ClusterResults& cluster,
                          const Options& options) {
  PlanInputs in;
  const ir::Plan& plan = p.plans[index];
  in.gemm_overhead = options.gemm_overhead;
  in.host_kernel_time =
      plan.kernel_launch == ir::KernelLaunch::eager ? options.host_kernel_time : 0;
  const bool eager = plan.kernel_launch == ir::KernelLaunch::eager;
  in.eager_op_time = eager ? options.eager_op_time : 0;
  in.eager_op_backward_time = eager ? options.eager_op_backward_time : 0;
  in.step_overhead = plan.HasField("step_overhead") ? plan.step_overhead.si : options.step_overhead;
  in.gemm_tile = options.gemm_tile;
  in.optimizer_bytes_per_param = plan.optimizer.fused ? options.optimizer_bytes_per_param
                                                      : options.unfused_optimizer_bytes_per_param;
  in.framework_reserve =
      plan.framework_reserve.si > 0 ? plan.framework_reserve.si : options.framework_reserve;
  if (plan.model.Valid() && plan.model.index < p.models.size()) {
    const ir::Model& mo = p.Get(plan.model);
    in.layers = mo.layers;
    in.hidden = mo.hidden;
    in.ffn = mo.ffn;
    in.heads = mo.heads;
    in.kv_heads = mo.kv_heads > 0 ? mo.kv_heads : mo.heads;
    in.attention_head_dim = mo.head_dim;
    in.attention_window = mo.attention_window;
    in.full_attention_every = mo.full_attention_every;
    in.vocab = mo.vocab;
    in.tied_embeddings = mo.tied_embeddings;
    in.attention_bias = mo.attention_bias;
    in.attention_sinks = mo.attention_sinks;
    in.mtp_layers = mo.mtp_layers;
    in.swiglu = mo.activation == ir::Activation::swiglu;
    in.layernorm = mo.norm == ir::Norm::layernorm;
    in.position = mo.position;
    in.rope_fraction = mo.rope_fraction;
    in.linear_bias = mo.linear_bias;
    in.qk_norm = mo.qk_norm;
    in.dropout =
        mo.dropout == ir::Dropout::by_norm ? in.layernorm : mo.dropout == ir::Dropout::enabled;
    in.moe = mo.has_moe;
    in.fused_grouped_mlp = FusedGroupedMlpRuns(plan, mo.has_moe);
    if (mo.has_moe) {
      in.experts = mo.moe.experts;
      in.top_k = mo.moe.top_k;
      in.shared_experts = mo.moe.shared_experts;
      in.expert_ffn = mo.moe.expert_ffn;
      in.dense_layers = mo.moe.dense_layers;
      in.expert_groups = mo.moe.groups;
      in.top_groups = mo.moe.top_groups;
      in.expert_bias = mo.moe.expert_bias;
      in.eager_expert_bias = mo.moe.expert_bias && !in.fused_grouped_mlp &&
                             plan.kernel_launch == ir::KernelLaunch::eager;
      in.eager_activation_clamp = mo.moe.clamped_activation && !in.fused_grouped_mlp;
      in.router_bias = mo.moe.router_bias;
      // experts.py asserts `not (add_bias_linear and bias_dropout_fusion)`: with biased experts
      // the attention output's bias goes through the unfused bias-dropout-add.
      in.unfused_attention_bias = mo.attention_bias && mo.moe.expert_bias;
    }
    in.mla = mo.has_mla;
    if (mo.has_mla) {
      in.q_rank = mo.mla.q_rank;
      in.kv_rank = mo.mla.kv_rank;
      in.rope_dim = mo.mla.rope_dim;
      in.head_dim = mo.mla.head_dim;
      in.v_head_dim = mo.mla.v_head_dim;
    }
  }
  in.tp = plan.parallel.tp;
  in.pp = plan.parallel.pp;
  in.dp = plan.parallel.dp;
  in.ep = plan.parallel.ep;
  // Experts with biases stay whole where the plan leaves etp unset: Megatron-Core keeps their
  // biases only at etp = 1 (plan.expert-bias-etp), as GPT-OSS recipes set it.
  in.etp = plan.parallel.etp > 0 ? plan.parallel.etp : (in.expert_bias ? 1 : 0);
  in.cp = plan.parallel.cp;
  in.cp_comm = plan.parallel.cp_comm;
  in.vpp = plan.parallel.vpp;
  in.sequence_parallel = plan.parallel.sequence_parallel && plan.parallel.tp > 1;
  in.schedule = plan.parallel.schedule;
  in.first_stage_layers = plan.parallel.first_stage_layers;
  in.last_stage_layers = plan.parallel.last_stage_layers;
  in.tp_comm_overlap = plan.parallel.tp_comm_overlap;
  in.tp_backward_overlap = plan.parallel.tp_backward_overlap;
  in.dp_overlap = plan.parallel.dp_overlap;
  in.ep_comm_overlap = plan.parallel.ep_comm_overlap;
  in.ep_deduplicated = plan.parallel.ep_dispatch == ir::EpDispatch::deduplicated;
  in.global_batch = plan.batch.global;
  in.micro_batch = plan.batch.micro;
  in.seq_len = plan.batch.seq_len;
  in.sharding = plan.optimizer.sharding;
  in.prefetch = plan.optimizer.prefetch;
  in.reshard_after_forward = plan.optimizer.reshard_after_forward;
  in.reshard_after_backward = plan.optimizer.reshard_after_backward;
  in.shard_group = plan.optimizer.shard_group;
  in.pp_inside_dp = plan.parallel.rank_order == ir::RankOrder::tp_cp_ep_pp_dp;
  in.optimizer = plan.optimizer.kind;
  in.muon_ns_steps = plan.optimizer.ns_steps;
  in.muon_tp_duplicated = plan.optimizer.tp_mode == ir::MuonTpMode::duplicated;
  in.fp32_gradients = plan.optimizer.fp32_gradients;
  in.fp32_params = plan.optimizer.fp32_params;
  // Under DDP the gradients take the fp32 parameters' type: accumulated and all-reduced in fp32
  // (FSDP reduces in its own reduce_dtype, which `fp32_gradients` states).
  if (in.fp32_params && plan.optimizer.sharding == ir::Sharding::none) in.fp32_gradients = true;
  {
    // One accumulation pass per parameter: the micro-batch's new gradient (g bytes) is read and
    // the buffer (b bytes) read and written. `separate`: PyTorch's AccumulateGrad adds in place
    // when both have the gradient's type and keeps the first micro-batch's gradient as it is;
    // Megatron-LM's hook before 2022 (`param.main_grad.add_(param.grad.data)`,
    // megatron/model/distributed.py) adds into its fp32 main_grad every micro-batch. `upcast`:
    // DeepSpeed's BF16_Optimizer.update_hp_grads runs `hp_grad.add_(lp.grad.to(fp32))`, a cast
    // (read g, write 4) and an fp32 add (read 8, write 4), every micro-batch.
    const double g = plan.precision == ir::Precision::fp32 ? 4 : 2;
    const double b = in.fp32_gradients || plan.precision == ir::Precision::fp32 ? 4 : 2;
    switch (plan.optimizer.grad_accumulation) {
      case ir::GradAccumulation::fused:
        break;
      case ir::GradAccumulation::separate:
        in.grad_accumulation_bytes = g + 2 * b;
        in.grad_accumulation_skips_first = b == g;
        break;
      case ir::GradAccumulation::upcast:
        in.grad_accumulation_bytes = g + 4 + 12;
        break;
    }
    // ZeRO-3/FSDP reduce-scatters every micro-batch's gradient, and where the GEMMs do not write
    // it into the reduction's buffer (`fused`) the runtime prepares it first: PyTorch FSDP's
    // post-backward hook casts the unsharded 16-bit gradient to the reduction type (read g,
    // write 4) and pre-divides it in place by the predivide factor (read and write b)
    // (torch/distributed/fsdp/_runtime_utils.py, `_post_backward_hook` and `_reduce_grad`;
    // FSDP2's foreach_reduce does the same by `_chunk_cat` and `_div_if_needed`).
    const bool sharded = plan.optimizer.sharding == ir::Sharding::zero3 ||
                         plan.optimizer.sharding == ir::Sharding::fsdp;
    if (sharded && plan.optimizer.grad_accumulation != ir::GradAccumulation::fused)
      in.grad_reduce_prep_bytes = (b > g ? g + b : 0) + 2 * b;
  }
  in.recompute = plan.recompute;
  in.recompute_layers = plan.recompute_layers;
  if (plan.HasField("recompute_modules")) {
    const ir::RecomputeModules& m = plan.recompute_modules;
    in.selective_modules =
        uint8_t((m.core_attention ? kRecomputeCoreAttention : 0) | (m.norms ? kRecomputeNorms : 0) |
                (m.mlp ? kRecomputeMlp : 0) | (m.mlp_activation ? kRecomputeMlpActivation : 0) |
                (m.moe_activation ? kRecomputeMoeActivation : 0) |
                (m.mla_up_projection ? kRecomputeMlaUpProjection : 0));
  }
  in.precision = plan.precision;
  const bool fp8_alone =
      ir::Fp8ParamsKept(plan.precision, plan.optimizer.sharding, plan.fp8_param_gather);
  const bool fp4_alone = ir::Fp4ParamsKept(plan.precision, plan.fp4_param_gather);
  in.quantized_weights_alone = fp8_alone || fp4_alone;
  in.quantized_weight_copy = ir::QuantizedPrecision(plan.precision) && !in.quantized_weights_alone;
  // The distributed optimizer's uint8 buffer gathers FP8 and NVFP4 weights (ZeRO-1/2), Megatron-
  // FSDP's uint8 model-weight buffer the FP8 ones (ZeRO-3/FSDP; model_states.cpp).
  const bool per_tensor_fp8 = fp8_alone && plan.fp8_scaling != ir::Fp8Scaling::block;
  switch (plan.optimizer.sharding) {
    case ir::Sharding::zero1:
    case ir::Sharding::zero2:
      in.linear_gather_bytes = fp4_alone ? 0.5625 : per_tensor_fp8 ? 1.0 : 0.0;
      break;
    case ir::Sharding::zero3:
    case ir::Sharding::fsdp:
      in.linear_gather_bytes = per_tensor_fp8 ? 1.0 : 0.0;
      break;
    case ir::Sharding::none:
      break;
  }
  in.flash_attention = plan.flash_attention;
  in.fused_cross_entropy = plan.fused_cross_entropy;
  in.attention_unpad = plan.attention_unpad && plan.flash_attention;
  in.eager_norm = plan.eager_ops.norm;
  in.eager_rope = plan.eager_ops.rope;
  in.eager_activation = plan.eager_ops.activation;
  in.eager_kv_repeat = plan.eager_ops.kv_repeat;
  in.eager_loss = plan.eager_ops.loss;
  in.tokens = plan.tokens;
  in.offload_layers = plan.offload.activations;
  in.checkpoint_every = plan.checkpoint.every.si;
  in.checkpoint_size = plan.checkpoint.size.si;

  const ir::Cluster* c = plan.cluster.Valid() && plan.cluster.index < p.clusters.size()
                             ? &p.Get(plan.cluster)
                             : nullptr;
  const ir::Ref<ir::Node> node_ref = c ? cluster.PrimaryNode(c->nodes.ref) : ir::Ref<ir::Node>{};
  const ir::Node* node =
      node_ref.Valid() && node_ref.index < p.nodes.size() ? &p.Get(node_ref) : nullptr;
  const ir::Gpu* gpu = node && node->gpus.ref.Valid() ? &p.Get(node->gpus.ref) : nullptr;
  if (gpu) {
    in.block_scaled_mma = gpu->fp4_flops.si > 0;
    switch (plan.precision) {
      case ir::Precision::bf16:
        in.peak_flops = gpu->bf16_flops.si;
        break;
      case ir::Precision::fp16:
        in.peak_flops = gpu->fp16_flops.si > 0 ? gpu->fp16_flops.si : gpu->bf16_flops.si;
        break;
      case ir::Precision::fp8:
        in.peak_flops = gpu->fp8_flops.si;
        in.bf16_peak_flops = gpu->bf16_flops.si;
        in.cast_bytes = plan.fp8_scaling == ir::Fp8Scaling::current ? 6 : 4;
        in.grouped_cast = plan.fp8_scaling == ir::Fp8Scaling::delayed;
        in.linear_input_bytes = 1;
        break;
      case ir::Precision::nvfp4:
        // NVFP4 (Transformer Engine's NVFP4BlockScaling): E2M1 values, an E4M3 scale per 16 and an
        // FP32 scale per tensor from its amax. A cast reads the 16-bit input (2 bytes) after an
        // amax pass over it (2; TE docs, "GEMM Profiling Tutorial": "the extra memory pass for
        // per-tensor amax computation"), and writes it row-wise and column-wise, each 0.5 byte and
        // 1/16 of a scale byte: 5.125 bytes an element. The weight gradient keeps the column-wise
        // copy of the input, 0.5625 bytes. Without the random Hadamard transform and stochastic
        // rounding (MLPerf v5.1's "vanilla" recipe) a cast makes no other pass.
        in.peak_flops = gpu->fp4_flops.si;
        in.bf16_peak_flops = gpu->bf16_flops.si;
        in.cast_bytes = 2 + 2 + 2 * (0.5 + 1.0 / 16);
        in.grouped_cast = false;
        in.linear_input_bytes = 0.5 + 1.0 / 16;
        break;
      case ir::Precision::mxfp4:
        // MXFP4 (ROCm Transformer Engine's MXFP4BlockScaling, AMD Primus' fp4_recipe "mxfp4"):
        // E2M1 values with an E8M0 scale per 32 (OCP Microscaling), each found within the cast
        // from its block's amax, so no pass before it. A cast reads the 16-bit input (2 bytes)
        // and writes it row-wise and column-wise, each 0.5 byte and 1/32 of a scale byte:
        // 3.0625 bytes an element; the weight gradient keeps the column-wise copy, 0.53125. The
        // optional Hadamard transform (NVTE_MXFP4_USE_HADAMARD) is not timed, as NVFP4's.
        in.peak_flops = gpu->fp4_flops.si;
        in.bf16_peak_flops = gpu->bf16_flops.si;
        in.cast_bytes = 2 + 2 * (0.5 + 1.0 / 32);
        in.grouped_cast = false;
        in.linear_input_bytes = 0.5 + 1.0 / 32;
        break;
      case ir::Precision::fp32:
        in.peak_flops = gpu->fp32_flops.si;
        break;
    }
    in.gemm_efficiency = gpu->gemm_efficiency > 0 ? gpu->gemm_efficiency : 0.8;
    if (plan.precision == ir::Precision::fp8)
      in.quantized_gemm_efficiency = gpu->fp8_gemm_efficiency;
    if (plan.precision == ir::Precision::nvfp4 || plan.precision == ir::Precision::mxfp4)
      in.quantized_gemm_efficiency = gpu->fp4_gemm_efficiency;
    in.attention_efficiency = gpu->attention_efficiency > 0
                                  ? gpu->attention_efficiency
                                  : options.attention_to_gemm * in.gemm_efficiency;
    in.attention_backward_efficiency =
        gpu->attention_backward_efficiency > 0
            ? gpu->attention_backward_efficiency
            : options.attention_backward_to_gemm * in.gemm_efficiency;
    in.attention_dropout_fwd = gpu->attention_dropout_time.si;
    in.attention_dropout_bwd = gpu->attention_dropout_backward_time.si;
    in.exponential_time = gpu->exponential_time.si;
    // FlashAttention-2 on a GPU its kernel was not written for (Hopper): the GPU's own FA2
    // figures (docs/model.md "Attention kernel generation").
    if (plan.attention_kernel != ir::AttentionKernel::tuned) {
      if (gpu->flash2_attention_efficiency > 0)
        in.attention_efficiency = gpu->flash2_attention_efficiency;
      if (gpu->flash2_attention_backward_efficiency > 0)
        in.attention_backward_efficiency = gpu->flash2_attention_backward_efficiency;
      // FlashAttention-1 draws its dropout masks as FA2 does (Philox per score tile): FA2's
      // figures stand in for it, unmeasured (docs/model.md "Attention dropout").
      if (gpu->flash2_attention_dropout_time.si > 0)
        in.attention_dropout_fwd = gpu->flash2_attention_dropout_time.si;
      if (gpu->flash2_attention_dropout_backward_time.si > 0)
        in.attention_dropout_bwd = gpu->flash2_attention_dropout_backward_time.si;
    }
    // FlashAttention-1 and its Triton port (LLM Foundry's `attn_impl: triton`, the kernel of its
    // 2023 benchmark tables): FlashAttention-2's figures over FA2's published speed-up on it
    // (Dao 2023, abstract: "around 2x"; docs/model.md "Attention kernel generation").
    if (plan.attention_kernel == ir::AttentionKernel::flash1 &&
        options.flash2_speedup_over_flash1 > 0) {
      in.attention_efficiency /= options.flash2_speedup_over_flash1;
      in.attention_backward_efficiency /= options.flash2_speedup_over_flash1;
    }
    // FP8 attention (Transformer Engine's fp8_dpa): cuDNN's FP8 kernels at the GPU's measured
    // speed-up over its BF16 ones at head dim 128, or MLA's, and block-scaled FP8 (MXFP8) at its
    // fraction of per-tensor FP8's rate (docs/model.md "FP8 attention");
    // plan.fp8-attention refuses it without quantized linear layers or with a FlashAttention
    // kernel. Narrower heads gain nothing counted (cuDNN 9.22 ran GPT-OSS's 64-wide windowed
    // heads in FP8 1.03-1.07x as fast as BF16 forward on GB200, 1.13-1.21x on GB300), but block
    // scaling's backward runs at its factor of per-tensor FP8's there too (0.83x GB200, 0.79x
    // GB300). Under a sliding window FP8's backward walks the whole causal triangle, quadratic in
    // the sequence where BF16's is linear: LayerTime times it so (docs/model.md "FP8 attention").
    if (Fp8AttentionGains(plan, in)) {
      const Fp8AttentionSpeedups fp8 = Fp8AttentionSpeedupsOf(plan, *gpu, in.mla);
      if (fp8.fwd > 0) in.attention_efficiency *= fp8.fwd;
      if (fp8.bwd > 0) in.attention_backward_efficiency *= fp8.bwd;
    } else if (Fp8AttentionRuns(plan) && plan.precision == ir::Precision::fp8 &&
               plan.fp8_scaling == ir::Fp8Scaling::block &&
               gpu->mxfp8_attention_backward_factor > 0) {
      in.attention_backward_efficiency *= gpu->mxfp8_attention_backward_factor;
    }
    in.fp8_backward_ignores_window = Fp8AttentionRuns(plan) && in.attention_window > 0;
    in.memory_efficiency =
        gpu->memory_efficiency > 0 ? gpu->memory_efficiency : options.memory_efficiency;
    if (gpu->kernel_overhead.si > 0) in.gemm_overhead = gpu->kernel_overhead.si;
    in.hbm = gpu->memory.si;
    in.hbm_bandwidth = gpu->memory_bandwidth.si;
  }
  // The step waits for the slowest of the plan's GPUs (EvaluatePlan, docs/model-scale.md).
  const double variation =
      gpu && gpu->speed_variation >= 0 ? gpu->speed_variation : options.speed_variation;
  in.speed_sigma = formulas::SpeedSigmaFromWhiskerRange(variation);
  if (in.offload_layers > 0 && node)
    in.offload_bandwidth = OffloadBandwidth(p, *node, gpu, options.default_host_bandwidth);
  in.cluster_gpus = cluster.usable_gpus;
  in.gpus_per_node = cluster.gpus_per_node;
  in.nodes = cluster.usable_nodes;
  in.scale_up_domain = cluster.scale_up_domain;
  in.scale_up_bandwidth = cluster.scale_up_bandwidth_per_gpu;
  in.scale_up_latency = cluster.scale_up_latency;
  in.scale_up_efficiency = options.scale_up_bus_efficiency;
  in.scale_out_efficiency = options.scale_out_bus_efficiency;
  in.scale_up_compute_share = options.scale_up_comm_compute_share;
  in.scale_up_gather_cost = options.scale_up_gather_cost;
  in.scale_up_reduction_speedup = options.scale_up_reduction_speedup;
  in.scale_out_compute_share = options.scale_out_comm_compute_share;
  in.scale_up_reduction = cluster.scale_up_reduction;
  in.nic_bandwidth = cluster.fabric.nic_bandwidth_per_gpu;
  in.scale_out_bandwidth = cluster.fabric.scale_out_bandwidth_per_gpu;
  in.leaf_oversubscription = cluster.fabric.tiers >= 2 ? cluster.fabric.leaf_oversubscription : 1;
  in.pod_oversubscription = cluster.fabric.pod_oversubscription;
  in.leaf_gpus = cluster.fabric.leaf_gpus;
  in.pod_gpus = cluster.fabric.pods > 1 ? cluster.fabric.pod_gpus : 0;
  in.rail_only_rails = cluster.fabric.rail_only ? cluster.fabric.rails : 0;
  in.scale_out_latency =
      cluster.fabric.latency > 0 ? cluster.fabric.latency : options.default_scale_out_latency;
  in.sharp = cluster.fabric.sharp;
  // The compute shares are GPU figures (NCCL kernels on SMs); TPU collectives over ICI have no
  // published figure, so none is applied there: a pod whose fabric is its ICI torus, or slices
  // whose scale-up link is ICI joined by a data-center network (multi-slice).
  const bool ici_fabric = c && c->fabric.Valid() && p.Get(c->fabric).kind == ir::FabricKind::ici;
  const bool ici_link =
      node && node->scale_up.Valid() && p.Get(node->scale_up).kind == ir::LinkKind::ici;
  if (ici_fabric || ici_link) {
    in.scale_up_compute_share = in.scale_out_compute_share = 0;
    in.scale_up_gather_cost = 1;
    in.ring_latency_per_unit = false;
  }
  if (c) {
    in.gpu_mtbf = cluster.reliability.gpu_mtbf;
    in.node_mtbf = cluster.reliability.node_mtbf;
    in.restart_time = c->restart_time.si;
    in.checkpoint_bandwidth = c->checkpoint_bandwidth.si;
    in.gpu_rental = c->gpu_rental.si;
    // Owned cost needs capex and, where electricity is priced, the power it is charged on.
    const bool opex_known = !cluster.cost.has_energy_price || cluster.power.it > 0;
    if (cluster.cost.depreciation_per_second > 0 && opex_known)
      in.cluster_cost_per_second =
          cluster.cost.depreciation_per_second + cluster.cost.opex_per_year / (8760.0 * 3600.0);
  }
  return in;
}

}  // namespace clusterc::analysis
