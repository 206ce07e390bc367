// ASTRA-sim 2.0 (analytical network backend) inputs for each plan: network.yml, system.json (and
// system.congestion_aware.json), remote_memory.json, comm_groups.json, run.sh and one Chakra
// execution trace per simulated rank.
//
// The ranks simulated are a representative slice of the job that keeps every communicator whole
// (backends/astra_sim/slice.h); `clusterc build --traces all` emits every rank of the job instead
// (Context::all_ranks), with the node budget scaled by the number of ranks.
//
// The trace of one rank is one training step: Megatron's pipeline schedule over the stage's
// micro-batches (1F1B, or the interleaved 1F1B when vpp > 1: Narayanan et al. 2021 section 2.2;
// DualPipe's or ZB-H1's order where the plan states it: pipeline_orders.h),
// forward and backward per block of layers with the tensor-parallel collectives between the
// attention and MLP halves, expert all-to-alls on MoE layers (below), context-parallel K/V
// all-gather (forward) and reduce-scatter (backward), pipeline send/recv with unique tags per
// (micro-batch, model chunk, direction), then the data-parallel (ZeRO) collectives and the
// optimizer. Stages hold analysis' layer counts (first_stage_layers/last_stage_layers included),
// each layer its dense or MoE operator-level time, the last stage the LM head. tp_comm_overlap and
// ep_comm_overlap run those collectives beside the compute next to them; dp_overlap launches the
// gradient reduction beside the last micro-batch's backward and ZeRO-1/2's parameter gather beside
// the first forward (else they follow the last backward). Layers
// are grouped into blocks of k consecutive layers (compute and message bytes summed) when the
// slice would otherwise exceed the node budget; k = 1 (one block per layer) whenever it allows.
//
// The expert all-to-all is written as point-to-point messages, not as an ASTRA-sim collective.
// ASTRA-sim runs a collective on a group smaller than the simulated system as one Ring over its
// members (CommunicatorGroup.cc), and Ring's all-to-all relays n(n-1)/2 messages of chunk/n a
// chunk (Ring.cc): 70.1 ms for a 470 MB all-to-all on DeepSeek-V3's 64-rank EP group, 7.6x the
// NIC-bound 9.25 ms, with 8,064 events per rank (the DeepSeek-V3 slice did not finish in hours).
// NCCL sends an all-to-all as grouped point-to-point messages, and with PXN (NCCL 2.12+) data
// for a GPU of another node crosses NVLink to the local GPU on that GPU's rail, which sends it
// over its NIC. The trace writes per rank at most two messages, at once: what stays in the
// scale-up domain to a domain neighbour, and what leaves it to the same local index in the next
// domain (TraceWriter::AllToAll): every link carries its all-to-all bytes at the level it
// crosses, and the exchange lasts the longer of the two hops, which PXN and DeepEP pipeline. The
// collective remains where the group's domains hold unequal numbers of members.
//
// Other collectives, per network backend: system.json (congestion unaware) uses `ring`, since
// that backend charges each message its link's full bandwidth however many are in flight (so
// `direct` would finish in 1/(n-1) of the time); system.congestion_aware.json uses `direct`, as
// that backend shares links between flows and models the contention itself.
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "backends/astra_sim/chakra.h"
#include "backends/astra_sim/groups.h"
#include "backends/astra_sim/passes.h"
#include "backends/astra_sim/pipeline_orders.h"
#include "backends/astra_sim/slice.h"
#include "backends/astra_sim/trace_size.h"
#include "backends/astra_sim/trace_writer.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "ir/checked.h"

namespace clusterc::backends {

namespace {

using astra::Backward;
using astra::Block;
using astra::CommGroupsJson;
using astra::Dimension;
using astra::DualPipeEvent;
using astra::EffectiveVpp;
using astra::Forward;
using astra::Groups;
using astra::MakeGroups;
using astra::Slice;
using astra::Tag;
using astra::TraceWriter;
using chakra::CommType;
using sim::PlanShape;

// system.json settings that are not facts of the spec: ASTRA-sim's own validated HGX H100 example
// (examples/system/native_collectives/HGX-H100-validated.json).
constexpr int kEndpointDelay = 10;  // ns
constexpr int kActiveChunksPerDimension = 2;
constexpr int kPreferredDatasetSplits = 4;
constexpr std::string_view kRemoteMemoryJson = "{\n  \"memory-type\": \"NO_MEMORY_EXPANSION\"\n}\n";

std::string NetworkYaml(const Context& ctx, const PlanShape& s, const Slice& sl,
                        const std::vector<Dimension>& dims) {
  // Comments by hand, one per line (yaml-cpp joins consecutive comments onto one line).
  std::string out = "# " + sim::HeaderLine(ctx, *s.plan) + "\n";
  const int64_t replicas = analysis::ShardReplicas(*s.in);
  out += fmt::format(
      "# Slice of {} GPUs: tp {} x cp {} of {} x dp {} of {}{} (ep {} of {}{}) x pp {} = {} "
      "ranks.\n",
      s.gpus, sl.tp, sl.cp, s.cp, sl.d, s.dp,
      sl.hybrid ? fmt::format(" ({} of a shard group's {} x {} of {} replicas)", sl.ShardRanks(),
                              s.dp / replicas, sl.rd, replicas)
                : std::string(),
      sl.ep, s.ep,
      sl.folded ? fmt::format(", etp {} folded over tp x cp x dp", sl.etp) : std::string(), sl.pp,
      sl.Ranks());
  if (!sl.dp_note.empty()) out += "# Reduced: " + sl.dp_note + ".\n";
  for (const std::string& d : sl.dropped) out += "# Not represented: " + d + ".\n";
  out += fmt::format(
      "# Bandwidth in GB/s of 2^30 bytes, one direction, as collectives achieve it: the link "
      "rate x {} inside the scale-up domain, x {} beyond it (analysis' bus-bandwidth fractions; "
      "ASTRA-sim models no protocol overhead). Latency in ns.\n",
      sim::Num(s.in->scale_up_efficiency), sim::Num(s.in->scale_out_efficiency));
  YAML::Emitter y;
  y << YAML::BeginMap;
  y << YAML::Key << "topology" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const auto& d : dims) y << d.topology;
  y << YAML::EndSeq;
  y << YAML::Key << "npus_count" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const auto& d : dims) y << d.npus;
  y << YAML::EndSeq;
  y << YAML::Key << "bandwidth" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const auto& d : dims) y << sim::Num(sim::AstraGBps(d.bandwidth));
  y << YAML::EndSeq;
  y << YAML::Key << "latency" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const auto& d : dims) y << sim::Num(d.latency * 1e9);
  y << YAML::EndSeq;
  y << YAML::EndMap;
  return out + y.c_str() + "\n";
}

