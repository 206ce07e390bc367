// The communication of a plan: the collectives' names, what their ranks reach and at what
// bandwidth, and how much of the expert all-to-all a schedule leaves without a pass to hide
// behind. Pure functions of PlanInputs, no allocation.
#include <algorithm>

#include "analysis/collective_rates.h"
#include "analysis/formulas.h"
#include "analysis/plan_model.h"
#include "ir/checked.h"

namespace clusterc::analysis {

const char* CommName(Comm c) {
  switch (c) {
    case Comm::kTp:
      return "tensor-parallel all-reduce";
    case Comm::kPp:
      return "pipeline point-to-point";
    case Comm::kDp:
      return "data-parallel gradient reduction";
    case Comm::kEp:
      return "expert-parallel all-to-all";
    case Comm::kCp:
      return "context-parallel key/value exchange";
    case Comm::kCount:
      break;
  }
  return "communication";
}

// Megatron-Core's combined 1F1B pairs a forward with a backward only in the steady state and
// runs the warmup forwards and the cooldown backwards alone (pipeline_parallel/schedules.py,
// get_pp_rank_microbatches: 2 (p - 1) + (v - 1) p warmup chunks on the first stage, one more
// with the overlap; combined_1f1b_schedule_for_no_pipelining: the first forward and the last
// backward; without interleaving, which Megatron-Core refuses with the overlap, p - 1 + 1).
// DualPipe (deepseek-ai/DualPipe 3da1bbe, DualPipe.step) pairs a forward of one direction with a
// backward of the other in its main steps 4 and 5 only; its end ranks run the 3 p - 2 passes of
// steps 1-3 and 5-8 alone of their 2 m (p = 2: 6, both ranks its middle ranks, whose first pair
// runs apart), the most of any rank (counted from the order: test_astra_pipeline_orders.cpp).
double EpUnpairedShare(const PlanInputs& in, double micro_batches) {
  const double p = double(std::max<int64_t>(1, in.pp)), v = double(std::max<int64_t>(1, in.vpp));
  if (in.schedule == ir::Schedule::dualpipe && p >= 2)
    return micro_batches > 0 ? std::min(1.0, (p == 2 ? 6 : 3 * p - 2) / (2 * micro_batches)) : 0;
  const double chunks = micro_batches * v;
  if (chunks <= 0) return 0;
  const double warmup = p <= 1 ? 1 : (v > 1 ? 2 * (p - 1) + (v - 1) * p + 1 : p);
  return std::min(1.0, warmup / chunks);
}

// Megatron-Core's finalize_model_grads (megatron/core/distributed/finalize_model_grads.py,
// _allreduce_word_embedding_grads) all-reduces the embedding's main_grad over the embedding group
// (the first and the last stage's ranks at one tensor-, context- and data-parallel position) when
// `share_embeddings_and_output_weights` or `mtp_num_layers`, once a step after finish_grad_sync,
// on the default stream; DeepSpeed's PipelineEngine (_exec_reduce_tied_grads) does the same for
// its tied layers. DualPipe holds the first and the last stage on one rank (EpUnpairedShare).
bool EmbeddingGroupSyncs(const PlanInputs& in) {
  return in.pp > 1 && in.schedule != ir::Schedule::dualpipe &&
         (in.tied_embeddings || in.mtp_layers > 0);
}

double EmbeddingGradientBytes(const PlanInputs& in, double gradient_bytes) {
  if (!EmbeddingGroupSyncs(in)) return 0;
  return double(in.vocab) * double(in.hidden) / double(std::max<int64_t>(1, in.tp)) *
         gradient_bytes;
}

double EmbeddingGradientSync(const PlanInputs& in, double gradient_bytes) {
  if (!EmbeddingGroupSyncs(in)) return 0;
  // Stages are tp x cp apart under tp-cp-ep-pp-dp, tp x cp x dp under tp-cp-dp-pp.
  const int64_t tp = std::max<int64_t>(1, in.tp), cp = std::max<int64_t>(1, in.cp);
  const int64_t dp = std::max<int64_t>(1, in.dp);
  const int64_t stage = ir::SaturatingMul(tp, in.pp_inside_dp ? cp : ir::SaturatingMul(cp, dp));
  const int64_t span = ir::SaturatingMul(stage, in.pp);
  return formulas::AllReduceTime(2, EmbeddingGradientBytes(in, gradient_bytes),
                                 AchievedBandwidth(in, span), Latency(in, span));
}

double RingSpeedup(const PlanInputs& in, int64_t stride, int64_t n) {
  const double flat = AchievedBandwidth(in, ir::SaturatingMul(stride, n));
  return flat > 0 ? RingBandwidth(in, stride, n) / flat : 1;
}

}  // namespace clusterc::analysis
