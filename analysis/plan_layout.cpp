// Where a plan's layers and their saved activations sit: the layers of each pipeline stage, and
// the bytes one layer keeps for its backward per micro-batch (docs/model.md "Memory per GPU").
// Pure functions of PlanInputs, no allocation: EvaluatePlan calls them in its hot loop.
#include <algorithm>
#include <cmath>

#include "analysis/layer_model.h"
#include "analysis/plan_model.h"
#include "ir/checked.h"

namespace clusterc::analysis {

// Layers on pipeline stage i. Layers divide evenly by pp x vpp, or (layers + 2) do and the first
// and last stages give one layer's slot each to the embedding and the loss (Megatron-LM
// --account-for-embedding-in-pipeline-split / --account-for-loss-in-pipeline-split; Llama 3 405B:
// 126 layers on 16 stages, Dubey et al. 2024 section 3.3.2); otherwise the most loaded stage holds
// ceil(layers / pp).
int64_t StageLayers(const PlanInputs& in, int64_t i) {
  int64_t L = in.layers, p = std::max<int64_t>(1, in.pp), v = std::max<int64_t>(1, in.vpp);
  if (p == 1) return L;
  if (in.first_stage_layers > 0 || in.last_stage_layers > 0) {
    // Uneven stages (Llama 3 405B, Dubey et al. 2024 section 3.3.2; DeepSeek-V3's 61 layers on 16
    // stages): the given ends, the rest split evenly (the most loaded middle stage rounds up).
    if (i == 0 && in.first_stage_layers > 0) return in.first_stage_layers;
    if (i == p - 1 && in.last_stage_layers > 0) return in.last_stage_layers;
    int64_t ends = (in.first_stage_layers > 0) + (in.last_stage_layers > 0);
    int64_t rest = std::max<int64_t>(0, L - in.first_stage_layers - in.last_stage_layers);
    int64_t others = std::max<int64_t>(1, p - ends);
    return (rest + others - 1) / others;
  }
  if (L % (p * v) == 0) return L / p;
  if ((L + 2) % (p * v) == 0) return (i == 0 || i == p - 1) ? (L + 2) / p - 1 : (L + 2) / p;
  return (L + p - 1) / p;
}

int64_t StageStart(const PlanInputs& in, int64_t i) {
  int64_t p = std::max<int64_t>(1, in.pp);
  if (i == 0) return 0;
  if (i == p - 1) return std::max<int64_t>(0, in.layers - StageLayers(in, i));
  return StageLayers(in, 0) + (i - 1) * StageLayers(in, 1);
}

bool EndsAreSlots(int64_t layers, int64_t pp, int64_t vpp, int64_t first, int64_t last) {
  const int64_t chunks = ir::SaturatingMul(pp, vpp);
  if (pp <= 1 || layers % chunks == 0 || (layers + 2) % chunks != 0) return false;
  const int64_t slot = (layers + 2) / pp - 1;
  return slot > 0 && (first <= 0 || first == slot) && (last <= 0 || last == slot);
}

bool StagesSplit(int64_t layers, int64_t pp, int64_t vpp, int64_t first, int64_t last) {
  if (pp <= 1) return vpp == 1;
  const int64_t ends = (first > 0) + (last > 0);
  const int64_t chunks = ir::SaturatingMul(pp, vpp);
  if (ends == 0) return layers % chunks == 0 || (layers + 2) % chunks == 0;
  const int64_t rest = layers - first - last;
  // Every chunk holds a layer; the ends need not divide by vpp (Megatron-Core's layout string
  // places chunks of unequal layers, sbatch.cpp PipelineLayout).
  if (vpp > 1 && !EndsAreSlots(layers, pp, vpp, first, last) &&
      ((first > 0 && first < vpp) || (last > 0 && last < vpp)))
    return false;
  const int64_t others = pp - ends;
  if (others == 0) return rest == 0;
  return rest >= ir::SaturatingMul(others, vpp) && rest % others == 0;
}

int64_t LargestChunkLayers(const PlanInputs& in) {
  const int64_t pp = std::max<int64_t>(1, in.pp), vpp = std::max<int64_t>(1, in.vpp);
  int64_t largest = 0;
  for (int64_t i : {int64_t(0), std::min<int64_t>(1, pp - 1), pp - 1})
    largest = std::max(largest, (StageLayers(in, i) + vpp - 1) / vpp);
  return largest;
}

bool SomeStageKeepsLayers(const PlanInputs& in) {
  // Stages 0, 1 and p - 1 hold every count StageLayers gives.
  const int64_t pp = std::max<int64_t>(1, in.pp);
  for (int64_t i : {int64_t(0), std::min<int64_t>(1, pp - 1), pp - 1}) {
    const double n = double(StageLayers(in, i));
    if (FullyReplayedLayers(in, n) < n) return true;
  }
  return false;
}

double LayerActivationBytes(const PlanInputs& in, bool moe_layer, ir::Recompute mode) {
  // Korthikanti et al. 2022 section 4.1, per tensor (16-bit, 1-byte dropout masks):
  //   norm inputs 2 x 2sbh, attention input 2sbh, attention dropout mask sbh, MLP input 2sbh,
  //   MLP dropout mask sbh = 10 sbh (8 without dropout), replicated across tp unless sequence
  //   parallel;
  //   Q, K, V and the O-projection input 2sb x width each; scores 5 a s^2 b (softmax 2, mask 1,
  //   dropout output 2) unless flash attention or the core is recomputed;
  //   MLP: GeLU keeps its input and output (2 x 2sb ffn: 16 sbh at ffn = 4h); fused SwiGLU keeps
  //   the gate/up output (2 x 2sb ffn) and the product (2sb ffn) = 6 sb ffn (Megatron bias_swiglu).
  // For GPT-3 shapes this is exactly table 2's sbh(34 + 5as/h) family.
  double t = double(std::max<int64_t>(1, in.tp));
  double cp = double(std::max<int64_t>(1, in.cp));
  double sl = double(in.seq_len) / cp, b = double(in.micro_batch), h = double(in.hidden);
  double sb = sl * b, sbh = sb * h;
  if (mode == ir::Recompute::full) {
    // Only the layer input is kept (table 2: 2sbh); sequence parallelism shards it over tp.
    return 2 * sbh / (in.sequence_parallel ? t : 1);
  }
  AttentionDims a = Attention(in);
  // Dropout masks only where the model trains with dropout (`model { dropout }`: by default
  // GPT-style LayerNorm models, not Llama- and DeepSeek-style RMSNorm ones), as LayerTime assumes.
  const bool dropout = in.dropout;
  // Bytes per element a linear layer keeps of its input for the weight gradient: under FP8 or
  // NVFP4 the quantized copy its cast made (Transformer Engine; DeepSeek-V3 report section
  // 3.3.3), else 16 bits (PlanInputs::linear_input_bytes).
  const double lin = in.linear_input_bytes;
  // Selective recompute's modules discard what they replay (docs/model.md "Selective recompute
  // modules").
  const uint8_t replay = mode == ir::Recompute::selective ? Replayed(in) : 0;
  // Norm inputs 2 x 2sbh, the QKV and MLP inputs (linear) 2 x lin sbh (the norms' outputs,
  // discarded when the norms are replayed), two masks.
  double replicated = (4 + ((replay & kRecomputeNorms) ? 0 : 2 * lin) + (dropout ? 2 : 0)) * sbh;
  double parallel = 2 * sb * (a.q + a.k + a.v) + lin * sb * a.o;
  if (in.mla) {
    // The compressed latents c_q and c_kv (DeepSeek-V2 eqs. 9 and 12), their norms' inputs (2)
    // and the up-projections' inputs (lin), from down-projections every tensor-parallel rank
    // runs whole. Replaying the up-projections discards Q (when compressed), K and V.
    const double q_rank = double(in.q_rank);
    replicated += (2 + lin) * sb * (q_rank + double(in.kv_rank));
    if (replay & kRecomputeMlaUpProjection)
      parallel -= 2 * sb * ((q_rank > 0 ? a.q : 0) + a.k + a.v);
  }
  // Norms on Q and K (`qk_norm`, Qwen3; MLA's latent norms are counted above): Transformer
  // Engine's RMSNorm keeps its input, Q and K before the norm (2 each); the rotation after it,
  // fused, keeps nothing. Their per-row statistics (4 bytes a head) are left out.
  if (in.qk_norm && !in.mla) parallel += 2 * sb * (a.q + a.k);
  // Scores: the softmax output (2), with dropout its mask (1) and output (2).
  if (!in.flash_attention && !(replay & kRecomputeCoreAttention))
    parallel += (dropout ? 5 : 2) * double(in.heads) * sl * double(in.seq_len) * b;
  // GeLU: its input (2) and output, the down projection's input (lin); SwiGLU: gate and up
  // outputs (4) and their product (lin). Replaying the activation discards its output; replaying
  // a dense MLP keeps only its input (counted above).
  const double act = in.swiglu ? 4 : 2;
  const double per_ffn = act + lin;
  if (!moe_layer) {
    if (!(replay & kRecomputeMlp))
      parallel += ((replay & kRecomputeMlpActivation) ? act : per_ffn) * sb * double(in.ffn);
  } else {
    double fe = double(in.expert_ffn > 0 ? in.expert_ffn : in.ffn);
    double routed = (replay & kRecomputeMoeActivation) ? act : per_ffn;
    // A clamped activation (`clamped_activation`) keeps two copies of the first layer's output:
    // the clamps' input and the concatenation the fused activation saves (LayerTime).
    if (in.eager_activation_clamp && !(replay & kRecomputeMoeActivation)) routed += act;
    parallel += (double(in.top_k) * routed + double(in.shared_experts) * per_ffn) * sb * fe;
    // The permuted token copies, the experts' inputs: each GPU holds the tokens of its expert
    // tensor-parallel group, etp / tp of the layer's (the same 1/tp when etp = tp).
    parallel += lin * double(in.top_k) * sbh * double(ExpertTp(in));
  }
  return (in.sequence_parallel ? replicated / t : replicated) + parallel / t;
}

// The loss's peak, bytes a logit of the micro-batch's vocabulary slice. PyTorch's
// F.cross_entropy(logits.float()) (torchtitan's loss_fn, train.py at 9dec370; Composer's) saves
// log_softmax's fp32 output, and its backward holds that, nll_loss's dense fp32 gradient and
// log_softmax's: 12 (torchtitan frees the 16-bit logits first, `del pred`: "need to free to
// before bwd to avoid peaking memory"). Megatron-LM's vocabulary-parallel cross entropy works in
// place on `logits.float()` beside the 16-bit logits and turns the saved softmax into the gradient
// in place: 6. Fused kernels: Korthikanti et al. 2022's fp32 logits, 4.
double LossBytesPerLogit(const PlanInputs& in) {
  if (in.eager_loss) return 12;
  return in.fused_cross_entropy ? 4 : 6;
}

// A recomputed layer's backward first replays its forward (torch.utils.checkpoint, Megatron's
// CheckpointFunction), which keeps every activation the replayed part discarded until that
// layer's backward is done: one layer at a time, on top of what the other layers keep.
double ReplayedLayerBytes(const PlanInputs& in, bool moe_layer) {
  if (in.recompute == ir::Recompute::none) return 0;
  return std::max(0.0, LayerActivationBytes(in, moe_layer, ir::Recompute::none) -
                           LayerActivationBytes(in, moe_layer));
}

// Bubble of the plan's schedule relative to 1F1B's (p - 1)(F + B), F and B a stage's forward and
// whole backward per micro-batch, W the backward's weight-gradient GEMMs: zero-bubble ZB-H1 (Qi
// et al. 2024, "Zero Bubble Pipeline Parallelism", ICLR, section 3; DeepSeek-V3 report table 2)
// leaves (p - 1)(F + B - 2W), DualPipe (DeepSeek-V3 table 2) (p/2 - 1)(F&B + B - 3W), F&B the
// two passes it runs beside each other, F + B on one GPU's SMs. `w_share` is W / (F + B),
// `b_share` B / (F + B); W is taken at most a third of F + B and half of B (the defaults: W = F,
// B = 2W, where the two schedules leave 1/3 and (p - 2) / (3 (p - 1))), which keeps the defaults'
// factor a lower bound for plan search.
double ScheduleBubbleFactor(ir::Schedule schedule, int64_t pp, double w_share, double b_share) {
  const double p = double(std::max<int64_t>(1, pp));
  const double b = std::clamp(b_share, 0.0, 1.0);
  const double w = std::clamp(w_share, 0.0, std::min(1.0 / 3, b / 2));
  switch (schedule) {
    case ir::Schedule::one_f_one_b:
      return 1;
    case ir::Schedule::zero_bubble:
      return 1 - 2 * w;
    case ir::Schedule::dualpipe:
      return p > 1 ? std::max(0.0, p / 2 - 1) / (p - 1) * (1 + b - 3 * w) : 1;
  }
  return 1;
}

// Megatron-Core's combined 1F1B (megatron/core/models/common/model_chunk_schedule_plan.py,
// TransformerLayerSchedulePlan.run; DeepSeek-V3 section 3.2.1 and figure 4, the arrangement it
// implements) runs one layer of a forward and one of a backward as
//   communication: combine_bwd | dispatch_fwd -> dispatch_bwd         | combine_fwd
//   compute:       attn_fwd    | mlp_bwd -> mlp_bwd_dw -> mlp_fwd     | attn_bwd (-> attn_bwd_dw)
// each stream in issue order, each kernel after its inputs (the dispatch after the attention
// that routes it, the experts after their dispatch, the next layer's forward after the combine,
// its backward's combine after this layer's attention gradients). The chunk's layers follow one
// another, so the first layer's wait on its combine shows and later ones hide under the previous
// layer's weight gradients: three layers are played and the rest continue the last one's pace.
double OverlappedPairExposure(const OverlappedMoeLayer& l, double layers) {
  if (layers <= 0 || l.all_to_all <= 0) return 0;
  const double a2a = l.all_to_all;
  const double work = l.attn_fwd + l.mlp_fwd + l.mlp_bwd + l.mlp_wgrad + l.attn_bwd + l.attn_wgrad;
  // Stream positions and the producers the next layer waits for.
  double comm = 0, comp = 0, grads = 0, outputs = 0, end = 0, last = 0, pace = 0;
  const int played = int(std::min(3.0, std::ceil(layers)));
  for (int i = 0; i < played; ++i) {
    const double combine_bwd = std::max(comm, grads) + a2a;
    const double attn_fwd = std::max(comp, outputs) + l.attn_fwd;
    const double dispatch_fwd = std::max(combine_bwd, attn_fwd) + a2a;
    const double mlp_bwd = std::max(attn_fwd, combine_bwd) + l.mlp_bwd;
    const double mlp_wgrad = mlp_bwd + l.mlp_wgrad;
    const double dispatch_bwd = std::max(dispatch_fwd, mlp_bwd) + a2a;
    const double mlp_fwd = std::max(mlp_wgrad, dispatch_fwd) + l.mlp_fwd;
    const double combine_fwd = std::max(dispatch_bwd, mlp_fwd) + a2a;
    const double attn_bwd = std::max(mlp_fwd, dispatch_bwd) + l.attn_bwd;
    comp = attn_bwd + l.attn_wgrad;
    comm = combine_fwd;
    grads = attn_bwd;
    outputs = combine_fwd;
    const double now = std::max(comp, comm);
    pace = now - last;
    last = end = now;
  }
  // A fraction of a layer (a DualPipe rank's mean of two stages) counts as that share of the
  // first; more layers than played take the last one's pace.
  const double total = layers < 1 ? layers * end : end + (layers - played) * pace;
  return std::max(0.0, total - layers * work);
}

}  // namespace clusterc::analysis
