// What the simulator backends (ASTRA-sim, SimAI, Calculon) read from one plan: the parallel
// degrees, the per-stage layer split, per-layer compute times and per-collective message sizes.
//
// Analysis owns every number here. Where it exposes only totals (the step's compute time, the
// parameter counts of one layer), the per-layer and per-stage figures are derived from those
// totals in this one place, and each derivation says how. Analysis does not yet expose per-layer
// times or per-stage layer counts; the comments below name what it should.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "backends/backend.h"
#include "ir/ir.h"

namespace clusterc::backends::sim {

// Unit conversions at the edge, one place each.
// ASTRA-sim's analytical network reads bandwidth in GB/s with GB = 2^30 bytes.
inline double AstraGBps(double bytes_per_second) {
  return bytes_per_second / 1073741824.0;
}
// Calculon (network `bandwidth`, memory `GBps`) and SimAI (-nv, -nic) read GB/s with GB = 10^9.
inline double DecimalGBps(double bytes_per_second) {
  return bytes_per_second / 1e9;
}
inline double GiB(double bytes) {
  return bytes / 1073741824.0;
}

struct Stage {
  int64_t layers = 0;      // transformer layers on this stage
  int64_t moe_layers = 0;  // of which MoE layers
  int64_t mtp_layers = 0;  // of which the last are multi-token prediction layers (last stage)
  int64_t first_layer = 0;
  double dense_params = 0;   // per GPU after tensor parallelism (embedding/head included)
  double expert_params = 0;  // per GPU after expert and tensor parallelism
  double dense_linear = 0;   // of dense_params: the linear layers' weights
};

// One layer's compute for one micro-batch, seconds. `attn_share`: the attention half's fraction
// of fwd and bwd (the rest is the MLP half).
struct LayerCost {
  double fwd = 0, bwd = 0;
  double recompute = 0;  // forward work the plan's recompute mode replays in backward
  double attn_share = 0.5;
  double rope = 0;  // of fwd + bwd: the rotary embeddings on Q and K
  // Of bwd: the weight-gradient GEMMs, which take as long as the forward's GEMMs (the same
  // FLOPs; Qi et al. 2024, "Zero Bubble Pipeline Parallelism", section 2), and their attention
  // half's share. Zero-bubble schedules run them apart from the rest of the backward.
  double wgrad = 0, wgrad_attn_share = 0.5;
};

struct PlanShape {
  const ir::Plan* plan = nullptr;
  const analysis::PlanInputs* in = nullptr;
  const analysis::PlanResults* r = nullptr;
  const analysis::ClusterResults* cluster = nullptr;
  int64_t tp = 1, pp = 1, dp = 1, cp = 1, ep = 1, vpp = 1;
  int64_t etp = 1;  // expert tensor parallelism (analysis::ExpertTp)
  int64_t micro_batches = 1;
  int64_t gpus = 0;
  bool sequence_parallel = false;
  std::vector<Stage> stages;  // [pp]
  int64_t max_stage_layers = 1;
  // The pipeline stage that bounds the step: the most layers, MoE layers weighted by their
  // expert all-to-all time (see plan_shape.cpp); ties go to the later stage (it holds the head).
  int64_t slowest_stage = 0;

  // Per layer, per micro-batch, seconds: analysis' operator-level times (analysis/layer_model.h)
  // of a dense and of a MoE layer, split between the attention half (norm, QKV and O
  // projections, attention core) and the MLP half; the LM head and loss on the last stage.
  LayerCost dense, moe;
  // The LM head and loss, and beside the MTP layers their modules' norms, projections and heads
  // (analysis::HeadTime, analysis::MtpModuleTime).
  double head_fwd = 0, head_bwd = 0;
  double optimizer = 0;          // the optimizer step, seconds
  double orthogonalization = 0;  // of it, Muon's Newton-Schulz (StepBreakdown)
  double overhead = 0;           // host work between steps, the GPU idle (StepBreakdown::overhead)
  // Adding one micro-batch's gradients into the accumulation buffer, seconds (0 when fused into
  // the weight-gradient GEMMs): analysis' step total spread evenly over the micro-batches.
  double grad_accumulation = 0;
  double ep_layer = 0;  // expert all-to-alls of one MoE layer, one micro-batch, seconds

  // Message sizes, bytes (analysis::MessageSizes).
  double act_bytes = 0;  // one 16-bit activation tensor of a micro-batch: 2 (b s / cp) h
  // What the attention's column-parallel layers gather: act_bytes, or under MLA the latents.
  double attn_in_bytes = 0;
  double expert_act_bytes = 0;  // the routed experts' etp all-reduce (RoutedExpertTpTokens)
  // What a sequence-parallel all-gather moves per 16-bit byte: the quantized copy's share under
  // FP8, NVFP4 or MXFP4 (analysis::MessageSizes::tp_gather_scale), else 1.
  double tp_gather_scale = 1;
  double pp_bytes = 0;          // pipeline send: act_bytes, / tp with sequence parallelism
  double ep_bytes = 0;          // one all-to-all (dispatch or combine): 2 (b s / cp) top_k h
  double ep_leaving_bytes = 0;  // of it, what leaves the domain (group-limited routing); 0: all
  double cp_kv_bytes = 0;       // K and V of one rank's chunk: 2 (s / cp) b (k + v) / tp
  double cp_qkv_bytes = 0;      // Q, K and V of one rank's chunk (cp_comm = all_to_all)
  double cp_out_bytes = 0;      // the attention output of one rank's chunk (all_to_all)
  // Data parallelism: gradients move in the reduction's type, ZeRO/FSDP's parameter gathers in
  // the type the parameters are computed with.
  double grad_bytes_per_param = 2;
  double param_bytes_per_param = 2;

