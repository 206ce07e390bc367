// Plan evaluation: parameters, FLOPs, memory per GPU, step time, reliability and run cost of one
// parallelism plan on one cluster.
//
// Two layers. MakePlanInputs flattens the IR (model, plan, cluster results) into PlanInputs, a
// fixed struct of numbers. EvaluatePlan is a pure function PlanInputs -> PlanResults that never
// allocates, so a plan search can vary the parallel degrees of a PlanInputs and call it millions of
// times per second (bench/bench_plan_eval.cpp measures it).
#pragma once

#include <algorithm>
#include <cstdint>

#include "analysis/cluster_model.h"
#include "ir/ir.h"

namespace clusterc::analysis {

struct Options;

// The model's shape and the plan, as numbers.
// The parts of a layer selective recompute may replay (ir::RecomputeModules), as bits.
enum RecomputeModule : uint8_t {
  kRecomputeCoreAttention = 1u << 0,
  kRecomputeNorms = 1u << 1,
  kRecomputeMlp = 1u << 2,
  kRecomputeMlpActivation = 1u << 3,
  kRecomputeMoeActivation = 1u << 4,
  kRecomputeMlaUpProjection = 1u << 5,
};

struct PlanInputs {
  // Model shape.
  int64_t layers = 0, hidden = 0, ffn = 0, heads = 0, kv_heads = 0, vocab = 0;
  int64_t attention_head_dim = 0;    // width of one head; 0: hidden / heads (not with MLA)
  int64_t attention_window = 0;      // keys a windowed layer's query sees; 0: the whole sequence
  int64_t full_attention_every = 0;  // with a window, every n-th layer attends to it all; 0: none
  bool tied_embeddings = false;
  bool attention_bias = false;   // Q, K, V and output biases (LayerNorm models have them anyway)
  bool attention_sinks = false;  // a learned logit a head (parameters only)
  // The attention output's bias is added in an operation of its own: Megatron-Core's
  // TEGroupedMLP refuses bias_dropout_fusion beside biased experts (MakePlanInputs).
  bool unfused_attention_bias = false;
  int64_t mtp_layers = 0;  // multi-token prediction modules on the last stage (DeepSeek-V3)
  bool swiglu = true;
  bool layernorm = false;  // LayerNorm (a bias beside each gain), not RMSNorm
  // Positions and biases (`model { position; rope_fraction; linear_bias }`): by default a
  // LayerNorm model learns positions and has biases, an RMSNorm model rotates Q and K
  // (LearnedPositions, RotaryPositions, LinearBiases below).
  ir::Position position = ir::Position::by_norm;
  double rope_fraction = 1;  // share of each head's Q/K width rotated
  ir::LinearBias linear_bias = ir::LinearBias::by_norm;
  bool qk_norm = false;  // norms on Q and K (per head) or on MLA's latents (`qk_norm`)
  bool dropout = false;  // trains with dropout (masks kept, dropout kernels run)
  bool moe = false;
  int64_t experts = 0, top_k = 0, shared_experts = 0, expert_ffn = 0, dense_layers = 0;
  int64_t expert_groups = 0, top_groups = 0;  // group-limited routing; 0: unlimited
  bool expert_bias = false;  // the routed experts' linear layers carry biases (GPT-OSS)
  bool router_bias = false;  // the router carries a bias, one an expert (GPT-OSS)
  // ... and the second's, scaled by the router's probability, is added expert by expert in eager
  // PyTorch (MakePlanInputs: neither the fused grouped MLP nor graph replay).
  bool eager_expert_bias = false;
  // The experts' activation clamps its inputs (`clamped_activation`) in PyTorch operations of
  // their own before the fused activation (MakePlanInputs: not under the fused grouped MLP).
  bool eager_activation_clamp = false;
  bool mla = false;
  int64_t q_rank = 0, kv_rank = 0, rope_dim = 0, head_dim = 0, v_head_dim = 0;
  // Plan.
  int64_t tp = 1, pp = 1, dp = 1, ep = 1, cp = 1, vpp = 1;
  int64_t etp = 0;                        // expert tensor parallelism; 0: tp
  ir::CpComm cp_comm = ir::CpComm::ring;  // how context parallelism exchanges K/V
  bool sequence_parallel = true;
  ir::Schedule schedule = ir::Schedule::one_f_one_b;
  int64_t first_stage_layers = 0, last_stage_layers = 0;  // 0: even split
  bool tp_comm_overlap = false, dp_overlap = true, ep_comm_overlap = false;
  bool ep_deduplicated = false;     // parallel.ep_dispatch = deduplicated (DeepEP, HybridEP)
  bool tp_backward_overlap = true;  // Megatron-LM's asynchronous tensor-parallel all-reduce
  int64_t global_batch = 0, micro_batch = 1, seq_len = 0;
  ir::Sharding sharding = ir::Sharding::none;
  ir::Prefetch prefetch = ir::Prefetch::backward_pre;  // ZeRO-3/FSDP backward prefetch
  // ZeRO-3/FSDP: gathered parameters freed after each unit's forward and gathered again for its
  // backward (FULL_SHARD); false: kept through the backward (SHARD_GRAD_OP).
  bool reshard_after_forward = true;
  // ZeRO-3/FSDP: false keeps the units gathered and their unsharded gradients added up across the
  // step's micro-batches, one gather and one reduce-scatter a step (torch.distributed.pipelining).
  bool reshard_after_backward = true;
  // Data-parallel ranks (of dp x cp) one shard of the sharded states spans, the replicas beyond
  // it all-reducing their gradient shards once a step (hybrid sharding); 0: all of them.
  int64_t shard_group = 0;
  // Host-memory offload of saved activations (analysis/offload.h): the first offload_layers
  // layers of each GPU's, at offload_bandwidth (B/s, one direction; 0 when none is offloaded).
  int64_t offload_layers = 0;
  double offload_bandwidth = 0;
  // Rank order tp-cp-ep-pp-dp (Megatron --use-tp-pp-dp-mapping): a pipeline's stages tp x cp
  // GPUs apart, the data-parallel replicas tp x cp x pp apart; else tp-cp-ep-dp-pp.
  bool pp_inside_dp = false;
  ir::OptimizerKind optimizer = ir::OptimizerKind::adam;
  // Muon (analysis/muon_model.h): Newton-Schulz iterations a step, and whether a tensor-parallel
  // matrix is gathered and orthogonalised whole on every rank (`tp_mode = duplicated`).
  int64_t muon_ns_steps = 5;
  bool muon_tp_duplicated = true;
  bool fp32_gradients = false;  // 4-byte gradients in memory and in the data-parallel reduction
  bool fp32_params = false;     // fp32 parameters as the master copy (PyTorch FSDP, AMP)
  ir::Recompute recompute = ir::Recompute::none;
  // What `recompute = selective` replays (RecomputeModule bits); read only when selective, so
  // that search can switch the mode and keep the plan's modules.
  uint8_t selective_modules = kRecomputeCoreAttention;
  // With `recompute = full`: the first recompute_layers layers of each pipeline chunk replay, the
  // rest keep their activations (Megatron-Core's block method); 0: every layer.
  int64_t recompute_layers = 0;
  ir::Precision precision = ir::Precision::bf16;
  bool flash_attention = true;
  // FP8 attention (`fp8_attention`) on a windowed model: cuDNN's FP8 backward walks every causal
  // key block, the window's empty ones too (docs/model.md "FP8 attention"); the forward skips them.
  bool fp8_backward_ignores_window = false;
  // The routed experts' MLP fused (`fused_grouped_mlp` in a block-scaled FP8 or NVFP4 plan with
  // MoE layers): the activation and the casts between the two grouped GEMMs run inside them.
  bool fused_grouped_mlp = false;
  bool fused_cross_entropy = true;  // else Megatron-LM's per-operation fp32 cross entropy
  // Q, K and V gathered to the mask's tokens around a variable-length fused attention and the
  // output scattered back, with host synchronisations (`attention_unpad`; layer_model.cpp).
  bool attention_unpad = false;
  // Element-wise steps run as eager PyTorch operations (`eager_ops`; layer_model.cpp).
  bool eager_norm = false, eager_activation = false, eager_kv_repeat = false;
  bool eager_loss = false;  // PyTorch's F.cross_entropy on logits.float() (LossBytesPerLogit)
  ir::EagerRope eager_rope = ir::EagerRope::fused;
  double tokens = 0;             // training tokens; 0: not given
  double checkpoint_every = 0;   // s; 0: use the optimum
  double checkpoint_size = 0;    // bytes; 0: derived
  double framework_reserve = 0;  // bytes
  // Hardware.
  double peak_flops = 0;  // dense, at the plan's precision, per GPU
  // Dense 16-bit rate for what FP8 (or NVFP4) training keeps in BF16: the attention core, the LM
  // head and the MoE router (DeepSeek-V3 report section 3.3.1; Transformer Engine runs only the
  // linear layers in FP8 or NVFP4). 0: peak_flops (every precision but fp8 and nvfp4).
  double bf16_peak_flops = 0;
  double gemm_efficiency = 0.8;
  // Asymptote of the quantized (FP8 or NVFP4) linear-layer GEMMs (of peak_flops, their rate); the
  // 16-bit GEMMs the plan keeps use gemm_efficiency. 0: gemm_efficiency.
  double quantized_gemm_efficiency = 0;
  // Operator-level calibration (analysis/layer_model.h): fused attention efficiency at long
  // sequences, forward and backward; achieved fraction of HBM bandwidth in element-wise kernels.
  double attention_efficiency = 0.776, attention_backward_efficiency = 0.6;
  // Fused attention's dropout, s per causal score element, forward and backward (0: none).
  double attention_dropout_fwd = 0, attention_dropout_bwd = 0;
  // Time of one exponential across the GPU (its special function units); 0: unknown, fused
  // attention's efficiency then independent of the head's width.
  double exponential_time = 0;
  double memory_efficiency = 0.8;
  // Achieved collective bus bandwidth as a fraction of the link rate, per fabric level.
  double scale_up_efficiency = 1, scale_out_efficiency = 1;
  // Cost of a reduce-scatter or all-gather inside the scale-up domain, in ring units (Options).
  double scale_up_gather_cost = 1;
  // All-reduce speed-up of in-switch reduction (NVLS) over the ring, when the link has it
  // (Options).
  double scale_up_reduction_speedup = 1;
  // FSDP / ZeRO-3 collectives pay the flat ring's (n - 1) latency steps per unit (a block); not on
  // a torus (ICI), whose collectives run per dimension.
  bool ring_latency_per_unit = true;
  // Compute share an overlapped collective takes, per fabric level (Options).
  double scale_up_compute_share = 0, scale_out_compute_share = 0;
  double hbm = 0;            // bytes per GPU
  double hbm_bandwidth = 0;  // B/s
  int64_t cluster_gpus = 0;  // usable GPUs the plan should fill
  int64_t gpus_per_node = 0;
  int64_t nodes = 0;  // usable nodes
  int64_t scale_up_domain = 0;
  double scale_up_bandwidth = 0;  // B/s per GPU, one direction
  double scale_up_latency = 0;
  bool scale_up_reduction = false;
  double scale_out_bandwidth = 0;  // B/s per GPU within a pod (after leaf oversubscription)
  double nic_bandwidth = 0;        // B/s per GPU before oversubscription
  double leaf_oversubscription = 1, pod_oversubscription = 1;
  int64_t leaf_gpus = 0, pod_gpus = 0;
  int64_t rail_only_rails = 0;  // rail-only fabric: its rails (cross-rail traffic forwards); 0: not
  double scale_out_latency = 0;
  bool sharp = false;
  // Reliability and cost (from the cluster).
  double gpu_mtbf = 0, node_mtbf = 0, restart_time = 0, checkpoint_bandwidth = 0;
  double gpu_rental = 0;               // USD/s per GPU
  double cluster_cost_per_second = 0;  // depreciation + opex, USD/s; 0 when unknown
  // Options copied in so EvaluatePlan needs nothing else.
  double gemm_overhead = 0;     // s per kernel (launch, wave tail)
  double host_kernel_time = 0;  // s the host takes per kernel the model counts; 0: graph replay
  double eager_op_time = 0;     // s the host takes per eager PyTorch operation (Options)
  double step_overhead = 0;     // s per step outside the step's kernels (Options::step_overhead)
  double gemm_tile = 128;       // tile edge for quantisation
  double optimizer_bytes_per_param = 42;  // HBM traffic of the optimizer step (Options)
  double eager_op_backward_time = 0;      // s per eager operation in backward (Options)
  // Standard deviation of a GPU's kernel time across parts, a fraction of the median part's
  // (MakePlanInputs, from `speed_variation`): the step goes at the slowest GPU's pace.
  double speed_sigma = 0;
  // HBM bytes per element of a linear layer's input cast to its quantized format: FP8, read 2 +
  // write the FP8 tensor and its transpose 2, plus a 2-byte amax read under current scaling;
  // NVFP4 5.125 (MakePlanInputs; layer_model.cpp).
  double cast_bytes = 4;
  // Bytes per element a linear layer keeps of its input for its weight gradient: 2 in 16 bits, the
  // quantized copy its cast made under FP8 (1) or NVFP4 (MakePlanInputs).
  double linear_input_bytes = 2;
  // Whether the GPU keeps its linear layers' weights in 16 bits beside the quantized copies
  // Transformer Engine caches through a step (FP8 without `fp8_param_gather`, NVFP4 without
  // `fp4_param_gather`, MXFP4), or the quantized weights alone (`quantized_weights_alone`; both
  // false: 16-bit weights only; model_states.cpp, QuantizedWeightBytes).
  bool quantized_weight_copy = false, quantized_weights_alone = false;
  // Bytes a linear layer's weight moves in a parameter all-gather where its quantized format is
  // what is gathered: FP8 weights (`fp8_param_gather`) under per-tensor scaling 1 (ZeRO-1/2 and
  // ZeRO-3/FSDP), NVFP4 weights (`fp4_param_gather`, ZeRO-1/2) 0.5625;
  // 0: the 16-bit compute type (model_states.cpp, ParamGatherBytes).
  double linear_gather_bytes = 0;
  // Whether the GPU's tensor cores take block-scaled (MX) inputs: those with FP4 units (Blackwell,
  // CDNA 4), where `fp8_scaling = block` is MXFP8; elsewhere (Hopper) it is 128-wide blocks.
  bool block_scaled_mma = false;
  // Whether a grouped linear layer casts all its experts' inputs in one kernel: Transformer
  // Engine's multi_tensor_quantize_impl has a fused kernel for delayed scaling only (cast.cpp,
  // nvte_multi_cast_transpose); other recipes quantize expert by expert.
  bool grouped_cast = false;
  // HBM bytes per parameter of one pass adding a micro-batch's gradients into the accumulation
  // buffer (0: fused into the weight-gradient GEMM), and whether the first micro-batch's
  // gradients are kept as they are, without a pass (PyTorch autograd).
  double grad_accumulation_bytes = 0;
  bool grad_accumulation_skips_first = false;
  // ZeRO-3/FSDP: HBM bytes per unsharded parameter that prepare each micro-batch's gradient for
  // its reduce-scatter (cast to the reduction type, pre-divide); 0: the GEMMs write it ready.
  double grad_reduce_prep_bytes = 0;
};

// The parts of each layer the plan replays in backward short of a whole forward (RecomputeModule
// bits): the selective modules, none under `none` or `full`.
inline uint8_t Replayed(const PlanInputs& in) {
  return in.recompute == ir::Recompute::selective ? in.selective_modules : 0;
}

// Of a pipeline stage's n layers, in vpp model chunks, how many replay their whole forward: all of
// them under `full` (none otherwise), or with recompute_layers the first that many of each chunk
// (Megatron-Core's block method, megatron/core/recompute.py). Chunk sizes differ by at most one
// layer, so min(n, layers x vpp) counts them exactly.
inline double FullyReplayedLayers(const PlanInputs& in, double n) {
  if (in.recompute != ir::Recompute::full) return 0;
  if (in.recompute_layers <= 0) return n;
  return std::min(n, double(in.recompute_layers) * double(std::max<int64_t>(1, in.vpp)));
}

// Whether full recompute leaves some layers out: recompute_layers below the layers of some
// pipeline chunk.
bool SomeStageKeepsLayers(const PlanInputs& in);
// The layers of the largest pipeline chunk: a stage's layers over its vpp chunks, rounded up.
int64_t LargestChunkLayers(const PlanInputs& in);
// The layers of chunk c of a stage of n over vpp chunks, the first ones a layer more where vpp
// does not divide n: the split the sbatch script's layout string, the ASTRA-sim traces and the
// simulators' replayed layers share.
inline int64_t ChunkLayers(int64_t n, int64_t vpp, int64_t c) {
  return vpp <= 1 ? n : n / vpp + (c < n % vpp ? 1 : 0);
}
inline bool PartialRecompute(const PlanInputs& in) {
  return in.recompute == ir::Recompute::full && in.recompute_layers > 0 && SomeStageKeepsLayers(in);
}

struct ParamCounts {
  double total = 0, active = 0;
  double embedding = 0, head = 0;  // input embedding, output head (0 when tied)
  double attention = 0;            // one layer
  double dense_mlp = 0;            // one dense layer's MLP
  double expert = 0;               // one routed expert
  double shared = 0;               // the shared experts of one MoE layer
  double router = 0;
  double norms = 0;  // one layer
  // Multi-token prediction: one module's projection (2h -> h) and norms (its layer is a layer of
  // the last layer's kind), and every module with its layer. Not in total: DeepSeek-V3's 671 B
  // leaves its 14 B MTP module out (its Hugging Face model card).
  double mtp_module = 0, mtp = 0;
};

// The pipeline bubble of a schedule on pp stages relative to 1F1B's (plan_layout.cpp), a stage's
// weight-gradient GEMMs `w_share` and its backward `b_share` of its forward and backward (the
// defaults, 1/3 and 2/3, give the least bubble: plan search's bound).
double ScheduleBubbleFactor(ir::Schedule schedule, int64_t pp, double w_share = 1.0 / 3,
                            double b_share = 2.0 / 3);

// Weight matrices of one MLP: SwiGLU's three (gate, up, down), else two.
inline double MlpFactor(const PlanInputs& in) {
  return in.swiglu ? 3.0 : 2.0;
}

// How the model encodes positions and whether its linear layers have biases, `by_norm` resolved:
// GPT-style LayerNorm models learn an s x h table and carry biases, RMSNorm models rotate Q and K
// (MLA models always rotate their rope_dim).
inline ir::Position PositionOf(const PlanInputs& in) {
  if (in.position != ir::Position::by_norm) return in.position;
  return in.layernorm && !in.mla ? ir::Position::learned : ir::Position::rope;
}
inline bool LearnedPositions(const PlanInputs& in) {
  return PositionOf(in) == ir::Position::learned;
}
inline bool RotaryPositions(const PlanInputs& in) {
  return PositionOf(in) == ir::Position::rope;
}
inline bool LinearBiases(const PlanInputs& in) {
  return in.linear_bias == ir::LinearBias::by_norm ? in.layernorm
                                                   : in.linear_bias == ir::LinearBias::enabled;
}

// Whether the model's multi-token prediction layers are MoE layers (Megatron-Core builds them
// with the last decoder layer's spec).
inline bool MtpLayersMoe(const PlanInputs& in) {
  return in.moe && in.layers > in.dense_layers;
}

struct FlopCounts {
  double model_per_token = 0;     // forward + backward, Korthikanti's "model FLOPs"
  double hardware_per_token = 0;  // with recompute
  double model_per_step = 0;
  double hardware_per_step = 0;
};

// Memory of one GPU (the most loaded one), bytes.
struct MemoryBreakdown {
  int64_t stage = 0;  // pipeline stage of the most loaded GPU
  double params = 0;  // parameters that GPU holds before sharding
  double weights = 0, gradients = 0, optimizer = 0, activations = 0, reserve = 0;
  double gathered = 0;  // ZeRO-3/FSDP: unsharded parameters and gradients at the peak
  // Live for part of the step only, on top of the rest: the loss's logits (the last stage) or one
  // replayed layer's activations through its backward, the larger (plan_layout.cpp).
  double working = 0;
  double offloaded = 0;  // activations held in host memory instead (not in Total)
  double Total() const {
    return weights + gradients + optimizer + activations + reserve + gathered + working;
  }
};

enum class Comm : uint8_t { kTp, kPp, kDp, kEp, kCp, kCount };
const char* CommName(Comm c);

// One optimizer step, seconds.
struct StepBreakdown {
  double compute = 0;                                // forward and backward GEMMs and attention
  double recompute = 0;                              // extra forward work of activation recompute
  double bubble = 0;                                 // pipeline fill and drain
  double comm[static_cast<int>(Comm::kCount)] = {};  // exposed (not overlapped) communication
  double comm_total[static_cast<int>(Comm::kCount)] = {};  // before overlap
  double optimizer = 0;
  double orthogonalization = 0;  // of `optimizer`: Muon's Newton-Schulz and its gathers
  double grad_accumulation = 0;  // passes adding each micro-batch's gradients into the buffer
  double contention = 0;         // compute slowed by the SMs and HBM that hidden collectives take
  double overhead = 0;           // host work between steps, the GPU idle (Options::step_overhead)
  double offload = 0;            // compute stalled on host-memory offload transfers
  double gemm_efficiency = 0;    // achieved fraction of peak on the GEMMs, from the curve
  // The slowest GPU's kernel time over the calibrated (median) GPU's, which stretches compute,
  // recompute, the optimizer and accumulation above (formulas::SlowestDevicePace).
  double pace = 1;
  double Exposed() const {
    double e = 0;
    for (double c : comm) e += c;
    return e;
  }
  double Total() const {
    return compute + recompute + bubble + Exposed() + optimizer + grad_accumulation + contention +
           overhead + offload;
  }
  Comm Dominant() const {
    int best = 0;
    for (int i = 1; i < static_cast<int>(Comm::kCount); ++i)
      if (comm[i] > comm[best]) best = i;
    return static_cast<Comm>(best);
  }
};

// Message sizes of one micro-batch's collectives, bytes per GPU; what the step model times and
// what simulator inputs replay.
struct MessageSizes {
  double activation = 0;  // one 16-bit activation tensor: 2 (b s / cp) h (TP all-reduce)
  // What the attention block's column-parallel layers gather (and reduce-scatter the gradient
  // of): the activation, or under MLA the compressed latents their up-projections read,
  // 2 (b s / cp) (q_rank or h, + kv_rank + rope_dim).
  double attention_input = 0;
  // A folded MoE layer's expert-block all-reduce over its etp group: activation x etp / tp.
  double expert_activation = 0;
  // What a sequence-parallel all-gather moves per byte of the 16-bit tensor: under FP8, NVFP4 or
  // MXFP4 Transformer Engine quantizes a linear layer's input (and its output gradient) before
  // gathering it, so the gather carries the quantized copy (linear_input_bytes / 2); 1 otherwise.
  // The reduce-scatters stay 16-bit.
  double tp_gather_scale = 1;
  double pipeline = 0;    // one stage-to-stage send of one GPU (its 1/tp of the activation)
  double all_to_all = 0;  // one expert dispatch or combine: 2 (b s / cp) top_k h
  // Of it, with group-limited routing over several scale-up domains, the bytes that leave a
  // rank's domain: each token once per remote domain of its experts, 2 (b s / cp) h x
  // formulas::GroupLimitedCopies (forwarded inside the domain); 0: unlimited routing.
  double all_to_all_leaving = 0;
  // The four all-to-alls (dispatch and combine, forward and backward) of one MoE layer and one
  // micro-batch, seconds, before any overlap.
  double all_to_all_layer_time = 0;
  double context_kv = 0;  // K and V of one rank's sequence chunk (ring attention step)
  // Q, K and V, and the attention output, of one rank's sequence chunk: what an all-to-all
  // context-parallel exchange (Ulysses) sends before and after attention.
  double context_qkv = 0, context_out = 0;
  double gradient_bytes_per_param = 2;   // what the data-parallel reduction moves
  double parameter_bytes_per_param = 2;  // what ZeRO/FSDP's parameter all-gathers move
};

struct PlanResults {
  bool valid = false;         // inputs complete enough to evaluate
  int64_t gpus = 0;           // tp x pp x dp x cp
  int64_t micro_batches = 0;  // per pipeline per step
  // The stages (ranks) other than the slowest, in micro-batch times of the slowest: what the
  // pipeline's fill and drain pass through (pp - 1 when the stages are even).
  double fill_stages = 0;
  ParamCounts params;
  FlopCounts flops;
  MessageSizes messages;
  MemoryBreakdown memory;
  StepBreakdown step;
  double step_time = 0;
  double tokens_per_second = 0;
  double mfu = 0, hfu = 0;
  double model_flops_per_gpu = 0;     // FLOP/s achieved per GPU (model FLOPs)
  double hardware_flops_per_gpu = 0;  // FLOP/s achieved per GPU (recompute counted)
  // Reliability.
  double checkpoint_size = 0, checkpoint_write_time = 0;
  double job_mtbf = 0;  // s; 0 when no MTBF is known
  double optimal_checkpoint_interval = 0;
  double checkpoint_interval = 0;  // the plan's, or the optimum
  double goodput = 1;
  // Time and cost of the run (0 when the plan gives no tokens).
  double training_time = 0;  // wall time, failures included
  double gpu_hours = 0;      // GPU-seconds (SI), failures included
  double run_cost_owned = 0;
  double run_cost_rented = 0;
  double cost_per_million_tokens = 0;
};

// Transformer layers on pipeline stage i (0 <= i < pp), and the index of its first layer: the
// plan's first_stage_layers/last_stage_layers when given, else Megatron-LM's split (see
// plan_model.cpp). The simulator backends lay out their stages with these.
int64_t StageLayers(const PlanInputs& in, int64_t i);
int64_t StageStart(const PlanInputs& in, int64_t i);

// Whether StageLayers places every layer on pp stages of vpp chunks each: with the plan's first
// and/or last stage's layer counts (0: not given), the rest split evenly over the other stages,
// at least one layer a chunk, the stages' layers dividing by vpp or not (Megatron-Core's
// --pipeline-model-parallel-layout places unequal chunks); else the layers (or layers + 2)
// dividing into pp x vpp chunks. One stage needs no interleaving.
bool StagesSplit(int64_t layers, int64_t pp, int64_t vpp, int64_t first, int64_t last);

// Whether the first and last stages' counts (0: not given) are the layers + 2 split over pp x vpp
// chunks less the embedding's and the loss's slots, the layers alone not dividing (Megatron's
// --account-for-embedding-in-pipeline-split and --account-for-loss-in-pipeline-split).
bool EndsAreSlots(int64_t layers, int64_t pp, int64_t vpp, int64_t first, int64_t last);

// Parameter counts from the model's shape (no allocation).
ParamCounts CountParams(const PlanInputs& in);

// Activation bytes one transformer layer keeps for backward on one GPU, for one micro-batch: the
// per-tensor generalisation of Korthikanti et al. 2022 table 2 (GQA/MLA widths, SwiGLU, MoE, CP),
// for a layer that runs under `mode` (a layer full recompute leaves out runs under `none`).
double LayerActivationBytes(const PlanInputs& in, bool moe_layer, ir::Recompute mode);
inline double LayerActivationBytes(const PlanInputs& in, bool moe_layer) {
  return LayerActivationBytes(in, moe_layer, in.recompute);
}
// Bytes a logit the loss holds at its peak (the loss's implementation; plan_layout.cpp).
double LossBytesPerLogit(const PlanInputs& in);
// What one layer's replay adds while its backward runs: the activations its recompute discarded.
double ReplayedLayerBytes(const PlanInputs& in, bool moe_layer);

// The evaluator: pure, no allocation, no I/O.
// Copies of the sharded states the data-parallel group keeps (PlanInputs::shard_group): 1
// without sharding, without a shard group, or with one that does not split the dp x cp ranks
// into replicas dividing dp (which analysis' rules refuse).
int64_t ShardReplicas(const PlanInputs& in);

PlanResults EvaluatePlan(const PlanInputs& in);

// The width of one head of ordinary (not latent) attention: the model's `head_dim`, else
// hidden / heads (what Megatron-LM's --kv-channels and Calculon's attn_size take).
inline int64_t HeadDim(const PlanInputs& in) {
  return in.attention_head_dim > 0 ? in.attention_head_dim
                                   : in.hidden / (in.heads > 0 ? in.heads : 1);
}

// Whether the model has dense (non-MoE) layers: every layer of a dense model, a MoE model's
// leading `dense_layers`.
inline bool HasDenseLayers(const PlanInputs& in) {
  return !in.moe || in.dense_layers > 0;
}

// The expert tensor-parallel degree: the plan's `etp` (MoE parallel folding, Megatron-Core's
// --expert-tensor-parallel-size), else tp.
inline int64_t ExpertTp(const PlanInputs& in) {
  return in.etp > 0 ? in.etp : (in.tp > 0 ? in.tp : 1);
}

// MoE parallel folding: the experts split over etp GPUs, not like the attention over tp.
inline bool ExpertsFolded(const PlanInputs& in) {
  return in.moe && ExpertTp(in) != (in.tp > 0 ? in.tp : 1);
}

// The routed experts' tensor-parallel collectives over their etp group move the activations of
// this many times the micro-batch's tokens (an all-reduce's worth, gather and reduce-scatter),
// by the dispatcher Megatron-Core runs (token_dispatcher.py; the sbatch script's
// --moe-token-dispatcher-type): `deduplicated` (flex: DeepEP, HybridEP) none, its dispatch
// sending a token to every etp rank of its experts (the routing map replicated over the group)
// and its combine summing their partial outputs; with ep > 1 (alltoall) the top_k copies each
// rank received, gathered over etp after the all-to-all (etp / tp of the tokens, top_k times);
// with ep 1 (allgather) the group's tokens, gathered once before routing (etp / tp).
inline double RoutedExpertTpTokens(const PlanInputs& in) {
  const int64_t etp = ExpertTp(in);
  if (!in.moe || etp <= 1 || in.ep_deduplicated) return 0;
  const double share = double(etp) / double(in.tp > 0 ? in.tp : 1);
  return in.ep > 1 ? share * double(in.top_k) : share;
}

// Whether the plan's attention runs cuDNN's FP8 kernels (`fp8_attention` in an FP8 or NVFP4 plan
// on the tuned kernel), and whether at a measured gain: heads 128 wide or wider, or MLA (narrower
// heads gain nothing counted: docs/model.md "FP8 attention"). MakePlanInputs then applies
// Fp8AttentionSpeedupsOf's figures; perf.fp8-attention-uncalibrated warns where the GPU states
// none.
inline bool Fp8AttentionRuns(const ir::Plan& plan) {
  return plan.fp8_attention && ir::QuantizedPrecision(plan.precision) &&
         plan.attention_kernel == ir::AttentionKernel::tuned;
}
// Whether the plan's routed experts run Transformer Engine's fused grouped MLP
// (`fused_grouped_mlp`): its kernels take block-scaled inputs, MXFP8 or NVFP4 (not MXFP4: cuDNN's
// CuTe DSL kernels have no such path), and only MoE layers have a grouped MLP.
// plan.fused-grouped-mlp warns where a plan states it without them.
inline bool BlockScaledPrecision(const ir::Plan& plan) {
  return plan.precision == ir::Precision::nvfp4 ||
         (plan.precision == ir::Precision::fp8 && plan.fp8_scaling == ir::Fp8Scaling::block);
}
inline bool FusedGroupedMlpRuns(const ir::Plan& plan, bool moe) {
  return plan.fused_grouped_mlp && moe && BlockScaledPrecision(plan);
}
inline bool Fp8AttentionGains(const ir::Plan& plan, const PlanInputs& in) {
  return Fp8AttentionRuns(plan) && (in.mla || HeadDim(in) >= 128);
}

// FP8 attention's speed-ups over BF16 that `gpu` states for the plan's heads and scaling, forward
// and backward; 0 where it states none (timed at the BF16 rate). MLA takes the GPU's `mla_`
// figures where stated, else its head-128 ones; block-scaled FP8 (MXFP8, `fp8_scaling = block`)
// runs at `mxfp8_attention_factor` of per-tensor FP8's rate where stated (`block_unstated`
// otherwise, timed at per-tensor FP8's).
struct Fp8AttentionSpeedups {
  double fwd = 0, bwd = 0;
  bool block_unstated = false;
};
inline Fp8AttentionSpeedups Fp8AttentionSpeedupsOf(const ir::Plan& plan, const ir::Gpu& gpu,
                                                   bool mla) {
  Fp8AttentionSpeedups s;
  const bool mla_fwd = mla && gpu.mla_fp8_attention_speedup > 0;
  const bool mla_bwd = mla && gpu.mla_fp8_attention_backward_speedup > 0;
  s.fwd = mla_fwd ? gpu.mla_fp8_attention_speedup : gpu.fp8_attention_speedup;
  s.bwd = mla_bwd ? gpu.mla_fp8_attention_backward_speedup : gpu.fp8_attention_backward_speedup;
  if (plan.precision == ir::Precision::fp8 && plan.fp8_scaling == ir::Fp8Scaling::block) {
    s.block_unstated = gpu.mxfp8_attention_factor <= 0 || gpu.mxfp8_attention_backward_factor <= 0;
    if (gpu.mxfp8_attention_factor > 0) s.fwd *= gpu.mxfp8_attention_factor;
    if (gpu.mxfp8_attention_backward_factor > 0) s.bwd *= gpu.mxfp8_attention_backward_factor;
  }
  return s;
}

// Flattens plan `index` of `program`; `cluster` is the derived results of its cluster.
PlanInputs MakePlanInputs(const ir::Program& program, uint32_t index, const ClusterResults& cluster,
                          const Options& options);

// Bandwidth one direction for a group whose ranks span `span` consecutive GPUs (Megatron rank
// order: tp fastest, then cp, ep, dp, pp). Inline: EvaluatePlan calls it in its hot loop.
inline double GroupBandwidth(const PlanInputs& in, int64_t span) {
  if (span <= in.scale_up_domain && in.scale_up_bandwidth > 0) return in.scale_up_bandwidth;
  double bw = in.nic_bandwidth;
  if (in.leaf_gpus > 0 && span > in.leaf_gpus) bw /= std::max(1.0, in.leaf_oversubscription);
  if (in.pod_gpus > 0 && span > in.pod_gpus) bw /= std::max(1.0, in.pod_oversubscription);
  return bw;
}

// How many times the rate of its widest link a ring of n ranks, `stride` GPUs apart, achieves:
// (n - 1)/(k - 1) when it leaves the scale-up domain with several ranks in each of its k domains
// (docs/model-communication.md, "Data-parallel rings with several ranks per node"), else 1.
double RingSpeedup(const PlanInputs& in, int64_t stride, int64_t n);

// The embedding group's gradient all-reduce, seconds a step: where the output layer shares the
// embedding (`tied_embeddings`) or multi-token prediction modules on the last stage use it, the
// first and the last pipeline stages each hold a copy and add their V x h / tp gradients, in the
// reduction's type (`gradient_bytes` a parameter), after the data-parallel reduction and before
// the optimizer, with nothing beside it. 0 without pipeline stages and under DualPipe.
double EmbeddingGradientSync(const PlanInputs& in, double gradient_bytes);
// Whether that all-reduce runs (pp > 1, the embedding shared, not DualPipe), and its bytes a GPU.
bool EmbeddingGroupSyncs(const PlanInputs& in);
double EmbeddingGradientBytes(const PlanInputs& in, double gradient_bytes);

// Share of a rank's forward (and backward) chunks, of `micro_batches` x vpp, that run with no
// other micro-batch's pass beside them to hide the expert all-to-all under `ep_comm_overlap`:
// the schedule's warmup forwards and cooldown backwards on the first stage; DualPipe's end
// ranks' passes outside its paired main steps.
double EpUnpairedShare(const PlanInputs& in, double micro_batches);

// One MoE layer's work in a forward-backward pair under `ep_comm_overlap`, seconds per
// micro-batch: the forward's attention half (with the router and the permutation before the
// dispatch) and its experts, the backward's experts (data gradients) and their weight gradients,
// its attention half (data gradients, with what it recomputes) and their weight gradients; and
// one of the layer's four all-to-alls (dispatch and combine, forward and backward).
struct OverlappedMoeLayer {
  double attn_fwd = 0, mlp_fwd = 0;
  double mlp_bwd = 0, mlp_wgrad = 0;
  double attn_bwd = 0, attn_wgrad = 0;
  double all_to_all = 0;
};

// The all-to-all time a forward-backward pair of `layers` MoE layers leaves exposed: the
// compute and communication streams as Megatron-Core interleaves one forward and one backward
// layer (DeepSeek-V3 figure 4), each stream in order, each kernel after its inputs. At least
// the four all-to-alls' excess over the layers' compute; 0 when every one fits beside it.
double OverlappedPairExposure(const OverlappedMoeLayer& layer, double layers);

}  // namespace clusterc::analysis
