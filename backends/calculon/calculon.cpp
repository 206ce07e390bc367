// Calculon (calculon-ai/calculon) inputs for each plan: model.json (Llm.Application), system.json
// (System) and execution.json (Llm.Execution), with exactly the keys Calculon asserts
// (calculon/llm/llm.py Execution.fields(), calculon/network.py Network.kKeys). model.json may hold
// more keys (Application reads only its own): `clusterc_notes` says what was approximated.
//
// Mapping notes:
// - Calculon's MLP has two h x feedforward matrices (llm.py _build_mlp_block). SwiGLU has three
//   (gate, up, down), so `feedforward` is 3/2 x ffn: the same weights and MLP FLOPs.
// - Calculon has no mixture of experts. A MoE model is written as the closest dense model for
//   time: every block's MLP holds the layers' average *active* MLP parameters (top_k routed +
//   shared experts + router on MoE layers, the dense MLP on the leading dense layers), so FLOPs
//   per token match; weights, gradients and optimizer state then count active parameters only
//   (memory is understated), and expert all-to-alls and expert parallelism are absent. Reported
//   as sim.not-represented.
// - Calculon has no context parallelism: context-parallel ranks are folded into data_par, with
//   seq_size = seq_len / cp and batch_size = global batch x cp (the same tokens per step; the
//   attention's quadratic term is then underestimated). Reported as sim.not-represented.
// - Attention: Calculon has no fused (flash) attention switch; its "attn_only" recompute keeps
//   no score matrices and recomputes them in backward, which is what FlashAttention does (Dao et
//   al. 2022 section 3.1). clusterc's default (flash attention, no recompute) and `selective`
//   therefore map to "attn_only"; `full` to "full"; no recompute without flash attention to
//   "none" (Calculon then stores the s x s scores, as an unfused kernel does).
// - Calculon materialises the attention scores even under "attn_only": the block it computes
//   holds the softmax output, the dropout mask and the score operand of score-times-V, and as
//   gradients the score product's, the softmax's and the mask's (llm.py _build_attn_block and
//   _compute_block_stats, layers.py SoftMax, DropOut and BatchMatMul): (4e + 2) a s^2 b / t bytes
//   with e bytes per element (DropOut counts its 1-byte mask unscaled), 10 a s^2 b / t at 16 bits.
//   Calculon has no setting that removes them (no fused-attention switch on any branch of
//   calculon-ai/calculon), and fused attention never holds them (Dao et al. 2022, section 3.1).
//   So that Calculon's memory verdict is the one of the plan that runs fused attention, mem1's
//   capacity in system.json is the GPU's HBM plus exactly these bytes: stated in system.json's
//   `clusterc_notes`, in model.json's notes and, where clusterc's own count (less its framework
//   reserve) plus these bytes passes HBM, so that the raised capacity decides the verdict, on the
//   terminal (sim.not-represented). Time is unchanged: Calculon still charges the unfused
//   kernels' memory traffic.
// - Calculon has one pipeline schedule (1F1B, interleaved) and equal stages of ceil(layers / pp)
//   blocks: zero_bubble/dualpipe and first_stage_layers/last_stage_layers are reported as not
//   represented. tp_comm_overlap maps to tensor_par_overlap "ring" (the decomposed ring overlap
//   of Wang et al. 2023 that Megatron-LM's --tp-comm-overlap implements), dp_overlap to
//   data_par_overlap. Without tp_comm_overlap, "none" also exposes the backward's collectives
//   that tp_backward_overlap hides beside the gradient GEMMs (a model.json note gives the time).
// - attention_type: Calculon has multihead (K and V as wide as Q, split by tp) and multiquery
//   (one K/V head on every GPU, llm.py). Grouped-query attention holds max(1, kv_heads / tp) K/V
//   heads per GPU, so it is multiquery exactly when kv_heads <= tp (Llama 3 with tp 8) and
//   otherwise the nearer of the two in K/V width (KvHeadsPerGpu); the note says how far off.
//   MLA is written as multihead.
// - vector.tflops: the GPU's 16-bit vector (non-tensor) rate, 2 x the FP32 rate (packed
//   half2/bfloat162 arithmetic; NVIDIA H100 whitepaper, table 3: 133.8 FP16 vs 66.9 FP32 TFLOPS);
//   FP8 work runs its element-wise ops at 16 bits too. Without an FP32 rate: the BF16 tensor
//   rate / 8 (H100: 124 TFLOPS; Calculon's own h100_80g_nvl8.json uses 120).
// - datatype: Calculon sizes every tensor it stores and moves in one datatype and runs every
//   matrix product at that datatype's rate. FP8 plans are written as bfloat16 at the FP8 rate,
//   the bytes FP8 training keeps (Transformer Engine, DeepSeek-V3 section 3.3: 16-bit weights,
//   gradients and activations between layers; each GEMM's inputs cast to FP8): float8 would
//   halve every activation, weight and collective. fp32 gradient reduction has no counterpart
//   (Calculon reduces in its datatype). Both reported as sim.not-represented.
// - Calculon's attention block has no rotary embeddings (llm.py _build_attn_block): the time
//   clusterc charges them (fused or unfused, `rope_fraction`) is left out and reported as
//   sim.not-represented, like the LM head.
// - optimizer_sharding shards the optimizer state and gradients only (layers.py get_weight,
//   llm.py: one reduce-scatter and all-gather a block and step): ZeRO-3/FSDP is written as
//   ZeRO-1 and reported as sim.not-represented.
// - Units at the edge: Calculon's GB is 10^9 bytes (network bandwidth, memory GBps), memory
//   capacity in GiB, latency in seconds, throughput in TFLOPS.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "analysis/layer_model.h"
#include "backends/emitters.h"
#include "backends/escape.h"
#include "backends/sim/plan_shape.h"

