#include "backends/astra_sim/passes.h"

#include <fmt/format.h>

#include <algorithm>

namespace clusterc::backends::astra {

namespace {

using sim::PlanShape;

// Compute of a block of layers, seconds: its dense and MoE layers' analysis times, split into
// the attention and MLP halves (backends/sim/plan_shape.h); of the backward halves, their
// weight-gradient GEMMs (`w_attn`, `w_mlp`).
struct BlockCompute {
  double fwd_attn = 0, fwd_mlp = 0, bwd_attn = 0, bwd_mlp = 0, rec_attn = 0, rec_mlp = 0;
  double w_attn = 0, w_mlp = 0;
};

BlockCompute Compute(const PlanShape& s, const Block& b) {
  BlockCompute c;
  auto add = [&](const sim::LayerCost& l, double n, bool moe) {
    c.fwd_attn += n * l.fwd * l.attn_share;
    c.fwd_mlp += n * l.fwd * (1 - l.attn_share);
    c.bwd_attn += n * l.bwd * l.attn_share;
    c.bwd_mlp += n * l.bwd * (1 - l.attn_share);
    c.rec_attn += n * sim::RecomputeAttention(s, moe);
    c.rec_mlp += n * sim::RecomputeMlp(s, moe);
    c.w_attn += n * l.wgrad * l.wgrad_attn_share;
    c.w_mlp += n * l.wgrad * (1 - l.wgrad_attn_share);
  };
  add(s.dense, double(b.layers - b.moe), false);
  if (b.moe > 0) add(s.moe, double(b.moe), true);
  // Each half's weight gradients are part of its backward (the attention core has none).
  c.w_attn = std::min(c.w_attn, c.bwd_attn);
  c.w_mlp = std::min(c.w_mlp, c.bwd_mlp);
  return c;
}

// The 16-bit bytes of a block's MLP-half collective over the tp group (analysis, tp_model.cpp):
// the dense layers' at the activation width; in each MoE layer the shared experts' (an MLP over
// the tp group) at that width too and, unless folded (their etp group is then tp), the routed
// experts' at what the dispatcher gathers (`expert_act_bytes`: analysis' RoutedExpertTpTokens).
double TpMlpBytes(const PlanShape& s, const Slice& sl, const Block& b) {
  const double moe = double(b.moe);
  return s.act_bytes * (double(b.layers) - moe + (s.in->shared_experts > 0 ? moe : 0)) +
         (sl.folded ? 0 : s.expert_act_bytes * moe);
}

// The MLP half's tensor-parallel all-reduce of a block (`<kind>.tq<tag>`). Folded experts
// (etp != tp) run their routed experts' over the expert tensor-parallel group instead
// (`<kind>.te<tag>`), on what the dispatcher gathers there (analysis' RoutedExpertTpTokens):
// none at etp 1, and the dense layers and shared experts keep theirs.
// `scale`: of the 16-bit bytes, what the collective moves (a sequence-parallel forward pair whose
// gather is quantized: (1 + tp_gather_scale) / 2; analysis: tp_model.cpp).
void MlpCollective(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
                   const Block& b, const std::string& kind, const std::string& tag, bool beside,
                   chakra::CommType type = chakra::kAllReduce, double scale = 1) {
  const double moe = sl.folded ? double(b.moe) : 0;
  w.Coll(kind + ".tq" + tag, type, scale * TpMlpBytes(s, sl, b), g.tp[r], beside);
  if (moe > 0)
    w.Coll(kind + ".te" + tag, chakra::kAllReduce, scale * s.expert_act_bytes * moe, g.etp[r],
           beside);
}

// Sequence parallelism keeps only each rank's shard of the column-parallel GEMMs' inputs and
// gathers them again in backward for their weight gradients (Megatron-LM
// LinearWithGradAccumulationAndAsyncCommunication.backward; analysis' fifth all-reduce's worth a
// layer): the attention's and the MLP's inputs in one all-gather (written as each rank's shard,
// ASTRA-sim's all-gather size: TraceWriter::Coll) before the MLP backward (`b.g<tag>`; a folded
// MoE layer's MLP input over its etp group, `b.ge<tag>`), beside the data-gradient GEMMs as
// Megatron issues them. One node, not two, keeps the traces small.
void Regather(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
              const Block& b, const std::string& tag, bool beside) {
  if (!s.sequence_parallel) return;
  const double moe = sl.folded ? double(b.moe) : 0;
  const double q = s.tp_gather_scale;  // the quantized copy is what is gathered
  w.Coll("b.g" + tag, chakra::kAllGather,
         q * (s.attn_in_bytes * double(b.layers) + TpMlpBytes(s, sl, b)), g.tp[r], beside);
  if (moe > 0 && sl.etp > 1)
    w.Coll("b.ge" + tag, chakra::kAllGather, q * s.expert_act_bytes * moe, g.etp[r], beside);
}

}  // namespace

// Tensor-parallel collectives are all-reduces of the layer's activation bytes after the
// attention and the MLP, forward and backward (Shoeybi et al. 2019). With sequence parallelism
// Megatron moves the same bytes as an all-gather + reduce-scatter pair (Korthikanti et al. 2022
// section 4.2.2) and analysis times it as the all-reduce; the forward keeps the all-reduce, both
// halves being on the chain, which halves its node count (the backward writes them apart:
// the backward pieces below). With tp_comm_overlap each runs beside the GEMMs of its half of the
// layer (Megatron-LM --tp-comm-overlap), with ep_comm_overlap each all-to-all beside the
// compute next to it (DeepSeek-V3's overlap of one micro-batch's all-to-all with another's
// compute) when the pass is `paired` with another in the schedule's steady state
// (analysis::EpUnpairedShare): TraceWriter::Coll's `beside`; PairedBlocks interleaves a paired
// forward's and backward's MoE blocks. The backward's all-reduces run beside the compute after
// them by default (tp_backward_overlap).
namespace {

bool HasAllToAll(const Groups& g, int64_t r, const Block& b) {
  return b.moe > 0 && g.ep[r];
}

// One of a MoE block's four expert all-to-alls (dispatch and combine, forward and backward).
void ExpertAllToAll(TraceWriter& w, const PlanShape& s, const Groups& g, int64_t r, const Block& b,
                    const std::string& name, bool beside) {
  w.AllToAll(name, s.ep_bytes * double(b.moe), s.ep_leaving_bytes * double(b.moe), g.ep[r], beside);
}

// The forward's attention half: context parallelism's exchanges, the attention compute
// (`<kind>.at`) and the attention's tensor-parallel pair.
void ForwardAttention(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g,
                      int64_t r, const Block& b, const std::string& tag, bool recompute) {
  const double act = s.act_bytes * double(b.layers);
  const BlockCompute c = Compute(s, b);
  // Full recompute replays the whole forward: the recompute figures are exactly that.
  const double attn = recompute ? c.rec_attn : c.fwd_attn;
  const std::string kind = recompute ? "r" : "f";
  const ir::CpComm cpc = s.in->cp_comm;
  const double kv = s.cp_kv_bytes * double(sl.cp) * double(b.layers);
  // Context parallelism (analysis: plan_model.cpp): the ring's K/V exchange, once per forward; the
  // all-gather of K and V before attention, in its replay too; Ulysses' all-to-alls of Q, K, V
  // before attention and of its output after, as point-to-point rounds (AllToAll).
  if (g.cp[r] && (cpc == ir::CpComm::all_gather || (!recompute && cpc == ir::CpComm::ring)))
    w.Coll(kind + ".cp" + tag, chakra::kAllGather, kv, g.cp[r]);
  const bool ulysses = g.cp[r] && cpc == ir::CpComm::all_to_all;
  if (ulysses) w.AllToAll(kind + ".cp" + tag, s.cp_qkv_bytes * double(b.layers), 0, g.cp[r], false);
  w.Comp(kind + ".at" + tag, attn);
  if (ulysses) w.AllToAll(kind + ".co" + tag, s.cp_out_bytes * double(b.layers), 0, g.cp[r], false);
  // Under MLA the attention's pair gathers the latents and reduce-scatters the output: an
  // all-reduce's worth of their mean width (analysis: tp_model.cpp, MLA).
  // The gather half moves the quantized copy under FP8, NVFP4 or MXFP4 (tp_gather_scale).
  const double q = s.sequence_parallel ? s.tp_gather_scale : 1;
  const double attn_pair =
      s.sequence_parallel ? (q * s.attn_in_bytes + s.act_bytes) / 2 * double(b.layers) : act;
  w.Coll(kind + ".tp" + tag, chakra::kAllReduce, attn_pair, g.tp[r], s.in->tp_comm_overlap);
}

// The forward's MLP compute (`<kind>.ml`).
void ForwardMlp(TraceWriter& w, const PlanShape& s, const Block& b, const std::string& tag,
                bool recompute) {
  const BlockCompute c = Compute(s, b);
  w.Comp(std::string(recompute ? "r" : "f") + ".ml" + tag, recompute ? c.rec_mlp : c.fwd_mlp);
}

// The forward's MLP half tensor-parallel collective, after the combine.
void ForwardMlpCollective(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g,
                          int64_t r, const Block& b, const std::string& tag, bool recompute) {
  const double q = s.sequence_parallel ? s.tp_gather_scale : 1;
  MlpCollective(w, s, sl, g, r, b, recompute ? "r" : "f", tag, s.in->tp_comm_overlap,
                chakra::kAllReduce, (1 + q) / 2);
}

// Under sequence parallelism each backward all-reduce is two halves (Korthikanti et al. 2022
// section 4.2.2): the row-parallel layer's all-gather of its output gradient, which its
// backward waits for (`b.aq`, `b.aa`; beside the GEMMs only under tp_comm_overlap), and the
// column-parallel layer's reduce-scatter of its input gradient (`b.tq`, `b.tp`), beside the
// weight-gradient GEMM as the all-reduce is (analysis: tp_model.cpp, backward). The first:
// the MLP's output gradient, before the combine's gradient.
void BackwardOutputGather(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g,
                          int64_t r, const Block& b, const std::string& tag) {
  if (!s.sequence_parallel) return;
  w.Coll("b.aq" + tag, chakra::kAllGather, s.tp_gather_scale * TpMlpBytes(s, sl, b), g.tp[r],
         s.in->tp_comm_overlap);
}

// The backward's MLP half (`b.ml`), after the inputs' re-gather; `defer_weights` leaves its
// weight-gradient GEMMs out, `split_weights` writes them as a node of their own (`b.mw`) for
// PairedBlocks to set the dispatch's gradient beside.
void BackwardMlp(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
                 const Block& b, const std::string& tag, bool defer_weights, bool split_weights) {
  const BlockCompute c = Compute(s, b);
  Regather(w, s, sl, g, r, b, tag, s.in->tp_comm_overlap || s.in->tp_backward_overlap);
  w.Comp("b.ml" + tag, c.bwd_mlp - (defer_weights || split_weights ? c.w_mlp : 0));
}

// The backward's attention half: the MLP's input-gradient collective, the attention's output
// gradient, context parallelism's exchanges, the attention backward (`b.at`; with selective
// recompute's replay) and its input-gradient collective.
void BackwardAttention(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g,
                       int64_t r, const Block& b, const std::string& tag, bool defer_weights) {
  const BlockCompute c = Compute(s, b);
  const double act = s.act_bytes * double(b.layers);
  const bool tpo = s.in->tp_comm_overlap;
  // Selective recompute re-runs its modules (the attention core unless the plan names others)
  // inside the attention backward.
  double extra = s.in->recompute == ir::Recompute::selective ? c.rec_attn : 0;
  const bool sp = s.sequence_parallel;
  const chakra::CommType input_grad = sp ? chakra::kReduceScatter : chakra::kAllReduce;
  const double q = sp ? s.tp_gather_scale : 1;  // the output gradient's gathers are quantized
  // The column-parallel layers' input-gradient all-reduces run beside the backward compute
  // that follows (tp_backward_overlap: Megatron-LM's asynchronous all-reduce, beside the
  // weight-gradient GEMM; docs/model.md, TP).
  const bool tpb = tpo || s.in->tp_backward_overlap;
  MlpCollective(w, s, sl, g, r, b, "b", tag, tpb, input_grad);
  if (sp) w.Coll("b.aa" + tag, chakra::kAllGather, q * act, g.tp[r], tpo);
  // Context parallelism's backward: the all-gather variant gathers K and V again before the
  // attention backward; Ulysses swaps the output gradient in and the Q, K, V gradients out.
  const ir::CpComm cpc = s.in->cp_comm;
  const double kv = s.cp_kv_bytes * double(sl.cp) * double(b.layers);
  const bool ulysses = g.cp[r] && cpc == ir::CpComm::all_to_all;
  if (g.cp[r] && cpc == ir::CpComm::all_gather)
    w.Coll("b.cg" + tag, chakra::kAllGather, kv, g.cp[r]);
  if (ulysses) w.AllToAll("b.co" + tag, s.cp_out_bytes * double(b.layers), 0, g.cp[r], false);
  w.Comp("b.at" + tag, c.bwd_attn + extra - (defer_weights ? c.w_attn : 0));
  w.Coll("b.tp" + tag, input_grad, s.attn_in_bytes * double(b.layers), g.tp[r], tpb);
  if (ulysses)
    w.AllToAll("b.cp" + tag, s.cp_qkv_bytes * double(b.layers), 0, g.cp[r], false);
  else if (g.cp[r])
    w.Coll("b.cp" + tag, chakra::kReduceScatter, kv, g.cp[r]);
}

}  // namespace

void Forward(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
             const Block& b, const std::string& tag, bool recompute, bool paired) {
  const bool epo = s.in->ep_comm_overlap && paired;
  const std::string kind = recompute ? "r" : "f";
  ForwardAttention(w, s, sl, g, r, b, tag, recompute);
  const bool a2a = !recompute && HasAllToAll(g, r, b);
  if (a2a) ExpertAllToAll(w, s, g, r, b, kind + ".ed" + tag, epo);
  ForwardMlp(w, s, b, tag, recompute);
  if (a2a) ExpertAllToAll(w, s, g, r, b, kind + ".ec" + tag, epo);
  ForwardMlpCollective(w, s, sl, g, r, b, tag, recompute);
}

void Backward(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
              const Block& b, const std::string& tag, bool paired, bool defer_weights) {
  // Full recompute repeats the block's forward (and its two tensor-parallel all-reduces, as
  // analysis counts them) before its backward.
  if (s.in->recompute == ir::Recompute::full && b.replays)
    Forward(w, s, sl, g, r, b, tag, true, paired);
  const bool epo = s.in->ep_comm_overlap && paired;
  const bool a2a = HasAllToAll(g, r, b);
  BackwardOutputGather(w, s, sl, g, r, b, tag);
  if (a2a) ExpertAllToAll(w, s, g, r, b, "b.ec" + tag, epo);
  BackwardMlp(w, s, sl, g, r, b, tag, defer_weights, false);
  if (a2a) ExpertAllToAll(w, s, g, r, b, "b.ed" + tag, epo);
  BackwardAttention(w, s, sl, g, r, b, tag, defer_weights);
}

// Megatron-Core's combined 1F1B (TransformerLayerSchedulePlan.run; DeepSeek-V3 figure 4;
// analysis::OverlappedPairExposure) runs
//   communication: combine_bwd | dispatch_fwd -> dispatch_bwd     | combine_fwd
//   compute:       attn_fwd    | mlp_bwd -> mlp_bwd_dw -> mlp_fwd | attn_bwd
// On the trace's one chain each all-to-all runs beside that compute node: the combine's gradient
// beside the forward's attention, the dispatch beside the backward's experts, the dispatch's
// gradient beside their weight gradients (the forward's experts when deferred), the combine
// beside the attention backward. The chain makes each compute node after one also wait for it,
// which the two streams only do for the all-to-all's consumer.
void PairedBlocks(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
                  const Block& f, const std::string& f_tag, const Block& b,
                  const std::string& b_tag, bool defer_weights) {
  if (!s.in->ep_comm_overlap || !HasAllToAll(g, r, f) || !HasAllToAll(g, r, b)) {
    Forward(w, s, sl, g, r, f, f_tag, false, true);
    Backward(w, s, sl, g, r, b, b_tag, true, defer_weights);
    return;
  }
  if (s.in->recompute == ir::Recompute::full && b.replays)
    Forward(w, s, sl, g, r, b, b_tag, true, true);
  BackwardOutputGather(w, s, sl, g, r, b, b_tag);
  ExpertAllToAll(w, s, g, r, b, "b.ec" + b_tag, true);
  ForwardAttention(w, s, sl, g, r, f, f_tag, false);
  ExpertAllToAll(w, s, g, r, f, "f.ed" + f_tag, true);
  BackwardMlp(w, s, sl, g, r, b, b_tag, defer_weights, !defer_weights);
  ExpertAllToAll(w, s, g, r, b, "b.ed" + b_tag, true);
  if (!defer_weights) w.Comp("b.mw" + b_tag, Compute(s, b).w_mlp);
  ForwardMlp(w, s, f, f_tag, false);
  ExpertAllToAll(w, s, g, r, f, "f.ec" + f_tag, true);
  BackwardAttention(w, s, sl, g, r, b, b_tag, defer_weights);
  ForwardMlpCollective(w, s, sl, g, r, f, f_tag, false);
}

void PairedPasses(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
                  const std::vector<Block>& f, const std::string& f_prefix,
                  const std::vector<Block>& b, const std::string& b_prefix, bool defer_weights) {
  const size_t nf = f.size(), nb = b.size();
  for (size_t i = 0; i < std::max(nf, nb); ++i) {
    const std::string f_tag = fmt::format("{}.{}", f_prefix, i);
    const std::string b_tag = i < nb ? fmt::format("{}.{}", b_prefix, nb - 1 - i) : "";
    if (i < nf && i < nb)
      PairedBlocks(w, s, sl, g, r, f[i], f_tag, b[nb - 1 - i], b_tag, defer_weights);
    else if (i < nf)
      Forward(w, s, sl, g, r, f[i], f_tag, false, true);
    else
      Backward(w, s, sl, g, r, b[nb - 1 - i], b_tag, true, defer_weights);
  }
}

void WeightGradients(TraceWriter& w, const PlanShape& s, const Block& b, const std::string& tag) {
  const BlockCompute c = Compute(s, b);
  w.Comp("w" + tag, c.w_attn + c.w_mlp);
}

}  // namespace clusterc::backends::astra
