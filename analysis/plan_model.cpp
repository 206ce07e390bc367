#include "analysis/plan_model.h"

#include <algorithm>
#include <cmath>

#include "analysis/analysis.h"
#include "analysis/collective_rates.h"
#include "analysis/formulas.h"
#include "analysis/layer_model.h"
#include "analysis/model_states.h"
#include "analysis/muon_model.h"
#include "analysis/offload.h"
#include "analysis/stage_load.h"
#include "analysis/tp_model.h"
#include "ir/checked.h"

namespace clusterc::analysis {

namespace f = formulas;

int64_t ShardReplicas(const PlanInputs& in) {
  const int64_t ranks = std::max<int64_t>(1, in.dp) * std::max<int64_t>(1, in.cp);
  if (ZeroStage(in.sharding) == 0 || in.shard_group <= 0 || in.shard_group >= ranks ||
      ranks % in.shard_group != 0)
    return 1;
  const int64_t replicas = ranks / in.shard_group;
  return in.dp % replicas == 0 ? replicas : 1;
}

PlanResults EvaluatePlan(const PlanInputs& in) {
  PlanResults r;
  const int64_t tp = std::max<int64_t>(1, in.tp), pp = std::max<int64_t>(1, in.pp);
  const int64_t dp = std::max<int64_t>(1, in.dp), cp = std::max<int64_t>(1, in.cp);
  const int64_t ep = std::max<int64_t>(1, in.ep), vpp = std::max<int64_t>(1, in.vpp);
  // One copy of the experts spans ep x etp GPUs of the tp x dp x cp ranks of a stage
  // (Megatron-Core's MoE parallel folding; etp = tp unless the plan sets it).
  const int64_t etp = ExpertTp(in), ep_span = ir::SaturatingMul(etp, ep);
  r.gpus = ir::SaturatingMul(ir::SaturatingMul(tp, pp), ir::SaturatingMul(dp, cp));
  const AttentionDims a = Attention(in);
  r.params = CountParams(in, a);
  if (in.layers <= 0 || in.hidden <= 0 || in.heads <= 0 || in.seq_len <= 0 ||
      in.global_batch <= 0 || in.peak_flops <= 0 || in.micro_batch <= 0)
    return r;
  r.valid = true;
  const double s = double(in.seq_len), h = double(in.hidden), V = double(in.vocab);
  const double B = double(in.global_batch);
  r.micro_batches = std::max<int64_t>(1, in.global_batch / (in.micro_batch * dp));
  const double m = double(r.micro_batches);

  // ---- FLOPs per token: 2 x matmul parameters + attention core forward, x3 for forward and
  // backward (Korthikanti et al. 2022 eq. 7 counts exactly this for GPT shapes).
  const double dense_layers =
      in.moe ? std::min(double(in.layers), double(in.dense_layers)) : double(in.layers);
  const double moe_layers = double(in.layers) - dense_layers;
  const double mlp_dense_mm = MlpFactor(in) * h * double(in.ffn);
  const double fe = double(in.expert_ffn > 0 ? in.expert_ffn : in.ffn);
  const double mlp_moe_mm =
      double(in.top_k + in.shared_experts) * MlpFactor(in) * h * fe + h * double(in.experts);
  const double fwd_dense = 2 * (a.matmul + mlp_dense_mm) + a.core_fwd_per_token;
  const double fwd_moe = 2 * (a.matmul + mlp_moe_mm) + a.core_fwd_per_token;
  const double fwd_layers = dense_layers * fwd_dense + moe_layers * fwd_moe;
  const double fwd_head = 2 * V * h;
  // Multi-token prediction, as Megatron-LM's num_floating_point_operations counts it: each module
  // a layer of the last layer's kind, its 2h -> h projection and one more pass of the head.
  const bool mtp_moe = MtpLayersMoe(in);
  const double mtp = double(std::max<int64_t>(0, in.mtp_layers));
  const double fwd_mtp_layers = mtp * (mtp_moe ? fwd_moe : fwd_dense);
  const double fwd_mtp = fwd_mtp_layers + mtp * (2 * 2 * h * h + fwd_head);
  r.flops.model_per_token = 3 * (fwd_layers + fwd_head + fwd_mtp);
  double extra = 0;
  if (in.recompute == ir::Recompute::full) {
    // Narayanan et al. 2021 eq. 3: one more forward, not of the LM head. Megatron-Core replays
    // the MTP layers under the uniform method only ("'block' is not supported for MTP yet").
    extra = fwd_layers + (in.recompute_layers > 0 ? 0 : fwd_mtp_layers);
    if (in.recompute_layers > 0) {
      // Of the layers that replay (the first, last and a middle stage stand for all:
      // StageLayers gives every middle stage the same count).
      const int64_t p_ = std::max<int64_t>(1, in.pp);
      double held = double(StageLayers(in, 0)), replayed = FullyReplayedLayers(in, held);
      if (p_ > 1) {
        const double last = double(StageLayers(in, p_ - 1)), mid = double(StageLayers(in, 1));
        held += last + double(p_ - 2) * mid;
        replayed += FullyReplayedLayers(in, last) + double(p_ - 2) * FullyReplayedLayers(in, mid);
      }
      extra = held > 0 ? fwd_layers * replayed / held : 0;
    }
  } else if (const uint8_t replay = Replayed(in); replay != 0) {
    // Korthikanti et al. 2022 section 6.3 counts selective recompute as doubling the attention
    // term (s/(6h) -> s/(3h)), i.e. 3x the core's forward; this reproduces Megatron-LM's published
    // HFU/MFU (175B: 52.8 / 51.4 %). Physically one more forward would be 1x: an upper bound.
    // The MTP layers are layers of the same config and replay the same modules.
    const double all_layers = double(in.layers) + mtp;
    if (replay & kRecomputeCoreAttention) extra = 3 * all_layers * a.core_fwd_per_token;
    // Replayed GEMMs: a dense MLP's, MLA's up-projections.
    if (replay & kRecomputeMlp) extra += (dense_layers + (mtp_moe ? 0 : mtp)) * 2 * mlp_dense_mm;
    if (in.mla && (replay & kRecomputeMlaUpProjection))
      extra += all_layers * 2 * double(in.heads) *
               (double(in.q_rank > 0 ? in.q_rank * (in.head_dim + in.rope_dim) : 0) +
                double(in.kv_rank * (in.head_dim + in.v_head_dim)));
  }
  r.flops.hardware_per_token = r.flops.model_per_token + extra;
  r.flops.model_per_step = r.flops.model_per_token * B * s;
  r.flops.hardware_per_step = r.flops.hardware_per_token * B * s;

  // ---- memory of the most loaded GPU: stages 0, 1 and p-1 (first holds most micro-batches, the
  // second most layers when the first gives a slot to the embedding, the last the LM head).
  const int stage = ZeroStage(in.sharding);
  const WeightBytes wb = BytesPerParam(in, stage);
  // The ranks one shard of the sharded states spans: the data-parallel group, or under hybrid
  // sharding its shard group, the group's `replicas` copies all-reducing their shards.
  const int64_t replicas = ShardReplicas(in);
  const double nd_dense = double(dp * cp) / double(replicas);
  // The expert states' ranks, ep_span of them a copy; whole copies shard over the replicas.
  const int64_t expert_ranks = ir::SaturatingMul(ir::SaturatingMul(tp, dp), cp);
  const double nd_expert_all = std::max(1.0, double(expert_ranks) / double(ep_span));
  const double expert_replicas =
      replicas > 1 && expert_ranks % ep_span == 0 && (expert_ranks / ep_span) % replicas == 0
          ? double(replicas)
          : 1.0;
  const double nd_expert = nd_expert_all / expert_replicas;
  const double reserve = in.framework_reserve;
  const double act_dense = LayerActivationBytes(in, false);
  const double act_moe = in.moe ? LayerActivationBytes(in, true) : 0;
  // Under `full` with recompute_layers, the layers left out keep everything.
  const bool partial = PartialRecompute(in);
  const double kept_dense = partial ? LayerActivationBytes(in, false, ir::Recompute::none) : 0;
  const double kept_moe =
      partial && in.moe ? LayerActivationBytes(in, true, ir::Recompute::none) : 0;
  const double M = double(in.micro_batch) * s / double(cp);  // tokens per micro-batch per rank
  // The step waits for the slowest of its GPUs: every GPU does the same work, each part at its
  // own speed (docs/model-scale.md).
  const double device_pace = f::SlowestDevicePace(in.speed_sigma, double(r.gpus));
  r.step.pace = device_pace;
  const LayerTimes lt_dense = LayerTime(in, a, false, device_pace);
  const LayerTimes lt_moe = in.moe ? LayerTime(in, a, true, device_pace) : LayerTimes{};
  const HeadTimes head = HeadTime(in, device_pace);
  const HeadTimes mtp_module = MtpModuleTime(in, device_pace);
  const bool muon = in.optimizer == ir::OptimizerKind::muon;
  const MuonLayerWork muon_dense = muon ? MuonLayer(in, a, false) : MuonLayerWork{};
  const MuonLayerWork muon_moe = muon && in.moe ? MuonLayer(in, a, true) : MuonLayerWork{};
  const MuonWork muon_mtp = muon && in.mtp_layers > 0 ? MuonMtpProjection(in) : MuonWork{};

  int64_t stages[3] = {0, 1, pp - 1};
  int nstages = pp == 1 ? 1 : (pp == 2 ? 2 : 3);
  if (pp == 2) stages[1] = 1;
  // Their layer counts and first layers (StageLayers, StageStart), each count computed once.
  int64_t stage_layers[3], stage_start[3] = {0, 0, 0};
  for (int k = 0; k < nstages; ++k) stage_layers[k] = StageLayers(in, stages[k]);
  if (nstages > 1)
    stage_start[nstages - 1] = std::max<int64_t>(0, in.layers - stage_layers[nstages - 1]);
  if (nstages == 3) stage_start[1] = stage_layers[0];
  // A MoE layer's expert parameters on one GPU; the output layer's fp32 logits for the cross
  // entropy, 4 s b V / t (Korthikanti et al. 2022 4.3).
  const double experts_per_layer = double(in.experts) * r.params.expert / double(ep_span);
  const double logits = 4 * M * V / double(tp);
  const double loss_working = LossBytesPerLogit(in) * M * V / double(tp);
  const double replay_dense = ReplayedLayerBytes(in, false);
  const double replay_moe = in.moe ? ReplayedLayerBytes(in, true) : 0;
  MemoryBreakdown mems[3];
  StageLoad loads[3];
  for (int k = 0; k < nstages; ++k) {
    int64_t i = stages[k];
    double n = double(stage_layers[k]);
    double start = double(stage_start[k]);
    double nd = std::clamp(dense_layers - start, 0.0, n);
    double nm = n - nd;
    bool first = i == 0, last = i == pp - 1;
    // Multi-token prediction modules follow the last layer on the last stage (Megatron-Core's
    // mtp_process = post_process): their layers, dense or MoE as the last one.
    const double n_mtp = last ? mtp : 0;
    const double mtp_d = mtp_moe ? 0 : n_mtp, mtp_m = mtp_moe ? n_mtp : 0;
    double dense_params =
        nd * (r.params.attention + r.params.norms + r.params.dense_mlp) +
        nm * (r.params.attention + r.params.norms + r.params.shared + r.params.router);
    if (first) dense_params += r.params.embedding;
    if (last) {
      dense_params += r.params.head + (in.layernorm ? 2 * h : h);
      if (in.tied_embeddings && pp > 1) dense_params += V * h;  // the head's copy
      // MTP modules: their layers' dense parts, projections and norms, and (pp > 1) a copy of
      // the embedding they share (Megatron-Core builds it where pre_process or mtp_process).
      dense_params +=
          mtp_d * (r.params.attention + r.params.norms + r.params.dense_mlp) +
          mtp_m * (r.params.attention + r.params.norms + r.params.shared + r.params.router) +
          n_mtp * r.params.mtp_module;
      if (n_mtp > 0 && pp > 1 && !in.tied_embeddings) dense_params += V * h;
    }
    dense_params /= double(tp);
    double expert_params = (nm + mtp_m) * experts_per_layer;
    double gathered = 0;
    if (stage >= 3 && nd_dense > 1) {  // one rank: nothing is sharded, nothing gathered
      const double dense_unit = r.params.attention + r.params.norms + r.params.dense_mlp;
      const double moe_unit = r.params.attention + r.params.norms + r.params.shared +
                              r.params.router +
                              double(in.experts) * r.params.expert * double(tp) / double(ep_span);
      const double unit =
          std::max(nd + mtp_d > 0 ? dense_unit : 0.0, nm + mtp_m > 0 ? moe_unit : 0.0);
      double root = (first ? r.params.embedding : 0) +
                    (last ? r.params.head + (in.layernorm ? 2 * h : h) : 0);
      if (last && in.tied_embeddings && pp > 1) root += V * h;
      gathered =
          GatheredBytes(in, wb, unit / double(tp), root / double(tp), dense_params + expert_params);
    }
    f::ModelStateBytes ms =
        f::ZeroModelStates(dense_params, nd_dense, stage, wb.weight, wb.grad, wb.optimizer);
    f::ModelStateBytes me =
        f::ZeroModelStates(expert_params, nd_expert, stage, wb.weight, wb.grad, wb.optimizer);
    double in_flight = pp == 1 ? 1.0 : f::PipelineInFlight(m, double(pp), double(vpp), double(i));
    // Offloaded layers' activations wait in host memory (analysis/offload.h).
    const OffloadedLayers off =
        in.offload_layers > 0 ? SplitOffload(in, nd, nm) : OffloadedLayers{};
    // The share of the stage's layers that replay their forward (1 under `full`, 0 else).
    const double replayed_share = !partial ? (in.recompute == ir::Recompute::full ? 1.0 : 0.0)
                                  : n > 0  ? FullyReplayedLayers(in, n) / n
                                           : 0.0;
    const double layer_dense =
        partial ? replayed_share * act_dense + (1 - replayed_share) * kept_dense : act_dense;
    const double layer_moe =
        partial ? replayed_share * act_moe + (1 - replayed_share) * kept_moe : act_moe;
    const double off_bytes = off.dense * layer_dense + off.moe * layer_moe;
    double acts = in_flight * (nd * layer_dense + nm * layer_moe - off_bytes);
    if (n_mtp > 0) {
      // MTP layers keep what the plan's mode keeps, everything under the block method (which
      // skips them); each module also its logits and its projection's 2h-wide input.
      const double mtp_layer =
          mtp_moe ? (partial ? kept_moe : act_moe) : (partial ? kept_dense : act_dense);
      const double sp = in.sequence_parallel ? double(tp) : 1.0;
      acts += in_flight * n_mtp * mtp_layer + n_mtp * (logits + 4 * M * h / sp);
    }
    MemoryBreakdown& mb = mems[k];
    mb.stage = i;
    mb.params = dense_params + expert_params;
    const double copy = QuantizedWeightBytes(in, wb, stage);
    const double linear = copy != 0 || in.linear_gather_bytes > 0
                              ? StageLinearParams(in, r.params, nd + mtp_d, nm + mtp_m, n_mtp, 0)
                              : 0;
    mb.weights = ms.weights + me.weights + copy * (linear + expert_params);
    // Megatron-FSDP's FP8 shards: its uint8 buffer, 1 byte a linear weight (not PyTorch's fp32).
    if (stage >= 3 && in.linear_gather_bytes > 0 && !in.fp32_params)
      mb.weights -=
          (wb.weight - in.linear_gather_bytes) * (linear / nd_dense + expert_params / nd_expert);
    mb.gradients = ms.gradients + me.gradients;
    mb.optimizer = ms.optimizer + me.optimizer;
    mb.activations = acts;
    mb.reserve = reserve;
    mb.gathered = gathered;
    // The loss's logits on the last stage and a replayed layer's activations come one after the
    // other (the loss's are freed before the first layer's backward): the larger counts.
    mb.working = std::max(last ? loss_working : 0.0, std::max(nd + mtp_d > 0 ? replay_dense : 0.0,
                                                              nm + mtp_m > 0 ? replay_moe : 0.0));
    mb.offloaded = in_flight * off_bytes;
    // Compute of this stage for one micro-batch: the operator-level times of its layers
    // (analysis/layer_model.cpp) and, on the last stage, the LM head and loss.
    double fwd = nd * lt_dense.fwd + nm * lt_moe.fwd + (last ? head.fwd : 0);
    double bwd = nd * lt_dense.bwd + nm * lt_moe.bwd + (last ? head.bwd : 0);
    double rec = nd * lt_dense.recompute + nm * lt_moe.recompute;
    if (partial) rec *= replayed_share;
    if (n_mtp > 0) {
      fwd += mtp_d * lt_dense.fwd + mtp_m * lt_moe.fwd + n_mtp * mtp_module.fwd;
      bwd += mtp_d * lt_dense.bwd + mtp_m * lt_moe.bwd + n_mtp * mtp_module.bwd;
      if (!partial) rec += mtp_d * lt_dense.recompute + mtp_m * lt_moe.recompute;
    }
    double stall = 0;
    if (off.Count() > 0 && in.offload_bandwidth > 0 && n > 0) {
      const double transfer = off_bytes / off.Count() / in.offload_bandwidth;
      const double layer_fwd = (nd * lt_dense.fwd + nm * lt_moe.fwd) / n;
      const double layer_bwd = (nd * lt_dense.bwd + nm * lt_moe.bwd + rec) / n;
      stall = OffloadStall(off.Count(), n, transfer, layer_fwd) +
              OffloadStall(off.Count(), n, transfer, layer_bwd);
    }
    StageLoad& ld = loads[k];
    ld.stall = stall;
    ld.compute = fwd + bwd;
    ld.bwd = bwd;
    ld.recompute = rec;
    ld.gemm_time = (nd + mtp_d) * lt_dense.gemm_time + (nm + mtp_m) * lt_moe.gemm_time;
    ld.gemm_flops = (nd + mtp_d) * lt_dense.gemm_flops + (nm + mtp_m) * lt_moe.gemm_flops;
    ld.attn = (n + n_mtp) * lt_dense.attn_fwd;
    ld.layers = n + n_mtp;
    ld.moe_layers = nm + mtp_m;
    ld.replayed_share = replayed_share;
    ld.dense_params = dense_params;
    ld.expert_params = expert_params;
    ld.dense_linear = linear;
    ld.muon_dense = ld.muon_expert = ld.muon_largest = 0;
    ld.muon_gathered_dense = ld.muon_gathered_expert = 0;
    if (muon) {
      MuonWork dense, expert;
      dense.Add(muon_dense.dense, nd + mtp_d);
      dense.Add(muon_moe.dense, nm + mtp_m);
      dense.Add(muon_mtp, n_mtp);
      expert.Add(muon_moe.expert, nm + mtp_m);
      ld.muon_dense = dense.time;
      ld.muon_expert = expert.time;
      ld.muon_largest = std::max(dense.largest, expert.largest);
      ld.muon_gathered_dense = dense.gathered;
      ld.muon_gathered_expert = expert.gathered;
      // The embedding and the output layer fall back to Adam (emerging_optimizers.py:
      // is_embedding_or_output_parameter): a second fp32 moment beside Muon's one.
      double adam = (first ? r.params.embedding : 0) + (last ? r.params.head : 0);
      if (last && in.tied_embeddings && pp > 1) adam += V * h;
      mb.optimizer += 4 * adam / double(tp) / (stage >= 1 ? nd_dense : 1.0);
    }
  }
  // DualPipe: rank i runs stage i of one direction and stage p - 1 - i of the other, on half the
  // micro-batches each (DeepSeek-V3 section 3.2.1; deepseek-ai/DualPipe's example gives rank i
  // full_modules[rank] and full_modules[pp_size - 1 - rank] and each direction half the batch),
  // so a rank's load per micro-batch is its two stages' mean: the first stage's with the last's,
  // the middle ranks' with another middle stage's (stage 1 stands for them).
  // Its memory is the two stages' sum: the last stage's in-flight count is the reverse
  // direction's for stage 0 (1), and stage p - 2's (2) for stage 1.
  if (in.schedule == ir::Schedule::dualpipe && nstages > 1) {
    loads[0] = MeanLoad(loads[0], loads[nstages - 1]);
    const MemoryBreakdown middle = mems[1];
    mems[0] = DualPipeRankMemory(mems[0], mems[nstages - 1], 1, stage);
    if (nstages == 3)
      mems[1] = DualPipeRankMemory(middle, middle,
                                   f::PipelineInFlight(m, double(pp), double(vpp), double(pp - 2)) /
                                       f::PipelineInFlight(m, double(pp), double(vpp), 1),
                                   stage);
    nstages = nstages == 2 ? 1 : 2;
  }
  for (int k = 0; k < nstages; ++k)
    if (k == 0 || mems[k].Total() > r.memory.Total()) r.memory = mems[k];
  // ---- the expert all-to-all of one MoE layer per micro-batch (its four passes), and the share
  // of the SMs its hidden time takes
  double ep_layer = 0, ep_share = ComputeShare(in, ep_span);
  if (in.moe && ep > 1) {
    // Dispatch and combine, forward and backward: 4 all-to-alls of the top_k token copies per MoE
    // layer (Lepikhin et al. 2020, GShard section 2.2; DeepSeek-V3 section 3.2.2).
    // Each GPU sends the copies of its own sequence-parallel shard, 1/tp of the micro-batch's
    // tokens (Megatron-Core's alltoall dispatcher, which then gathers them over etp:
    // RoutedExpertTpTokens); a deduplicating dispatcher sends each to every GPU of its experts'
    // etp group, etp / tp of them as an all-to-all would count (and fewer, below).
    double bytes =
        M / double(tp) * double(in.top_k) * h * 2 * (in.ep_deduplicated ? double(etp) : 1.0);
    r.messages.all_to_all = bytes;
    double bw = AchievedBandwidth(in, ep_span);
    double one = f::AllToAllTime(double(ep), bytes, bw, Latency(in, ep_span));
    if (in.scale_up_domain > 0 && ep_span > in.scale_up_domain && in.scale_up_bandwidth > 0) {
      // Across scale-up domains only the copies for the n - g ranks of other domains leave
      // through the NIC; the g - 1 in its own go over the scale-up links at the same time
      // (the two link levels DeepSeek-V3 section 3.2.2 runs concurrently).
      const double g = std::max(1.0, double(in.scale_up_domain / etp));  // EP ranks per domain
      const double n = double(ep);
      const double up = in.scale_up_bandwidth * in.scale_up_efficiency;
      one = std::max((n - g) / n * bytes / bw, (g - 1) / n * bytes / up) +
            (n - 1) * Latency(in, ep_span);
    }
    const bool group_limited = in.expert_groups > 0 && in.top_groups > 0;
    if (in.ep_deduplicated) {
      // A deduplicating dispatcher (`ep_dispatch = deduplicated`: DeepSeek-V3 report section
      // 3.2.2, DeepEP, HybridEP): a token goes once to each unit holding one of its experts (a
      // GPU, or a scale-up domain when the group spans several, forwarded inside it over the
      // scale-up links at the same time); group-limited routing (DeepSeek-V2 section 2.1.3, V3
      // section 3.2.2) bounds the units a token reaches. An all-to-all sends every copy.
      const bool spans = in.scale_up_domain > 0 && ep_span > in.scale_up_domain;
      const double units =
          spans ? std::ceil(double(ep_span) / double(in.scale_up_domain)) : double(ep);
      const double copies =
          group_limited ? f::GroupLimitedCopies(double(in.top_k), double(in.expert_groups),
                                                double(in.top_groups), units)
                        : f::DeduplicatedCopies(double(in.top_k), double(in.experts), units);
      const double tokens = M * double(etp) / double(tp);
      if (spans) r.messages.all_to_all_leaving = tokens * h * 2 * copies;
      double leave = bw > 0 ? tokens * h * 2 * copies / bw + (units - 1) * Latency(in, ep_span) : 0;
      double forward = 0;
      if (spans && in.scale_up_bandwidth > 0) {
        const double d = double(in.scale_up_domain) / double(etp);  // EP ranks in a domain
        forward = bytes * (d - 1) / d / (in.scale_up_bandwidth * in.scale_up_efficiency);
      }
      one = std::min(one, std::max(leave, forward));
      // The forwarding inside the domain runs NVLink kernels on SMs for the whole exchange
      // (DeepSeek-V3 section 3.2.2: 20 of the H800's 132 SMs), so hidden time costs the scale-up
      // share.
      if (spans) ep_share = in.scale_up_compute_share;
    }
    ep_layer = 4 * one;
    // Rail-only fabrics (Wang et al. 2023): an all-to-all leaving the scale-up domain first
    // forwards what is bound for other rails across it.
    if (in.rail_only_rails > 1 && ep_span > in.scale_up_domain)
      ep_layer += 4 * f::RailOnlyForwardTime(bytes, double(in.rail_only_rails),
                                             in.scale_up_bandwidth * in.scale_up_efficiency);
  }
  r.messages.all_to_all_layer_time = ep_layer;
  // Under `ep_comm_overlap` a MoE layer's pieces as a forward-backward pair interleaves them
  // (OverlappedPairExposure): the attention half as the simulators' traces split it
  // (sim::PlanShape's LayerCost: the attention core and rotary embeddings, and of the rest the
  // attention's share of the matmul parameters), the weight gradients as long as the forward's
  // GEMMs (at most half the backward), what recompute replays with the backward.
  OverlappedMoeLayer paired;
  double recompute_attn = 1;
  if (in.ep_comm_overlap && ep_layer > 0 && lt_moe.fwd > 0) {
    const double mlp_params =
        double(in.top_k) * r.params.expert + r.params.shared + r.params.router;
    const double gemm_share = r.params.attention + mlp_params > 0
                                  ? r.params.attention / (r.params.attention + mlp_params)
                                  : 0.5;
    const double own = device_pace * (lt_moe.attn_fwd + lt_moe.rope_fwd);
    const double attn = std::clamp((own + (lt_moe.fwd - own) * gemm_share) / lt_moe.fwd, 0.0, 1.0);
    const double w = std::clamp(device_pace * lt_moe.gemm_time, 0.0, lt_moe.bwd / 2);
    const double w_attn = std::min(gemm_share, attn) * w;
    paired.attn_fwd = attn * lt_moe.fwd;
    paired.mlp_fwd = lt_moe.fwd - paired.attn_fwd;
    paired.attn_wgrad = w_attn;
    paired.mlp_wgrad = w - w_attn;
    paired.attn_bwd = attn * lt_moe.bwd - w_attn;
    paired.mlp_bwd = (1 - attn) * lt_moe.bwd - paired.mlp_wgrad;
    paired.all_to_all = ep_layer / 4;
    recompute_attn = in.recompute == ir::Recompute::full ? attn : 1;
  }
  // A stage's pair with what its recompute replays: selective recompute's in the attention
  // half, full recompute's (on its replayed share of the layers) split as the forward.
  auto exposure = [&](double moe_layers, double replayed_share) {
    OverlappedMoeLayer l = paired;
    const double rec =
        lt_moe.recompute * (in.recompute == ir::Recompute::full ? replayed_share : 1.0);
    l.attn_bwd += recompute_attn * rec;
    l.mlp_bwd += (1 - recompute_attn) * rec;
    return OverlappedPairExposure(l, moe_layers);
  };
  // The slowest stage (rank): its compute and its MoE layers' all-to-all as the step below
  // exposes it (overlapped with another micro-batch's compute, or not) and slows the compute.
  const double ep_alone = in.ep_comm_overlap ? EpUnpairedShare(in, m) : 1.0;
  // Each stage's paired exposure is kept for the slowest's micro-batch below.
  double pair_exposure[3] = {0, 0, 0};
  auto pace = [&](int k) {
    const StageLoad& ld = loads[k];
    const double ep_all = ld.moe_layers * ep_layer;
    if (in.ep_comm_overlap) pair_exposure[k] = exposure(ld.moe_layers, ld.replayed_share);
    const double shown = ep_alone * ep_all + (1 - ep_alone) * pair_exposure[k];
    return ld.Time() + shown + (ep_all - shown) * ep_share;
  };
  // Stages (DualPipe: ranks) each record stands for: 0, the middle ones, p - 1.
  double represented[3] = {1, double(pp - 2), 1};
  if (in.schedule == ir::Schedule::dualpipe && pp > 1) represented[0] = 2;
  if (nstages == 2 && represented[0] == 1) represented[1] = 1;  // pp = 2: stages 0 and 1
  int slowest_k = 0;
  double slowest_pace = pace(0), all_paces = represented[0] * slowest_pace;
  for (int k = 1; k < nstages; ++k) {
    const double t = pace(k);
    all_paces += represented[k] * t;
    if (t > slowest_pace) {
      slowest_k = k;
      slowest_pace = t;
    }
  }
  const StageLoad* slowest = &loads[slowest_k];
  // The pipeline fills and drains through every stage but the slowest once: its bubble is their
  // micro-batch times, (p - 1) times the slowest's when the stages are even.
  const double fill_stages =
      slowest_pace > 0 ? all_paces / slowest_pace - 1 : double(std::max<int64_t>(0, pp - 1));
  r.fill_stages = fill_stages;
  const double offload_mb = slowest->stall, compute_mb = slowest->compute;
  const double bwd_mb = slowest->bwd, recompute_mb = slowest->recompute;
  const double gemm_time_mb = slowest->gemm_time, gemm_flops_mb = slowest->gemm_flops;
  const double attn_mb = slowest->attn, layers_mb = slowest->layers;
  const double layers_moe_mb = slowest->moe_layers, replayed_share_mb = slowest->replayed_share;
  const double stage_dense_params = slowest->dense_params;  // of the slowest stage (rank)
  const double stage_expert_params = slowest->expert_params;
  // What any parameter all-gather moves: a routed expert's weights are all linear.
  const double dense_gather =
      ParamGatherBytes(in, wb.compute, stage_dense_params, slowest->dense_linear);
  const double expert_gather =
      ParamGatherBytes(in, wb.compute, stage_expert_params, stage_expert_params);
  r.step.gemm_efficiency = gemm_time_mb > 0 ? gemm_flops_mb / (gemm_time_mb * in.peak_flops) : 0;

  // ---- communication per micro-batch on the slowest stage
  const double act_msg = 2 * M * h;  // one 16-bit activation tensor of the micro-batch
  r.messages.activation = act_msg;
  // Under MLA (DeepSeek-V2/V3), Megatron-Core runs the down-projections whole on each rank's
  // sequence shard (`TELinear`, parallel_mode "duplicated"), so the attention block's
  // column-parallel layers, the up-projections, gather the compressed latents, and the rotary
  // key its own slice (multi_latent_attention.py: linear_q_up_proj, linear_kv_up_proj,
  // gather_from_sequence_parallel_region(k_pos_emb)): q_rank (h uncompressed) + kv_rank +
  // rope_dim wide, 2,112 for DeepSeek-V3 against its hidden 7,168.
  r.messages.attention_input = in.mla ? 2 * M *
                                            (double(in.q_rank > 0 ? in.q_rank : in.hidden) +
                                             double(in.kv_rank) + double(in.rope_dim))
                                      : act_msg;
  double tp_mb = 0, tp_all_mb = 0, ep_mb = 0, cp_mb = 0, cp_total_mb = 0;
  // MoE layers run their routed experts' collectives over the etp group (tp unless folded), on
  // what the dispatcher gathers there (RoutedExpertTpTokens: none at etp 1); shared experts stay
  // on tp (tp_model.cpp).
  const bool folded = ExpertsFolded(in) && layers_moe_mb > 0;
  r.messages.expert_activation = act_msg * RoutedExpertTpTokens(in);
  r.messages.tp_gather_scale =
      in.sequence_parallel && QuantizedLinear(in) ? in.linear_input_bytes / 2 : 1;
  if (tp > 1 || (folded && etp > 1)) {
    const TpTimes t = TensorParallelTimes(
        in, r.messages,
        {tp, etp, in.shared_experts > 0, layers_mb, layers_moe_mb, replayed_share_mb}, lt_dense,
        lt_moe);
    tp_all_mb = t.total;
    tp_mb = std::min(t.total, t.exposed);
  }
  ep_mb = layers_moe_mb * ep_layer;
  if (cp > 1) {
    // 16-bit tensors of one rank's chunk of the sequence, per unit of width.
    const double chunk = 2 * (s / double(cp)) * double(in.micro_batch) / double(tp);
    const double kv_bytes = chunk * (a.k + a.v);
    r.messages.context_kv = kv_bytes;
    r.messages.context_qkv = chunk * (a.q + a.k + a.v);
    r.messages.context_out = chunk * a.o;
    const int64_t span = ir::SaturatingMul(tp, cp);
    const double alpha = Latency(in, span);
    // Full recompute replays each layer's forward exchange before its backward.
    const double replay = replayed_share_mb;
    switch (in.cp_comm) {
      case ir::CpComm::ring: {
        // Ring attention (Liu et al. 2023; Megatron context parallelism, --cp-comm-type p2p):
        // cp - 1 steps pass the K/V chunk forward; backward passes K/V and their gradients
        // (2x). Overlapped with the attention core of each step.
        double bw = AchievedBandwidth(in, span);
        double one = bw > 0 ? double(cp - 1) * (kv_bytes / bw + alpha) : 0;
        cp_total_mb = layers_mb * 3 * one;
        cp_mb = std::max(0.0, cp_total_mb - 3 * attn_mb);  // attention forward + backward ~ 3x
        break;
      }
      case ir::CpComm::all_gather: {
        // Llama 3 (Dubey et al. 2024, section 3.3.2): all of K and V gathered before attention,
        // "exposed in the critical path"; Transformer Engine's AttnFuncWithCPAndKVAllGather
        // gathers them again in backward and reduce-scatters dK and dV after it, each a
        // blocking collective on the compute stream. The ring's ranks are tp apart.
        double bw = GatherRingBandwidth(in, tp, cp);
        double one = f::AllGatherTime(double(cp), double(cp) * kv_bytes, bw, alpha);
        cp_total_mb = layers_mb * (3 + replay) * one;
        cp_mb = cp_total_mb;
        break;
      }
      case ir::CpComm::all_to_all: {
        // DeepSpeed-Ulysses (Jacobs et al. 2023, arXiv 2309.14509, section 3.1): an all-to-all
        // trades the sequence split of Q, K and V for a head split before attention, another
        // returns the output; backward the same for their gradients. Blocking, as in
        // Transformer Engine's AttnFuncWithCPAndQKVOA2A.
        double bw = AchievedBandwidth(in, span);
        double one = f::AllToAllTime(double(cp), r.messages.context_qkv, bw, alpha) +
                     f::AllToAllTime(double(cp), r.messages.context_out, bw, alpha);
        cp_total_mb = layers_mb * (2 + replay) * one;
        cp_mb = cp_total_mb;
        break;
      }
    }
  }
  double pp_total = 0;
  if (pp > 1) {
    // Activations forward and gradients backward between stages, v times per micro-batch. Each
    // tensor-parallel rank sends 1/t of the tensor: its sequence-parallel shard, or without
    // sequence parallelism a 1/t slice that the receiving stage all-gathers over the scale-up
    // links (Narayanan et al. 2021 section 4.1, scatter/gather; Megatron-LM
    // `scatter_gather_tensors_in_pipeline`, on by default; DeepSpeed's PipelineEngine
    // `is_pipe_partitioned` under model parallelism).
    double bytes = act_msg / double(tp);
    r.messages.pipeline = bytes;
    // Neighbouring stages are tp x cp x dp GPUs apart, or tp x cp under tp-cp-ep-pp-dp.
    int64_t span = ir::SaturatingMul(2 * tp, in.pp_inside_dp ? cp : ir::SaturatingMul(cp, dp));
    double bw = AchievedBandwidth(in, span);
    double one = bw > 0 ? bytes / bw + Latency(in, span) : 0;
    if (tp > 1 && !in.sequence_parallel)
      one += f::AllGatherTime(double(tp), act_msg, AchievedBandwidth(in, tp) / GatherCost(in, tp),
                              Latency(in, tp));
    pp_total = 2 * double(vpp) * m * one;
  }
  // Data parallel (ZeRO, Rajbhandari et al. 2019 section 7): all-reduce of the gradients without
  // sharding; reduce-scatter of gradients + all-gather of parameters for ZeRO-1/2; ZeRO-3/FSDP
  // gathers parameters in forward and backward and reduce-scatters gradients on every micro-batch
  // (1.5x; 1x when the forward's gathers stay). Overlapped with backward compute (and the next
  // forward's, for gathers). Gradients move in the reduction's type, parameters in the type they
  // are computed with: Megatron's distributed optimizer gathers its 16-bit parameter buffer after
  // reducing fp32 main_grads (megatron/core/distributed/param_and_grad_buffer.py), FSDP its
  // param_dtype.
  double dp_total = 0, dp_window = 0, dp_share = 0, dp_edge = 0, dp_blocking = 0;
  // Backward prefetch matters only where the backward gathers (resharding after the forward).
  const bool no_prefetch = stage >= 3 && in.reshard_after_forward && in.reshard_after_backward &&
                           in.prefetch == ir::Prefetch::none;
  const bool once_a_step = stage >= 3 && !in.reshard_after_backward;
  {
    // The reduction's type: fp32 where the plan reduces in fp32 (Megatron's main_grad, FSDP's
    // reduce_dtype), else the 16-bit compute type.
    double gb = in.fp32_gradients || in.precision == ir::Precision::fp32 ? 4 : 2;
    r.messages.gradient_bytes_per_param = gb;
    r.messages.parameter_bytes_per_param = wb.compute;
    // The dense group's ranks are tp apart, the expert group's ep x etp; under the rank order
    // tp-cp-ep-pp-dp the replicas are a pipeline (tp x cp x pp, ep x etp x pp) apart.
    const int64_t replica_dp = dp / replicas;  // a shard's data-parallel ranks (replicas | dp)
    const int64_t pipeline = ir::SaturatingMul(tp, ir::SaturatingMul(cp, pp));
    const RingPlacement dense_at = in.pp_inside_dp ? Nested(in, cp, tp, replica_dp, pipeline)
                                                   : Strided(in, tp, int64_t(nd_dense));
    const int64_t expert_stride = in.pp_inside_dp ? ir::SaturatingMul(ep_span, pp) : ep_span;
    const RingPlacement expert_at = Strided(in, expert_stride, int64_t(nd_expert));
    double alpha = Latency(in, dense_at.span);
    auto reduce = [&](double n, double params, double gathered, const RingPlacement& at) {
      if (n <= 1 || params <= 0) return 0.0;
      const double bw = RingBandwidth(in, at, int64_t(n));
      const double gather_bw = GatherRingBandwidth(in, at, int64_t(n));
      double bytes = params * gb;
      switch (stage) {
        case 0:
          if (at.span <= in.scale_up_domain)
            return f::AllReduceTime(n, bytes, bw * (in.scale_up_reduction ? NvlsSpeedup(in) : 1),
                                    alpha);
          return f::AllReduceTime(n, bytes, bw, alpha, in.sharp);
        case 1:
        case 2:
          return f::ReduceScatterTime(n, bytes, gather_bw, alpha) +
                 f::AllGatherTime(n, gathered, gather_bw, alpha);
        default: {
          // FSDP / ZeRO-3 gather and reduce one unit (a transformer block) at a time (LLM
          // Foundry's MPT: `fsdp_wrap_fn` wraps each MPTBlock): every unit's collective pays the
          // ring's (n - 1) latency steps, not once per stage.
          double units = in.ring_latency_per_unit ? std::max(1.0, double(layers_mb)) : 1.0;
          // The first unit's gather precedes every micro-batch's forward and the last unit's
          // reduce-scatter follows its backward, with no compute beside them (Zhao et al. 2023,
          // "PyTorch FSDP", VLDB, figure 5: AG0 before FWD0, RS0 after BWD0): exposed whatever
          // the window. Per unit where collectives run per unit (not over ICI).
          const double gather = f::AllGatherTime(n, gathered, gather_bw, alpha);
          const double scatter = f::ReduceScatterTime(n, bytes, gather_bw, alpha);
          const double unit_latency = (units - 1) * (n - 1) * alpha;
          // Kept gathered through the step (reshard_after_backward = false): the units are
          // gathered once, in the first micro-batch's forward, and their added-up gradients
          // reduced once, after the last backward (torch.distributed.pipelining calls FSDP's
          // post_backward then), with nothing beside it.
          if (once_a_step) {
            dp_edge += scatter + (in.ring_latency_per_unit
                                      ? f::AllGatherTime(n, gathered / units, gather_bw, alpha)
                                      : 0);
            return gather + scatter + 2 * unit_latency;
          }
          // Gathers a micro-batch: before each unit's forward, and again before its backward
          // unless the forward's stay (PlanInputs::reshard_after_forward).
          const double gathers = in.reshard_after_forward ? 2 : 1;
          // Without backward prefetch a unit's all-gather is issued when its backward asks for
          // it, behind the previous unit's reduce-scatter on the process group's one NCCL
          // stream, which waits for that unit's gradients: both stand between two units'
          // backward (PyTorch FSDP BackwardPrefetch docs: "no overlap"). The forward's gathers
          // still run ahead (the CPU issues them while the GPU computes).
          if (no_prefetch) dp_blocking += m * (gather + scatter + 2 * unit_latency);
          if (in.ring_latency_per_unit)
            dp_edge +=
                m * (f::AllGatherTime(n, gathered / units, gather_bw, alpha) +
                     (no_prefetch ? 0 : f::ReduceScatterTime(n, bytes / units, gather_bw, alpha)));
          return m * (gathers * gather + scatter + (gathers + 1) * unit_latency);
        }
      }
    };
    // Hybrid sharding: after its shard group's reduce-scatter each rank all-reduces its shard of
    // the gradients with the ranks holding the same shard in the other replicas, once a step
    // (PyTorch FSDP's HYBRID_SHARD: "all-reduce across replicas"; Megatron's distributed
    // optimizer instances), the replicas a shard group apart.
    auto across = [&](double n, double params, double shard, int64_t stride) {
      if (n <= 1 || params <= 0) return std::make_pair(0.0, RingPlacement{});
      const RingPlacement at = Strided(in, stride, int64_t(n));
      const double bytes = params / shard * gb;
      const double bw = RingBandwidth(in, at, int64_t(n));
      const double t =
          at.span <= in.scale_up_domain
              ? f::AllReduceTime(n, bytes, bw * (in.scale_up_reduction ? NvlsSpeedup(in) : 1),
                                 Latency(in, at.span))
              : f::AllReduceTime(n, bytes, bw, Latency(in, at.span), in.sharp);
      return std::make_pair(t, at);
    };
    const int64_t dense_stride = in.pp_inside_dp ? ir::SaturatingMul(pipeline, replica_dp)
                                                 : ir::SaturatingMul(tp, dp * cp / replicas);
    const auto [dense_across, dense_across_at] =
        across(double(replicas), stage_dense_params, nd_dense, dense_stride);
    const auto [expert_across, expert_across_at] =
        across(expert_replicas, stage_expert_params, nd_expert,
               ir::SaturatingMul(expert_stride, int64_t(nd_expert)));
    const double dense_time = reduce(nd_dense, stage_dense_params, dense_gather, dense_at);
    const double expert_time = reduce(nd_expert, stage_expert_params, expert_gather, expert_at);
    dp_total = dense_time + expert_time + dense_across + expert_across;
    // Each group's hidden time costs its ring's compute share (RingComputeShare).
    if (dp_total > 0)
      dp_share =
          (dense_time * RingComputeShare(in, dense_at, int64_t(nd_dense)) +
           expert_time * RingComputeShare(in, expert_at, int64_t(nd_expert)) +
           dense_across * RingComputeShare(in, dense_across_at, replicas) +
           expert_across * RingComputeShare(in, expert_across_at, int64_t(expert_replicas))) /
          dp_total;
    dp_window = stage == 0 ? bwd_mb : (stage <= 2 ? compute_mb : m * compute_mb);
    if (no_prefetch) dp_window = m * (compute_mb - bwd_mb);  // the forward's gathers
    if (once_a_step) dp_window = compute_mb - bwd_mb;        // the first forward's
    if (!in.dp_overlap) dp_window = 0;
  }
  const double dp_fixed = dp_edge + dp_blocking;
  double dp_exposed = std::min(dp_total, dp_fixed + std::max(0.0, dp_total - dp_fixed - dp_window));
  // The embedding group's all-reduce follows the reduction, exposed (EmbeddingGradientSync).
  const double embedding_sync = EmbeddingGradientSync(in, r.messages.gradient_bytes_per_param);
  dp_total += embedding_sync;
  dp_exposed += embedding_sync;
  // Optimizer: an element-wise, HBM-bound pass over the parameters this GPU updates.
  double updated = stage_dense_params / (stage >= 1 ? nd_dense : 1.0) +
                   stage_expert_params / (stage >= 1 ? nd_expert : 1.0);
  const double achieved_hbm =
      in.hbm_bandwidth * (in.memory_efficiency > 0 ? in.memory_efficiency : 0.8);
  double opt =
      achieved_hbm > 0 ? device_pace * updated * in.optimizer_bytes_per_param / achieved_hbm : 0;
  // Muon: each matrix's Newton-Schulz on the rank that owns it, after the element-wise pass above.
  double orthogonalization = 0;
  if (in.optimizer == ir::OptimizerKind::muon) {
    orthogonalization =
        MuonStepTime(in, {slowest->muon_dense, slowest->muon_largest, slowest->muon_gathered_dense},
                     {slowest->muon_expert, slowest->muon_largest, slowest->muon_gathered_expert},
                     stage >= 1 ? nd_dense : 1.0, stage >= 1 ? nd_expert : 1.0, device_pace);
    opt += orthogonalization;
  }
  // Gradient accumulation without fusion: an HBM-bound pass over the gradients this GPU keeps
  // (a shard of them under ZeRO-2/3 and FSDP) after each micro-batch's backward, on the compute
  // stream, so inside every micro-batch's time.
  // Kept gathered through the step (reshard_after_backward = false), they are unsharded.
  const bool sharded_grads = stage >= 2 && !once_a_step;
  double accumulated = stage_dense_params / (sharded_grads ? nd_dense : 1.0) +
                       stage_expert_params / (sharded_grads ? nd_expert : 1.0);
  double passes = std::max(0.0, m - (in.grad_accumulation_skips_first ? 1.0 : 0.0));
  double accumulation = achieved_hbm > 0 ? device_pace * passes * accumulated *
                                               in.grad_accumulation_bytes / achieved_hbm
                                         : 0;
  // ZeRO-3/FSDP's preparation of every micro-batch's unsharded gradient for its reduce-scatter
  // (PlanInputs::grad_reduce_prep_bytes), an HBM-bound pass counted with the accumulation. It
  // runs on FSDP's post-backward stream beside the next unit's backward, but a GEMM's thread
  // blocks fill the SMs wave after wave, so the two take turns rather than overlap: no credit.
  if (stage >= 3 && achieved_hbm > 0)
    accumulation += device_pace * (once_a_step ? 1.0 : m) *
                    (stage_dense_params + stage_expert_params) * in.grad_reduce_prep_bytes /
                    achieved_hbm;

  // ---- the step: m micro-batches, the bubble (Narayanan et al. 2021 section 2.2: (p-1)/(m v) of
  // the ideal), exposed pipeline and data-parallel communication, the optimizer.
  // Overlap options. TP communication decomposed and pipelined with the GEMMs that produce and
  // consume it (Megatron-LM --tp-comm-overlap; Wang et al. 2023, ASPLOS, "Overlap Communication
  // with Dependent Computation via Decomposition"): only what exceeds the GEMM time shows. The
  // expert all-to-all overlapped with another micro-batch's compute (DeepSeek-V3 section 3.2.1,
  // DualPipe; Megatron-Core's combined 1F1B): only what the pair's interleaving leaves waiting
  // shows (OverlappedPairExposure), except in the chunks that run with no other beside them
  // (EpUnpairedShare), where all of it does.
  double tp_total_mb = tp_all_mb, ep_total_mb = ep_mb;
  if (in.tp_comm_overlap) tp_mb = std::max(0.0, tp_mb - 3 * gemm_time_mb);
  if (in.ep_comm_overlap) ep_mb = ep_alone * ep_mb + (1 - ep_alone) * pair_exposure[slowest_k];
  double mb_time = compute_mb + recompute_mb + offload_mb + tp_mb + ep_mb + cp_mb +
                   (m > 0 ? accumulation / m : 0);
  StepBreakdown& st = r.step;
  st.compute = m * compute_mb;
  st.recompute = m * recompute_mb;
  st.offload = m * offload_mb;
  // The zero-bubble schedules fill their bubbles with the weight-gradient GEMMs, as long as the
  // forward's (the same FLOPs; gemm_time is the calibrated GPU's, the passes the slowest's); the
  // replayed forward is part of the backward. 1F1B skips the divisions (plan search's loop).
  double schedule_factor = 1;
  if (in.schedule != ir::Schedule::one_f_one_b) {
    const double pass_mb = compute_mb + recompute_mb;
    schedule_factor = ScheduleBubbleFactor(in.schedule, in.pp,
                                           pass_mb > 0 ? device_pace * gemm_time_mb / pass_mb : 0,
                                           pass_mb > 0 ? (bwd_mb + recompute_mb) / pass_mb : 0);
  }
  st.bubble = f::BubbleFraction(fill_stages + 1, m, double(vpp)) * schedule_factor * m * mb_time;
  st.comm[int(Comm::kTp)] = m * tp_mb;
  st.comm[int(Comm::kEp)] = m * ep_mb;
  st.comm[int(Comm::kCp)] = m * cp_mb;
  st.comm[int(Comm::kPp)] = pp_total;
  st.comm[int(Comm::kDp)] = dp_exposed;
  st.comm_total[int(Comm::kTp)] = m * tp_total_mb;
  st.comm_total[int(Comm::kEp)] = m * ep_total_mb;
  st.comm_total[int(Comm::kCp)] = m * cp_total_mb;
  st.comm_total[int(Comm::kPp)] = pp_total;
  st.comm_total[int(Comm::kDp)] = dp_total;
  st.optimizer = opt;
  st.orthogonalization = orthogonalization;
  st.overhead = in.step_overhead;
  st.grad_accumulation = accumulation;
  // Contention (the structure of Calculon's "processor_usage", Isaev et al. SC'23; the shares
  // measured on H100, Options): a collective hidden behind compute still takes the NCCL kernels'
  // SMs and HBM traffic from it, so the hidden part costs its compute share of its duration.
  st.contention =
      m * (tp_total_mb - tp_mb) * ComputeShare(in, tp) + m * (ep_total_mb - ep_mb) * ep_share +
      m * (cp_total_mb - cp_mb) * ComputeShare(in, tp * cp) + (dp_total - dp_exposed) * dp_share;
  r.step_time = st.Total();
  const double N = double(r.gpus);
  r.tokens_per_second = B * s / r.step_time;
  r.model_flops_per_gpu = r.flops.model_per_step / (r.step_time * N);
  r.hardware_flops_per_gpu = r.flops.hardware_per_step / (r.step_time * N);
  // MFU (Chowdhery et al. 2022, PaLM, appendix B) and HFU (Korthikanti et al. 2022 section 6.3).
  r.mfu = r.model_flops_per_gpu / in.peak_flops;
  r.hfu = r.hardware_flops_per_gpu / in.peak_flops;

  // ---- reliability: checkpoint of weights and optimizer states (16-bit weights + fp32 master and
  // moments: 14 bytes per parameter under mixed-precision Adam; 12 where the fp32 parameters are
  // the master, `fp32_params`).
  r.checkpoint_size = in.checkpoint_size > 0
                          ? in.checkpoint_size
                          : (r.params.total + r.params.mtp) * (wb.weight + wb.optimizer);
  r.checkpoint_write_time =
      in.checkpoint_bandwidth > 0 ? r.checkpoint_size / in.checkpoint_bandwidth : 0;
  double nodes_used = in.gpus_per_node > 0 ? std::ceil(N / double(in.gpus_per_node)) : 0;
  double rate =
      (in.gpu_mtbf > 0 ? N / in.gpu_mtbf : 0) + (in.node_mtbf > 0 ? nodes_used / in.node_mtbf : 0);
  r.job_mtbf = rate > 0 ? 1 / rate : 0;
  if (r.job_mtbf > 0 && r.checkpoint_write_time > 0)
    r.optimal_checkpoint_interval = f::YoungInterval(r.checkpoint_write_time, r.job_mtbf);
  r.checkpoint_interval =
      in.checkpoint_every > 0 ? in.checkpoint_every : r.optimal_checkpoint_interval;
  double loss = 0;
  if (r.checkpoint_interval > 0) {
    loss = r.checkpoint_write_time / r.checkpoint_interval;
    if (r.job_mtbf > 0)
      loss = f::CheckpointLoss(r.checkpoint_write_time, r.checkpoint_interval, r.job_mtbf,
                               in.restart_time);
  } else if (r.job_mtbf > 0) {
    loss = in.restart_time / r.job_mtbf;
  }
  r.goodput = std::clamp(1 - loss, 0.0, 1.0);

  // ---- time and cost of the run
  if (in.tokens > 0 && r.goodput > 0) {
    r.training_time = in.tokens / r.tokens_per_second / r.goodput;
    r.gpu_hours = N * r.training_time;
    r.run_cost_rented = f::RentalCost(r.gpu_hours, in.gpu_rental);
    r.run_cost_owned = in.cluster_cost_per_second * r.training_time;
    if (r.run_cost_owned > 0) r.cost_per_million_tokens = r.run_cost_owned / (in.tokens / 1e6);
  }
  return r;
}

}  // namespace clusterc::analysis
