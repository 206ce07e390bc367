// SimAI (analytical, release 1.6) inputs for each plan: the workload text of the representative
// rank, and a run script for SimAI_analytical.
//
// The workload is what SimAI's own generator writes (aicb, workload_generator/
// SimAI_training_workload_generator.py): the header, the row count, then the rows of one whole
// iteration. SimAI's analytical mode adds up every row and uses `ga:` only to scale the pipeline
// bubble ((pp - 1) / (ga x vpp) of the rows' sum), so the rows of a layer are repeated once per
// micro-batch, as AICB repeats them, and the data-parallel collectives of the step follow once.
//
// The representative rank is tensor rank 0 of the slowest pipeline stage (the most layers, MoE
// layers weighted by their all-to-alls: backends/sim/plan_shape.h); the script's header names
// it. Its rows per micro-batch: an embedding row (stage 0 only), then per layer an attention row
// and an MLP row (MoE layers: a dispatch row, the experts row, a combine row). Columns: name, -1,
// forward compute (ns), forward comm type and bytes, input-gradient compute, comm and bytes,
// weight-gradient compute, comm and bytes, update time (ns, always 0: see the optimizer's row).
// SimAI's groups: forward and input- gradient ALLREDUCE run on the tensor-parallel group,
// ALLTOALL_EP on the expert group, weight- gradient ALLREDUCE/REDUCESCATTER/ALLGATHER on the
// data-parallel group (all_gpus / (tp x pp) ranks, context parallelism included, as Megatron's
// dp-cp group), `_DP_EP` on the expert-data group. Compute times are analysis' operator-level times
// of a dense or MoE layer (analysis/ layer_model.h) split between attention and MLP: the forward;
// the input gradient = half the backward plus the recompute of that part (full recompute: the whole
// forward; selective: the attention core); the weight gradient = the other half of the backward.
// The last stage adds an lm_head row (the head and loss). Stages hold analysis' layer counts (the
// plan's first_stage_layers/last_stage_layers included). The file has no comment syntax: the script
// names the spec and the stage, and what SimAI cannot represent (NotRepresented below: context
// parallelism, schedules other than 1F1B, overlapped communication).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "analysis/collective_rates.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "ir/checked.h"