std::string JsonList(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out + "]";
}

// `congestion_aware`: the all-to-all algorithm for that backend (see the header).
std::string SystemJson(const PlanShape& s, const std::vector<Dimension>& dims,
                       bool congestion_aware) {
  std::vector<std::string> ring, a2a;
  for (const auto& d : dims) {
    ring.push_back("\"ring\"");
    a2a.push_back(congestion_aware && d.topology == "Switch" ? "\"direct\"" : "\"ring\"");
  }
  std::string out = "{\n";
  out += "  \"scheduling-policy\": \"LIFO\",\n";
  out += fmt::format("  \"endpoint-delay\": {},\n", kEndpointDelay);
  out += fmt::format("  \"active-chunks-per-dimension\": {},\n", kActiveChunksPerDimension);
  out += fmt::format("  \"preferred-dataset-splits\": {},\n", kPreferredDatasetSplits);
  out += fmt::format("  \"all-reduce-implementation\": {},\n", JsonList(ring));
  out += fmt::format("  \"all-gather-implementation\": {},\n", JsonList(ring));
  out += fmt::format("  \"reduce-scatter-implementation\": {},\n", JsonList(ring));
  out += fmt::format("  \"all-to-all-implementation\": {},\n", JsonList(a2a));
  out += "  \"collective-optimization\": \"localBWAware\",\n";
  // ASTRA-sim reads local-mem-bw in GB/s of 10^9 bytes and peak-perf in TFLOPS (Sys.cc).
  out += fmt::format("  \"local-mem-bw\": {},\n", sim::Num(sim::DecimalGBps(s.in->hbm_bandwidth)));
  out += "  \"boost-mode\": 0,\n";
  out += "  \"roofline-enabled\": 0,\n";
  out += fmt::format("  \"peak-perf\": {}\n", sim::Num(s.in->peak_flops / 1e12));
  out += "}\n";
  return out;
}

// ---- traces ----------------------------------------------------------------------------------

// The stage's layers in `vpp` model chunks (Megatron's interleaved schedule gives each stage vpp
// chunks of consecutive layers), each in blocks of k consecutive layers (the last may be
// shorter). Chunk sizes differ by at most one layer when vpp does not divide the stage. A block
// does not straddle the end of the layers full recompute replays (sim::LayerReplays).
std::vector<std::vector<Block>> Chunks(const PlanShape& s, const sim::Stage& st, int64_t vpp,
                                       int64_t k) {
  std::vector<std::vector<Block>> out(static_cast<size_t>(vpp));
  int64_t dense_end = s.in->moe ? std::min(s.in->layers, s.in->dense_layers) : s.in->layers;
  int64_t l = st.first_layer;
  for (int64_t c = 0; c < vpp; ++c) {
    const int64_t n = analysis::ChunkLayers(st.layers, vpp, c);
    for (int64_t b = 0; b < n;) {
      Block bl;
      bl.layers = std::min(k, n - b);
      bl.replays = sim::LayerReplays(s, st, l);
      // Cut the block where the replayed layers end.
      for (int64_t i = 1; i < bl.layers; ++i)
        if (sim::LayerReplays(s, st, l + i) != bl.replays) {
          bl.layers = i;
          break;
        }
      // Past the model's layers, the last stage's MTP layers (of the last layer's kind).
      for (int64_t i = 0; i < bl.layers; ++i, ++l)
        bl.moe += l < s.in->layers ? l >= dense_end : analysis::MtpLayersMoe(*s.in);
      b += bl.layers;
      out[c].push_back(bl);
    }
  }
  return out;
}

struct RankCoord {
  int64_t t, c, d, p;
};

RankCoord Coord(const Slice& sl, int64_t r) {
  RankCoord x;
  x.t = r % sl.tp;
  r /= sl.tp;
  x.c = r % sl.cp;
  r /= sl.cp;
  if (sl.pp_inside) {  // Slice::Rank's tp-cp-ep-pp-dp
    x.p = r % sl.pp;
    x.d = r / sl.pp;
    return x;
  }
  x.d = r % sl.d;
  x.p = r / sl.d;
  return x;
}

struct Trace {
  std::string bytes;
  int64_t nodes = 0;
};

