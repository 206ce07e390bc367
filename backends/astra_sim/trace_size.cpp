#include "backends/astra_sim/trace_size.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "backends/astra_sim/chakra.h"
#include "backends/astra_sim/pipeline_orders.h"
#include "ir/checked.h"

namespace clusterc::backends::astra {

namespace {

// Layer blocks grow until the slice's traces hold at most this many nodes (about 1.5 MB) per
// kNodeBudgetRanks ranks.
constexpr double kTraceNodeBudget = 20000;
constexpr double kNodeBudgetRanks = 256;

// Context-parallel nodes of one layer over its passes (astra_sim.cpp Forward and Backward): the
// ring's gather and scatter; the all-gather variant's gathers in forward, the recompute and
// backward and its scatter; Ulysses' two all-to-alls in each pass, each at most two rounds of a
// send and a receive (TraceWriter::AllToAll).
int64_t CpNodes(const analysis::PlanInputs& in) {
  const int64_t full = in.recompute == ir::Recompute::full ? 1 : 0;
  switch (in.cp_comm) {
    case ir::CpComm::all_gather:
      return 3 + full;
    case ir::CpComm::all_to_all:
      return 2 * (2 + full) * 2 * kAllToAllRounds;
    case ir::CpComm::ring:
      break;
  }
  return 2;
}

// Nodes of one layer in one pass (forward, backward, full recompute), at most.
int64_t NodesPerLayer(const sim::PlanShape& s, const Slice& sl) {
  int64_t tp_colls = sl.tp > 1 ? 2 : 0;
  // Folded experts split a block's MLP all-reduce between the tp and the etp group.
  const int64_t etp_colls = sl.folded && sl.etp > 1 ? 1 : 0;
  int64_t per = 2 + tp_colls + etp_colls;  // forward
  per += 2 + tp_colls + etp_colls;         // backward
  if (s.in->recompute == ir::Recompute::full) per += 2 + tp_colls + etp_colls;
  // Sequence parallelism's backward: the row-parallel layers' output-gradient all-gathers and the
  // column-parallel inputs' re-gather (astra_sim.cpp Backward, Regather), over etp too when folded.
  if (s.sequence_parallel) per += 3 + etp_colls;
  if (sl.ep > 1 && s.in->moe) per += 4;
  if (sl.cp > 1) per += CpNodes(*s.in);
  // ZeRO-3/FSDP: two all-gathers (one when the forward's stay) and a reduce-scatter per block,
  // dense and expert.
  // None per block when they stay gathered through the step (reshard_after_backward = false).
  if ((s.in->sharding == ir::Sharding::zero3 || s.in->sharding == ir::Sharding::fsdp) &&
      s.in->reshard_after_backward)
    per += (s.in->reshard_after_forward ? 3 : 2) * (s.in->moe ? 2 : 1);
  return per;
}

int64_t ChunkLayers(const sim::PlanShape& s) {
  const int64_t vpp = EffectiveVpp(s);
  return (s.max_stage_layers + vpp - 1) / vpp;
}

int64_t Digits(double v) {
  return v < 10 ? 1 : int64_t(std::floor(std::log10(v))) + 1;
}

// The bytes one node takes in the file: its encoding and the length before it.
double Delimited(const chakra::Node& n) {
  std::string out;
  chakra::AppendDelimited(out, chakra::EncodeNode(n));
  return double(out.size());
}

}  // namespace

int64_t EffectiveVpp(const sim::PlanShape& s) {
  return s.vpp > 1 && s.pp > 1 && s.micro_batches % s.pp == 0 ? s.vpp : 1;
}

MicroBatchSample SampleMicroBatches(const sim::PlanShape& s, bool all) {
  const int64_t m = s.micro_batches, pp = std::max<int64_t>(1, s.pp);
  // Megatron's interleaved warm-up runs (vpp - 1) pp + 2 (pp - 1) chunks ahead, which leaves a
  // steady state only from 2 pp micro-batches; 1F1B's pp - 1 from pp. At least 2, so that the
  // first micro-batch is not also the last (ZeRO-1's gather beside it, the reduction after it).
  // DualPipe's (pipeline_orders.h) full from 2 pp: each further pp add pp / 2 rounds of its main
  // step.
  const int64_t full = EffectiveVpp(s) > 1 || WritesDualPipe(s) ? 2 * pp : std::max<int64_t>(2, pp);
  const int64_t first = full + m % pp, second = first + pp;
  if (all || first + second >= m) return {m, 0};
  return {first, second};
}

int32_t Tag(int64_t micro_batch, int64_t chunk, int64_t vpp, bool gradient) {
  return static_cast<int32_t>(1 + 2 * (micro_batch * vpp + chunk) + (gradient ? 1 : 0));
}

uint64_t Micros(double seconds) {
  return static_cast<uint64_t>(std::max<int64_t>(1, ir::SaturatingRound(seconds * 1e6)));
}

uint64_t ByteCount(double bytes) {
  return static_cast<uint64_t>(std::max<int64_t>(0, ir::SaturatingRound(bytes)));
}

int64_t BlockLayers(const sim::PlanShape& s, const Slice& sl) {
  const double ranks = double(sl.Ranks());
  const int64_t chunk_layers = ChunkLayers(s);
  auto nodes = [&](int64_t k) {
    return ranks * double(s.micro_batches) * double(EffectiveVpp(s)) *
           double((chunk_layers + k - 1) / k) * double(NodesPerLayer(s, sl));
  };
  const double budget = kTraceNodeBudget * std::max(1.0, std::ceil(ranks / kNodeBudgetRanks));
  int64_t k = 1;
  while (k < chunk_layers && nodes(k) > budget) ++k;
  return k;
}

int64_t DomainRanks(const std::vector<Dimension>& dims) {
  return !dims.empty() && dims.front().level == 0 ? std::max<int64_t>(1, dims.front().npus) : 1;
}

int64_t AllToAllRounds(const sim::PlanShape& s, const Slice& sl, int64_t domain) {
  const int64_t ep = std::max<int64_t>(1, sl.ep);
  const int64_t stride = sl.folded ? sl.etp : sl.tp * sl.cp;  // EP members' spacing
  if (stride >= domain) return 1;                             // one per domain
  if (domain % stride != 0) return 2;
  return domain / stride >= ep ? 1 : 2;  // all in one domain, or several domains
}

double TraceBytesBound(const sim::PlanShape& s, const Slice& sl, int64_t k, int64_t domain) {
  const auto& in = *s.in;
  const double m = double(s.micro_batches), vpp = double(EffectiveVpp(s));
  const double blocks = std::ceil(double(ChunkLayers(s)) / double(k));
  const bool full = in.recompute == ir::Recompute::full;
  const bool tp = sl.tp > 1, cp = sl.cp > 1, a2a = sl.ep > 1 && in.moe;
  const double experts = in.moe ? 2 : 1;  // dense and expert data-parallel collectives

  // Nodes per rank, from RankTrace's loops: per micro-batch, model chunk and block of layers
  // the compute halves of the forward, backward and full recompute, their tensor-parallel
  // all-reduces, the context-parallel gather and scatter, the expert all-to-alls; per
  // micro-batch and chunk a receive and a send each way; per micro-batch and chunk the gradient
  // accumulation when unfused; per micro-batch the head's forward and backward; per micro-batch,
  // chunk and block ZeRO-3's three collectives (dense and expert); per step the data-parallel
  // collectives (at most two, dense and expert, and hybrid sharding's all-reduce across the
  // replicas), the optimizer and the host's step overhead.
  const double passes = m * vpp * blocks;
  // DualPipe: a rank runs half the micro-batches on each of its two stages, the same passes;
  // with ZB-H1, a weight-gradient node for each block of a backward that defers them.
  const bool dualpipe = WritesDualPipe(s);
  // A node of weight gradients per backward block: deferred (DualPipe, ZB-H1), or apart in a
  // paired pass under ep_comm_overlap (PairedBlocks' `b.mw`).
  const bool weights = dualpipe || WritesZeroBubble(s) || (in.ep_comm_overlap && a2a);
  const double comp = passes * (4 + (full ? 2 : 0) + (weights ? 1 : 0)) + 2 * m +
                      (s.grad_accumulation > 0 ? m * vpp : 0);
  const double zero3 = (in.sharding == ir::Sharding::zero3 || in.sharding == ir::Sharding::fsdp) &&
                       in.reshard_after_backward;
  const double etp = sl.folded && sl.etp > 1 ? 2 + (full ? 1 : 0) : 0;
  // Sequence parallelism's backward: two output-gradient all-gathers and the inputs' re-gather
  // (over etp too when folded).
  const double sp = s.sequence_parallel ? 3 + (etp > 0 ? 1 : 0) : 0;
  const double coll =
      passes * ((tp ? 4 + (full ? 2 : 0) : 0) + etp + sp + (cp ? double(CpNodes(in)) : 0)) +
      passes * (in.reshard_after_forward ? 3 : 2) * experts * zero3 + 2 * experts +
      (sl.hybrid ? 1 : 0) + (sl.embedding_group ? 1 : 0);
  // Four expert all-to-alls per pass, each a send and a receive per round.
  const double a2a_p2p = a2a ? passes * 4 * 2 * double(AllToAllRounds(s, sl, domain)) : 0;
  const double p2p = 4 * m * vpp;
  const double per_rank = comp + coll + p2p + a2a_p2p + 2;

  // The largest instance of each kind. Ids and dependencies: up to the rank's node count. A
  // chained node waits for the previous one and for the collectives beside the compute before
  // it and after it (tp_comm_overlap or tp_backward_overlap, ep_comm_overlap: at most one of each
  // between two compute nodes); the optimizer also for the step's data-parallel collectives.
  const uint64_t max_id = uint64_t(std::min(per_rank, 1.8e19));
  const int beside = ((in.tp_comm_overlap || in.tp_backward_overlap) && tp ? 1 : 0) +
                     ((in.tp_comm_overlap || in.tp_backward_overlap) && etp > 0 ? 1 : 0) +
                     (in.ep_comm_overlap && a2a ? 1 : 0);
  const std::vector<uint64_t> deps(size_t(1 + 2 * beside), max_id);
  // Names: "<pass>.<half>.<micro-batch>.<chunk>.<block>", "z3.param.e.<mb>.<chunk>.<block>",
  // "dp.rd.param.expert", "ra.<micro-batch>.<chunk>", "f.head.<micro-batch>", "optimizer".
  const int64_t mb_digits = Digits(m - 1);
  const int64_t layer_name = 4 + 3 + mb_digits + Digits(vpp - 1) + Digits(blocks - 1);
  // Durations: a block's compute (k layers' forward, backward and recompute), the head, the
  // optimizer. Messages: a block's activations, all-to-alls and K/V, a pipeline send, a stage's
  // gradients or parameters (a reduced data-parallel group carries up to twice: astra_sim.cpp,
  // ReducedGroupScale; a DualPipe rank's two stages').
  const double layer = std::max(s.dense.fwd + s.dense.bwd + s.dense.recompute,
                                s.moe.fwd + s.moe.bwd + s.moe.recompute);
  const double seconds = std::max(
      {double(k) * layer, s.head_fwd, s.head_bwd, s.optimizer, s.grad_accumulation, s.overhead});
  double params = 0;
  for (const sim::Stage& st : s.stages)
    params = std::max({params, st.dense_params, st.expert_params});
  const double message =
      std::max({double(k) * std::max({s.act_bytes, s.ep_bytes, s.cp_kv_bytes * double(sl.cp),
                                      s.cp_qkv_bytes}),
                s.pp_bytes, (dualpipe ? 4 : 2) * params * s.grad_bytes_per_param,
                analysis::EmbeddingGradientBytes(*s.in, s.grad_bytes_per_param)});
  // At most 7 kinds at once (tp, cp, dp, ep, edp, etp, emb), each group at least 2 ranks.
  const double groups = 4 * double(sl.Ranks());

  chakra::Node c;
  c.id = max_id;
  // "b.accum.<micro-batch>.<chunk>" may be longer than a layer's name.
  const int64_t accum_name = 9 + mb_digits + Digits(vpp - 1);
  c.name.assign(size_t(std::max<int64_t>({layer_name, accum_name, 7 + mb_digits, 9})), 'x');
  c.type = chakra::kCompNode;
  c.data_deps = deps;
  c.duration_micros = Micros(seconds);
  chakra::Node optimizer = c;
  optimizer.data_deps.resize(deps.size() + 4 + (sl.hybrid ? 1 : 0), max_id);

  chakra::Node g;
  g.id = max_id;
  g.name.assign(size_t(std::max<int64_t>({layer_name + 6, 18})), 'x');
  g.type = chakra::kCommCollNode;
  g.data_deps = deps;
  // Hybrid sharding's all-reduce across the replicas also waits for the reduce-scatter.
  if (sl.hybrid) g.data_deps.resize(std::max<size_t>(deps.size(), 2), max_id);
  g.has_comm_type = true;
  g.comm_type = chakra::kReduceScatter;
  g.comm_size = ByteCount(message);
  g.pg_name = std::to_string(int64_t(groups));

  chakra::Node p;
  p.id = max_id;
  p.name.assign(size_t(3 + mb_digits + 1 + Digits(vpp - 1)), 'x');
  p.type = chakra::kCommRecvNode;
  p.data_deps = deps;
  p.comm_size = ByteCount(s.pp_bytes);
  p.has_peer = true;
  p.comm_src = p.comm_dst = int32_t(std::min<int64_t>(sl.Ranks(), INT32_MAX));
  // Tags wrap to negative int32 (ten bytes as a varint) beyond 2^31.
  const double tag = 2 + 2 * (m * vpp + vpp);
  p.comm_tag = tag > double(INT32_MAX) ? -1 : int32_t(tag);

  // An all-to-all message: its name ("<pass>.ed.<mb>.<chunk>.<block>.x<round>"), two
  // dependencies (the previous round's send and receive) or the chained node's, at most the
  // block's all-to-all bytes, a tag above kAllToAllTagBase.
  chakra::Node x = p;
  x.name.assign(size_t(layer_name + 3 + Digits(double(AllToAllRounds(s, sl, domain)))), 'x');
  x.data_deps.assign(std::max<size_t>(2, deps.size() + 1), max_id);
  x.comm_size = ByteCount(double(k) * s.ep_bytes);
  x.comm_tag = INT32_MAX;

  std::string metadata;
  chakra::AppendDelimited(metadata, chakra::EncodeMetadata());
  const double rank_bytes = double(metadata.size()) + comp * Delimited(c) + Delimited(optimizer) +
                            coll * Delimited(g) + p2p * Delimited(p) + a2a_p2p * Delimited(x);
  return double(sl.Ranks()) * rank_bytes;
}

}  // namespace clusterc::backends::astra