namespace clusterc::backends {

namespace {

using sim::Num;
using sim::PlanShape;

// Settings that are not facts of the spec, from Calculon's own systems/h100_80g_nvl8.json.
// Matrix curve below the asymptote (GFLOP per operation, efficiency); capped at the GPU's
// gemm_efficiency, which is the curve's top entry.
constexpr double kMatrixCurve[][2] = {{16, 0.9}, {1, 0.6}, {0, 0.1}};
constexpr const char* kVectorCurve = "[[16, 0.95], [1, 0.5], [0, 0.1]]";
// HBM curve below the asymptote (MB per transfer, efficiency); capped at the GPU's
// memory_efficiency, which is the curve's top entry (Calculon's own file tops it at 0.9).
constexpr double kHbmCurve[][2] = {{10, 0.75}, {1, 0.6}, {0, 0.3}};
constexpr const char* kHostCurve = "[[100, 0.95], [10, 0.9], [1, 0.7], [0, 0.3]]";
// Host-to-GPU bandwidth for offload (mem2) of a plan that offloads nothing: PCIe 5.0 x16, one
// direction; a plan with `offload` gives its own (PlanInputs::offload_bandwidth).
constexpr double kHostLinkBytesPerSecond = 64e9;

// A Calculon efficiency curve: `top` from `top_at` up, then Calculon's own points capped by it.
template <std::size_t N>
std::string CappedCurve(double top_at, double top, const double (&points)[N][2]) {
  std::string curve = fmt::format("[[{}, {}]", Num(top_at), Num(top));
  for (const auto& point : points)
    curve += fmt::format(", [{}, {}]", Num(point[0]), Num(std::min(point[1], top)));
  return curve + "]";
}

// Calculon's datatype sizes every tensor it moves and stores and names the matrix rate. An FP8
// (NVFP4, MXFP4) plan is written as bfloat16 with the FP8 (FP4) rate (SystemJson; header).
const char* Datatype(ir::Precision p) {
  switch (p) {
    case ir::Precision::bf16:
    case ir::Precision::fp8:
    case ir::Precision::nvfp4:
    case ir::Precision::mxfp4:
      return "bfloat16";
    case ir::Precision::fp16:
      return "float16";
    case ir::Precision::fp32:
      return "float32";
  }
  return "bfloat16";
}

// Feedforward width Calculon's two-matrix MLP needs to hold `mlp_params` per block, rounded up to
// a multiple of the tensor-parallel degree (Calculon asserts it divides).
int64_t FeedforwardFor(double mlp_params, int64_t hidden, int64_t tp) {
  int64_t f = static_cast<int64_t>(std::llround(mlp_params / (2.0 * double(hidden))));
  return std::max<int64_t>(tp, (f + tp - 1) / tp * tp);
}

// Bytes per element of the datatype written (calculon/system.py System.TypeSizes).
double ElementBytes(ir::Precision p) {
  return p == ir::Precision::fp32 ? 4 : 2;
}

// The attention-score tensors Calculon keeps for the block it computes (header): (2e + 1) a s^2 b
// / t bytes working and as much of gradients, at Calculon's seq_size (s / cp).
double ScoreBytes(const PlanShape& s) {
  const auto& in = *s.in;
  const double sl = double(in.seq_len / s.cp);
  return 2 * (2 * ElementBytes(in.precision) + 1) * double(in.heads) / double(s.tp) * sl * sl *
         double(in.micro_batch);
}

// Whether mem1's capacity carries the score bytes (header): the plan runs fused attention.
bool RaisesCapacity(const PlanShape& s) {
  return s.in->flash_attention;
}

// K/V heads one GPU projects under grouped-query attention: kv_heads / tp, at least one (a KV head
// is replicated when tp exceeds the KV heads).
double KvHeadsPerGpu(const PlanShape& s) {
  return std::max(1.0, double(s.in->kv_heads) / double(s.tp));
}

// Calculon's multiquery (one K/V head per GPU) or multihead (heads / tp), whichever is nearer in
// ratio to the model's K/V heads per GPU.
bool MultiQuery(const PlanShape& s) {
  const auto& in = *s.in;
  if (in.mla || in.kv_heads >= in.heads) return false;
  const double g = KvHeadsPerGpu(s), multihead = double(in.heads) / double(s.tp);
  return g * g <= multihead;
}

// The selective recompute modules of `replay`, as a reader would list them.
std::string RecomputeModuleList(uint8_t replay) {
  static constexpr std::pair<uint8_t, const char*> kNames[] = {
      {analysis::kRecomputeCoreAttention, "attention core"},
      {analysis::kRecomputeNorms, "norms"},
      {analysis::kRecomputeMlp, "dense MLPs"},
      {analysis::kRecomputeMlpActivation, "dense MLP activations"},
      {analysis::kRecomputeMoeActivation, "experts' activations"},
      {analysis::kRecomputeMlaUpProjection, "MLA up-projections"}};
  std::string out;
  int left = 0;
  for (const auto& [bit, name] : kNames) left += (replay & bit) ? 1 : 0;
  for (const auto& [bit, name] : kNames)
    if (replay & bit) {
      --left;
      out += std::string(out.empty() ? "" : left == 0 ? " and " : ", ") + name;
    }
  return out;
}

// Calculon asserts that sequence parallelism splits micro-batch x seq_size evenly over
// tensor_par (llm.py, compile: "We should split batch_seq=... between ... TP partitions
// evenly"); an uneven split (a plan that allows plan.indivisible) is written as the all-reduce.
bool CalculonSequenceParallel(const PlanShape& s) {
  const int64_t batch_seq = s.in->micro_batch * (s.in->seq_len / std::max<int64_t>(1, s.cp));
  return s.sequence_parallel && s.tp > 1 && batch_seq % s.tp == 0;
}

// What the Calculon input approximates, for model.json and the terminal.
std::vector<std::string> Notes(const PlanShape& s, int64_t feedforward) {
  const auto& in = *s.in;
  std::vector<std::string> notes;
  // Calculon offloads all of a processor's blocks but the one computing, each beside its own
  // block's compute (llm.py, _get_fw_offload_size and the offload overheads).
  if (in.offload_layers > 0)
    notes.push_back(fmt::format(
        "Calculon has no partial offload: activations_offload moves every block's activations "
        "where the plan offloads {} layers a GPU, each beside its own block's compute where "
        "clusterc lets it run beside the layers after it",
        in.offload_layers));
  // Calculon's "full" replays every block (llm.py, activation_recompute).
  if (analysis::PartialRecompute(in))
    notes.push_back(fmt::format(
        "Calculon has no partial recompute: activation_recompute \"full\" replays every block "
        "where the plan replays the first {} layers of each pipeline chunk and keeps the rest's "
        "activations",
        in.recompute_layers));
  if (in.moe)
    notes.push_back(fmt::format(
        "Calculon has no mixture of experts: {} experts (top {}, {} shared) are written as a dense "
        "model with feedforward {}, the average active MLP parameters per block; FLOPs per token "
        "match, but weights, gradients and optimizer state count active parameters only and the "
        "expert all-to-alls (ep {}) are left out{}",
        in.experts, in.top_k, in.shared_experts, feedforward, s.ep,
        sim::FoldedExperts(s)
            ? fmt::format(", and the experts are split over tp {}, not etp {}", s.tp, s.etp)
            : std::string()));
  if (!CalculonSequenceParallel(s) && s.sequence_parallel)
    notes.push_back(fmt::format(
        "Calculon has no uneven sequence parallelism: micro-batch {} x seq_size {} does not "
        "divide by tensor_par {}, so tensor_par_comm_type is \"ar\" (the tensor-parallel "
        "all-reduce, activations whole) where the plan shards them",
        in.micro_batch, in.seq_len / s.cp, s.tp));
  if (s.cp > 1)
    notes.push_back(fmt::format(
        "Calculon has no context parallelism: cp {} is folded into data_par with seq_size {} and "
        "batch_size x {}; the ring-attention K/V exchange is left out and attention's quadratic "
        "term is understated",
        s.cp, in.seq_len / s.cp, s.cp));
  // The windowed layers as analysis counts them (Attention: none when the window is the
  // sequence's length or more).
  const analysis::AttentionDims attention = analysis::Attention(in);
  if (attention.windowed_share > 0)
    notes.push_back(fmt::format(
        "Calculon has no sliding-window attention: the {} of {} blocks that attend to a window of "
        "{} tokens attend to the whole sequence ({}) there, so their attention's quadratic term "
        "is overstated",
        std::llround(attention.windowed_share * double(in.layers)), in.layers, in.attention_window,
        in.seq_len));
  if (in.schedule != ir::Schedule::one_f_one_b)
    notes.push_back(
        fmt::format("Calculon has no {} schedule: it simulates 1F1B{}, whose bubble is larger",
                    ir::EnumName(in.schedule), s.vpp > 1 ? " (interleaved)" : ""));
  if (s.pp > 1 && (in.first_stage_layers > 0 || in.last_stage_layers > 0))
    notes.push_back(fmt::format(
        "Calculon has no uneven pipeline stages: every stage holds ceil({} / {}) = {} blocks "
        "(first_stage_layers {}, last_stage_layers {} are not represented)",
        in.layers, s.pp, (in.layers + s.pp - 1) / s.pp, in.first_stage_layers,
        in.last_stage_layers));
  if (in.moe && in.ep_comm_overlap)
    notes.push_back("Calculon has no expert all-to-all, so ep_comm_overlap has nothing to hide");
  if (const uint8_t replay = analysis::Replayed(in);
      replay & ~uint8_t(analysis::kRecomputeCoreAttention))
    notes.push_back(fmt::format(
        "Calculon has no finer selective recompute than attn_only, the attention core's: the "
        "plan replays its {}{}, so Calculon keeps what those free and leaves out their replay",
        RecomputeModuleList(replay & ~uint8_t(analysis::kRecomputeCoreAttention)),
        (replay & analysis::kRecomputeCoreAttention) ? " as well" : ", not the attention core"));
  // Calculon's optimizer is Adam's (llm.py: weights, gradients and two moments, one
  // memory-bound update pass).
  if (in.optimizer == ir::OptimizerKind::muon)
    notes.push_back(fmt::format(
        "Calculon has no Muon: its optimizer step is Adam's, two fp32 moments a parameter and one "
        "element-wise pass, where the plan's Muon keeps one moment (Adam's two on the embedding "
        "and output layer only) and orthogonalises every weight matrix by {} Newton-Schulz "
        "iterations ({} ms a step in clusterc), so Calculon's optimizer state is larger and its "
        "step shorter",
        in.muon_ns_steps, Num(std::round(s.orthogonalization * 1e4) / 10)));
  else if (in.optimizer == ir::OptimizerKind::sgd)
    notes.push_back(
        "Calculon has no SGD: its optimizer state is Adam's two moments a parameter where the "
        "plan's SGD keeps one");
  if (const int64_t replicas = analysis::ShardReplicas(in); replicas > 1)
    notes.push_back(fmt::format(
        "Calculon has no hybrid sharding: optimizer_sharding shards over all {} data-parallel "
        "ranks, where the plan shards over shard_group {} and all-reduces across {} replicas, so "
        "Calculon's model states are smaller and it has no all-reduce across the replicas",
        s.dp * s.cp, in.shard_group, replicas));
  // Not on the terminal (the default, like data_par_overlap's window): model.json only.
  if (const double hidden = sim::HiddenTpBackward(s); hidden > 0)
    notes.push_back(fmt::format(
        "tensor_par_overlap none exposes the backward's tensor-parallel collectives, which the "
        "plan runs beside the gradient GEMMs (tp_backward_overlap, Megatron-LM's asynchronous "
        "all-reduce; Calculon has no such option): {} ms a step that clusterc hides",
        Num(std::round(hidden * 1e4) / 10)));
  if (in.precision == ir::Precision::fp8)
    notes.push_back(fmt::format(
        "FP8 is written as bfloat16 at the FP8 matrix rate: FP8 training keeps {} and the "
        "activations between layers in 16 bits and casts each GEMM's inputs (Calculon's float8 "
        "would store and move every tensor in one byte){}; Calculon runs attention's matrix "
        "products at that rate too, though they stay in BF16, and has no FP8 cast passes",
        in.linear_gather_bytes > 0 ? "gradients" : "weights, gradients",
        in.linear_gather_bytes > 0
            ? ", while this plan keeps its linear layers' weights in FP8 alone and gathers them in "
              "1 byte (fp8_param_gather), which Calculon's bfloat16 gathers in 2"
            : ""));
  if (in.precision == ir::Precision::nvfp4 || in.precision == ir::Precision::mxfp4)
    notes.push_back(fmt::format(
        "{0} is written as bfloat16 at the FP4 matrix rate: {0} training keeps weights, "
        "gradients and the activations between layers in 16 bits and casts each GEMM's inputs "
        "(Calculon has no 4-bit datatype); Calculon runs attention's matrix products at that rate "
        "too, though they stay in BF16, and has no cast passes",
        in.precision == ir::Precision::mxfp4 ? "MXFP4" : "NVFP4"));
  const bool sharded = in.sharding == ir::Sharding::zero3 || in.sharding == ir::Sharding::fsdp;
  if (sharded && s.dp * s.cp > 1 && !in.reshard_after_backward)
    notes.push_back(fmt::format(
        "Calculon has no parameter sharding: {} is written as optimizer sharding (ZeRO-1), whose "
        "ranks hold the stage's whole 16-bit weights and gather them once a step; the plan's "
        "ranks keep every unit gathered through the step as well, with its added-up unsharded "
        "gradients, and reduce-scatter them once (reshard_after_backward = false)",
        ir::EnumName(in.sharding)));
  else if (sharded && s.dp * s.cp > 1)
    notes.push_back(fmt::format(
        "Calculon has no parameter sharding: {} is written as optimizer sharding (ZeRO-1), whose "
        "ranks hold the stage's whole 16-bit weights and gather them once a step; the plan's "
        "ranks {}, gathering every unit {} and reduce-scattering its gradients in every "
        "micro-batch ({} a step)",
        ir::EnumName(in.sharding),
        in.reshard_after_forward ? "hold one gathered unit at a time"
                                 : "hold the gathered units from the forward through the backward",
        in.reshard_after_forward ? "twice" : "once", s.micro_batches));
  const analysis::HeadTimes lm_head = analysis::HeadTime(in, s.r->step.pace);
  if (lm_head.fwd + lm_head.bwd > 0) {
    // Calculon builds the transformer blocks only (llm.py; the embedding enters its parameter
    // count, not its step).
    const double head = lm_head.fwd + lm_head.bwd;
    notes.push_back(fmt::format(
        "Calculon has no output layer: the LM head and its loss (vocabulary {}: {} ms a "
        "micro-batch forward and backward in clusterc, {} % of the last stage's micro-batch) are "
        "not in its step",
        in.vocab, Num(std::round(head * 1e4) / 10),
        Num(std::round(head / sim::StageMicroBatchTime(s, s.pp - 1) * 1000) / 10)));
  }
  // Calculon's block has no rotary embeddings (llm.py _build_attn_block: the projections, the
  // score and value products, softmax and dropout).
  if (const double rope = std::max(s.dense.rope, s.moe.rope); rope > 0)
    notes.push_back(fmt::format(
        "Calculon has no rotary embeddings: clusterc's {} ms a layer and micro-batch forward and "
        "backward on Q and K ({}{}) are not in its blocks",
        Num(std::round(rope * 1e5) / 100),
        in.eager_rope == ir::EagerRope::fused ? "one fused kernel each way"
                                              : "unfused, `eager_ops { rope }`",
        in.rope_fraction < 1 ? fmt::format(", {} of each head rotated", Num(in.rope_fraction))
                             : std::string()));
  if (in.mtp_layers > 0) {
    // Calculon's blocks are the model's layers, the same on every stage (llm.py).
    const analysis::HeadTimes module = analysis::MtpModuleTime(in, s.r->step.pace);
    const sim::LayerCost& layer = analysis::MtpLayersMoe(in) ? s.moe : s.dense;
    const double t = double(in.mtp_layers) * (module.fwd + module.bwd + layer.fwd + layer.bwd);
    notes.push_back(fmt::format(
        "Calculon has no multi-token prediction: the plan's {} MTP module{} on the last stage (a "
        "{} layer, a projection and one more pass of the output layer each: {} ms a micro-batch "
        "forward and backward in clusterc) and {} parameters are not in its model",
        in.mtp_layers, in.mtp_layers > 1 ? "s" : "", analysis::MtpLayersMoe(in) ? "MoE" : "dense",
        Num(std::round(t * 1e4) / 10), Num(std::round(s.r->params.mtp / 1e7) / 100) + " billion"));
  }
  if (in.fp32_gradients && in.precision != ir::Precision::fp32 && s.dp * s.cp > 1)
    notes.push_back(
        "Calculon reduces gradients in its datatype (2 bytes a parameter); the plan reduces them "
        "in fp32 (`fp32_gradients`), twice the data-parallel bytes");
  // Calculon times every processor alike (its system file's efficiencies).
  if (s.r->step.pace > 1)
    notes.push_back(fmt::format(
        "Calculon has no spread between GPUs: clusterc runs the step's kernels at the pace of the "
        "slowest of the plan's {} GPUs, {} % slower than the median GPU it calibrates "
        "(`speed_variation`, docs/model-scale.md)",
        s.r->gpus, Num(std::round((s.r->step.pace - 1) * 1000) / 10)));
  if (s.grad_accumulation > 0)
    notes.push_back(fmt::format(
        "Calculon has no gradient accumulation pass: clusterc's {} ms per micro-batch (an "
        "unfused `grad_accumulation`, {} bytes per parameter) is not in its step",
        Num(std::round(s.grad_accumulation * 1e4) / 10), Num(in.grad_accumulation_bytes)));
  if (RaisesCapacity(s))
    notes.push_back(fmt::format(
        "attention scores: Calculon holds {} GiB per GPU of score tensors and their gradients "
        "((4e + 2) a s^2 b / t bytes) that fused attention never materialises; system.json's "
        "mem1 capacity is HBM plus these bytes",
        Num(std::round(sim::GiB(ScoreBytes(s)) * 100) / 100)));
  if (in.swiglu && !in.moe)
    notes.push_back(fmt::format("SwiGLU's three MLP matrices: feedforward = 3/2 x ffn {} = {}",
                                in.ffn, feedforward));
  if (in.mla) {
    notes.push_back("multi-head latent attention written as multihead attention");
  } else if (in.kv_heads > 1 && in.kv_heads < in.heads) {
    const double g = KvHeadsPerGpu(s), multihead = double(in.heads) / double(s.tp);
    if (!MultiQuery(s))
      notes.push_back(fmt::format(
          "grouped-query attention ({} K/V heads per GPU) written as multihead attention ({} per "
          "GPU): K/V projections and weights {}x too large",
          Num(g), Num(multihead), Num(std::round(multihead / g * 100) / 100)));
    else if (g > 1)
      notes.push_back(fmt::format(
          "grouped-query attention ({} K/V heads per GPU) written as multiquery attention (1 per "
          "GPU): K/V projections and weights {}x too small",
          Num(g), Num(g)));
  }
  return notes;
}

int64_t Feedforward(const PlanShape& s) {
  const auto& in = *s.in;
  const auto& pc = s.r->params;
  const double L = double(std::max<int64_t>(1, in.layers));
  const double nd = in.moe ? double(std::min(in.layers, in.dense_layers)) : L;
  const double moe_mlp = double(in.top_k) * pc.expert + pc.shared + pc.router;
  return FeedforwardFor((nd * pc.dense_mlp + (L - nd) * moe_mlp) / L, in.hidden, s.tp);
}

std::string ModelJson(const PlanShape& s) {
  const auto& in = *s.in;
  const int64_t ffn = Feedforward(s);
  std::string out = "{\n";
  out += fmt::format("  \"hidden\": {},\n", in.hidden);
  out += fmt::format("  \"feedforward\": {},\n", ffn);
  out += fmt::format("  \"seq_size\": {},\n", in.seq_len / s.cp);
  out += fmt::format("  \"attn_heads\": {},\n", in.heads);
  out += fmt::format("  \"attn_size\": {},\n", analysis::HeadDim(in));
  out += fmt::format("  \"num_blocks\": {},\n", in.layers);
  out += "  \"clusterc_notes\": [";
  std::vector<std::string> notes = Notes(s, ffn);
  for (size_t i = 0; i < notes.size(); ++i)
    out += fmt::format("{}\n    {}", i ? "," : "", escape::JsonString(notes[i]));
  out += notes.empty() ? "]\n" : "\n  ]\n";
  out += "}\n";
  return out;
}

// Collective op scalars and offsets: Calculon charges size x scalar + (size x scalar / n) x
// offset, so the ring formulas of MODELS.md are all-reduce 2(n-1)/n -> [2, -1], reduce-scatter
// and all-gather (n-1)/n -> [1, -1], times the model's gather cost on the scale-up network
// (analysis::Options::scale_up_gather_cost, Calculon's own 1.5). In-network reduction makes an
// all-reduce S/B, [1, 0], over SHARP, and the ring's bytes over its measured speed-up over NVLS
// (analysis::Options::scale_up_reduction_speedup: [2 / 1.3, -1]). Calculon charges a network's
// latency once per operation; clusterc's is per ring step, so the scale-up network gets the
// 2(n - 1) steps of an all-reduce over the whole domain, the collective tensor parallelism runs.
// `efficiency` is the fraction of the link rate NCCL achieves there (analysis' bus-bandwidth
// fractions, 0.78 over NVLink and 0.9 beyond by default); Calculon divides every transfer by
// bandwidth x efficiency (calculon/network.py), and its own system files say 0.65.
std::string Network(double bandwidth, double efficiency, int64_t size, double latency,
                    bool reduction, double reduction_speedup, bool must_be_filled,
                    double processor_usage, double gather_cost) {
  std::string out = "    {\n";
  out += fmt::format("      \"bandwidth\": {},\n", Num(sim::DecimalGBps(bandwidth)));
  out += fmt::format("      \"efficiency\": {},\n", Num(efficiency));
  out += fmt::format("      \"size\": {},\n", size);
  out += fmt::format("      \"latency\": {},\n", Num(latency));
  out += "      \"ops\": {\n";
  out += "        \"p2p\": [1.0, null],\n";
  const std::string gather = fmt::format("[{:.1f}, -1]", gather_cost > 0 ? gather_cost : 1.0);
  out += fmt::format("        \"reduce_scatter\": {},\n", gather);
  out += fmt::format("        \"all_gather\": {},\n", gather);
  std::string all_reduce = "[2.0, -1]";
  if (reduction)
    all_reduce = reduction_speedup > 0 ? fmt::format("[{:.2f}, -1]", 2 / reduction_speedup)
                                       : std::string("[1.0, 0]");
  out += fmt::format("        \"all_reduce\": {}\n", all_reduce);
  out += "      },\n";
  out += fmt::format("      \"must_be_filled\": {},\n", must_be_filled ? "true" : "false");
  out += fmt::format("      \"processor_usage\": {}\n", Num(processor_usage));
  out += "    }";
  return out;
}

std::string SystemJson(const Context& ctx, const PlanShape& s) {
  const auto& in = *s.in;
  const auto& c = *s.cluster;
  const ir::Program& p = ctx.program;
  const ir::Cluster& cl = p.Get(s.plan->cluster);
  const ir::Node& node = p.Get(s.cluster->PrimaryNode(cl.nodes.ref));  // the plan's group
  const ir::Gpu& gpu = p.Get(node.gpus.ref);
  const char* dt = Datatype(in.precision);
  // Vector throughput at 16 bits (header): 2 x FP32, else the BF16 tensor rate / 8.
  double vector = gpu.fp32_flops.si > 0 ? 2 * gpu.fp32_flops.si : gpu.bf16_flops.si / 8;
  double host_per_gpu = c.gpus_per_node > 0 ? node.memory.si / double(c.gpus_per_node) : 0;
  std::string out = "{\n";
  // Calculon's System reads only its own keys (calculon/system.py), so the notes may sit here.
  if (RaisesCapacity(s))
    out += fmt::format(
        "  \"clusterc_notes\": [\"mem1 GiB = the GPU's HBM {} GiB + {} GiB of attention-score "
        "tensors that Calculon charges and fused attention does not hold (see model.json)\"],\n",
        Num(std::round(sim::GiB(in.hbm) * 1000) / 1000),
        Num(std::round(sim::GiB(ScoreBytes(s)) * 1000) / 1000));
  out += fmt::format("  \"matrix\": {{\n    \"{}\": {{\n      \"tflops\": {},\n", dt,
                     Num(in.peak_flops / 1e12));
  // Calculon runs every matrix operation at the plan's datatype: the linear layers' asymptote.
  out += fmt::format("      \"gflops_efficiency\": {}\n    }}\n  }},\n",
                     CappedCurve(128, analysis::LinearGemmEfficiency(in), kMatrixCurve));
  out += fmt::format("  \"vector\": {{\n    \"{}\": {{\n      \"tflops\": {},\n", dt,
                     Num(vector / 1e12));
  out += fmt::format("      \"gflops_efficiency\": {}\n    }}\n  }},\n", kVectorCurve);
  // mem1 capacity: HBM, plus the score tensors Calculon charges and fused attention does not hold.
  const double capacity = in.hbm + (RaisesCapacity(s) ? ScoreBytes(s) : 0);
  out += fmt::format("  \"mem1\": {{\n    \"GiB\": {},\n    \"GBps\": {},\n",
                     Num(sim::GiB(capacity)), Num(sim::DecimalGBps(in.hbm_bandwidth)));
  // Element-wise passes at the share of HBM analysis charges them (gpu.memory_efficiency).
  out += fmt::format("    \"MB_efficiency\": {}\n  }},\n",
                     CappedCurve(100, in.memory_efficiency, kHbmCurve));
  out += fmt::format("  \"mem2\": {{\n    \"GiB\": {},\n    \"GBps\": {},\n",
                     Num(sim::GiB(host_per_gpu)),
                     Num(sim::DecimalGBps(in.offload_bandwidth > 0 ? in.offload_bandwidth
                                                                   : kHostLinkBytesPerSecond)));
  out += fmt::format("    \"MB_efficiency\": {}\n  }},\n", kHostCurve);
  out += "  \"processing_mode\": \"no_overlap\",\n";
  out += "  \"networks\": [\n";
  out +=
      Network(c.scale_up_bandwidth_per_gpu > 0 ? c.scale_up_bandwidth_per_gpu
                                               : c.fabric.nic_bandwidth_per_gpu,
              c.scale_up_bandwidth_per_gpu > 0 ? in.scale_up_efficiency : in.scale_out_efficiency,
              std::max<int64_t>(1, c.scale_up_domain),
              2.0 * double(std::max<int64_t>(1, c.scale_up_domain) - 1) * in.scale_up_latency,
              c.scale_up_reduction, in.scale_up_reduction_speedup, true, in.scale_up_compute_share,
              c.scale_up_bandwidth_per_gpu > 0 ? in.scale_up_gather_cost : 1);
  out += ",\n";
  out += Network(c.fabric.scale_out_bandwidth_per_gpu, in.scale_out_efficiency,
                 std::max<int64_t>(1, s.gpus), in.scale_out_latency, c.fabric.sharp, 0, false,
                 in.scale_out_compute_share, 1);
  out += "\n  ]\n}\n";
  return out;
}

std::string ExecutionJson(const PlanShape& s) {
  const auto& in = *s.in;
  const int64_t data_par = s.dp * s.cp;
  const int64_t sud = std::max<int64_t>(1, s.cluster->scale_up_domain);
  // Network tiers: 0 the scale-up domain, 1 the scale-out fabric. A degree goes on tier 0 when it
  // and the degrees already there fill the domain evenly (Calculon's must_be_filled).
  // Degrees are placed innermost first; once one leaves the domain, every outer one does too
  // (its ranks are farther apart).
  int64_t on_fast = 1;
  bool spilled = false;
  auto tier = [&](int64_t degree) {
    if (degree <= 1) return 1;
    if (!spilled && sud % (on_fast * degree) == 0) {
      on_fast *= degree;
      return 0;
    }
    spilled = true;
    return 1;
  };
  // Calculon accepts a tier that the degrees on it divide (llm.py: size % tier_size == 0), so a
  // tensor degree of 4 stays on a 72-GPU NVLink domain; moving it to the scale-out fabric, as
  // this did until 2026-11-24, made gb200_nvl72's llama3_70b_third expose 1.46 s of
  // tensor-parallel traffic at 50 GB/s.
  // In the plan's rank order: Megatron-Core's default tp-cp-ep-dp-pp fills the domain with the
  // data-parallel ranks before the pipeline's, tp-cp-ep-pp-dp with the pipeline's first.
  const int tp_net = tier(s.tp);
  int pp_net = 1, dp_net = 1;
  if (in.pp_inside_dp) {
    pp_net = tier(s.pp);
    dp_net = tier(data_par);
  } else {
    dp_net = tier(data_par);
    pp_net = tier(s.pp);
  }
  // Interleaving must divide the blocks per processor (ceil(layers / pp)); else the largest
  // divisor of it not above the plan's.
  int64_t blocks = (in.layers + s.pp - 1) / s.pp;
  int64_t interleave = s.pp == 1 ? 1 : std::min(s.vpp, blocks);
  while (interleave > 1 && blocks % interleave != 0) --interleave;
  // Fused (flash) attention keeps no score matrices: Calculon's "attn_only" (header).
  const char* recompute = in.recompute == ir::Recompute::full ? "full"
                          : in.recompute == ir::Recompute::selective || in.flash_attention
                              ? "attn_only"
                              : "none";
  const bool multiquery = MultiQuery(s);
  bool sharding = in.sharding != ir::Sharding::none && data_par > 1;
  std::string out = "{\n";
  out += fmt::format("  \"num_procs\": {},\n", s.tp * s.pp * data_par);
  out += fmt::format("  \"tensor_par\": {},\n", s.tp);
  out += fmt::format("  \"pipeline_par\": {},\n", s.pp);
  out += fmt::format("  \"data_par\": {},\n", data_par);
  out += fmt::format("  \"tensor_par_net\": {},\n", tp_net);
  out += fmt::format("  \"pipeline_par_net\": {},\n", pp_net);
  out += fmt::format("  \"data_par_net\": {},\n", dp_net);
  out += fmt::format("  \"batch_size\": {},\n", in.global_batch * s.cp);
  out += fmt::format("  \"microbatch_size\": {},\n", in.micro_batch);
  out += fmt::format("  \"datatype\": \"{}\",\n", Datatype(in.precision));
  out += "  \"fused_activation\": true,\n";
  out += fmt::format("  \"attention_type\": \"{}\",\n", multiquery ? "multiquery" : "multihead");
  out += fmt::format("  \"activation_recompute\": \"{}\",\n", recompute);
  out += fmt::format("  \"pipeline_interleaving\": {},\n", interleave);
  out += fmt::format("  \"optimizer_sharding\": {},\n", sharding ? "true" : "false");
  const bool sequence_parallel = CalculonSequenceParallel(s);
  out += fmt::format("  \"tensor_par_comm_type\": \"{}\",\n", sequence_parallel ? "rs_ag" : "ar");
  out += fmt::format("  \"tensor_par_overlap\": \"{}\",\n",
                     in.tp_comm_overlap && s.tp > 1 ? "ring" : "none");
  // Megatron's sequence parallelism keeps the layer inputs sharded and all-gathers them again in
  // backward (Korthikanti et al. 2022 section 4.2.2): Calculon's seq_par_ag_redo (which it does
  // not allow with full recompute, where nothing is kept anyway).
  bool ag_redo = sequence_parallel && std::string(recompute) != "full";
  out += fmt::format("  \"seq_par_ag_redo\": {},\n", ag_redo ? "true" : "false");
  out += fmt::format("  \"data_par_overlap\": {},\n",
                     data_par > 1 && in.dp_overlap ? "true" : "false");
  out += "  \"weight_offload\": false,\n";
  out +=
      fmt::format("  \"activations_offload\": {},\n", s.in->offload_layers > 0 ? "true" : "false");
  out += "  \"optimizer_offload\": false,\n";
  out += "  \"training\": true\n";
  out += "}\n";
  return out;
}

}  // namespace

void EmitCalculon(const Context& ctx, OutputTree& out) {
  for (uint32_t index : ctx.plans) {
    PlanShape s = sim::MakePlanShape(ctx, index);
    if (!s.Valid()) continue;
    const std::string dir = "calculon/" + s.plan->name + "/";
    out.Write(dir + "model.json", ModelJson(s));
    out.Write(dir + "system.json", SystemJson(ctx, s));
    out.Write(dir + "execution.json", ExecutionJson(s));
    // What Calculon cannot express goes to the terminal too; the other notes are mappings.
    for (const std::string& note : Notes(s, Feedforward(s)))
      if (note.rfind("Calculon has no", 0) == 0)
        sim::ReportNotRepresented(ctx, *s.plan, "calculon/" + s.plan->name + ": " + note);
    // Offload needs mem2's capacity, the node's host memory: without it Calculon refuses the run.
    if (s.in->offload_layers > 0) {
      const ir::Cluster& cl = ctx.program.Get(s.plan->cluster);
      const ir::Node& node = ctx.program.Get(s.cluster->PrimaryNode(cl.nodes.ref));
      if (node.memory.si <= 0)
        sim::ReportNotRepresented(
            ctx, *s.plan,
            fmt::format("calculon/{}: Calculon has no host memory to offload to: node `{}` "
                        "states no `memory`, so mem2 holds 0 GiB and Calculon refuses the "
                        "offload (\"Mem tier2 needs ...\"); give the node its host memory",
                        s.plan->name, node.name));
    }
    // The score tensors (header) on top of what clusterc counts, less the framework reserve
    // Calculon does not have: past HBM, the raised capacity decides Calculon's verdict, so the
    // terminal hears of it too.
    const double calculon_bytes = s.r->memory.Total() - s.r->memory.reserve + ScoreBytes(s);
    if (RaisesCapacity(s) && calculon_bytes > s.in->hbm)
      sim::ReportNotRepresented(
          ctx, *s.plan,
          fmt::format("calculon/{}: Calculon has no fused attention: it holds the s x s attention "
                      "scores of one block and their gradients ({} GiB per GPU), which take "
                      "clusterc's own count (less its framework reserve) to {} GiB, past the {} "
                      "GiB of HBM; system.json gives mem1 {} GiB (HBM plus the scores) so that "
                      "Calculon judges the plan's memory as with fused attention (clusterc "
                      "counts {} GiB)",
                      s.plan->name, Num(std::round(sim::GiB(ScoreBytes(s)) * 10) / 10),
                      Num(std::round(sim::GiB(calculon_bytes) * 10) / 10),
                      Num(std::round(sim::GiB(s.in->hbm) * 10) / 10),
                      Num(std::round(sim::GiB(s.in->hbm + ScoreBytes(s)) * 10) / 10),
                      Num(std::round(sim::GiB(s.r->memory.Total()) * 10) / 10)));
  }
}

}  // namespace clusterc::backends