// The rank's once-per-step data-parallel collectives: its stage's, and under DualPipe its second
// stage's gradients and parameters in the same ones (one bucketed reduction per group).
std::vector<sim::DpCollective> RankDpCollectives(const PlanShape& s, const Slice& sl,
                                                 const sim::Stage& st, const sim::Stage* second) {
  std::vector<sim::DpCollective> dp = sim::DataParallelCollectives(s, st, sl.hybrid);
  if (second == nullptr) return dp;
  for (const auto& c : sim::DataParallelCollectives(s, *second, sl.hybrid)) {
    auto same = std::find_if(dp.begin(), dp.end(), [&](const sim::DpCollective& d) {
      return d.op == c.op && d.expert == c.expert && d.across == c.across &&
             d.per_micro_batch == c.per_micro_batch && std::string_view(d.what) == c.what;
    });
    if (same != dp.end())
      same->bytes += c.bytes;
    else
      dp.push_back(c);
  }
  return dp;
}

// Megatron's pipeline order of one rank (Narayanan et al. 2021; Megatron-LM
// schedules.py forward_backward_pipelining_with_interleaving): forward op i runs model chunk
// (i / pp) mod vpp of micro-batch (i / (pp vpp)) pp + i mod pp; backward op i the chunks in
// reverse. Warm-up: (pp - p - 1) x 2 + (vpp - 1) x pp forwards (pp - p - 1 for plain 1F1B), all
// of them when m = pp; then one forward one backward; then the remaining backwards. Interleaving
// needs m to be a multiple of pp (Megatron asserts it); otherwise vpp is 1 here.
struct PipelineOp {
  int64_t micro_batch, chunk;
};

PipelineOp ForwardOp(int64_t i, int64_t pp, int64_t vpp) {
  return {(i / (pp * vpp)) * pp + i % pp, (i / pp) % vpp};
}

PipelineOp BackwardOp(int64_t i, int64_t pp, int64_t vpp) {
  PipelineOp op = ForwardOp(i, pp, vpp);
  op.chunk = vpp - 1 - op.chunk;
  return op;
}

// A reduced data-parallel group (the slice keeps d of dp replicas) moves (n-1)/n of a ring
// collective's buffer through each rank's link; the job's group moves (N-1)/N. The slice's
// data-parallel collectives carry the buffer scaled by the ratio, so each rank's link carries
// what it carries in the job and the ring's time is the job's (only the per-step latency count
// differs). 1 when the group is whole (--traces all).
//
// The slice places a reduced dense group (no context parallelism) one rank per domain, on the
// NIC level; the job's ring, with several ranks in each domain, moves only (k - 1)/(N - 1) of
// its bytes through a NIC (analysis::RingSpeedup): the scale divides by that speed-up, so the
// slice's NIC link carries what the job's does.
//
// Hybrid sharding (Slice::hybrid): the dense group is a replica's shard group (dp x cp / R ranks
// in the job), and the all-reduce across the replicas (`across`) has R members in the job, a
// shard group apart.
double ReducedGroupScale(const PlanShape& s, const Slice& sl, const Groups& g, int group,
                         const sim::DpCollective& c) {
  if (group <= 0) return 1;
  const bool expert = c.expert;
  const double n = double(g.members[size_t(group - 1)].size());
  const int64_t replicas = sl.hybrid ? analysis::ShardReplicas(*s.in) : 1;
  const double dense = double(s.dp * s.cp) / double(replicas);
  const double job = c.across ? double(replicas)
                     : expert ? double(s.tp) * double(s.dp) * double(s.cp) /
                                    (double(std::max<int64_t>(1, s.ep)) * double(s.etp))
                              : dense;
  if (n <= 1 || job <= n) return 1;
  double ring = 1;
  const int64_t domain = s.cluster->scale_up_domain;
  // The job's replicas are tp apart, or a pipeline apart under tp-cp-ep-pp-dp; hybrid
  // sharding's replicas a shard group of them apart.
  int64_t stride = s.tp * (s.in->pp_inside_dp ? s.pp : 1);
  if (c.across) stride *= s.cp * (s.dp / replicas);
  if (!expert && (s.cp == 1 || c.across) && domain > 0 && stride < domain &&
      int64_t(n) <= domain / stride)
    ring = analysis::RingSpeedup(*s.in, stride, int64_t(job));
  return ((job - 1) / job) / ((n - 1) / n) / ring;
}