  bool Valid() const { return r != nullptr && r->valid; }
};

// MoE parallel folding: the experts' tensor parallelism differs from the attention's, so the
// expert-parallel groups cross the tensor-parallel ones. ASTRA-sim's slice and SimAI's workload
// place expert parallelism inside the data-parallel ranks and cannot express it.
inline bool FoldedExperts(const PlanShape& s) {
  return s.in != nullptr && analysis::ExpertsFolded(*s.in);
}

// One data-parallel collective of a step on one stage, as analysis counts them (ZeRO,
// Rajbhandari et al. 2019 section 7): without sharding an all-reduce of the gradients; ZeRO-1/2
// a reduce-scatter of the gradients and an all-gather of the updated parameters, once per step;
// ZeRO-3/FSDP per micro-batch two parameter all-gathers (forward and backward) and a gradient
// reduce-scatter. `expert`: over the expert-data-parallel group (dp x cp / ep ranks).
//
// `hybrid` (a backend that writes hybrid sharding's two groups; dense models): with
// analysis::ShardReplicas R > 1 the dense ZeRO/FSDP collectives run over a replica's shard group
// (dp x cp / R ranks, the same buffers), and after the gradients' reduce-scatter each rank
// all-reduces its gradient shard (the buffer / shard group) with the R - 1 ranks holding it in
// the other replicas, once a step (`across`). Without it the collectives are those of sharding
// over the whole group, what SimAI and Calculon write.
enum class DpOp { kAllReduce, kReduceScatter, kAllGather };
struct DpCollective {
  DpOp op = DpOp::kAllReduce;
  bool expert = false;
  bool per_micro_batch = false;  // ZeRO-3/FSDP: once per micro-batch, else once per step
  bool before_backward = false;  // ZeRO-3/FSDP: the gather before the backward, not the forward
  double bytes = 0;              // per GPU (the full buffer the collective reduces or gathers)
  const char* what = "";         // "grad" or "param"
  bool across = false;           // hybrid sharding's all-reduce across the replicas
};
std::vector<DpCollective> DataParallelCollectives(const PlanShape& s, const Stage& st,
                                                  bool hybrid = false);

// Extra forward work that recompute adds to one layer's backward, split like the layer: full
// recompute repeats the attention and the MLP; selective replays its modules (by default the
// attention core alone), all counted with the attention.
double RecomputeAttention(const PlanShape& s, bool moe);
double RecomputeMlp(const PlanShape& s, bool moe);
// Whether layer `l` of stage `st` replays under the plan's recompute: every layer, except under
// `full` with recompute_layers, where only the first that many of each of the stage's vpp
// chunks do (chunk sizes differing by at most one, the larger first) and no MTP layer does.
bool LayerReplays(const PlanShape& s, const Stage& st, int64_t l);

// Compute of stage `st` for one micro-batch (forward, backward, recompute, the head on the last
// stage) plus the expert all-to-alls of its MoE layers: what ranks the stages.
double StageMicroBatchTime(const PlanShape& s, int64_t stage);

// Tensor-parallel communication of one step, seconds, that analysis hides beside the backward's
// weight- and data-gradient GEMMs with `tp_backward_overlap` alone (Megatron-LM's asynchronous
// all-reduce; without `tp_comm_overlap`, whose simulator mappings are their own): 0 otherwise.
// Calculon's and SimAI's analytical steps expose it.
double HiddenTpBackward(const PlanShape& s);

// Layers on each pipeline stage: analysis::StageLayers (the plan's first_stage_layers/
// last_stage_layers, else Megatron-LM's split), made to sum to the model's layers where analysis
// rounds a stage up (it charges every stage the fullest one's count).
std::vector<int64_t> StageLayerCounts(const analysis::PlanInputs& in);

// Flattens plan `index`; nullopt-like (Valid() false) when analysis could not evaluate it.
PlanShape MakePlanShape(const Context& context, uint32_t index);

// Reports sim.not-represented at the plan, with `message` (what the input leaves out).
void ReportNotRepresented(const Context& context, const ir::Plan& plan, std::string message);

// The comment line naming the spec, for formats with comments.
std::string HeaderLine(const Context& context, const ir::Plan& plan);

// Shortest round-trip decimal of a double ("400", "419.0951585769653"); deterministic.
std::string Num(double v);

}  // namespace clusterc::backends::sim
