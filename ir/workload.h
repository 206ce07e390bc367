// The workload half of the typed model (ir/ir.h): models, plans, concurrent jobs and design
// sweeps, each with its `Describe`.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/hardware.h"

namespace clusterc::ir {

// ---------------------------------------------------------------------------------------------
// Workloads

struct Moe {
  int64_t experts = 0;  // routed experts
  int64_t top_k = 0;
  int64_t shared_experts = 0;
  int64_t expert_ffn = 0;    // 0: the model's ffn
  int64_t dense_layers = 0;  // leading layers with a dense MLP
  // Group-limited routing (DeepSeek-V2/V3: `n_group`, `topk_group`): the routed experts form
  // `groups` equal groups; a token's top_k experts come from its best `top_groups`. 0: unlimited.
  int64_t groups = 0;
  int64_t top_groups = 0;
  bool expert_bias = false;  // the routed experts' linear layers carry biases (GPT-OSS)
  // The experts' gated activation clamps its inputs (GPT-OSS: the gate at most 7, the linear
  // half within +-7).
  bool clamped_activation = false;
  bool router_bias = false;  // the router's linear layer carries a bias (GPT-OSS)
};

template <class V>
void Describe(Moe& m, V& v) {
  v.Field("experts", m.experts, kRequired | kPositive, "routed experts per MoE layer");
  v.Field("top_k", m.top_k, kRequired | kPositive, "routed experts each token visits");
  v.Field("shared_experts", m.shared_experts, kOptional, "experts every token visits");
  v.Field("expert_ffn", m.expert_ffn, kOptional, "FFN width of one expert; defaults to ffn");
  v.Field("dense_layers", m.dense_layers, kOptional,
          "leading layers with a dense MLP of width ffn");
  v.Field("groups", m.groups, kOptional,
          "equal groups of routed experts for group-limited routing (DeepSeek `n_group`)");
  v.Field("top_groups", m.top_groups, kOptional,
          "groups a token's experts may come from (DeepSeek `topk_group`); with `groups`");
  v.Field("expert_bias", m.expert_bias, kOptional,
          "the experts' linear layers carry biases (GPT-OSS), counted in their parameters; "
          "Megatron-Core adds the routed experts' second bias, scaled by the router's "
          "probability, expert by expert in eager PyTorch operations unless the plan states "
          "`fused_grouped_mlp` or `kernel_launch = graph`");
  v.Field("clamped_activation", m.clamped_activation, kOptional,
          "the experts' gated activation (`swiglu`) clamps its inputs (GPT-OSS: the gate at "
          "most 7, the linear half within +-7); Megatron-Core clamps in separate PyTorch "
          "operations before its fused activation unless the plan states `fused_grouped_mlp`");
  v.Field("router_bias", m.router_bias, kOptional,
          "the router's linear layer carries a bias, one an expert (GPT-OSS), counted in the "
          "parameters");
}

// Multi-head latent attention (DeepSeek-V2/V3): low-rank query and key/value projections.
struct Mla {
  int64_t q_rank = 0;
  int64_t kv_rank = 0;
  int64_t rope_dim = 0;
  int64_t head_dim = 0;  // non-rotary query/key dimension per head
  int64_t v_head_dim = 0;
};

template <class V>
void Describe(Mla& m, V& v) {
  v.Field("q_rank", m.q_rank, kOptional, "query compression rank (0: uncompressed)");
  v.Field("kv_rank", m.kv_rank, kRequired | kPositive, "key/value compression rank");
  v.Field("rope_dim", m.rope_dim, kRequired | kPositive, "rotary dimension per head");
  v.Field("head_dim", m.head_dim, kRequired | kPositive, "non-rotary query/key dimension per head");
  v.Field("v_head_dim", m.v_head_dim, kRequired | kPositive, "value dimension per head");
}

struct Model : Entity {
  int64_t layers = 0;
  int64_t hidden = 0;
  int64_t ffn = 0;
  int64_t heads = 0;
  int64_t kv_heads = 0;              // 0: heads (multi-head attention)
  int64_t head_dim = 0;              // 0: hidden / heads
  int64_t attention_window = 0;      // keys a windowed layer's query sees; 0: no window
  int64_t full_attention_every = 0;  // every n-th layer attends to the whole sequence; 0: none
  int64_t vocab = 0;
  bool tied_embeddings = false;
  bool attention_bias = false;   // Q, K, V and output projections carry biases (GPT-OSS)
  bool attention_sinks = false;  // a learned logit a head in the softmax (GPT-OSS)
  int64_t mtp_layers = 0;        // multi-token prediction depths (DeepSeek-V3 MTP modules)
  Activation activation = Activation::swiglu;
  Norm norm = Norm::rmsnorm;
  Position position = Position::by_norm;
  double rope_fraction = 1;  // share of each head's Q and K width that rotary embeddings rotate
  // Rotary embeddings' base frequency (theta; 0: Megatron's 10,000) and their stretch to longer
  // contexts: the scaling, its factor (0: Megatron's default) and, for YaRN, the context the
  // model was trained at before it (0: Megatron's 4,096). None of them changes a time.
  double rope_base = 0;
  RopeScaling rope_scaling = RopeScaling::none;
  double rope_scaling_factor = 0;
  int64_t rope_original_context = 0;
  LinearBias linear_bias = LinearBias::by_norm;
  bool qk_norm = false;  // Q and K normalised inside the attention (Qwen3; MLA's latents)
  Dropout dropout = Dropout::by_norm;
  double params = 0;  // published total, for cross-checking the count derived from the shape
  bool has_moe = false;
  Moe moe;
  bool has_mla = false;
  Mla mla;
};

template <class V>
void Describe(Model& m, V& v) {
  v.Field("layers", m.layers, kRequired | kPositive, "transformer blocks");
  v.Field("hidden", m.hidden, kRequired | kPositive, "model width h");
  v.Field("ffn", m.ffn, kRequired | kPositive, "MLP width (dense layers)");
  v.Field("heads", m.heads, kRequired | kPositive, "attention (query) heads");
  v.Field("kv_heads", m.kv_heads, kOptional, "key/value heads (GQA); defaults to heads");
  v.Field(
      "head_dim", m.head_dim, kOptional,
      "query, key and value width of one head (PaLM, Gemma, Qwen3); defaults to hidden / heads");
  v.Field("attention_window", m.attention_window, kOptional,
          "sliding-window attention: each query attends to this many keys before it (Mistral "
          "7B's 4,096, GPT-OSS's 128; Megatron-Core --window-size W,0, Hugging Face "
          "sliding_window); 0 or left out: the whole sequence");
  v.Field("full_attention_every", m.full_attention_every, kOptional,
          "with `attention_window`, every n-th layer attends to the whole sequence and the rest "
          "to the window (GPT-OSS and Gemma 2: 2; Gemma 3: 6; Megatron-Core "
          "--window-attn-skip-freq); left out: every layer windowed");
  v.Field("vocab", m.vocab, kRequired | kPositive, "vocabulary size");
  v.Field("tied_embeddings", m.tied_embeddings, kOptional,
          "input embedding and output head share weights");
  v.Field("attention_bias", m.attention_bias, kOptional,
          "the query, key, value and output projections carry biases (GPT-OSS; Hugging Face "
          "`attention_bias`), counted in the parameters; LayerNorm (GPT-style) models have them "
          "already. Beside experts with biases (`moe { expert_bias }`) Megatron-Core adds the "
          "output's bias in an operation of its own");
  v.Field("attention_sinks", m.attention_sinks, kOptional,
          "a learned sink logit a head in the attention's softmax (GPT-OSS; Megatron-Core "
          "softmax_type \"learnable\"), counted in the parameters; the attention kernels' "
          "figures do not time it");
  v.Field("mtp_layers", m.mtp_layers, kOptional,
          "multi-token prediction modules after the last layer (DeepSeek-V3's MTP, Megatron-Core "
          "--mtp-num-layers): each a layer of the last layer's kind, a 2h -> h projection and "
          "norms, sharing the embedding and the output head, on the last pipeline stage");
  v.Field("activation", m.activation, kOptional,
          "`swiglu` (three matrices), `gelu`, `relu` or `squared_relu` (relu(x)^2: Nemotron; "
          "Megatron-Core --squared-relu); the last three are two matrices with one element-wise "
          "kernel each way, timed alike");
  v.Field("norm", m.norm, kOptional, "`rmsnorm` or `layernorm`");
  v.Field("position", m.position, kOptional,
          "how positions are encoded: `learned` (an s x h table: GPT-3, OPT, MPT), `rope` "
          "(rotary embeddings on Q and K: Llama, Nemotron, GPT-NeoX), `alibi` (a bias on the "
          "scores: BLOOM) or `by_norm`, the default: `learned` with `layernorm`, `rope` with "
          "`rmsnorm`; MLA models rotate their `rope_dim`");
  v.Field("rope_fraction", m.rope_fraction, kOptional | kPositive | kFraction,
          "with rotary positions, the share of each head's Q and K width rotated (Megatron-Core "
          "--rotary-percent, Hugging Face partial_rotary_factor: Nemotron 0.5, GPT-NeoX 0.25); "
          "defaults to 1");
  v.Field("rope_base", m.rope_base, kOptional | kPositive,
          "with rotary positions, the base of their frequencies (theta: Llama 3 500,000, Qwen3 "
          "1,000,000, GPT-OSS 150,000; Megatron-LM --rotary-base); defaults to Megatron's "
          "10,000. Written to the sbatch script; no time depends on it");
  v.Field("rope_scaling", m.rope_scaling, kOptional,
          "how the rotary embeddings stretch to a longer context: `none` (the default), `llama3` "
          "(Llama 3.1's, Megatron-LM --use-rope-scaling) or `yarn` (GPT-OSS, DeepSeek-V3; "
          "--position-embedding-type yarn, or --rope-type yarn with MLA). Written to the sbatch "
          "script; the time of Megatron-Core's unfused YaRN path is the plan's `eager_ops { rope "
          "= rotate_half }`");
  v.Field("rope_scaling_factor", m.rope_scaling_factor, kOptional | kPositive,
          "with a `rope_scaling`, its factor (Llama 3.1 8, GPT-OSS 32, DeepSeek-V3 40; "
          "--rope-scaling-factor, --rotary-scaling-factor); defaults to Megatron's (8 for "
          "`llama3`, 1 for `yarn`)");
  v.Field("rope_original_context", m.rope_original_context, kOptional | kPositive,
          "with `rope_scaling = yarn`, the context the model was trained at before the stretch "
          "(Hugging Face original_max_position_embeddings: GPT-OSS and DeepSeek-V3 4,096; "
          "--yarn-original-max-position-embeddings); defaults to Megatron's 4,096");
  v.Field("linear_bias", m.linear_bias, kOptional,
          "whether the linear layers carry biases, counted in the parameters: `enabled`, "
          "`disabled`, or `by_norm`, the default: with `layernorm` (GPT-style), not with "
          "`rmsnorm` (Nemotron: LayerNorm without biases)");
  v.Field("qk_norm", m.qk_norm, kOptional,
          "a norm on Q and K inside the attention: over each head's Q and K (Qwen3's QK-Norm, "
          "Megatron-Core's qk_layernorm), or with `mla` over the compressed query and key-value "
          "latents (DeepSeek's q_a_layernorm and kv_a_layernorm); timed as the layer's other "
          "norms, one kernel each; their weights, a head's or a latent's width, are not counted");
  v.Field("dropout", m.dropout, kOptional,
          "`enabled`, `disabled`, or `by_norm`: with `layernorm` (Megatron-LM's GPT), not with "
          "`rmsnorm`");
  v.Field("params", m.params, kOptional,
          "published parameter count, cross-checked against the shape");
  v.Optional("moe", m.has_moe, m.moe, "mixture of experts: `moe { experts = 256; top_k = 8 }`");
  v.Optional("mla", m.has_mla, m.mla, "multi-head latent attention (DeepSeek)");
}

struct Parallel {
  int64_t tp = 1, pp = 1, dp = 1, ep = 1, cp = 1;
  int64_t etp = 0;  // expert tensor parallelism; 0: tp (Megatron's default)
  int64_t vpp = 1;  // virtual pipeline stages per GPU (interleaved 1F1B when > 1)
  bool sequence_parallel = true;
  Schedule schedule = Schedule::one_f_one_b;
  int64_t first_stage_layers = 0, last_stage_layers = 0;  // 0: even split
  bool tp_comm_overlap = false, dp_overlap = true, ep_comm_overlap = false;
  bool tp_backward_overlap = true;
  EpDispatch ep_dispatch = EpDispatch::all_to_all;
  CpComm cp_comm = CpComm::ring;
  RankOrder rank_order = RankOrder::tp_cp_ep_dp_pp;
};

template <class V>
void Describe(Parallel& p, V& v) {
  v.Field("tp", p.tp, kPositive, "tensor-parallel degree");
  v.Field("pp", p.pp, kPositive, "pipeline-parallel stages");
  v.Field("dp", p.dp, kPositive, "data-parallel replicas");
  v.Field(
      "ep", p.ep, kPositive,
      "expert-parallel degree: ep x etp GPUs hold one copy of the experts, within tp x dp x cp");
  v.Field("etp", p.etp, kOptional | kPositive,
          "expert tensor-parallel degree (MoE parallel folding); tp when not set, 1 for experts "
          "with biases (`moe { expert_bias }`, which Megatron-Core keeps only whole)");
  v.Field("cp", p.cp, kPositive, "context-parallel degree");
  v.Field("cp_comm", p.cp_comm, kOptional,
          "context-parallel exchange: `ring` (K/V chunks passed beside each attention step; "
          "Megatron --cp-comm-type p2p), `all_gather` (K/V gathered before attention, exposed; "
          "Llama 3, all_gather) or `all_to_all` (heads swapped for the sequence; Ulysses, a2a)");
  v.Field("vpp", p.vpp, kPositive, "virtual stages per pipeline rank (interleaved schedule)");
  v.Field("rank_order", p.rank_order, kOptional,
          "how ranks are numbered, innermost first: `tp_cp_ep_dp_pp` (Megatron-Core's default: "
          "the pipeline outermost) or `tp_cp_ep_pp_dp` (--use-tp-pp-dp-mapping: a pipeline's "
          "stages adjacent, the data-parallel replicas outermost)");
  v.Field("sequence_parallel", p.sequence_parallel, kOptional,
          "shard norm/dropout activations over the tensor-parallel group");
  v.Field("schedule", p.schedule, kOptional,
          "pipeline schedule: `one_f_one_b` (interleaved when vpp > 1), `zero_bubble` (ZB-H1) or "
          "`dualpipe` (DeepSeek-V3)");
  v.Field("first_stage_layers", p.first_stage_layers, kOptional,
          "layers on the first pipeline stage (uneven stages); the rest split evenly");
  v.Field("last_stage_layers", p.last_stage_layers, kOptional,
          "layers on the last pipeline stage (uneven stages); the rest split evenly");
  v.Field("tp_comm_overlap", p.tp_comm_overlap, kOptional,
          "overlap tensor-parallel communication with the GEMMs (Megatron --tp-comm-overlap)");
  v.Field("tp_backward_overlap", p.tp_backward_overlap, kOptional,
          "run the column-parallel layers' backward collectives beside their gradient GEMMs "
          "(Megatron's asynchronous all-reduce, default since 2021-09)");
  v.Field("dp_overlap", p.dp_overlap, kOptional,
          "overlap data-parallel gradient reduction (and ZeRO gathers) with compute");
  v.Field("ep_dispatch", p.ep_dispatch, kOptional,
          "expert dispatch: `all_to_all` (every top_k copy) or `deduplicated` (a token once per "
          "remote scale-up domain holding its experts: DeepEP, HybridEP)");
  v.Field("ep_comm_overlap", p.ep_comm_overlap, kOptional,
          "overlap the expert all-to-all with another micro-batch's compute (DualPipe; "
          "Megatron-Core's combined 1F1B, whose warmup forwards and cooldown backwards run "
          "alone)");
}

struct Batch {
  int64_t global = 0;  // sequences per optimizer step
  int64_t micro = 1;   // sequences per micro-batch
  int64_t seq_len = 0;
};

template <class V>
void Describe(Batch& b, V& v) {
  v.Field("global", b.global, kRequired | kPositive, "sequences per optimizer step");
  v.Field("micro", b.micro, kPositive, "sequences per micro-batch");
  v.Field("seq_len", b.seq_len, kRequired | kPositive, "tokens per sequence");
}

struct Optimizer {
  OptimizerKind kind = OptimizerKind::adam;
  Sharding sharding = Sharding::none;
  bool fp32_gradients = false;  // Megatron's fp32 main gradients (4 bytes), else 16-bit
  bool fp32_params = false;     // PyTorch FSDP/AMP: fp32 parameters are the master copy
  bool fused = true;            // one fused kernel per step, else PyTorch's per-op passes
  GradAccumulation grad_accumulation = GradAccumulation::fused;
  Prefetch prefetch = Prefetch::backward_pre;  // ZeRO-3/FSDP only
  bool reshard_after_forward = true;           // ZeRO-3/FSDP only
  bool reshard_after_backward = true;          // ZeRO-3/FSDP only
  // Data-parallel ranks (of dp x cp) one shard spans; the replicas beyond it hold copies and
  // all-reduce their gradient shards. 0: the whole data-parallel group (one shard).
  int64_t shard_group = 0;
  int64_t ns_steps = 5;                         // Muon only
  MuonTpMode tp_mode = MuonTpMode::duplicated;  // Muon only
};

template <class V>
void Describe(Optimizer& o, V& v) {
  v.Tag(o.kind);
  v.Field("sharding", o.sharding, kOptional, "`none`, `zero1`, `zero2`, `zero3` or `fsdp`");
  v.Field("fp32_gradients", o.fp32_gradients, kOptional,
          "gradients accumulated and reduced in fp32 (Megatron-LM's main_grad, its default with "
          "bf16); false: 16-bit gradients, as ZeRO counts them");
  v.Field("fp32_params", o.fp32_params, kOptional,
          "the parameters are kept in fp32 and are the optimizer's master copy, their gradients "
          "in fp32 too; a 16-bit copy exists only of what is gathered for compute (PyTorch FSDP's "
          "MixedPrecision, torch.autocast); false: 16-bit weights beside an fp32 master in the "
          "optimizer (Megatron-LM, DeepSpeed, Megatron-FSDP). No effect under ZeRO-1/2, whose "
          "16-bit copy is whole either way");
  v.Field("fused", o.fused, kOptional,
          "the step runs as fused kernels (Megatron-LM, Apex, Transformer Engine, PyTorch's "
          "`fused=True`); false: one pass over memory per operation (PyTorch's default "
          "`foreach` and single-tensor Adam, Composer's DecoupledAdamW)");
  v.Field("grad_accumulation", o.grad_accumulation, kOptional,
          "how each micro-batch's gradients are added up: `fused` into the weight-gradient GEMM "
          "(Megatron-LM since 2022), `separate` by an add kernel of its own (PyTorch autograd, "
          "Megatron-LM before 2022) or `upcast` by a cast to fp32 and an add (DeepSpeed's "
          "BF16_Optimizer); unless `fused`, ZeRO-3/FSDP also casts and pre-divides each "
          "micro-batch's unsharded gradient before its reduce-scatter (PyTorch FSDP)");
  v.Field("prefetch", o.prefetch, kOptional,
          "ZeRO-3/FSDP backward prefetch of the next unit's parameters: `backward_pre` (PyTorch "
          "FSDP's default), `backward_post` (Composer's) or `none` (each unit's all-gather and the "
          "reduce-scatter before it wait for the compute)");
  v.Field("reshard_after_forward", o.reshard_after_forward, kOptional,
          "ZeRO-3/FSDP: each unit's gathered parameters are freed after its forward and gathered "
          "again for its backward (PyTorch FSDP's FULL_SHARD, FSDP2's default); false: kept from "
          "the forward through the backward, one gather a micro-batch instead of two, the "
          "stage's whole 16-bit parameters held at the peak (FSDP's SHARD_GRAD_OP, FSDP2's "
          "`reshard_after_forward=False`)");
  v.Field("reshard_after_backward", o.reshard_after_backward, kOptional,
          "ZeRO-3/FSDP: false keeps every unit gathered from the step's first forward to its "
          "last backward and adds up the unsharded gradients there, in the reduction's type, "
          "one gather and one reduce-scatter a step: the stage's whole parameters and gradients "
          "held at the peak (torch.distributed.pipelining under FSDP2, which sets "
          "set_reshard_after_backward(False) and set_requires_gradient_sync(False) for all but "
          "the last backward); true: each micro-batch gathers and reduces its own");
  v.Field("shard_group", o.shard_group, kOptional | kPositive,
          "data-parallel ranks (of dp x cp) one shard of the sharded states spans; the replicas "
          "beyond it keep copies and all-reduce their gradient shards once a step (PyTorch "
          "FSDP's HYBRID_SHARD and FSDP2's HSDP, DeepSpeed's MiCS, Megatron's "
          "--num-distributed-optimizer-instances = dp x cp / shard_group, MaxText's ICI FSDP "
          "under DCN data parallelism); not set: the whole data-parallel group, one shard");
  v.Field("ns_steps", o.ns_steps, kOptional | kPositive,
          "Muon only: Newton-Schulz iterations that orthogonalise each matrix's momentum "
          "(Megatron-Core's --muon-num-ns-steps, 5)");
  v.Field("tp_mode", o.tp_mode, kOptional,
          "Muon only: `duplicated` (Megatron-Core's default) all-gathers a tensor-parallel "
          "matrix's fp32 momentum and runs Newton-Schulz on the whole matrix on every rank; "
          "`blockwise` runs it on each rank's slice, with no communication");
}

struct Checkpoint {
  Seconds every;
  Bytes size;  // 0: derived from the model and optimizer states
};

template <class V>
void Describe(Checkpoint& c, V& v) {
  v.Field("every", c.every, kOptional, "checkpoint interval");
  v.Field("size", c.size, kOptional, "bytes written per checkpoint; derived when absent");
}

// Which parts of each layer `recompute = selective` discards after the forward and replays in
// the backward (Megatron-Core's --recompute-modules; docs/model.md "Selective recompute
// modules"). Read only with `recompute = selective`; when the block is not written, the core
// attention alone (Megatron-Core's default, Korthikanti et al. 2022's selective recompute).
struct RecomputeModules {
  bool core_attention = false;
  bool norms = false;
  bool mlp = false;
  bool mlp_activation = false;
  bool moe_activation = false;
  bool mla_up_projection = false;
};

template <class V>
void Describe(RecomputeModules& r, V& v) {
  v.Field("core_attention", r.core_attention, kOptional,
          "the attention core (QK^T, softmax, AV; a fused kernel's whole forward) is replayed, "
          "its inputs Q, K and V kept (Megatron-Core's `core_attn`)");
  v.Field("norms", r.norms, kOptional,
          "the two norms' outputs are discarded and the norms replayed, where the norm is a "
          "kernel of its own (Megatron-Core's `layernorm`; a norm fused into the next linear "
          "layer keeps nothing to discard)");
  v.Field("mlp", r.mlp, kOptional,
          "a dense layer's whole MLP is replayed, only its input kept (Megatron-Core's `mlp`)");
  v.Field("mlp_activation", r.mlp_activation, kOptional,
          "a dense MLP's activation function is replayed from its input, its output discarded "
          "(JAX's checkpoint_dots_with_no_batch_dims, MaxText's `minimal`; Megatron-Core has no "
          "module for it)");
  v.Field("moe_activation", r.moe_activation, kOptional,
          "the routed experts' activation function is replayed, its output discarded "
          "(Megatron-Core's `moe_act`)");
  v.Field("mla_up_projection", r.mla_up_projection, kOptional,
          "multi-head latent attention's up-projections of the compressed Q and K/V are "
          "replayed, Q, K and V discarded and the compressed latents kept (Megatron-Core's "
          "`mla_up_proj`)");
}

// Element-wise steps of a layer that run as separate eager PyTorch operations, each reading and
// writing HBM, where a fused kernel would do them in one pass (docs/model.md "Eager operations").
struct EagerOps {
  bool norm = false;
  EagerRope rope = EagerRope::fused;
  bool activation = false;
  bool kv_repeat = false;
  bool loss = false;
};

template <class V>
void Describe(EagerOps& e, V& v) {
  v.Field("norm", e.norm, kOptional,
          "RMSNorm as PyTorch operations on an fp32 copy (cast, square, mean, add, rsqrt, "
          "multiply, cast back, scale: torchtitan's `rmsnorm`, Meta's reference Llama code), "
          "36 bytes an element where a fused kernel moves 6; a LayerNorm is one kernel in "
          "PyTorch and is not affected");
  v.Field("rope", e.rope, kOptional,
          "rotary embeddings on Q and K as separate operations: `complex`, through complex "
          "numbers in fp32 (cast, complex multiply, cast back: Meta's reference Llama code), 20 "
          "bytes an element; `rotate_half`, Megatron-Core's unfused path, t cos + rotate_half(t) "
          "sin in 16 bits (multiply, negate, concatenate, multiply, add, concatenate), which it "
          "takes for YaRN's scaled embeddings even with apply_rope_fusion, 24 bytes an element; "
          "`fused` (the default), one kernel moving 4");
  v.Field("activation", e.activation, kOptional,
          "a dense MLP's SwiGLU as two operations (silu, then the product with the up "
          "projection), 10 bytes an element of the FFN width where a fused kernel moves 6");
  v.Field("kv_repeat", e.kv_repeat, kOptional,
          "grouped-query attention's K and V copied out to every query head before the "
          "attention kernel (repeat_kv: expand and reshape), and the copies' gradients summed "
          "back in backward");
  v.Field("loss", e.loss, kOptional,
          "the loss as PyTorch's F.cross_entropy on an fp32 copy of the logits (torchtitan, "
          "Composer): a cast, log_softmax and nll_loss, 22 bytes a logit forward and 26 back, and "
          "12 bytes a logit live at its peak, where Megatron-LM's in-place cross entropy "
          "(`fused_cross_entropy = false`) holds 6 and a fused one 4");
}

// What a plan keeps in host memory instead of the GPU's (docs/model.md "Activation offload").
struct Offload {
  // Layers per GPU whose saved activations go to host memory after their forward and come back
  // before their backward (Megatron-Core's cpu_offloading_num_layers); 0: none.
  int64_t activations = 0;
};

template <class V>
void Describe(Offload& o, V& v) {
  v.Field("activations", o.activations, kOptional,
          "layers per GPU whose saved activations are copied to host memory after their forward "
          "and back before their backward, beside the later layers' compute (Megatron-Core's "
          "cpu_offloading with cpu_offloading_num_layers); 0: none");
}

// Whether a plan's linear layers run quantized (Transformer Engine's FP8, NVFP4 or MXFP4
// autocast), the setting FP8 attention needs.
inline bool QuantizedPrecision(Precision p) {
  return p == Precision::fp8 || p == Precision::nvfp4 || p == Precision::mxfp4;
}

// Whether a plan's linear weights live in FP8 alone (`fp8_param_gather`): only under FP8 and a
// sharded optimizer, which Megatron-LM requires of --fp8-param-gather (arguments.py).
inline bool Fp8ParamsKept(Precision p, Sharding s, bool fp8_param_gather) {
  return fp8_param_gather && p == Precision::fp8 && s != Sharding::none;
}

// Whether a plan's linear weights live in NVFP4 alone (`fp4_param_gather`, Megatron-LM's
// --fp4-param-gather, which asks only for --fp4-format: arguments.py).
inline bool Fp4ParamsKept(Precision p, bool fp4_param_gather) {
  return fp4_param_gather && p == Precision::nvfp4;
}

struct Plan : Entity {
  Ref<Model> model;
  Ref<Cluster> cluster;
  Ref<Node> on;  // the node group it runs on; none: the cluster's only GPU group
  Precision precision = Precision::bf16;
  Fp8Scaling fp8_scaling = Fp8Scaling::delayed;
  Parallel parallel;
  Batch batch;
  Optimizer optimizer;
  Recompute recompute = Recompute::none;
  RecomputeModules recompute_modules;  // read only where written (Entity::HasField)
  int64_t recompute_layers = 0;        // with `full`: replayed layers per pipeline chunk; 0: all
  double tokens = 0;
  Checkpoint checkpoint;
  Offload offload;
  EagerOps eager_ops;
  bool flash_attention = true;
  bool fused_cross_entropy = true;
  AttentionKernel attention_kernel = AttentionKernel::tuned;
  bool attention_unpad = false;
  bool fp8_attention = false;
  bool fp8_param_gather = true;   // read with FP8 and a sharded optimizer (Fp8ParamsKept)
  bool fp4_param_gather = false;  // read with NVFP4 (Fp4ParamsKept)
  bool fused_grouped_mlp = false;
  KernelLaunch kernel_launch = KernelLaunch::eager;
  Bytes framework_reserve;
  Seconds step_overhead;  // read only where written (Entity::HasField); else analysis' default
  double memory_headroom = 0.9;
  double mfu_target = 0;
};

template <class V>
void Describe(Plan& p, V& v) {
  v.Field("model", p.model, kRequired, "the model trained");
  v.Field("cluster", p.cluster, kRequired, "the cluster it runs on");
  v.Field("on", p.on, kOptional,
          "the node group it runs on, named by its node type (`on = hgx_a100`); defaults to the "
          "cluster's only group with GPUs");
  v.Field("precision", p.precision, kOptional,
          "`bf16`, `fp16`, `fp8`, `nvfp4`, `mxfp4` or `fp32` matmuls (`fp8`, `nvfp4` and "
          "`mxfp4`: the linear layers quantized, Transformer Engine's way, the rest in BF16; "
          "`mxfp4`: OCP MX E2M1 with an E8M0 scale per 32 values, ROCm Transformer Engine's "
          "MXFP4BlockScaling)");
  v.Field("fp8_scaling", p.fp8_scaling, kOptional,
          "how FP8 tensors are scaled: `delayed` (amax history), `current` (each tensor's own "
          "amax, one more read before each cast) or `block` (per tile, found within the cast); "
          "read only with `precision = fp8`");
  v.Field("parallel", p.parallel, kOptional, "`parallel { tp = 8; pp = 8; dp = 16 }`");
  v.Field("batch", p.batch, kRequired, "`batch { global = 2048; micro = 1; seq_len = 8192 }`");
  v.Field("optimizer", p.optimizer, kOptional, "`adam { sharding = zero1 }`");
  v.Field("recompute", p.recompute, kOptional,
          "activation recompute: `none`, `selective` (the parts `recompute_modules` names; by "
          "default the attention core) or `full` (each layer's whole forward)");
  v.Field("recompute_modules", p.recompute_modules, kOptional,
          "`recompute_modules { core_attention = true; norms = true }`: what `recompute = "
          "selective` replays, in place of the attention core alone");
  v.Field("recompute_layers", p.recompute_layers, kOptional,
          "with `recompute = full`, the layers of each pipeline chunk that replay their forward, "
          "the first ones; the rest keep every activation (Megatron-Core's --recompute-method "
          "block --recompute-num-layers); 0: every layer");
  v.Field("tokens", p.tokens, kOptional, "training tokens, e.g. `15 trillion`");
  v.Field("checkpoint", p.checkpoint, kOptional, "`checkpoint { every = 30 min }`");
  v.Field("offload", p.offload, kOptional, "`offload { activations = 40 }`: host-memory offload");
  v.Field("eager_ops", p.eager_ops, kOptional,
          "`eager_ops { norm = true; rope = complex }`: the layer's element-wise steps that run as "
          "separate eager PyTorch operations rather than fused kernels (no compiler), as Meta's "
          "reference Llama code and torchtitan run them");
  v.Field("flash_attention", p.flash_attention, kOptional,
          "attention does not store the s x s score matrix");
  v.Field("fused_cross_entropy", p.fused_cross_entropy, kOptional,
          "the loss runs as fused kernels (Megatron-Core's cross_entropy_loss_fusion, Transformer "
          "Engine's); false: Megatron-LM's vocabulary-parallel cross entropy, one fp32 pass per "
          "operation (its default until now, and NeMo's until 2024)");
  v.Field("attention_kernel", p.attention_kernel, kOptional,
          "fused-attention kernel: `tuned` (the GPU's calibration), `flash2` (FlashAttention-2, "
          "which on Hopper reaches about half of a Hopper-specific kernel) or `flash1` "
          "(FlashAttention-1 or its Triton port, about half of FlashAttention-2's speed)");
  v.Field("attention_unpad", p.attention_unpad, kOptional,
          "every layer packs Q, K and V to the attention mask's tokens before a variable-length "
          "FlashAttention call and scatters its output back (flash-attn's bert_padding "
          "unpad_input and pad_input, as LLM Foundry's flash_attn_fn until 2024-01 and Hugging "
          "Face's FlashAttention-2 path with a mask run it): three gathers and a scatter a layer, "
          "their backward, and the host synchronising with the GPU in each gather's setup");
  v.Field("fp8_attention", p.fp8_attention, kOptional,
          "the fused attention's matmuls in FP8 (Transformer Engine's fp8_dpa, Megatron-Core's "
          "fp8_dot_product_attention), timed at the GPU's `fp8_attention_speedup` for heads 128 "
          "wide or wider (narrower ones gain nothing counted), its `mla_fp8_attention_speedup` "
          "for MLA, and under `fp8_scaling = block` as MXFP8 at its `mxfp8_attention_factor` of "
          "that; only with `precision = fp8`, `nvfp4` or `mxfp4`");
  v.Field("fp8_param_gather", p.fp8_param_gather, kOptional,
          "the linear layers' weights kept only in FP8 and all-gathered so, 1 byte a weight "
          "under `delayed` or `current` scaling with `zero1`/`zero2` (Megatron-LM's "
          "--fp8-param-gather) and `zero3`/`fsdp` (Megatron-FSDP's uint8 weight buffer; on by "
          "default in NeMo's and Megatron-Bridge's FP8 recipes): with "
          "`precision = fp8` and a sharded optimizer (`zero1` and up) the default; false keeps "
          "the 16-bit weights beside the FP8 copies Transformer Engine caches through a step, "
          "Megatron-LM's default");
  v.Field("fp4_param_gather", p.fp4_param_gather, kOptional,
          "the linear layers' weights kept only in NVFP4, row- and column-wise (1.125 bytes a "
          "weight in place of 16-bit weights beside the NVFP4 copies), and all-gathered so, "
          "0.5625 bytes a weight under `zero1`/`zero2` (Megatron-LM's --fp4-param-gather); with "
          "`precision = nvfp4`; false, Megatron-LM's default, keeps the 16-bit weights");
  v.Field("fused_grouped_mlp", p.fused_grouped_mlp, kOptional,
          "the routed experts' MLP as Transformer Engine's fused grouped MLP (its op fuser with "
          "NVTE_CUTEDSL_FUSED_GROUPED_MLP=1, cuDNN's CuTe DSL kernels on Blackwell): the gated "
          "activation and the quantization of its output run in the first grouped GEMM's "
          "epilogue, their backward in the second's; only with `fp8_scaling = block` or "
          "`precision = nvfp4` and MoE layers");
  v.Field("kernel_launch", p.kernel_launch, kOptional,
          "how the host issues the kernels: `eager` (one launch at a time, so a layer takes at "
          "least its kernels times the host's launch time) or `graph` (the whole step replayed "
          "from a CUDA graph or compiled by XLA)");
  v.Field("framework_reserve", p.framework_reserve, kOptional,
          "memory per GPU held by the CUDA context, NCCL buffers and allocator fragmentation; "
          "defaults to analysis' documented reserve");
  v.Field("step_overhead", p.step_overhead, kOptional,
          "time each step spends outside its kernels, the GPU idle while the host works between "
          "steps (optimizer launches after a synchronisation, logging, the next batch); defaults "
          "to analysis' documented figure, fitted to published runs; `0 s` for none");
  v.Field("memory_headroom", p.memory_headroom, kFraction,
          "warn when a GPU's memory use exceeds this fraction of its capacity");
}

// Plans that run at the same time on one cluster: checked jointly for GPUs, whole scale-up
// domains, racks and power.
struct Jobs : Entity {
  RefSum<Plan> plans;
};

template <class V>
void Describe(Jobs& j, V& v) {
  v.Field("plans", j.plans, kRequired,
          "plans that run at the same time on one cluster: `pretrain + finetune`");
}

// ---------------------------------------------------------------------------------------------
// `sweep`: design alternatives `clusterc search` explores together with the plans. Each list
// field holds the alternatives written as `one_of(a, b, ...)` (or one value); an empty list keeps
// what the plan's cluster has. See docs/language.md ("sweep").

struct Sweep : Entity {
  Ref<Plan> plan;
  std::vector<Ref<Gpu>> gpus;
  std::vector<int64_t> nodes;
  std::vector<Ratio> oversubscription;
  std::vector<Watts> power_cap;
  Seconds max_training_time;
  Watts max_facility_power;
};

template <class V>
void Describe(Sweep& s, V& v) {
  v.Field("plan", s.plan, kRequired,
          "the plan whose model, batch, tokens and cluster the sweep varies");
  v.Field("gpu", s.gpus, kOptional, "GPU models to try in the cluster's nodes: `one_of(a, b)`");
  v.Field("nodes", s.nodes, kPositive, "node counts to try: `one_of(2_048, 3_072)`");
  v.Field("oversubscription", s.oversubscription, kOptional,
          "leaf oversubscription of the fabric to try: `one_of(1:1, 1:3)`");
  v.Field("power_cap", s.power_cap, kPositive,
          "GPU power caps to try: `one_of(700 W, 550 W)`; peak FLOP/s scale with cap / TDP");
  v.Field("max_training_time", s.max_training_time, kOptional,
          "only designs that train the plan's tokens within this time");
  v.Field("max_facility_power", s.max_facility_power, kOptional,
          "only designs whose facility power stays within this");
}

}  // namespace clusterc::ir