Trace RankTrace(const PlanShape& s, const Slice& sl, const Groups& g, int64_t r, int64_t k,
                int64_t domain) {
  TraceWriter w(s, g, r, domain);
  RankCoord x = Coord(sl, r);
  const sim::Stage& st = s.stages[x.p];
  const int64_t vpp = EffectiveVpp(s), pp = sl.pp, m = s.micro_batches;
  std::vector<std::vector<Block>> chunks = Chunks(s, st, vpp, k);
  const bool dualpipe = astra::WritesDualPipe(s);
  // DualPipe: the rank's second stage, pp - 1 - p, runs the other direction (pipeline_orders.h).
  const sim::Stage& st2 = s.stages[pp - 1 - x.p];
  if (dualpipe) chunks.push_back(Chunks(s, st2, 1, k)[0]);
  const std::vector<sim::DpCollective> dp = RankDpCollectives(s, sl, st, dualpipe ? &st2 : nullptr);
  auto dp_coll = [&](const sim::DpCollective& c, const std::string& name, bool chained,
                     int64_t after = -1) {
    int group = c.expert ? g.edp[r] : c.across ? g.rdp[r] : g.dp[r];
    CommType type = c.op == sim::DpOp::kAllReduce       ? chakra::kAllReduce
                    : c.op == sim::DpOp::kReduceScatter ? chakra::kReduceScatter
                                                        : chakra::kAllGather;
    const double bytes = c.bytes * ReducedGroupScale(s, sl, g, group, c);
    if (chained) {
      w.Coll(name, type, bytes, group);
      return int64_t(-1);
    }
    return w.SideColl(name, type, bytes, group, after);
  };
  const bool dp_overlap = s.in->dp_overlap;
  // Prefetch matters only where the backward gathers (analysis' no_prefetch).
  const bool no_prefetch = s.in->reshard_after_forward && s.in->prefetch == ir::Prefetch::none;
  auto dp_name = [](const sim::DpCollective& c) {
    return fmt::format("dp.{}.{}.{}", c.op == sim::DpOp::kAllGather ? "ag" : "rd", c.what,
                       c.expert   ? "expert"
                       : c.across ? "replica"
                                  : "dense");
  };
  // Once-per-step data-parallel collectives with dp_overlap: the gradient reduction launched as
  // the last micro-batch's backward starts, beside it (Megatron-LM --overlap-grad-reduce); the
  // optimizer waits for it. ZeRO-1/2's parameter all-gather follows the optimizer step and runs
  // beside the next step's first forward, each bucket waited for in that forward
  // (--overlap-param-gather: DistributedDataParallel's forward pre-hooks): in a one-step trace it
  // starts with the step, beside the first forward, and what follows the first forward waits
  // for it. Analysis hides the two behind one micro-batch's backward and forward. Hybrid
  // sharding's all-reduce across the replicas waits for the shard group's gradient
  // reduce-scatter under ZeRO-1/2 (it reduces that shard); under ZeRO-3/FSDP it starts with
  // them, as analysis hides it beside the step's compute.
  std::vector<int64_t> dp_side;
  auto step_gather = [&](const sim::DpCollective& c) {
    return dp_overlap && !c.per_micro_batch && c.op == sim::DpOp::kAllGather;
  };
  auto launch_dp = [&]() {
    int64_t scattered = -1;
    for (const auto& c : dp) {
      if (c.per_micro_batch || step_gather(c)) continue;
      dp_side.push_back(dp_coll(c, dp_name(c), false, c.across ? scattered : -1));
      if (c.op == sim::DpOp::kReduceScatter && !c.expert) scattered = dp_side.back();
    }
  };
  std::vector<int64_t> gathered;  // ZeRO-1/2's parameter all-gathers, launched with the step
  for (const auto& c : dp)
    if (step_gather(c)) gathered.push_back(dp_coll(c, dp_name(c), false));
  // ZeRO-3/FSDP, per micro-batch and block of layers (FSDP's unit is a layer): the block's
  // share of the parameter all-gather before its forward and before its backward (unless the
  // forward's gathers stay, reshard_after_forward = false), its share of the gradient
  // reduce-scatter after its backward. With dp_overlap they run beside the compute as FSDP runs
  // them: a block's gather is issued beside the block before it (forward: the CPU runs ahead of
  // the GPU; backward: prefetch) and the block waits for it, so the first block's gather shows;
  // each reduce-scatter runs beside the next block's backward and the optimizer waits for all of
  // them (analysis' first gather and last reduce-scatter, exposed whatever the window). Without
  // dp_overlap, or in backward with prefetch = none, they are on the chain: a unit's gather waits
  // for the reduce-scatter before it, and its backward for both (analysis' blocking backward
  // collectives). One all-gather of the whole stage before the micro-batch would hold up the
  // links, and one reduce-scatter after it could hide behind nothing: 0.78 s of a 2.74 s step on
  // tpu_v5p_pod that FSDP does not expose. Returns the side collectives' ids.
  auto zero3 = [&](const Block& b, bool backward, bool after, const std::string& tag) {
    std::vector<int64_t> ids;
    for (const auto& c : dp) {
      if (!c.per_micro_batch) continue;
      bool gather = c.op == sim::DpOp::kAllGather;
      if (after != (c.op == sim::DpOp::kReduceScatter)) continue;
      if (gather && c.before_backward != backward) continue;
      const double share = c.expert
                               ? (st.moe_layers > 0 ? double(b.moe) / double(st.moe_layers) : 0)
                               : double(b.layers) / double(st.layers);
      sim::DpCollective part = c;
      part.bytes *= share;
      const int64_t id = dp_coll(part, fmt::format("z3.{}.{}{}", c.what, c.expert ? "e" : "d", tag),
                                 !dp_overlap || (backward && no_prefetch));
      if (id >= 0) ids.push_back(id);
    }
    return ids;
  };
  // The blocks of a chunk in the order they run, each after its parameters' gather: issued one
  // block ahead beside the compute where the gathers overlap, else each on the chain before its
  // block.
  auto gathered_blocks = [&](const std::vector<Block>& blocks, bool backward,
                             const std::string& prefix, auto&& run) {
    const size_t n = blocks.size();
    auto at = [&](size_t k) { return backward ? n - 1 - k : k; };
    auto tag = [&](size_t k) { return fmt::format("{}.{}", prefix, at(k)); };
    const bool ahead = dp_overlap && !(backward && no_prefetch);
    std::vector<int64_t> ready =
        n > 0 && ahead ? zero3(blocks[at(0)], backward, false, tag(0)) : std::vector<int64_t>{};
    for (size_t k = 0; k < n; ++k) {
      if (ahead) {
        w.JoinNext(ready);
        ready = k + 1 < n ? zero3(blocks[at(k + 1)], backward, false, tag(k + 1))
                          : std::vector<int64_t>{};
      } else {
        zero3(blocks[at(k)], backward, false, tag(k));
      }
      run(blocks[at(k)], tag(k));
    }
  };
  auto prev = [&](int64_t c) -> std::pair<int64_t, int64_t> {  // (stage, chunk) feeding chunk c
    return x.p > 0 ? std::make_pair(x.p - 1, c) : std::make_pair(pp - 1, c - 1);
  };
  auto next = [&](int64_t c) -> std::pair<int64_t, int64_t> {
    return x.p < pp - 1 ? std::make_pair(x.p + 1, c) : std::make_pair(int64_t(0), c + 1);
  };
  auto forward = [&](PipelineOp op, bool paired) {
    const int64_t mb = op.micro_batch, c = op.chunk;
    if (x.p > 0 || c > 0) {
      auto [ps, pc] = prev(c);
      w.Recv(fmt::format("ra.{}.{}", mb, c), sl.Rank(x.t, x.c, x.d, ps), Tag(mb, pc, vpp, false));
    }
    gathered_blocks(chunks[c], false, fmt::format(".{}.{}", mb, c),
                    [&](const Block& b, const std::string& tag) {
                      Forward(w, s, sl, g, r, b, tag, false, paired);
                    });
    // The LM head and loss follow the last layer (analysis::HeadTime).
    if (x.p == pp - 1 && c == vpp - 1) w.Comp(fmt::format("f.head.{}", mb), s.head_fwd);
    if (x.p < pp - 1 || c < vpp - 1) {
      auto [ns, nc] = next(c);
      (void)nc;
      w.Send(fmt::format("sa.{}.{}", mb, c), sl.Rank(x.t, x.c, x.d, ns), Tag(mb, c, vpp, false));
    }
  };
  auto backward = [&](PipelineOp op, bool paired, bool defer_weights = false) {
    const int64_t mb = op.micro_batch, c = op.chunk;
    if (x.p < pp - 1 || c < vpp - 1) {
      auto [ns, nc] = next(c);
      w.Recv(fmt::format("rg.{}.{}", mb, c), sl.Rank(x.t, x.c, x.d, ns), Tag(mb, nc, vpp, true));
    }
    if (x.p == pp - 1 && c == vpp - 1) w.Comp(fmt::format("b.head.{}", mb), s.head_bwd);
    gathered_blocks(chunks[c], true, fmt::format(".{}.{}", mb, c),
                    [&](const Block& b, const std::string& tag) {
                      Backward(w, s, sl, g, r, b, tag, paired, defer_weights);
                      for (int64_t id : zero3(b, true, true, tag)) dp_side.push_back(id);
                    });
    // Without fusion the chunk's gradients are added into the accumulation buffer after its
    // backward, on the compute stream (analysis' `grad_accumulation`).
    if (s.grad_accumulation > 0)
      w.Comp(fmt::format("b.accum.{}.{}", mb, c), s.grad_accumulation / double(vpp));
    if (x.p > 0 || c > 0) {
      auto [ps, pc] = prev(c);
      (void)pc;
      w.Send(fmt::format("sg.{}.{}", mb, c), sl.Rank(x.t, x.c, x.d, ps), Tag(mb, c, vpp, true));
    }
  };
  // A steady-state forward beside another micro-batch's backward: under ep_comm_overlap their
  // blocks interleaved (PairedPasses), both pipeline receives before and both sends after, as
  // Megatron-Core's combined 1F1B exchanges around its overlapped chunk. ZeRO-3/FSDP's per-block
  // gathers keep the passes apart.
  bool per_block_dp = false;
  for (const auto& c : dp) per_block_dp = per_block_dp || c.per_micro_batch;
  // Megatron-Core combines the passes only in the interleaved schedule (it asserts vpp > 1 when
  // pp > 1): with one chunk a stage, a forward's activation would wait for the backward beside
  // it, each stage a pair behind the next, and the steady state would run at half rate (ASTRA-sim:
  // V3 in 1F1B order 36.7 s against 20.2 s). ZB-H1's and other vpp-1 orders keep the passes apart.
  const bool interleave =
      s.in->ep_comm_overlap && st.moe_layers > 0 && !per_block_dp && (vpp > 1 || pp == 1);
  auto pair = [&](PipelineOp fo, PipelineOp bo, bool defer_weights) {
    const int64_t fc = fo.chunk, bc = bo.chunk;
    if (x.p > 0 || fc > 0) {
      auto [ps, pc] = prev(fc);
      w.Recv(fmt::format("ra.{}.{}", fo.micro_batch, fc), sl.Rank(x.t, x.c, x.d, ps),
             Tag(fo.micro_batch, pc, vpp, false));
    }
    if (x.p < pp - 1 || bc < vpp - 1) {
      auto [ns, nc] = next(bc);
      w.Recv(fmt::format("rg.{}.{}", bo.micro_batch, bc), sl.Rank(x.t, x.c, x.d, ns),
             Tag(bo.micro_batch, nc, vpp, true));
    }
    if (x.p == pp - 1 && bc == vpp - 1)
      w.Comp(fmt::format("b.head.{}", bo.micro_batch), s.head_bwd);
    astra::PairedPasses(w, s, sl, g, r, chunks[fc], fmt::format(".{}.{}", fo.micro_batch, fc),
                        chunks[bc], fmt::format(".{}.{}", bo.micro_batch, bc), defer_weights);
    if (x.p == pp - 1 && fc == vpp - 1)
      w.Comp(fmt::format("f.head.{}", fo.micro_batch), s.head_fwd);
    if (x.p < pp - 1 || fc < vpp - 1)
      w.Send(fmt::format("sa.{}.{}", fo.micro_batch, fc), sl.Rank(x.t, x.c, x.d, next(fc).first),
             Tag(fo.micro_batch, fc, vpp, false));
    if (s.grad_accumulation > 0)
      w.Comp(fmt::format("b.accum.{}.{}", bo.micro_batch, bc), s.grad_accumulation / double(vpp));
    if (x.p > 0 || bc > 0)
      w.Send(fmt::format("sg.{}.{}", bo.micro_batch, bc), sl.Rank(x.t, x.c, x.d, prev(bc).first),
             Tag(bo.micro_batch, bc, vpp, true));
  };
  if (dualpipe) {
    // ZeRO-1/2's gather waits for the first forward as above; the gradient reduction starts
    // beside the pass that completes the last weight gradients.
    astra::WriteDualPipe(
        w, s, sl, g, r, x.p, chunks[0], chunks[1],
        [&](int64_t q) { return sl.Rank(x.t, x.c, x.d, q); },
        [&](DualPipeEvent e) {
          if (e == DualPipeEvent::kFirstForwardDone) w.JoinNext(gathered);
          if (e == DualPipeEvent::kLastGradients && dp_overlap) launch_dp();
        });
  } else if (astra::WritesZeroBubble(s)) {
    // ZB-H1 (pipeline_orders.h): 1F1B's passes, the weight gradients apart; the gradient
    // reduction starts beside the last weight pass, the steady state's passes paired as 1F1B's.
    const std::vector<astra::ScheduledPass> ops = astra::ZeroBubbleSchedule(x.p, pp, m);
    const int64_t warmup = std::min(m, pp - x.p - 1);
    for (size_t i = 0; i < ops.size(); ++i) {
      const int64_t mb = ops[i].micro_batch;
      switch (ops[i].kind) {
        case astra::ScheduledPass::Kind::kForward:
          forward({mb, 0}, mb >= warmup);
          if (mb == 0) w.JoinNext(gathered);
          break;
        case astra::ScheduledPass::Kind::kBackward:
          backward({mb, 0}, mb < m - warmup, true);
          break;
        default:
          if (i + 1 == ops.size() && dp_overlap) launch_dp();
          for (size_t k = chunks[0].size(); k-- > 0;)
            astra::WeightGradients(w, s, chunks[0][k], fmt::format(".{}.0.{}", mb, k));
      }
    }
  } else {
    const int64_t total = m * vpp;
    // With the all-to-all overlapped, Megatron-Core runs one more warmup forward so that every
    // steady-state forward has a backward of another micro-batch beside it; the warmup forwards
    // and cooldown backwards run alone (analysis::EpUnpairedShare).
    const int64_t extra = s.in->ep_comm_overlap ? 1 : 0;
    int64_t warmup = vpp == 1  ? std::min(m, pp - x.p - 1 + extra)
                     : m == pp ? total
                               : std::min(total, (pp - x.p - 1) * 2 + (vpp - 1) * pp + extra);
    // The first forward waits for the parameters (above).
    auto forward_at = [&](int64_t i, bool paired) {
      forward(ForwardOp(i, pp, vpp), paired);
      if (i == 0) w.JoinNext(gathered);
    };
    for (int64_t i = 0; i < warmup; ++i) forward_at(i, false);
    // The last micro-batch's backward: its last vpp backward ops.
    auto backward_at = [&](int64_t i, bool paired) {
      if (dp_overlap && i == std::max<int64_t>(0, total - vpp)) launch_dp();
      backward(BackwardOp(i, pp, vpp), paired);
    };
    for (int64_t i = 0; i < total - warmup; ++i) {
      if (!interleave) {
        forward_at(warmup + i, true);
        backward_at(i, true);
        continue;
      }
      if (dp_overlap && i == std::max<int64_t>(0, total - vpp)) launch_dp();
      pair(ForwardOp(warmup + i, pp, vpp), BackwardOp(i, pp, vpp), false);
      if (warmup + i == 0) w.JoinNext(gathered);
    }
    for (int64_t i = total - warmup; i < total; ++i) backward_at(i, false);
  }

  // Without dp_overlap the data-parallel collectives (sim::DataParallelCollectives: the
  // gradient all-reduce, or ZeRO-1/2's gradient reduce-scatter and parameter all-gather) follow
  // the last backward on the critical chain.
  if (!dp_overlap)
    for (const auto& c : dp)
      if (!c.per_micro_batch) dp_coll(c, dp_name(c), true);
  w.JoinNext(dp_side);
  // The embedding group's all-reduce after the data-parallel reduction, on the chain
  // (analysis::EmbeddingGradientSync): the first and the last stage's copies of a shared
  // embedding.
  if (g.emb[size_t(r)] > 0)
    w.Coll("emb.grad", chakra::kAllReduce,
           analysis::EmbeddingGradientBytes(*s.in, s.grad_bytes_per_param), g.emb[size_t(r)]);
  w.Comp("optimizer", s.optimizer);
  // The host's work between steps holds the GPU idle: a compute node, so the replayed step
  // lasts what analysis' step does.
  w.Comp("host.step", s.overhead);
  Trace t;
  t.nodes = w.nodes();
  t.bytes = w.Take();
  return t;
}