namespace clusterc::backends {

namespace {

using sim::PlanShape;

struct Row {
  std::string name;
  double fwd = 0;  // s
  std::string fwd_comm = "NONE";
  double fwd_bytes = 0;
  double ig = 0;
  std::string ig_comm = "NONE";
  double ig_bytes = 0;
  double wg = 0;
  std::string wg_comm = "NONE";
  double wg_bytes = 0;
};

long long Ns(double seconds) {
  return ir::SaturatingRound(seconds * 1e9);
}

long long Bytes(double b) {
  return ir::SaturatingRound(b);
}

const char* DpName(sim::DpOp op) {
  switch (op) {
    case sim::DpOp::kAllReduce:
      return "ALLREDUCE";
    case sim::DpOp::kReduceScatter:
      return "REDUCESCATTER";
    case sim::DpOp::kAllGather:
      return "ALLGATHER";
  }
  return "ALLREDUCE";
}

// The bytes of one expert all-to-all row. SimAI sends the (n - l)/n of a row bound for other
// scale-up domains over the NIC (n the EP group, l its members in a domain). With group-limited
// routing a token leaves its domain once per remote domain of its experts
// (MessageSizes::all_to_all_leaving), so the row is sized to put exactly those bytes on the NIC.
double EpRowBytes(const PlanShape& s) {
  const double n = double(s.ep);
  const double l = double(std::min<int64_t>(
      s.ep, std::max<int64_t>(1, s.cluster->scale_up_domain / std::max<int64_t>(1, s.tp))));
  if (s.ep_leaving_bytes <= 0 || n <= l) return s.ep_bytes;
  return s.ep_leaving_bytes * n / (n - l);
}

// The rows of one micro-batch on stage `st`, suffixed `.mb`.
void MicroBatchRows(const PlanShape& s, const sim::Stage& st, int64_t stage, int64_t mb,
                    std::vector<Row>& rows) {
  const auto& in = *s.in;
  const bool tp = s.tp > 1;
  if (stage == 0) {
    Row e;
    e.name = "embedding_layer";  // SimAI leaves this exact name out of the bubble
    if (tp) {
      e.fwd_comm = "ALLREDUCE";  // vocabulary-parallel embedding
      e.fwd_bytes = s.act_bytes;
    }
    rows.push_back(e);
  }
  const int64_t dense_end = in.moe ? std::min(in.layers, in.dense_layers) : in.layers;
  // Each layer half's tensor-parallel pair, forward and backward, as all-reduces: the MLP's of
  // the activation; the attention's, under MLA, of the latents its up-projections gather
  // (analysis: tp_model.cpp): forward the output's all-reduce, or with sequence parallelism
  // the latents' gather and the output's reduce-scatter; backward the latents' gradient, or the
  // output gradient's gather and the latents' reduce-scatter.
  // Under FP8, NVFP4 or MXFP4 a sequence-parallel gather moves the quantized copy
  // (tp_gather_scale of its 16-bit bytes): forward the input's, backward the output gradient's.
  const double q = s.sequence_parallel ? s.tp_gather_scale : 1;
  auto tp_comm = [&](Row& r, bool attention) {
    if (!tp) return;
    r.fwd_comm = r.ig_comm = "ALLREDUCE";
    r.fwd_bytes = r.ig_bytes = s.sequence_parallel ? s.act_bytes * (1 + q) / 2 : s.act_bytes;
    if (!attention) return;
    if (s.sequence_parallel) {
      r.fwd_bytes = (q * s.attn_in_bytes + s.act_bytes) / 2;
      r.ig_bytes = (s.attn_in_bytes + q * s.act_bytes) / 2;
    } else {
      r.ig_bytes = s.attn_in_bytes;
    }
  };
  // Past the model's layers, the last stage's MTP layers (of the last layer's kind).
  const bool mtp_moe = analysis::MtpLayersMoe(in);
  for (int64_t l = st.first_layer; l < st.first_layer + st.layers; ++l) {
    const bool moe = l < in.layers ? l >= dense_end : mtp_moe;
    const bool replays = sim::LayerReplays(s, st, l);
    const sim::LayerCost& cost = moe ? s.moe : s.dense;
    const double share[2] = {cost.attn_share, 1 - cost.attn_share};
    // The backward splits evenly between input and weight gradients (their GEMMs have the same
    // FLOPs); the recompute of each half runs before its input gradient.
    Row a;
    a.name = fmt::format("attention_layer_{}.{}", l, mb);
    a.fwd = cost.fwd * share[0];
    a.ig = cost.bwd * share[0] / 2 + (replays ? sim::RecomputeAttention(s, moe) : 0);
    a.wg = cost.bwd * share[0] / 2;
    tp_comm(a, true);
    rows.push_back(a);
    Row m;
    m.name = fmt::format("{}_layer_{}.{}", moe ? "moe_experts" : "mlp", l, mb);
    m.fwd = cost.fwd * share[1];
    m.ig = cost.bwd * share[1] / 2 + (replays ? sim::RecomputeMlp(s, moe) : 0);
    m.wg = cost.bwd * share[1] / 2;
    tp_comm(m, false);
    if (moe && tp) {
      // The routed experts' pair moves what the dispatcher gathers over tp (analysis'
      // RoutedExpertTpTokens: none for a deduplicating one), the shared experts', an MLP over
      // the tp group, the activation's (analysis: tp_model.cpp); one row carries both.
      const double share = (s.act_bytes > 0 ? s.expert_act_bytes / s.act_bytes : 0) +
                           (in.shared_experts > 0 ? 1 : 0);
      m.fwd_bytes *= share;
      m.ig_bytes *= share;
      if (share <= 0) m.fwd_comm = m.ig_comm = "NONE";
    }
    if (!moe || s.ep <= 1) {
      rows.push_back(m);
      continue;
    }
    Row d;
    d.name = fmt::format("moe_dispatch_layer_{}.{}", l, mb);
    d.fwd_comm = d.ig_comm = "ALLTOALL_EP";
    d.fwd_bytes = d.ig_bytes = EpRowBytes(s);
    Row c = d;
    c.name = fmt::format("moe_combine_layer_{}.{}", l, mb);
    rows.push_back(d);
    rows.push_back(m);
    rows.push_back(c);
  }
  if (stage == s.pp - 1) {
    // The LM head and loss (analysis::HeadTime); its all-reduces are the vocabulary-parallel
    // cross entropy's, a few bytes per token: left out as analysis leaves them out.
    Row h;
    h.name = fmt::format("lm_head.{}", mb);
    h.fwd = s.head_fwd;
    h.ig = s.head_bwd / 2;
    h.wg = s.head_bwd / 2;
    rows.push_back(h);
  }
}

std::string Workload(const PlanShape& s) {
  const int64_t stage = s.slowest_stage;
  const sim::Stage& st = s.stages[stage];
  std::vector<Row> rows;
  const std::vector<sim::DpCollective> dp = sim::DataParallelCollectives(s, st);
  auto dp_row = [&](const sim::DpCollective& c, const std::string& suffix) {
    Row r;
    r.name = fmt::format("dp_{}_{}_{}{}", c.expert ? "expert" : "dense", c.what,
                         c.op == sim::DpOp::kAllGather ? "allgather" : "reduce", suffix);
    r.wg_comm = std::string(DpName(c.op)) + (c.expert ? "_DP_EP" : "");
    r.wg_bytes = c.bytes;
    rows.push_back(r);
  };
  for (int64_t mb = 0; mb < s.micro_batches; ++mb) {
    MicroBatchRows(s, st, stage, mb, rows);
    if (s.grad_accumulation > 0) {
      // Without fusion the micro-batch's gradients are added into the accumulation buffer after
      // its backward: compute without communication.
      Row acc;
      acc.name = fmt::format("grad_accumulation.{}", mb);
      acc.wg = s.grad_accumulation;
      rows.push_back(acc);
    }
    for (const auto& c : dp)
      if (c.per_micro_batch) dp_row(c, fmt::format(".{}", mb));
  }
  for (const auto& c : dp)
    if (!c.per_micro_batch) dp_row(c, "");
  // The optimizer step and the host's work between steps (the GPU idle) as weight-gradient
  // compute: SimAI's analytical build never applies the update column (Layer's issue functions
  // return before the communication-finished event that would add it; checked with SimAI 1.6,
  // where a 50 ms update changed the step by 0 and a 50 ms compute column by 50 ms). Its bubble
  // adds (pp - 1) / (ga vpp) of them, as of every row.
  Row opt;
  opt.name = "optimizer";
  opt.wg = s.optimizer;
  rows.push_back(opt);
  if (s.overhead > 0) {
    Row host;
    host.name = "host.step";
    host.wg = s.overhead;
    rows.push_back(host);
  }
  // SimAI reads pp_comm with std::stoi and requires it 0 exactly when pp = 1.
  std::string out = fmt::format(
      "HYBRID_TRANSFORMER_FWD_IN_BCKWD model_parallel_NPU_group: {} ep: {} pp: {} vpp: {} ga: {} "
      "all_gpus: {} checkpoints: 0 checkpoint_initiates: 0 pp_comm: {}\n",
      s.tp, s.ep, s.pp, s.vpp, s.micro_batches, s.gpus, s.pp > 1 ? Bytes(s.pp_bytes) : 0LL);
  out += fmt::format("{}\n", rows.size());
  for (const Row& r : rows)
    out += fmt::format("{}\t-1\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", r.name, Ns(r.fwd),
                       r.fwd_comm, Bytes(r.fwd_bytes), Ns(r.ig), r.ig_comm, Bytes(r.ig_bytes),
                       Ns(r.wg), r.wg_comm, Bytes(r.wg_bytes), 0);
  return out;
}

// What SimAI's analytical mode cannot express of the plan: it adds up every row and scales the
// row sum by 1F1B's bubble, so no communication overlaps compute and the schedule is 1F1B.
// `terminal`: the notes for the sim.not-represented warning (the plan asked for something SimAI
// drops); the script's header carries all of them.
std::vector<std::string> NotRepresented(const PlanShape& s, bool terminal) {
  const auto& in = *s.in;
  std::vector<std::string> out;
  if (s.cp > 1)
    out.push_back(fmt::format(
        "SimAI has no context-parallel group; the K/V exchange of cp {} is left out", s.cp));
  if (in.schedule != ir::Schedule::one_f_one_b && s.pp > 1)
    out.push_back(fmt::format(
        "SimAI has no {} schedule: its bubble is 1F1B's, (pp - 1) / (ga x vpp) of the rows",
        ir::EnumName(in.schedule)));
  if (in.pp_inside_dp && s.pp > 1)
    out.push_back(
        "SimAI's workload has no rank order: the plan's tp_cp_ep_pp_dp, which puts a "
        "pipeline's stages next to each other and the data-parallel replicas farthest apart, "
        "is not represented");
  if (in.offload_layers > 0 && s.r->step.offload > 0)  // SimAI counts no memory
    out.push_back(fmt::format(
        "SimAI has no host-memory offload: the activation offload of {} layers a GPU is left out "
        "({:.1f} ms a step of compute waiting for it in clusterc's step)",
        in.offload_layers, s.r->step.offload * 1e3));
  if (const int64_t replicas = analysis::ShardReplicas(in); replicas > 1)
    out.push_back(fmt::format(
        "SimAI has one data-parallel group: hybrid sharding (shard_group {}, {} replicas) is "
        "written as sharding over all {} data-parallel ranks, without the all-reduce across the "
        "replicas",
        in.shard_group, replicas, s.dp * s.cp));
  if (in.tp_comm_overlap && s.tp > 1)
    out.push_back(
        "SimAI's analytical mode adds communication to compute: tp_comm_overlap is not "
        "represented (the tensor-parallel all-reduces are all exposed)");
  if (in.ep_comm_overlap && in.moe && s.ep > 1)
    out.push_back(
        "SimAI's analytical mode adds communication to compute: ep_comm_overlap is not "
        "represented (the expert all-to-alls are all exposed)");
  if (!terminal && s.ep_leaving_bytes > 0 && s.ep > 1)
    out.push_back(fmt::format(
        "group-limited routing: the all-to-all rows carry {:.4g} MB, sized so that the NIC "
        "carries the {:.4g} MB that leave the domain (each token once per remote domain of its "
        "experts, forwarded over NVLink inside it); SimAI's in-domain share of them is smaller "
        "than that forwarding",
        EpRowBytes(s) / 1e6, s.ep_leaving_bytes / 1e6));
  if (const double hidden = sim::HiddenTpBackward(s); !terminal && hidden > 0)
    out.push_back(fmt::format(
        "SimAI's analytical mode adds communication to compute: tp_backward_overlap is not "
        "represented (the backward's tensor-parallel collectives, {} ms a step that clusterc "
        "hides beside the gradient GEMMs, are exposed)",
        sim::Num(std::round(hidden * 1e4) / 10)));
  if (!terminal && in.dp_overlap && s.dp * s.cp > 1)
    out.push_back(
        "SimAI's analytical mode adds the data-parallel collectives to the step: dp_overlap is "
        "not represented");
  return out;
}

struct Network {
  int64_t gpus_per_server = 1;  // -g_p_s: the scale-up domain
  double nvlink = 0;            // -nv, achieved GB/s (10^9) per GPU, one direction
  double nic = 0;               // -nic, achieved GB/s (10^9) per NIC port, one direction
  int64_t nics_per_server = 0;  // -n_p_s
  std::string note;             // how the fabric was mapped, for the script's header
};

Network MapNetwork(const Context& ctx, const PlanShape& s) {
  const ir::Program& p = ctx.program;
  const ir::Cluster& cl = p.Get(s.plan->cluster);
  const ir::Node& node = p.Get(s.cluster->PrimaryNode(cl.nodes.ref));  // the plan's group
  const ir::Nic* nic = node.nics.ref.Valid() ? &p.Get(node.nics.ref) : nullptr;
  Network n;
  // SimAI's "server" is the scale-up domain: its GPUs, and the NIC ports of the nodes it spans.
  // SimAI takes -nv and -nic (--nic_busbw) as the bus bandwidths NCCL achieves, not line rates:
  // its own defaults are measured ones (astra-sim-alibabacloud/astra-sim/system/calbusbw.h:
  // H100 NVLink 20.6 x 18 = 370.8 GB/s of 450, ConnectX-7 48.5 of 50), so the script gives it
  // analysis' achieved rates (the link x the level's bus-bandwidth fraction).
  n.gpus_per_server = std::max<int64_t>(1, s.cluster->scale_up_domain);
  n.nvlink = sim::DecimalGBps(s.cluster->scale_up_bandwidth_per_gpu * s.in->scale_up_efficiency);
  if (s.cluster->fabric.is_torus) {
    // An ICI torus: data-parallel traffic stays on ICI inside the slice. SimAI has no torus; the
    // data-parallel group's achieved ICI bandwidth per chip (analysis' AchievedBandwidth for its
    // span) is given as one "NIC" per chip.
    n.nic = sim::DecimalGBps(analysis::AchievedBandwidth(*s.in, s.gpus));
    n.nics_per_server = n.gpus_per_server;
    n.note = fmt::format(
        "ICI torus: SimAI has no torus; -nic is the achieved ICI bandwidth per chip of the "
        "data-parallel group (one port per chip; the link x {}), not the DCN NIC; -nv the "
        "scale-up link x {}",
        sim::Num(analysis::BusEfficiency(*s.in, s.gpus)), sim::Num(s.in->scale_up_efficiency));
    return n;
  }
  if (s.gpus <= n.gpus_per_server) {
    // One scale-up domain: no collective of the job crosses a NIC, but SimAI 1.6 times every
    // data-parallel row as if each rank were a server of its own (Layer.cc, compute_time: the
    // DP branch passes the group's size as cal_busbw's node count), so the NIC would carry it.
    // As for a torus, -nic is the domain's achieved rate per GPU, one port a GPU.
    n.nic = n.nvlink;
    n.nics_per_server = n.gpus_per_server;
    n.note = fmt::format(
        "one scale-up domain: SimAI times data-parallel rows over the NIC whatever their span, "
        "so -nic is the scale-up link's achieved rate (the link x {}) with one port a GPU, not "
        "the node's NICs, which the job does not use; -nv the same",
        sim::Num(s.in->scale_up_efficiency));
    return n;
  }
  int64_t nodes_per_domain =
      std::max<int64_t>(1, n.gpus_per_server / std::max<int64_t>(1, s.cluster->gpus_per_node));
  n.nic = sim::DecimalGBps(nic ? nic->bandwidth.si * s.in->scale_out_efficiency : 0);
  n.nics_per_server = nic ? node.nics.count * nic->ports * nodes_per_domain : 0;
  n.note = fmt::format(
      "-nv and -nic are achieved bus bandwidths, SimAI's meaning: the scale-up link x {} and one "
      "NIC port's line rate x {} (clusterc's bus-bandwidth fractions); -n_p_s the ports of one "
      "scale-up domain",
      sim::Num(s.in->scale_up_efficiency), sim::Num(s.in->scale_out_efficiency));
  return n;
}

std::string Script(const Context& ctx, const PlanShape& s) {
  const sim::Stage& st = s.stages[s.slowest_stage];
  Network n = MapNetwork(ctx, s);
  const std::string& name = s.plan->name;
  std::string out = "#!/bin/sh\n";
  out += "# " + sim::HeaderLine(ctx, *s.plan) + "\n";
  out += "# SimAI 1.6 analytical (github.com/aliyun/SimAI, scripts/build.sh -c analytical).\n";
  out += "# SimAI must run from its own checkout (it opens astra-sim-alibabacloud/inputs/...\n";
  out += "# relatively): set SIMAI_ROOT to it. SimAI writes its results under its own results/\n";
  out += "# folder, prefixed to -r; the relative path below puts them in results/ here.\n";
  out += fmt::format(
      "# Representative rank: tensor rank 0 of pipeline stage {} of {} (the slowest: {} layers, "
      "{} MoE),\n# {} micro-batches per step, each written out; bandwidths in GB/s of 10^9 "
      "bytes, one direction;\n# {}.\n",
      s.slowest_stage, s.pp, st.layers, st.moe_layers, s.micro_batches, n.note);
  for (const std::string& note : NotRepresented(s, false))
    out += "# Not represented: " + note + ".\n";
  out += "set -e\n";
  out +=
      ": \"${SIMAI_ROOT:?set SIMAI_ROOT to the SimAI checkout (it holds bin/SimAI_analytical)}\"\n";
  out += "here=$(cd \"$(dirname \"$0\")\" && pwd)\n";
  out += "mkdir -p \"$here/results\" \"$SIMAI_ROOT/results\"\n";
  out += "results=$(realpath --relative-to=\"$SIMAI_ROOT/results\" \"$here/results\")\n";
  out += "cd \"$SIMAI_ROOT\"\n";
  out += fmt::format(
      "exec ./bin/SimAI_analytical -w \"$here/{}.txt\" -g {} -g_p_s {} -r \"$results/{}-\" "
      "-nv {} -nic {} -n_p_s {}\n",
      name, s.gpus, n.gpus_per_server, name, sim::Num(n.nvlink), sim::Num(n.nic),
      n.nics_per_server);
  return out;
}

// At least the bytes of the workload: its rows counted exactly (per micro-batch the stage's layer
// rows, the embedding, the head and ZeRO-3's rows; per step the data-parallel rows, the
// optimizer and the host's step overhead), each charged the longest name and the widest numbers the
// plan gives a row.
double WorkloadBytesBound(const PlanShape& s) {
  const int64_t stage = s.slowest_stage;
  const sim::Stage& st = s.stages[stage];
  const std::vector<sim::DpCollective> dp = sim::DataParallelCollectives(s, st);
  double layer_rows = double(stage == 0) + double(stage == s.pp - 1);
  layer_rows += 2 * double(st.layers - st.moe_layers) + (s.ep > 1 ? 4 : 2) * double(st.moe_layers);
  double dp_rows = 0, step_rows = s.overhead > 0 ? 2 : 1;  // the optimizer, the host's step
  for (const auto& c : dp) (c.per_micro_batch ? dp_rows : step_rows) += 1;
  const double m = double(s.micro_batches);

  auto width = [](long long v) { return double(fmt::formatted_size("{}", v)); };
  const double layer = std::max(s.dense.fwd + s.dense.bwd + s.dense.recompute,
                                s.moe.fwd + s.moe.bwd + s.moe.recompute);
  const double time =
      width(Ns(std::max({layer, s.head_fwd + s.head_bwd, s.optimizer, s.overhead})));
  double message = std::max({s.act_bytes, s.ep_bytes});
  for (const auto& c : dp) message = std::max(message, c.bytes);
  const double bytes = width(Bytes(message));
  // Names: "moe_dispatch_layer_<layer>.<mb>", "dp_expert_param_allgather.<mb>". Each row: three
  // times and the update time (always zero), eleven tabs, "-1" and the newline. Layer rows: three
  // communication names, at most 12 characters ("NONE" x 3), 22 with tensor parallelism
  // ("ALLREDUCE" x 2), 26 with expert all-to-alls ("ALLTOALL_EP" x 2), and three sizes, two of
  // them non-zero with either. Data-parallel rows: 27 ("NONE", "NONE", "REDUCESCATTER_DP_EP") and
  // one non-zero size.
  const double mb = width(s.micro_batches - 1);
  const double name = std::max(20 + width(st.first_layer + st.layers) + mb, 26 + mb);
  const bool a2a = s.ep > 1 && st.moe_layers > 0, tp = s.tp > 1;
  const double layer_comm = a2a ? 26 : tp ? 22 : 12;
  const double layer_sizes = a2a || tp ? 2 * bytes + 1 : 3;
  const double fixed = name + 3 * time + 1 + 14;
  const double layer_row = fixed + layer_comm + layer_sizes, dp_row = fixed + 27 + bytes + 2;
  // The header line: its text and seven numbers; the row count.
  return 160 + 7 * 20 + 21 + m * (layer_rows * layer_row + dp_rows * dp_row) + step_rows * dp_row +
         time;
}

}  // namespace

void EmitSimAi(const Context& ctx, OutputTree& out) {
  for (uint32_t index : ctx.plans) {
    PlanShape s = sim::MakePlanShape(ctx, index);
    if (!s.Valid()) continue;
    if (sim::FoldedExperts(s)) {
      sim::ReportNotRepresented(
          ctx, *s.plan,
          fmt::format("simai/{}: not written: SimAI places expert parallelism inside the "
                      "data-parallel ranks with the experts split like the attention (tp {}); "
                      "etp {} (MoE parallel folding) has no form in its workload",
                      s.plan->name, s.tp, s.etp));
      continue;
    }
    out.Write("simai/" + s.plan->name + ".txt", Workload(s));
    out.Write("simai/" + s.plan->name + ".sh", Script(ctx, s));
    for (const std::string& note : NotRepresented(s, true))
      sim::ReportNotRepresented(ctx, *s.plan, "simai/" + s.plan->name + ": " + note);
  }
}

double EstimateSimAi(const Context& ctx) {
  double bytes = 0;
  for (uint32_t index : ctx.plans) {
    PlanShape s = sim::MakePlanShape(ctx, index);
    if (s.Valid() && !sim::FoldedExperts(s))
      bytes += WorkloadBytesBound(s) + double(Script(ctx, s).size());
  }
  return bytes;
}

}  // namespace clusterc::backends
