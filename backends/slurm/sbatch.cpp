// The sbatch script of one plan: Megatron-LM's pretrain_gpt.py launched by srun with one task
// per GPU, the rank environment from Slurm (NVIDIA's Megatron/NeMo launch pattern), the plan's
// degrees, batch, model shape and checkpoint interval as flags.
//
// Why srun and not torchrun: one torchrun per node rendezvous through a c10d store on a fixed
// port of the first node, which every rank must reach at start; at thousands of nodes that store
// is a single point of failure and the port a collision risk. With srun, Slurm starts every rank
// itself and hands it SLURM_PROCID / SLURM_LOCALID / SLURM_NTASKS, which the script maps to the
// RANK / LOCAL_RANK / WORLD_SIZE that torch.distributed reads; only MASTER_ADDR/PORT remain for
// the NCCL bootstrap, and the port is derived from the job id so two jobs sharing a first node
// do not collide.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "backends/emitters.h"
#include "backends/escape.h"
#include "backends/slurm/slurm_parts.h"
#include "ir/checked.h"

namespace clusterc::backends::slurm {

namespace {

struct Args {
  std::string text;
  void Section(const std::string& comment) { text += "  # " + comment + "\n"; }
  void Add(const std::string& flag) { text += "  " + flag + "\n"; }
  template <class T>
  void Add(const std::string& flag, const T& value) {
    text += fmt::format("  {} {}\n", flag, value);
  }
};

const char* ShardingComment(ir::Sharding s) {
  switch (s) {
    case ir::Sharding::zero1:
      return "ZeRO-1: optimizer states sharded over data-parallel ranks";
    case ir::Sharding::zero2:
      return "ZeRO-2: Megatron's distributed optimizer shards optimizer states and "
             "reduce-scatters gradients";
    case ir::Sharding::zero3:
    case ir::Sharding::fsdp:
      return "ZeRO-3/FSDP: parameters, gradients and optimizer states sharded (Megatron-FSDP)";
    case ir::Sharding::none:
      break;
  }
  return "";
}

// The largest divisor of `nodes` that is at most `limit` and a multiple of `group`; 0 if none.
int64_t SegmentSize(int64_t nodes, int64_t limit, int64_t group) {
  for (int64_t s = std::min(nodes, limit); s >= group && group > 0; --s)
    if (nodes % s == 0 && s % group == 0) return s;
  return 0;
}

// Megatron-Core's --pipeline-model-parallel-layout of the plan's stages (StageLayers): chunk c
// of stage r, the (c pp + r)-th of the string, holds stage r's layers spread over its vpp chunks,
// the first ones a layer more where they do not divide (analysis::ChunkLayers), the last stage's
// MTP modules counted as layers (as in the ASTRA-sim traces' chunks); the embedding opens the first
// chunk, the MTP modules and the loss close the last (pipeline_parallel_layer_layout.py,
// validate_layer_layout: every MTP module in the last chunk). Runs of equal chunks are written
// as "(t*4|)*14".
std::string PipelineLayout(const analysis::PlanInputs& in) {
  const int64_t pp = in.pp, vpp = in.vpp, mtp = std::max<int64_t>(0, in.mtp_layers);
  auto repeat = [](char c, int64_t n) {
    return n <= 0 ? std::string() : n == 1 ? std::string(1, c) : fmt::format("{}*{}", c, n);
  };
  // The MTP modules share the last stage's chunks only where its last chunk holds them all.
  const int64_t last_units = analysis::StageLayers(in, pp - 1) + mtp;
  const bool mtp_counts = last_units / vpp >= mtp;
  std::vector<std::string> chunks;
  for (int64_t c = 0; c < vpp; ++c)
    for (int64_t r = 0; r < pp; ++r) {
      const bool tail = c == vpp - 1 && r == pp - 1;
      const int64_t units = analysis::StageLayers(in, r) + (r == pp - 1 && mtp_counts ? mtp : 0);
      const int64_t n = analysis::ChunkLayers(units, vpp, c) - (tail && mtp_counts ? mtp : 0);
      std::string chunk = (c == 0 && r == 0) ? "E" : "";
      chunk += repeat('t', n);
      if (tail) chunk += repeat('m', mtp) + "L";
      chunks.push_back(std::move(chunk));
    }
  std::string layout;
  for (size_t i = 0; i < chunks.size();) {
    size_t j = i + 1;
    // The last chunk alone holds the loss, so a run never reaches it.
    while (j + 1 < chunks.size() && chunks[j] == chunks[i]) ++j;
    if (j - i > 1)
      layout += fmt::format("({}|)*{}", chunks[i], j - i);
    else
      layout += chunks[i] + (j < chunks.size() ? "|" : "");
    i = j;
  }
  return layout;
}

// The layers on the stages as the step model places them (plan_model.cpp StageLayers), in
// Megatron-LM's flags. Megatron's TransformerConfig wants the first and last stages' layers to
// divide by the virtual stages, and does not mix them with the embedding/loss accounting
// (arguments.py: uneven stages take --num-virtual-stages-per-pipeline-rank); where they do not
// divide, the layout string places every chunk. Returns the virtual stages a pipeline rank gets
// (1 where none are passed).
int64_t AddPipelineSplit(const analysis::PlanInputs& in, Args& a) {
  const int64_t L = in.layers, pp = in.pp, vpp = std::max<int64_t>(1, in.vpp);
  if (pp <= 1) return 1;
  const int64_t chunks = ir::SaturatingMul(pp, vpp);
  const int64_t first = in.first_stage_layers, last = in.last_stage_layers;
  // The embedding and the loss each take a layer's slot on the first and last stages: the
  // plan's split when it gives none, or gives those ends, and the layers (not layers + 2) do
  // not divide.
  const bool slots =
      analysis::EndsAreSlots(L, pp, vpp, first, last) && (first > 0 || last > 0 || vpp > 1);
  if (slots) {
    a.Section(fmt::format("{} layers + the embedding and the loss over {} x {} virtual stages", L,
                          pp, vpp));
    a.Add("--account-for-embedding-in-pipeline-split");
    a.Add("--account-for-loss-in-pipeline-split");
    if (vpp > 1) a.Add("--num-layers-per-virtual-pipeline-stage", (L + 2) / chunks);
    return vpp;
  }
  int64_t head = first, tail = last;
  if (head <= 0 && tail <= 0 && L % pp != 0) {
    // Uneven split: the middle stages take ceil(layers / pp), first and last share the rest.
    const int64_t middle = CeilDiv(L, pp);
    const int64_t rest = L - (pp - 2) * middle;
    if (rest >= 2) {
      head = rest / 2;
      tail = rest - rest / 2;
    }
  }
  if (head > 0 || tail > 0) {
    const int64_t ends = (head > 0) + (tail > 0);
    const int64_t middle =
        pp > ends ? (L - std::max<int64_t>(0, head) - std::max<int64_t>(0, tail)) / (pp - ends) : 0;
    const bool plan_ends = first > 0 || last > 0;
    if (vpp > 1 && plan_ends && (head % vpp != 0 || tail % vpp != 0 || middle % vpp != 0) &&
        analysis::StagesSplit(L, pp, vpp, first, last)) {
      const std::string counts =
          pp > ends ? fmt::format("{} first, {} a middle one, {} last", head > 0 ? head : middle,
                                  middle, tail > 0 ? tail : middle)
                    : fmt::format("{} and {}", head, tail);
      a.Section(
          fmt::format("{} layers over {} stages ({}) of {} virtual stages: not all divide "
                      "by {}, so the layout places each chunk",
                      L, pp, counts, vpp, vpp));
      a.Add("--pipeline-model-parallel-layout", "'" + PipelineLayout(in) + "'");
      return vpp;
    }
    // Two stages given both ends have no middle one to describe.
    a.Section(pp > ends
                  ? fmt::format("{} layers over {} stages: {} per middle stage", L, pp, middle)
                  : fmt::format("{} layers over {} stages: {} and {}", L, pp, head, tail));
    if (head > 0) a.Add("--decoder-first-pipeline-num-layers", head);
    if (tail > 0) a.Add("--decoder-last-pipeline-num-layers", tail);
    if (vpp > 1) {
      if (head % vpp == 0 && tail % vpp == 0 && middle % vpp == 0) {
        a.Add("--num-virtual-stages-per-pipeline-rank", vpp);
        return vpp;
      }
      a.Section(fmt::format(
          "vpp {} left out: Megatron needs each stage's layers ({}, {}, {}) to divide by it", vpp,
          head, middle, tail));
    }
    return 1;
  }
  if (vpp > 1) {
    if (L % chunks == 0) {
      a.Add("--num-layers-per-virtual-pipeline-stage", L / chunks);
      return vpp;
    }
    a.Section(fmt::format("vpp {} left out: {} layers do not split evenly over it", vpp, L));
  }
  return 1;
}

// The overlaps the step model counts on, as Megatron-LM's flags (all off by its default): the
// data-parallel reduction and the distributed optimizer's parameter gather behind compute
// (`dp_overlap`; arguments.py: --overlap-param-gather "only supported with distributed optimizer,
// megatron fsdp" and with --overlap-grad-reduce), Transformer Engine's userbuffers TP overlap
// (`tp_comm_overlap`) and the expert all-to-all behind the other micro-batch's compute
// (`ep_comm_overlap`; TransformerConfig: expert parallelism, an all-to-all or flex dispatcher,
// virtual stages under pipeline parallelism, no full recompute). Returns whether the last is on.
bool AddOverlaps(const analysis::PlanInputs& in, int64_t passed_vpp, Args& a) {
  const bool sharded = in.sharding != ir::Sharding::none;
  if (in.dp_overlap && in.dp * in.cp > 1) {
    a.Add("--overlap-grad-reduce");
    if (sharded) a.Add("--overlap-param-gather");
  } else if (!in.dp_overlap && in.dp * in.cp > 1) {
    a.Section("dp_overlap = false: the data-parallel collectives after the backward");
  }
  if (in.tp_comm_overlap && in.tp > 1 && in.sequence_parallel) a.Add("--tp-comm-overlap");
  if (!in.ep_comm_overlap || in.ep <= 1) return false;
  if (in.recompute == ir::Recompute::full || (in.pp > 1 && passed_vpp <= 1)) {
    a.Section(
        "the plan's ep_comm_overlap has no Megatron-Core form here (it needs virtual pipeline "
        "stages under pipeline parallelism and no full recompute): the all-to-all is exposed");
    return false;
  }
  a.Add("--overlap-moe-expert-parallel-comm");
  return true;
}

}  // namespace

std::string Sbatch(const Context& ctx, const ClusterJob& job, uint32_t plan_index,
                   const std::string& nccl_env) {
  const ir::Plan& plan = ctx.program.plans[plan_index];
  const ir::Cluster& cl = ctx.program.clusters[job.index];
  // The cluster as the plan's node group sees it.
  const analysis::ClusterResults& cr = plan_index < ctx.results.plan_clusters.size()
                                           ? ctx.results.plan_clusters[plan_index]
                                           : ctx.results.clusters[job.index];
  const analysis::PlanInputs& in = ctx.results.plan_inputs[plan_index];
  const analysis::PlanResults& pr = ctx.results.plans[plan_index];
  int32_t group =
      plan_index < ctx.results.plan_groups.size() ? ctx.results.plan_groups[plan_index].group : 0;
  const NodeShape& s = job.mixed && group >= 0 && size_t(group) < job.group_shapes.size()
                           ? job.group_shapes[size_t(group)]
                           : job.shape;
  int64_t gpn = cr.gpus_per_node;
  int64_t gpus = pr.gpus > 0 ? pr.gpus : in.tp * in.pp * in.dp * in.cp;
  int64_t nodes = gpn > 0 ? CeilDiv(gpus, gpn) : 0;
  int64_t tasks = gpn > 0 ? std::min(gpn, gpus) : 1;
  int64_t cpus_per_task = std::max<int64_t>(1, s.CPUs() / std::max<int64_t>(1, tasks));

  std::string o = "#!/bin/bash\n";
  o += fmt::format("# generated by clusterc from {}\n", escape::CommentText(ctx.spec_name));
  o += fmt::format("# Plan {}: {} on cluster {}, {} GPUs on {} nodes.\n", plan.name,
                   ctx.program.models[plan.model.index].name, cl.name, Thousands(gpus),
                   Thousands(nodes));
  o += fmt::format("# tp {} x pp {} x cp {} x dp {}", in.tp, in.pp, in.cp, in.dp);
  const bool folded = analysis::ExpertsFolded(in);
  if (folded)
    o += fmt::format(", ep {} x etp {} folded over tp x dp x cp", in.ep, in.etp);
  else if (in.ep > 1)
    o += fmt::format(", ep {} within dp", in.ep);
  if (in.vpp > 1) o += fmt::format(", {} virtual stages per pipeline rank", in.vpp);
  o += ".\n";
  if (pr.valid && pr.step_time > 0)
    o += fmt::format("# Analysis: step {:.2f} s, MFU {:.1f} %, {:.1f} GiB per GPU (most loaded).\n",
                     pr.step_time, 100 * pr.mfu, pr.memory.Total() / 1073741824.0);
  o += "# Submit from this directory (sbatch " + plan.name +
       ".sbatch): the NCCL environment is read\n"
       "# relative to it. Read from the environment: CHECKPOINT_DIR (required: shared storage\n"
       "# for --save/--load), DATA_PATH (Megatron's --data-path; or MOCK_DATA=1 for synthetic\n"
       "# data, never silently), MEGATRON (default /opt/Megatron-LM).\n";
  // What the plan leaves to the person who submits it (`:?` stops the script without it).
  const bool iters_unknown = in.tokens <= 0;
  const bool interval_unknown = !(pr.valid && pr.checkpoint_interval > 0 && pr.step_time > 0);
  if (iters_unknown) o += "# Also TRAIN_ITERS: the plan gives no token budget.\n";
  if (interval_unknown)
    o += "# Also SAVE_INTERVAL (steps between checkpoints): the plan gives no failure rate to size "
         "it.\n";
  if (!s.gpu_vendor.empty() && !s.Nvidia() && !s.Amd())
    o += fmt::format(
        "# NOTE: Megatron-LM assumes NVIDIA (or AMD ROCm) GPUs; on {} accelerators run the same\n"
        "# degrees and batch with that platform's launcher (e.g. MaxText on TPUs).\n",
        escape::CommentText(s.gpu_vendor));
  if (s.Amd())
    o += "# AMD GPUs: run ROCm's Megatron-LM build (github.com/ROCm/Megatron-LM); the flags are\n"
         "# upstream's, and RCCL reads the NCCL_* settings sourced below.\n";
  o += fmt::format("#SBATCH --job-name={}\n", plan.name);
  o += fmt::format("#SBATCH --partition={}\n", PlanPartition(ctx, job, plan_index));
  o += fmt::format("#SBATCH --nodes={}\n", nodes);
  o += "# One task per GPU; every task sees its node's GPUs and picks LOCAL_RANK's, so CUDA IPC\n"
       "# and NVLink peer access work between the tasks of a node.\n";
  o += fmt::format("#SBATCH --ntasks-per-node={}\n", tasks);
  o += fmt::format("#SBATCH --gpus-per-node={}\n", gpn);
  o += fmt::format("#SBATCH --cpus-per-task={}\n", cpus_per_task);
  o += "#SBATCH --mem=0\n";
  o += "#SBATCH --exclusive\n";
  // The plan's group's NVLink domains span nodes (NVL72): the blocks are that group's.
  if (job.nodes_per_block > 0 && (!job.mixed || group == job.block_group)) {
    // Megatron orders ranks tp, cp, ep, dp, pp (fastest first): a TP x CP x EP group is
    // tp*cp*ep consecutive ranks, i.e. consecutive nodes. A segment of whole groups inside one
    // block keeps every such group inside one NVLink domain. Folded experts (etp != tp) order
    // their ranks etp, ep, expert-dp over the same ranks: ep x etp consecutive ranks, so the
    // blocks that hold whole groups of both kinds are lcm(tp x cp, ep x etp) ranks.
    int64_t group_gpus = folded ? std::lcm(in.tp * in.cp, std::max<int64_t>(1, in.ep) * in.etp)
                                : in.tp * in.cp * std::max<int64_t>(1, in.ep);
    int64_t group_nodes = std::max<int64_t>(1, CeilDiv(group_gpus, gpn));
    int64_t segment = group_nodes <= job.nodes_per_block
                          ? SegmentSize(nodes, job.nodes_per_block, group_nodes)
                          : 0;
    if (segment > 0 && job.block_primary) {
      o += fmt::format(
          "# Slurm >= 24.05: segments of {} nodes, each inside one NVLink domain (block of {}\n"
          "# nodes), holding whole tp x cp x ep groups of {} GPUs.\n",
          segment, job.nodes_per_block, group_gpus);
      o += fmt::format("#SBATCH --segment={}\n", segment);
    } else if (segment > 0) {
      o += fmt::format(
          "# NVLink domains span {} nodes; Slurm {} has no topology/block, so nothing keeps this\n"
          "# job's tp x cp x ep groups ({} GPUs) inside one: target Slurm >= 24.05 for "
          "--segment.\n",
          job.nodes_per_block, job.version.Text(), group_gpus);
    } else {
      o += fmt::format(
          "# The tp x cp x ep groups ({} GPUs) do not fit whole into NVLink domains of {} nodes:\n"
          "# no --segment keeps them inside one.\n",
          group_gpus, job.nodes_per_block);
    }
  }
  o += "#SBATCH --output=%x-%j.out\n";
  o += "\nset -euo pipefail\n\n";
  o += "# NCCL settings for this cluster, from clusterc's NCCL backend.\n";
  // The NCCL backend's file for this plan's node type and fabric: nccl/nccl.env, or a folder of
  // its own when the build writes several configurations (mixed node groups, one node type on
  // several fabrics). nccl_env is the top-level file, relative to this script.
  const std::string up = nccl_env.substr(0, nccl_env.size() - std::string("nccl/nccl.env").size());
  const size_t g = group >= 0 && size_t(group) < cl.nodes.Groups() ? size_t(group) : 0;
  const std::string env = up + NcclEnvFile(ctx, job.index, cl.nodes.Group(g).ref.index);
  o += fmt::format("set -a\nsource {}\nset +a\n\n", env);
  o += "export MEGATRON=${MEGATRON:-/opt/Megatron-LM}\n";
  o += "CHECKPOINT_DIR=${CHECKPOINT_DIR:?set CHECKPOINT_DIR to a directory on shared storage}\n";
  o +=
      "# torch.distributed's env:// rendezvous for the NCCL bootstrap: the first node, and a port\n"
      "# from the job id so jobs that share a first node do not collide.\n";
  o += "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n";
  o += "export MASTER_PORT=$((20000 + SLURM_JOB_ID % 20000))\n\n";
  if (in.fused_grouped_mlp)
    o += "# The routed experts as Transformer Engine's fused grouped MLP (cuDNN's CuTe DSL "
         "kernels,\n"
         "# Blackwell only), with --use-transformer-engine-op-fuser below.\n"
         "export NVTE_CUTEDSL_FUSED_GROUPED_MLP=1\n\n";
  // ROCm Transformer Engine opens its MXFP8 path (gfx950) only when asked.
  if (s.Amd() && plan.precision == ir::Precision::fp8 &&
      plan.fp8_scaling == ir::Fp8Scaling::block && in.block_scaled_mma)
    o += "# MXFP8 (--fp8-recipe mxfp8 below) on ROCm Transformer Engine.\n"
         "export NVTE_ROCM_ENABLE_MXFP8=1\n\n";

  Args a;
  a.Section("parallelism: tp x pp x cp x dp = " + Thousands(gpus) + " GPUs");
  a.Add("--tensor-model-parallel-size", in.tp);
  a.Add("--pipeline-model-parallel-size", in.pp);
  a.Add("--context-parallel-size", in.cp);
  // Transformer Engine's spellings (attn_forward_func_with_cp); Megatron's default is p2p.
  if (in.cp > 1 && in.cp_comm != ir::CpComm::ring)
    a.Add("--cp-comm-type", in.cp_comm == ir::CpComm::all_gather ? "all_gather" : "a2a");
  if (in.moe || in.ep > 1) a.Add("--expert-model-parallel-size", in.ep);
  if (in.moe && in.etp > 0) a.Add("--expert-tensor-parallel-size", in.etp);
  if (in.sequence_parallel && in.tp > 1) a.Add("--sequence-parallel");
  // Rank order tp-cp-ep-pp-dp (Megatron-Core's RankGenerator; default tp-cp-ep-dp-pp).
  if (in.pp_inside_dp && in.pp > 1) a.Add("--use-tp-pp-dp-mapping");
  const int64_t passed_vpp = AddPipelineSplit(in, a);

  a.Section("batch");
  a.Add("--micro-batch-size", in.micro_batch);
  a.Add("--global-batch-size", in.global_batch);
  a.Add("--seq-length", in.seq_len);
  a.Add("--max-position-embeddings", in.seq_len);
  if (in.tokens > 0 && in.seq_len > 0) {
    auto samples = static_cast<int64_t>(std::ceil(in.tokens / static_cast<double>(in.seq_len)));
    a.Section(fmt::format("{} tokens / {} tokens per sample",
                          Thousands(static_cast<int64_t>(std::llround(in.tokens))),
                          Thousands(in.seq_len)));
    a.Add("--train-samples", samples);
  } else {
    a.Section("the plan gives no token budget");
    a.Add("--train-iters", "\"${TRAIN_ITERS:?set TRAIN_ITERS}\"");
  }

  a.Section("model: " + ctx.program.models[plan.model.index].name);
  a.Add("--num-layers", in.layers);
  a.Add("--hidden-size", in.hidden);
  a.Add("--ffn-hidden-size", in.ffn);
  a.Add("--num-attention-heads", in.heads);
  // Megatron-LM's head width, hidden / heads unless given (`--kv-channels`, arguments.py).
  if (!in.mla && in.attention_head_dim > 0 && in.attention_head_dim * in.heads != in.hidden)
    a.Add("--kv-channels", analysis::HeadDim(in));
  if (in.kv_heads > 0 && in.kv_heads < in.heads) {
    a.Add("--group-query-attention");
    a.Add("--num-query-groups", in.kv_heads);
  }
  // Sliding-window attention: Megatron-Core's (left, right) window, the keys before a query
  // (Megatron-Bridge writes GPT-OSS's 128 as 128,0), and every n-th layer attending to it all.
  if (in.attention_window > 0) {
    a.Add("--window-size", fmt::format("{},0", in.attention_window));
    if (in.full_attention_every > 0) a.Add("--window-attn-skip-freq", in.full_attention_every);
  }
  if (in.mla) {
    a.Add("--multi-latent-attention");
    if (in.q_rank > 0) a.Add("--q-lora-rank", in.q_rank);
    a.Add("--kv-lora-rank", in.kv_rank);
    a.Add("--qk-head-dim", in.head_dim);
    a.Add("--qk-pos-emb-head-dim", in.rope_dim);
    a.Add("--v-head-dim", in.v_head_dim);
  }
  // Megatron-LM's activation flags (arguments.py): GeLU by default, --swiglu, --squared-relu.
  const ir::Activation activation = ctx.program.models[plan.model.index].activation;
  if (in.swiglu) a.Add("--swiglu");
  if (activation == ir::Activation::squared_relu) a.Add("--squared-relu");
  if (activation == ir::Activation::relu)
    a.Section("the model's ReLU has no Megatron-LM flag: this run trains GeLU, Megatron's default");
  // Megatron-LM's hidden and attention dropout default to 0.1: state 0 for a model without.
  if (!in.dropout) {
    a.Add("--hidden-dropout", "0");
    a.Add("--attention-dropout", "0");
  }
  a.Add("--normalization", in.layernorm ? "LayerNorm" : "RMSNorm");
  // Positions (--position-embedding-type, default learned_absolute; --rotary-percent) and
  // biases (--disable-bias-linear), as the model states them or its norm implies.
  // The rotation's base (--rotary-base) and stretch, in Megatron-LM's flags (arguments.py;
  // argument_utils.py maps --rotary-scaling-factor to a non-MLA model's YaRN factor): Llama
  // 3.1's scaling with --use-rope-scaling, YaRN as its own position type, or with MLA, whose
  // rotation is YaRN's by default (--rope-type), with the factor beside rope positions (as
  // Megatron-LM's DeepSeek-R1 example writes it).
  const ir::Model& model = ctx.program.models[plan.model.index];
  const bool yarn = model.rope_scaling == ir::RopeScaling::yarn;
  switch (analysis::PositionOf(in)) {
    case ir::Position::rope:
      a.Add("--position-embedding-type", yarn && !in.mla ? "yarn" : "rope");
      if (in.rope_fraction < 1) a.Add("--rotary-percent", fmt::format("{}", in.rope_fraction));
      if (model.rope_base > 0) a.Add("--rotary-base", fmt::format("{:.0f}", model.rope_base));
      if (model.rope_scaling == ir::RopeScaling::llama3) {
        a.Add("--use-rope-scaling");
        if (model.rope_scaling_factor > 0)
          a.Add("--rope-scaling-factor", fmt::format("{}", model.rope_scaling_factor));
      }
      if (yarn) {
        if (in.mla) a.Add("--rope-type", "yarn");
        if (model.rope_scaling_factor > 0)
          a.Add("--rotary-scaling-factor", fmt::format("{}", model.rope_scaling_factor));
        if (model.rope_original_context > 0 && !in.mla)
          a.Add("--yarn-original-max-position-embeddings", model.rope_original_context);
        if (in.mla) {
          const int64_t context = model.rope_original_context;
          a.Section(fmt::format(
              "YaRN under MLA: {}; --mscale and --mscale-all-dim stay at Megatron's 1 and 0, where "
              "DeepSeek-V3 and Kimi K2 set both to 1",
              context > 0 && context != 4096
                  ? fmt::format("no flag sets MLA's original context, which stays 4096 where the "
                                "model states {}",
                                context)
                  : std::string("MLA's original context is Megatron's 4096 (no flag sets it)")));
        }
      }
      break;
    case ir::Position::alibi:
      a.Add("--position-embedding-type", "none");
      a.Section("the model's ALiBi has no Megatron-LM flag: this run trains without positions");
      break;
    case ir::Position::learned:
    case ir::Position::by_norm:
      break;
  }
  // Megatron-LM's --add-bias-linear (its default) covers every linear layer's bias: GPT-OSS's
  // attention and expert biases keep it (Megatron-Bridge's GPT-OSS provider,
  // add_bias_linear = True).
  if (!analysis::LinearBiases(in) && !in.attention_bias && !in.expert_bias)
    a.Add("--disable-bias-linear");
  if (!in.tied_embeddings) a.Add("--untie-embeddings-and-output-weights");
  if (in.mtp_layers > 0) a.Add("--mtp-num-layers", in.mtp_layers);
  if (in.moe) {
    a.Add("--num-experts", in.experts);
    a.Add("--moe-router-topk", in.top_k);
    if (in.expert_ffn > 0) a.Add("--moe-ffn-hidden-size", in.expert_ffn);
    if (in.shared_experts > 0)
      a.Add("--moe-shared-expert-intermediate-size",
            in.shared_experts * (in.expert_ffn > 0 ? in.expert_ffn : in.ffn));
    if (in.dense_layers > 0)
      a.Add("--moe-layer-freq",
            fmt::format("'[0]*{}+[1]*{}'", in.dense_layers, in.layers - in.dense_layers));
    const bool dedup = in.ep > 1 && in.ep_deduplicated;
    a.Section(
        dedup ? "MoE: deduplicated token dispatch (a token once per remote node), the local "
                "experts as one"
        : in.ep > 1
            ? "MoE: all-to-all token dispatch across the EP group, the local experts as one"
            : "MoE without expert parallelism: all-gather token dispatch, the experts as one");
    a.Section("grouped GEMM, top-k router balanced by an auxiliary loss (Megatron's MoE guide)");
    a.Add("--moe-token-dispatcher-type", dedup ? "flex" : in.ep > 1 ? "alltoall" : "allgather");
    // Megatron-Core's flex dispatcher: DeepEP, or HybridEP where NVLink domains span nodes
    // (transformer_config.py: "Currently only hybridep backend supports the MNNVL case").
    if (dedup)
      a.Add("--moe-flex-dispatcher-backend", job.nodes_per_block > 0 ? "hybridep" : "deepep");
    a.Add("--moe-grouped-gemm");
    // Group-limited routing (`moe { groups; top_groups }`): Megatron-Core's group top-k router.
    if (in.expert_groups > 0 && in.top_groups > 0) {
      a.Add("--moe-router-num-groups", in.expert_groups);
      a.Add("--moe-router-group-topk", in.top_groups);
    }
    a.Add("--moe-router-load-balancing-type", "aux_loss");
    a.Add("--moe-aux-loss-coeff", "1e-2");
  }
  a.Add("--tokenizer-type", "NullTokenizer");
  a.Add("--vocab-size", in.vocab);

  a.Section("memory and precision");
  if (in.recompute == ir::Recompute::selective) {
    // Megatron-Core's module names (transformer_config.py, recompute_modules; its default is
    // core_attn alone, what clusterc assumes when the plan names none), only those the model
    // has: Megatron-Core refuses mla_up_proj without MLA and moe_act without grouped GEMMs.
    const uint8_t replay = analysis::Replayed(in);
    std::string modules;
    const std::pair<bool, const char*> megatron[] = {
        {(replay & analysis::kRecomputeCoreAttention) != 0, "core_attn"},
        {(replay & analysis::kRecomputeNorms) != 0, "layernorm"},
        {(replay & analysis::kRecomputeMlp) != 0 && analysis::HasDenseLayers(in), "mlp"},
        {(replay & analysis::kRecomputeMoeActivation) != 0 && in.moe, "moe_act"},
        {(replay & analysis::kRecomputeMlaUpProjection) != 0 && in.mla, "mla_up_proj"}};
    for (const auto& [on, name] : megatron)
      if (on) modules += (modules.empty() ? "" : " ") + std::string(name);
    if (modules.empty()) {
      // --recompute-modules takes one name at least (argument_utils.py: nargs "+").
      a.Section("the plan's selective recompute names no module Megatron-Core has: none");
    } else {
      a.Add("--recompute-granularity", "selective");
      if (modules != "core_attn") a.Add("--recompute-modules", modules);
    }
    if ((replay & analysis::kRecomputeMlpActivation) && analysis::HasDenseLayers(in))
      a.Section(
          "the plan also replays its dense MLPs' activation functions, which Megatron-Core has "
          "no recompute module for: this run keeps their outputs");
  } else if (in.recompute == ir::Recompute::full) {
    a.Add("--recompute-granularity", "full");
    if (in.recompute_layers > 0) {
      // Block: the first N layers of each model chunk replay, the rest keep their activations
      // (megatron/core/recompute.py).
      a.Add("--recompute-method", "block");
      a.Add("--recompute-num-layers", in.recompute_layers);
    } else {
      a.Add("--recompute-method", "uniform");
      a.Add("--recompute-num-layers", 1);
    }
  }
  // Activation offload: Megatron-Core's CPU offloading of the first N layers (its flags are
  // generated from TransformerConfig since core_v0.16.0; a positive count turns it on). It
  // refuses pipeline parallelism and recompute (transformer_config.py): say so rather than emit
  // a run that stops at start.
  if (in.offload_layers > 0) {
    if (in.pp > 1 || in.recompute != ir::Recompute::none)
      a.Section(
          "the plan's activation offload has no Megatron-LM equivalent with pipeline parallelism "
          "or recompute (Megatron-Core refuses both): this run keeps every layer's activations");
    else
      a.Add("--cpu-offloading-num-layers", in.offload_layers);
  }
  // The optimizer: Megatron-LM's default is Adam. Muon with --use-distributed-optimizer (below,
  // under `zero1`) is Megatron-Core's layer-wise distributed optimizer (arguments.py).
  if (in.optimizer == ir::OptimizerKind::sgd) a.Add("--optimizer", "sgd");
  if (in.optimizer == ir::OptimizerKind::muon) {
    a.Add("--optimizer", "muon");
    if (in.muon_ns_steps != 5) a.Add("--muon-num-ns-steps", in.muon_ns_steps);
    if (!in.muon_tp_duplicated) a.Add("--muon-tp-mode", "blockwise");
  }
  if (in.sharding != ir::Sharding::none) a.Section(ShardingComment(in.sharding));
  // Hybrid sharding: Megatron's distributed optimizer instances are the replicas, each sharding
  // over dp x cp / instances ranks; Megatron-FSDP replicates across them unsharded
  // (--outer-dp-sharding-strategy no_shard, its HSDP).
  const int64_t replicas = analysis::ShardReplicas(in);
  if (in.sharding == ir::Sharding::zero1 || in.sharding == ir::Sharding::zero2) {
    a.Add("--use-distributed-optimizer");
    if (replicas > 1) a.Add("--num-distributed-optimizer-instances", replicas);
  } else if (in.sharding == ir::Sharding::zero3 || in.sharding == ir::Sharding::fsdp) {
    a.Add("--use-megatron-fsdp");
    a.Add("--data-parallel-sharding-strategy", "optim_grads_params");
    a.Add("--use-distributed-optimizer");
    // arguments.py: "Megatron-FSDP requires the `fsdp_dtensor` checkpointing format".
    a.Add("--ckpt-format", "fsdp_dtensor");
    if (replicas > 1) {
      a.Add("--num-distributed-optimizer-instances", replicas);
      a.Add("--outer-dp-sharding-strategy", "no_shard");
    }
    // Megatron-FSDP has no switch that turns prefetch off: the script runs faster than the
    // plan's analysis, which kept the unprefetched step.
    if (in.prefetch == ir::Prefetch::none && in.reshard_after_forward)
      a.Section(
          "the plan's `prefetch = none` has no Megatron-FSDP flag: this run prefetches, "
          "and its step is shorter than the analysis of the plan");
    // Nor one that keeps the forward's gathered parameters through the backward: the run
    // gathers them twice and holds less than the plan's analysis.
    if (!in.reshard_after_forward)
      a.Section(
          "the plan's `reshard_after_forward = false` (PyTorch FSDP's SHARD_GRAD_OP) has no "
          "Megatron-FSDP flag: this run gathers every unit again for its backward, holding "
          "less memory and moving more than the analysis of the plan");
    if (!in.reshard_after_backward)
      a.Section(
          "the plan's `reshard_after_backward = false` (torch.distributed.pipelining under "
          "FSDP2) has no Megatron-FSDP flag: this run gathers and reduces every micro-batch's "
          "units, holding less memory and moving more than the analysis of the plan");
  }
  a.Section("overlap");
  const bool ep_overlap = AddOverlaps(in, passed_vpp, a);
  // Megatron-LM always keeps 16-bit weights beside the optimizer's fp32 main parameters (ZeRO-1/2
  // count the same either way).
  const bool whole_or_sharded = in.sharding == ir::Sharding::none ||
                                in.sharding == ir::Sharding::zero3 ||
                                in.sharding == ir::Sharding::fsdp;
  if (in.fp32_params && in.precision != ir::Precision::fp32 && whole_or_sharded)
    a.Section(
        "the plan's `fp32_params` (PyTorch's fp32 master parameters) has no Megatron-LM flag: "
        "Megatron keeps 16-bit weights beside fp32 main parameters, 2 bytes a parameter (of "
        "its shard, under FSDP) more than the plan counts");
  switch (in.precision) {
    case ir::Precision::bf16:
      a.Add("--bf16");
      break;
    case ir::Precision::fp16:
      a.Add("--fp16");
      break;
    case ir::Precision::fp8:
      a.Add("--bf16");
      a.Add("--fp8-format", "hybrid");
      // Megatron-LM's recipes (arguments.py --fp8-recipe; the default is delayed): current
      // scaling is "tensorwise"; block scaling is MXFP8 where the tensor cores take MX scales
      // (Transformer Engine's MXFP8BlockScaling needs Blackwell), else DeepSeek-V3's 128-wide
      // blocks (Float8BlockScaling).
      a.Add("--fp8-recipe", plan.fp8_scaling == ir::Fp8Scaling::delayed   ? "delayed"
                            : plan.fp8_scaling == ir::Fp8Scaling::current ? "tensorwise"
                            : in.block_scaled_mma                         ? "mxfp8"
                                                                          : "blockwise");
      // The weights in FP8 alone, as the plan's memory counts them (`fp8_param_gather`, on by
      // default with a sharded optimizer, which Megatron-LM requires of it).
      if (!in.quantized_weight_copy) a.Add("--fp8-param-gather");
      break;
    case ir::Precision::nvfp4:
      // Megatron-Core's FP4 mode: Transformer Engine's NVFP4BlockScaling on the linear layers
      // (transformer_config.py: --fp4-format e2m1, fp4_recipe "nvfp4").
      a.Add("--bf16");
      a.Add("--fp4-format", "e2m1");
      // The weights in NVFP4 alone, as the plan's memory counts them (`fp4_param_gather`).
      if (in.quantized_weights_alone) a.Add("--fp4-param-gather");
      break;
    case ir::Precision::mxfp4:
      // AMD Primus' Megatron (primus/backends/megatron/core/fp4_utils.py): fp4_recipe "mxfp4",
      // ROCm Transformer Engine's MXFP4BlockScaling on AITER's a4w4 GEMMs. Upstream
      // Megatron-Core accepts only "nvfp4" and "custom" (transformer_config.py).
      a.Add("--bf16");
      a.Add("--fp4-format", "e2m1");
      a.Add("--fp4-recipe", "mxfp4");
      break;
    case ir::Precision::fp32:
      break;
  }
  // Megatron-LM lists fp8_dot_product_attention among the config fields with no CLI argument
  // (arguments.py); Megatron-Bridge and NeMo set it on the model config.
  if (plan.fp8_attention)
    a.Section(
        "the plan's `fp8_attention` (Transformer Engine's FP8 dot-product attention) has no "
        "Megatron-LM flag: set TransformerConfig.fp8_dot_product_attention = True (Megatron-"
        "Bridge and NeMo: the model config's fp8_dot_product_attention)");
  if (in.fused_grouped_mlp) {
    a.Section("fused_grouped_mlp: the routed experts through Transformer Engine's op fuser");
    a.Add("--use-transformer-engine-op-fuser");
  }
  if (plan.kernel_launch == ir::KernelLaunch::graph) {
    // Megatron-Core asserts the NaN check off under whole-iteration graphs (arguments.py).
    a.Section("kernel_launch = graph: the whole iteration replayed from one CUDA graph");
    a.Add("--cuda-graph-impl", "full_iteration");
    a.Add("--no-check-for-nan-in-loss-and-grad");
  }
  a.Section("checkpoints: saved to and resumed from CHECKPOINT_DIR (a requeued job continues)");
  a.Add("--save", "\"$CHECKPOINT_DIR\"");
  a.Add("--load", "\"$CHECKPOINT_DIR\"");
  if (!interval_unknown) {
    auto every = std::max<int64_t>(1, ir::SaturatingRound(pr.checkpoint_interval / pr.step_time));
    a.Section(fmt::format("checkpoint every {:.0f} s = {} steps of {:.2f} s",
                          pr.checkpoint_interval, every, pr.step_time));
    a.Add("--save-interval", every);
  } else {
    // Megatron-LM asserts an interval beside --save (arguments.py); the plan cannot size one
    // without a failure rate (`gpu_mtbf`, `node_mtbf`).
    a.Section("the plan gives no failure rate to size the checkpoint interval");
    a.Add("--save-interval", "\"${SAVE_INTERVAL:?set SAVE_INTERVAL}\"");
  }

  // Megatron-LM below compute capability 10 (arguments.py: "Using tensor model parallelism or
  // context parallelism require setting the environment variable CUDA_DEVICE_MAX_CONNECTIONS to
  // 1"), except beside Megatron-FSDP, which refuses it, or the expert all-to-all overlap, which
  // warns. NVIDIA's GPUs without MX-scaled tensor cores are pre-Blackwell; ROCm's report 9.x.
  const bool megatron_fsdp =
      in.sharding == ir::Sharding::zero3 || in.sharding == ir::Sharding::fsdp;
  const bool before_blackwell = s.Amd() || !in.block_scaled_mma;
  if ((in.tp > 1 || in.cp > 1) && before_blackwell && !megatron_fsdp && !ep_overlap)
    o += "# Tensor or context parallelism before Blackwell: one hardware queue keeps the\n"
         "# collectives in issue order (Megatron-LM asserts it).\n"
         "export CUDA_DEVICE_MAX_CONNECTIONS=1\n\n";
  o += "ARGS=(\n" + a.text + ")\n";
  o += "if [[ -n \"${DATA_PATH:-}\" ]]; then\n"
       "  ARGS+=(--data-path \"$DATA_PATH\")\n"
       "elif [[ \"${MOCK_DATA:-0}\" == 1 ]]; then\n"
       "  echo \"MOCK_DATA=1: training on synthetic data (--mock-data)\" >&2\n"
       "  ARGS+=(--mock-data)\n"
       "else\n"
       "  echo \"error: set DATA_PATH (Megatron's --data-path), or MOCK_DATA=1 for synthetic "
       "data\" >&2\n"
       "  exit 1\n"
       "fi\n\n";
  o += "# Every rank is a Slurm task: the rank environment torch.distributed and Megatron read "
       "comes\n"
       "# from Slurm's (SLURM_PROCID, SLURM_LOCALID, SLURM_NTASKS).\n";
  o += "srun --kill-on-bad-exit=1 --cpu-bind=cores \\\n";
  o += "  bash -c 'export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS\n"
       "           exec python3 \"$MEGATRON/pretrain_gpt.py\" \"$@\"' pretrain \"${ARGS[@]}\"\n";
  return o;
}

}  // namespace clusterc::backends::slurm