// The steps the traces carry: the plan's own, or a sample's two shorter runs (micro_batches
// changed). All group their layers into the longest run's blocks (BlockLayers), so that the
// step's extrapolation compares like with like.
std::vector<PlanShape> TraceRuns(const PlanShape& s, const astra::MicroBatchSample& sample) {
  std::vector<PlanShape> runs;
  for (int64_t m : {sample.first, sample.second}) {
    if (m == 0) continue;
    runs.push_back(s);
    runs.back().micro_batches = m;
  }
  return runs;
}

// Where the traces of a run of `m` micro-batches go: workload/ when they carry the step's own,
// workload.m<m>/ for each run of a sample.
std::string WorkloadDir(const astra::MicroBatchSample& sample, int64_t m) {
  return sample.Sampled() ? fmt::format("workload.m{}", m) : "workload";
}

std::string RunScript(const Context& ctx, const PlanShape& s, const astra::MicroBatchSample& sample,
                      int64_t ranks) {
  const std::string& name = s.plan->name;
  std::string out = "#!/bin/sh\n";
  out += "# " + sim::HeaderLine(ctx, *s.plan) + "\n";
  out += "# ASTRA-sim 2.0, analytical network backend: congestion unaware by default, congestion\n";
  out += "# aware with ASTRA_SIM_NETWORK=congestion_aware (its system file uses the direct\n";
  out += "# all-to-all). Set ASTRA_SIM to the binary when it is not on PATH.\n";
  const int64_t m = s.micro_batches, a = sample.first, b = sample.second;
  if (sample.Sampled())
    out += fmt::format(
        "# The traces carry {1} and {2} of the step's {0} micro-batches (clusterc build\n"
        "# --trace-micro-batches all: every one). Once the pipeline is full a step's time\n"
        "# is affine in its micro-batches, so this runs both and prints the step\n"
        "# T({0}) = T({1}) + ({0} - {1}) (T({2}) - T({1})) / {3}, T the last rank's finish\n"
        "# (docs/astra-sim.md, \"Micro-batches\").\n",
        m, a, b, b - a);
  out += "set -e\n";
  out += "cd \"$(dirname \"$0\")\"\n";
  out += "case \"${ASTRA_SIM_NETWORK:-congestion_unaware}\" in\n";
  out +=
      "  congestion_aware) bin=AstraSim_Analytical_Congestion_Aware; "
      "system=system.congestion_aware.json ;;\n";
  out += "  *) bin=AstraSim_Analytical_Congestion_Unaware; system=system.json ;;\n";
  out += "esac\n";
  out += "tmp=$(mktemp -d)\n";
  out += "trap 'rm -rf \"$tmp\"' EXIT\n";
  out += "log=$tmp/log\n";
  // ASTRA-sim 518bd51 can abort in its teardown (a double free in ~CollectivePlan) after every
  // rank has finished: the ranks' times stand then (docs/astra-sim.md, "Micro-batches"). Its
  // log streams through tee, so a long run shows its progress; the status comes back in a file
  // because a POSIX pipeline returns the last command's. A run that left no status failed.
  out += "run() {\n";
  out += "  rm -f \"$tmp/status\"\n";
  out += "  { status=0\n";
  out += "    \"${ASTRA_SIM:-$bin}\" \\\n";
  out += "      --workload-configuration=\"$1\" \\\n";
  out += "      --system-configuration=\"$system\" \\\n";
  out += "      --network-configuration=network.yml \\\n";
  out += "      --remote-memory-configuration=remote_memory.json \\\n";
  out += "      --comm-group-configuration=comm_groups.json 2>&1 || status=$?\n";
  out += "    echo \"$status\" >\"$tmp/status\"\n";
  out += "  } | tee \"$log\"\n";
  out += "  status=1\n";
  out += "  if [ -s \"$tmp/status\" ]; then status=$(cat \"$tmp/status\"); fi\n";
  out += "  if [ \"$status\" -ne 0 ]; then\n";
  out += "    finished=$(grep -c 'sys\\[[0-9]*\\] finished' \"$log\" || true)\n";
  out += fmt::format("    if [ \"$finished\" -ne {} ]; then exit \"$status\"; fi\n", ranks);
  out += fmt::format(
      "    echo \"run.sh: ASTRA-sim exited with status $status after all {} ranks finished\" >&2\n",
      ranks);
  out += "  fi\n";
  out += "}\n";
  out += "last() {\n";
  out += "  sed -n 's/.*sys\\[[0-9]*\\] finished, \\([0-9]*\\) cycles.*/\\1/p' \"$log\" |\n";
  out += "    sort -n | tail -n 1\n";
  out += "}\n";
  if (!sample.Sampled()) {
    out += fmt::format("run workload/{}\n", name);
    out += "t=$(last)\n";
    out += "if [ -z \"$t\" ]; then echo \"run.sh: no rank finished\" >&2; exit 1; fi\n";
    out += fmt::format("echo \"step of {} micro-batch{}: $t ns\"\n", m, m == 1 ? "" : "es");
    return out;
  }
  out += fmt::format("run {}/{}\n", WorkloadDir(sample, a), name);
  out += "t1=$(last)\n";
  out += fmt::format("run {}/{}\n", WorkloadDir(sample, b), name);
  out += "t2=$(last)\n";
  out += "if [ -z \"$t1\" ] || [ -z \"$t2\" ]; then\n";
  out += "  echo \"run.sh: a run finished no rank\" >&2\n";
  out += "  exit 1\n";
  out += "fi\n";
  out += fmt::format(
      "awk -v t1=\"$t1\" -v t2=\"$t2\" 'BEGIN {{\n"
      "  printf \"step of {0} micro-batches: %.0f ns \",\n"
      "    t1 + ({0} - {1}) * (t2 - t1) / {3}\n"
      "  printf \"(runs of {1} and {2}: %.0f and %.0f ns)\\n\", t1, t2 }}'\n",
      m, a, b, b - a);
  return out;
}

