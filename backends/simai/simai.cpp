// SimAI (analytical) inputs for each plan: the workload text of the representative rank, and the
// SimAI_analytical command line.
//
// The representative rank is tensor rank 0 of the first pipeline stage (it holds the embedding).
// Its rows, as AICB's Megatron workload generator writes them: an embedding row, then per layer
// an attention row and an MLP row (MoE layers: a dispatch row, the experts row, a combine row).
// Columns: name, -1, forward compute (ns), forward comm type and bytes (tensor-parallel group),
// input-gradient compute, comm and bytes, weight-gradient compute, comm and bytes (the data-
// parallel group; `_DP_EP` suffix for expert gradients), update time (ns). Compute times are
// analysis' per-layer figures (backends/sim/plan_shape.h), split between attention and MLP;
// input and weight gradients each take one forward's time (backward = 2 x forward). The file has
// no comment syntax: the spec is named in the .sh script. Context parallelism has no SimAI
// column and is not represented.
#include <fmt/format.h>

#include <string>
#include <vector>

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
  double update = 0;
};

long long Ns(double seconds) {
  return ir::SaturatingRound(seconds * 1e9);
}

long long Bytes(double b) {
  return ir::SaturatingRound(b);
}

std::string Workload(const PlanShape& s) {
  const auto& in = *s.in;
  const auto& pc = s.r->params;
  const sim::Stage& st = s.stages[0];
  const bool tp = s.tp > 1, dp = s.dp * s.cp > 1;
  const double gb = s.grad_bytes_per_param;
  const std::string dp_comm = in.sharding == ir::Sharding::none ? "ALLREDUCE" : "REDUCESCATTER";
  // The optimizer's time spread over the rows by their share of the stage's parameters.
  const double stage_params = st.dense_params + st.expert_params;
  auto update = [&](double params) {
    return stage_params > 0 ? s.optimizer * params / stage_params : 0.0;
  };
  std::vector<Row> rows;
  {
    Row e;
    e.name = "embedding_layer";
    if (tp) {
      e.fwd_comm = "ALLREDUCE";  // vocabulary-parallel embedding
      e.fwd_bytes = s.act_bytes;
    }
    double params = pc.embedding / double(s.tp);
    if (dp) {
      e.wg_comm = dp_comm;
      e.wg_bytes = params * gb;
    }
    e.update = update(params);
    rows.push_back(e);
  }
  int64_t dense_end = in.moe ? std::min(in.layers, in.dense_layers) : in.layers;
  const double recompute = in.recompute == ir::Recompute::none ? 0 : s.layer_recompute;
  for (int64_t l = st.first_layer; l < st.first_layer + st.layers; ++l) {
    bool moe = l >= dense_end;
    Row a;
    a.name = fmt::format("attention_layer_{}", l);
    a.fwd = s.layer_fwd * s.attn_share;
    a.ig = a.fwd + recompute * s.attn_share;
    a.wg = a.fwd;
    if (tp) {
      a.fwd_comm = a.ig_comm = "ALLREDUCE";
      a.fwd_bytes = a.ig_bytes = s.act_bytes;
    }
    double attn_params = (pc.attention + pc.norms) / double(s.tp);
    if (dp) {
      a.wg_comm = dp_comm;
      a.wg_bytes = attn_params * gb;
    }
    a.update = update(attn_params);
    rows.push_back(a);
    const double mlp_time = s.layer_fwd * (1 - s.attn_share);
    if (!moe) {
      Row m;
      m.name = fmt::format("mlp_layer_{}", l);
      m.fwd = mlp_time;
      m.ig = m.fwd + recompute * (1 - s.attn_share);
      m.wg = m.fwd;
      if (tp) {
        m.fwd_comm = m.ig_comm = "ALLREDUCE";
        m.fwd_bytes = m.ig_bytes = s.act_bytes;
      }
      double params = pc.dense_mlp / double(s.tp);
      if (dp) {
        m.wg_comm = dp_comm;
        m.wg_bytes = params * gb;
      }
      m.update = update(params);
      rows.push_back(m);
      continue;
    }
    bool ep = s.ep > 1;
    Row d;
    d.name = fmt::format("moe_dispatch_layer_{}", l);
    if (ep) {
      d.fwd_comm = d.ig_comm = "ALLTOALL_EP";
      d.fwd_bytes = d.ig_bytes = s.ep_bytes;
    }
    rows.push_back(d);
    Row x;
    x.name = fmt::format("moe_experts_layer_{}", l);
    x.fwd = mlp_time;
    x.ig = x.fwd + recompute * (1 - s.attn_share);
    x.wg = x.fwd;
    if (tp) {
      x.fwd_comm = x.ig_comm = "ALLREDUCE";
      x.fwd_bytes = x.ig_bytes = s.act_bytes;
    }
    double expert_params = double(in.experts) * pc.expert / double(s.ep * s.tp);
    if (s.dp * s.cp / s.ep > 1) {
      x.wg_comm = dp_comm + "_DP_EP";
      x.wg_bytes = expert_params * gb;
    }
    x.update = update(expert_params + (pc.shared + pc.router) / double(s.tp));
    rows.push_back(x);
    Row c;
    c.name = fmt::format("moe_combine_layer_{}", l);
    if (ep) {
      c.fwd_comm = c.ig_comm = "ALLTOALL_EP";
      c.fwd_bytes = c.ig_bytes = s.ep_bytes;
    }
    rows.push_back(c);
  }
  std::string out = fmt::format(
      "HYBRID_TRANSFORMER_FWD_IN_BCKWD model_parallel_NPU_group: {} ep: {} pp: {} vpp: {} ga: {} "
      "all_gpus: {} checkpoints: 0 checkpoint_initiates: 0 pp_comm {}\n",
      s.tp, s.ep, s.pp, s.vpp, s.micro_batches, s.gpus, s.pp > 1 ? Bytes(s.pp_bytes) : 0LL);
  out += fmt::format("{}\n", rows.size());
  for (const Row& r : rows)
    out += fmt::format("{}\t-1\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", r.name, Ns(r.fwd),
                       r.fwd_comm, Bytes(r.fwd_bytes), Ns(r.ig), r.ig_comm, Bytes(r.ig_bytes),
                       Ns(r.wg), r.wg_comm, Bytes(r.wg_bytes), Ns(r.update));
  return out;
}

std::string Script(const Context& ctx, const PlanShape& s) {
  const ir::Program& p = ctx.program;
  const ir::Cluster& cl = p.Get(s.plan->cluster);
  const ir::Node& node = p.Get(cl.nodes.ref);
  const ir::Nic* nic = node.nics.ref.Valid() ? &p.Get(node.nics.ref) : nullptr;
  // SimAI's "server" is the NVLink domain: GPUs per scale-up domain, and the NIC ports of the
  // nodes that domain spans. Bandwidths in GB/s of 10^9 bytes, one direction: -nv the scale-up
  // bandwidth per GPU, -nic one NIC port's line rate.
  int64_t gps = std::max<int64_t>(1, s.cluster->scale_up_domain);
  int64_t nodes_per_domain =
      std::max<int64_t>(1, gps / std::max<int64_t>(1, s.cluster->gpus_per_node));
  int64_t nics = nic ? node.nics.count * nic->ports * nodes_per_domain : 0;
  std::string out = "#!/bin/sh\n";
  out += "# " + sim::HeaderLine(ctx, *s.plan) + "\n";
  out += "# SimAI analytical. Set SIMAI to the binary when it is not on PATH.\n";
  out += "set -e\n";
  out += "cd \"$(dirname \"$0\")\"\n";
  out += fmt::format(
      "\"${{SIMAI:-SimAI_analytical}}\" -w {}.txt -g {} -g_p_s {} -nv {} -nic {} -n_p_s {}\n",
      s.plan->name, s.gpus, gps, sim::Num(sim::DecimalGBps(s.cluster->scale_up_bandwidth_per_gpu)),
      sim::Num(sim::DecimalGBps(nic ? nic->bandwidth.si : 0)), nics);
  return out;
}

}  // namespace

void EmitSimAi(const Context& ctx, OutputTree& out) {
  for (uint32_t index : ctx.plans) {
    PlanShape s = sim::MakePlanShape(ctx, index);
    if (!s.Valid()) continue;
    out.Write("simai/" + s.plan->name + ".txt", Workload(s));
    out.Write("simai/" + s.plan->name + ".sh", Script(ctx, s));
  }
}

}  // namespace clusterc::backends