// The plan's slice, with what its traces leave out of the plan.
Slice PlanSlice(const Context& ctx, const PlanShape& s) {
  Slice sl = astra::ChooseSlice(s, ctx.all_ranks);
  // The trace runs Megatron's 1F1B (interleaved) order, or DualPipe's where the plan states it
  // and DualPipe runs it; zero-bubble is not written.
  if (s.in->schedule != ir::Schedule::one_f_one_b && s.pp > 1 && !astra::WritesDualPipe(s) &&
      !astra::WritesZeroBubble(s))
    sl.dropped.push_back(fmt::format(
        "the {} schedule{}: the traces run Megatron's 1F1B{} order, whose bubble is larger{}",
        ir::EnumName(s.in->schedule), astra::ScheduleUnwritten(s),
        EffectiveVpp(s) > 1 ? " (interleaved)" : "",
        s.in->ep_comm_overlap ? " and whose warmup and cooldown passes run their all-to-alls alone"
                              : ""));
  return sl;
}

// At least the bytes of comm_groups.json: per group its id and brackets, per member its rank
// and separator. Each kind of group (tp, cp, dp x cp, ep, expert dp x cp; with hybrid sharding
// tp, cp, the shard group's dp x cp and the replicas) holds every rank once when its groups
// have more than one member.
double CommGroupsBytesBound(const Slice& sl) {
  const double ranks = double(sl.Ranks());
  const int64_t sizes[] = {sl.tp,
                           sl.cp,
                           sl.ShardRanks() * sl.cp,
                           sl.hybrid ? sl.rd : sl.ep,
                           sl.hybrid ? 1 : sl.ExpertReplicas(),
                           sl.folded ? sl.etp : 1};
  double groups = 0, members = 0;
  for (int64_t n : sizes)
    if (n > 1) groups += ranks / double(n), members += ranks;
  const double digits = double(fmt::formatted_size("{}", sl.Ranks()));
  const double group_digits = double(fmt::formatted_size("{}", int64_t(groups)));
  return 4 + groups * (9 + group_digits) + members * (digits + 2);
}

}  // namespace

void EmitAstraSim(const Context& ctx, OutputTree& out) {
  for (uint32_t index : ctx.plans) {
    PlanShape s = sim::MakePlanShape(ctx, index);
    if (!s.Valid()) continue;
    const std::string dir = "astra-sim/" + s.plan->name + "/";
    Slice sl = PlanSlice(ctx, s);
    std::vector<Dimension> dims = astra::Network(ctx, s, sl);
    Groups groups = MakeGroups(sl);
    out.Write(dir + "network.yml", NetworkYaml(ctx, s, sl, dims));
    out.Write(dir + "system.json", SystemJson(s, dims, false));
    out.Write(dir + "system.congestion_aware.json", SystemJson(s, dims, true));
    out.Write(dir + "remote_memory.json", std::string(kRemoteMemoryJson));
    out.Write(dir + "comm_groups.json", CommGroupsJson(groups, dims));
    const astra::MicroBatchSample sample = astra::SampleMicroBatches(s, !ctx.sample_micro_batches);
    out.Write(dir + "run.sh", RunScript(ctx, s, sample, sl.Ranks()));
    for (const std::string& d : sl.dropped)
      sim::ReportNotRepresented(ctx, *s.plan, "astra-sim/" + s.plan->name + ": " + d);
    const std::vector<PlanShape> runs = TraceRuns(s, sample);
    const int64_t k = astra::BlockLayers(runs.back(), sl);
    for (const PlanShape& run : runs) {
      for (int64_t r = 0; r < sl.Ranks(); ++r) {
        if (ctx.progress && r % 256 == 0)
          ctx.progress(
              fmt::format("astra-sim: {} trace {} of {}", s.plan->name, r + 1, sl.Ranks()));
        Trace t = RankTrace(run, sl, groups, r, k, astra::DomainRanks(dims));
        out.Write(fmt::format("{}{}/{}.{}.et", dir, WorkloadDir(sample, run.micro_batches),
                              s.plan->name, r),
                  std::move(t.bytes));
      }
    }
  }
}

double EstimateAstraSim(const Context& ctx) {
  double bytes = 0;
  for (uint32_t index : ctx.plans) {
    PlanShape s = sim::MakePlanShape(ctx, index);
    if (!s.Valid()) continue;
    Slice sl = PlanSlice(ctx, s);
    // The small files exactly (rendered: they do not grow with the job), comm_groups.json and
    // the traces bounded from their counts (astra/trace_size.h).
    std::vector<Dimension> dims = astra::Network(ctx, s, sl);
    const astra::MicroBatchSample sample = astra::SampleMicroBatches(s, !ctx.sample_micro_batches);
    bytes += double(NetworkYaml(ctx, s, sl, dims).size() + SystemJson(s, dims, false).size() +
                    SystemJson(s, dims, true).size() + kRemoteMemoryJson.size() +
                    RunScript(ctx, s, sample, sl.Ranks()).size());
    bytes += CommGroupsBytesBound(sl);
    const std::vector<PlanShape> runs = TraceRuns(s, sample);
    const int64_t k = astra::BlockLayers(runs.back(), sl);
    for (const PlanShape& run : runs)
      bytes += astra::TraceBytesBound(run, sl, k, astra::DomainRanks(dims));
  }
  return bytes;
}

}  // namespace clusterc::backends
