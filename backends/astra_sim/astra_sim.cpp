// ASTRA-sim 2.0 (analytical network backend) inputs for each plan: network.yml, system.json,
// remote_memory.json, comm_groups.json, run.sh and one Chakra execution trace per simulated rank.
//
// The representative slice. A plan on 100,000 GPUs cannot ship 100,000 traces, so the traces
// cover a slice of the job that keeps every kind of communication real:
//   - whole tensor-parallel groups and whole pipelines (tp x pp ranks, never cut);
//   - d data-parallel replicas, d the smallest divisor of dp that is at least 2 (1 when dp = 1 or
//     the slice would exceed kSliceRankCap), so the data-parallel gradient collectives run on a
//     real group of d ranks; expert parallelism forms groups of gcd(ep, d) replicas within them;
//   - c context-parallel ranks, the largest divisor of cp that keeps the slice within the cap.
// Rank r of the slice is (t, c, d, p) in Megatron order, tensor fastest:
//   r = t + tp (c + c_s (d + d_s p)).
// The network has one dimension per level the slice spans, placed as the full job would place
// it (the same order over the real cluster): each parallel axis lands on the level its global
// span reaches (scale-up domain, leaf, spine, cross-pod; or torus rings), with analysis' group
// bandwidth for that span. The product of npus_count is the slice's rank count. Data-parallel
// collectives therefore run over d of the dp replicas with the message sizes of the full job;
// their time scales as (d-1)/d instead of (dp-1)/dp for ring algorithms (documented limitation).
// `clusterc build --traces all` emits every rank of the job instead (Context::all_ranks), with
// the node budget scaled by the number of ranks.
//
// The trace of one rank is one training step: 1F1B over the stage's micro-batches, forward and
// backward per block of layers with the tensor-parallel collectives between the attention and
// MLP halves, expert all-to-alls on MoE layers, context-parallel K/V all-gather (forward) and
// reduce-scatter (backward), pipeline send/recv with unique tags per (micro-batch, direction),
// then the data-parallel (ZeRO) collectives and the optimizer. Layers are grouped into blocks of
// k consecutive layers (compute and message bytes summed) when the slice would otherwise exceed
// kTraceNodeBudget nodes; k = 1 (one block per layer) whenever the budget allows.
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "backends/astra_sim/chakra.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "ir/checked.h"

namespace clusterc::backends {

namespace {

using chakra::CommType;
using chakra::Node;
using sim::PlanShape;

// At most this many ranks in the representative slice (whole TP groups and pipelines are kept
// even beyond it).
constexpr int64_t kSliceRankCap = 256;
// Layer blocks grow until the slice's traces hold at most this many nodes (about 1.5 MB).
constexpr int64_t kTraceNodeBudget = 20000;

// system.json settings that are not facts of the spec: ASTRA-sim's own validated HGX H100 example
// (examples/system/native_collectives/HGX-H100-validated.json).
constexpr int kEndpointDelay = 10;  // ns
constexpr int kActiveChunksPerDimension = 2;
constexpr int kPreferredDatasetSplits = 4;

int64_t SmallestDivisorAtLeast2(int64_t n) {
  for (int64_t k = 2; k * k <= n; ++k)
    if (n % k == 0) return k;
  return n;
}

int64_t LargestDivisorAtMost(int64_t n, int64_t limit) {
  for (int64_t k = std::min(n, std::max<int64_t>(1, limit)); k >= 1; --k)
    if (n % k == 0) return k;
  return 1;
}

struct Slice {
  int64_t tp = 1, cp = 1, d = 1, pp = 1, ep = 1;
  int64_t Ranks() const { return tp * cp * d * pp; }
  int64_t Rank(int64_t t, int64_t c, int64_t dd, int64_t p) const {
    return t + tp * (c + cp * (dd + d * p));
  }
};

Slice ChooseSlice(const PlanShape& s, bool all_ranks) {
  Slice sl;
  sl.tp = s.tp;
  sl.pp = s.pp;
  if (all_ranks) {
    sl.d = s.dp;
    sl.cp = s.cp;
    sl.ep = s.in->moe ? s.ep : 1;
    return sl;
  }
  int64_t base = s.tp * s.pp;
  sl.d = s.dp >= 2 ? SmallestDivisorAtLeast2(s.dp) : 1;
  if (base * sl.d > kSliceRankCap) sl.d = 1;
  sl.cp = LargestDivisorAtMost(s.cp, kSliceRankCap / std::max<int64_t>(1, base * sl.d));
  sl.ep = s.in->moe ? std::gcd(s.ep, sl.d) : 1;
  return sl;
}

// ---- network ---------------------------------------------------------------------------------

struct Dimension {
  std::string topology;  // Switch, Ring
  int64_t npus = 1;
  double bandwidth = 0;  // B/s, one direction
  double latency = 0;    // s
};

struct Factor {
  int64_t size = 1;
  int64_t span = 1;  // GPUs of the real job the axis spans
};

// 0: scale-up domain; 1: leaf (or torus); 2: spine (within a pod); 3: across pods.
int Level(const PlanShape& s, int64_t span) {
  const auto& f = s.cluster->fabric;
  if (span <= s.cluster->scale_up_domain) return 0;
  if (f.is_torus) return 1;
  if (f.leaf_gpus > 0 && span <= f.leaf_gpus) return 1;
  if (f.pods > 1 && f.pod_gpus > 0 && span > f.pod_gpus) return 3;
  return 2;
}

std::vector<Dimension> Network(const Context& ctx, const PlanShape& s, const Slice& sl) {
  const analysis::PlanInputs& in = *s.in;
  std::vector<Factor> factors = {
      {sl.tp, s.tp},
      {sl.cp, s.tp * sl.cp},
      {sl.d, s.tp * s.cp * sl.d},
      {sl.pp, s.tp * s.cp * s.dp * sl.pp},
  };
  std::vector<Dimension> dims;
  int last_level = -1;
  int64_t spanned = 1;  // GPUs spanned by the dimensions so far (for torus axes)
  for (const Factor& f : factors) {
    if (f.size <= 1) continue;
    int level = Level(s, f.span);
    double latency =
        f.span <= s.cluster->scale_up_domain ? in.scale_up_latency : in.scale_out_latency;
    if (level == 1 && s.cluster->fabric.is_torus) {
      // ICI torus: one Ring per torus axis the factor covers, axes filled x, then y, then z
      // after the GPUs the lower dimensions span; link bandwidth one direction (the IR's).
      const ir::Plan& plan = *s.plan;
      const ir::Fabric& fabric = ctx.program.Get(ctx.program.Get(plan.cluster).fabric);
      int64_t axes[3] = {fabric.topology.x, fabric.topology.y, fabric.topology.z};
      int64_t before = spanned, left = f.size;
      for (int64_t a : axes) {
        if (left <= 1) break;
        if (a <= 0) continue;
        if (before >= a && before % a == 0) {
          before /= a;
          continue;
        }
        int64_t room = a % before == 0 ? a / before : 1;
        before = 1;
        int64_t k = std::gcd(room, left);
        if (k > 1) {
          dims.push_back({"Ring", k, fabric.topology.link_bandwidth.si, latency});
          left /= k;
        }
      }
      if (left > 1) dims.push_back({"Ring", left, fabric.topology.link_bandwidth.si, latency});
      spanned *= f.size;
      last_level = -1;  // rings never merge
      continue;
    }
    double bw = analysis::GroupBandwidth(in, f.span);
    if (level == last_level && !dims.empty()) {
      dims.back().npus *= f.size;
      dims.back().bandwidth = bw;  // the wider span's bandwidth
      dims.back().latency = latency;
    } else {
      dims.push_back({"Switch", f.size, bw, latency});
    }
    last_level = level;
    spanned *= f.size;
  }
  if (dims.empty()) dims.push_back({"Switch", 1, in.scale_up_bandwidth, in.scale_up_latency});
  return dims;
}

std::string NetworkYaml(const Context& ctx, const PlanShape& s, const Slice& sl,
                        const std::vector<Dimension>& dims) {
  YAML::Emitter y;
  y << YAML::Comment(sim::HeaderLine(ctx, *s.plan));
  y << YAML::Comment(fmt::format(
           "Slice of {} GPUs: tp {} x cp {} of {} x dp {} of {} x pp {} = {} ranks; bandwidth in "
           "GB/s of 2^30 bytes, one direction; latency in ns",
           s.gpus, sl.tp, sl.cp, s.cp, sl.d, s.dp, sl.pp, sl.Ranks()))
    << YAML::Newline;
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
  return std::string(y.c_str()) + "\n";
}

std::string JsonList(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out + "]";
}

std::string SystemJson(const PlanShape& s, const std::vector<Dimension>& dims) {
  std::vector<std::string> ring, a2a;
  for (const auto& d : dims) {
    ring.push_back("\"ring\"");
    a2a.push_back(d.topology == "Switch" ? "\"direct\"" : "\"ring\"");
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

// ---- communicator groups ---------------------------------------------------------------------

struct Groups {
  std::vector<std::vector<int64_t>> members;  // [id - 1]
  // Per rank: the group id of each kind, 0 when the rank's group has one member.
  std::vector<int> tp, cp, dp, ep, edp;

  int Add(std::vector<int64_t> ranks) {
    if (ranks.size() <= 1) return 0;
    members.push_back(std::move(ranks));
    return static_cast<int>(members.size());
  }
};

Groups MakeGroups(const Slice& sl) {
  Groups g;
  size_t n = static_cast<size_t>(sl.Ranks());
  g.tp.assign(n, 0);
  g.cp.assign(n, 0);
  g.dp.assign(n, 0);
  g.ep.assign(n, 0);
  g.edp.assign(n, 0);
  for (int64_t p = 0; p < sl.pp; ++p)
    for (int64_t d = 0; d < sl.d; ++d)
      for (int64_t c = 0; c < sl.cp; ++c) {
        std::vector<int64_t> r;
        for (int64_t t = 0; t < sl.tp; ++t) r.push_back(sl.Rank(t, c, d, p));
        int id = g.Add(r);
        for (int64_t x : r) g.tp[x] = id;
      }
  for (int64_t p = 0; p < sl.pp; ++p)
    for (int64_t d = 0; d < sl.d; ++d)
      for (int64_t t = 0; t < sl.tp; ++t) {
        std::vector<int64_t> r;
        for (int64_t c = 0; c < sl.cp; ++c) r.push_back(sl.Rank(t, c, d, p));
        int id = g.Add(r);
        for (int64_t x : r) g.cp[x] = id;
      }
  // Dense gradients reduce over data x context parallel ranks (Megatron's dp-cp group).
  for (int64_t p = 0; p < sl.pp; ++p)
    for (int64_t t = 0; t < sl.tp; ++t) {
      std::vector<int64_t> r;
      for (int64_t d = 0; d < sl.d; ++d)
        for (int64_t c = 0; c < sl.cp; ++c) r.push_back(sl.Rank(t, c, d, p));
      std::sort(r.begin(), r.end());
      int id = g.Add(r);
      for (int64_t x : r) g.dp[x] = id;
    }
  // Expert parallelism: consecutive replicas in blocks of ep; expert gradients reduce over the
  // replicas holding the same experts (one per block), with the context-parallel ranks.
  if (sl.ep > 1) {
    for (int64_t p = 0; p < sl.pp; ++p)
      for (int64_t c = 0; c < sl.cp; ++c)
        for (int64_t t = 0; t < sl.tp; ++t)
          for (int64_t b = 0; b < sl.d / sl.ep; ++b) {
            std::vector<int64_t> r;
            for (int64_t e = 0; e < sl.ep; ++e) r.push_back(sl.Rank(t, c, b * sl.ep + e, p));
            int id = g.Add(r);
            for (int64_t x : r) g.ep[x] = id;
          }
  }
  for (int64_t p = 0; p < sl.pp; ++p)
    for (int64_t t = 0; t < sl.tp; ++t)
      for (int64_t e = 0; e < sl.ep; ++e) {
        std::vector<int64_t> r;
        for (int64_t b = 0; b < sl.d / sl.ep; ++b)
          for (int64_t c = 0; c < sl.cp; ++c) r.push_back(sl.Rank(t, c, b * sl.ep + e, p));
        std::sort(r.begin(), r.end());
        int id = g.Add(r);
        for (int64_t x : r) g.edp[x] = id;
      }
  return g;
}

std::string CommGroupsJson(const Groups& g) {
  std::string out = "{";
  for (size_t i = 0; i < g.members.size(); ++i) {
    out += fmt::format("{}\n  \"{}\": [", i ? "," : "", i + 1);
    for (size_t j = 0; j < g.members[i].size(); ++j)
      out += fmt::format("{}{}", j ? ", " : "", g.members[i][j]);
    out += "]";
  }
  out += g.members.empty() ? "}\n" : "\n}\n";
  return out;
}

// ---- traces ----------------------------------------------------------------------------------

uint64_t Micros(double seconds) {
  return static_cast<uint64_t>(std::max<int64_t>(1, ir::SaturatingRound(seconds * 1e6)));
}

uint64_t ByteCount(double bytes) {
  return static_cast<uint64_t>(std::max<int64_t>(0, ir::SaturatingRound(bytes)));
}

struct Block {
  int64_t layers = 0, moe = 0;
};

// Layer blocks of stage `st`: k consecutive layers each (the last may be shorter).
std::vector<Block> Blocks(const PlanShape& s, const sim::Stage& st, int64_t k) {
  std::vector<Block> out;
  int64_t dense_end = s.in->moe ? std::min(s.in->layers, s.in->dense_layers) : s.in->layers;
  for (int64_t b = 0; b < st.layers; b += k) {
    Block bl;
    bl.layers = std::min(k, st.layers - b);
    for (int64_t l = st.first_layer + b; l < st.first_layer + b + bl.layers; ++l)
      bl.moe += l >= dense_end;
    out.push_back(bl);
  }
  return out;
}

class TraceWriter {
 public:
  TraceWriter(const PlanShape& s, const Slice& sl, const Groups& g, int64_t rank)
      : s_(s), sl_(sl), g_(g), rank_(rank) {
    chakra::AppendDelimited(out_, chakra::EncodeMetadata());
  }

  // A node on the rank's critical chain: depends on the previous one.
  uint64_t Chain(Node n) {
    if (has_last_) n.data_deps.push_back(last_);
    last_ = Emit(std::move(n));
    has_last_ = true;
    return last_;
  }

  uint64_t Emit(Node n) {
    n.id = next_id_++;
    chakra::AppendDelimited(out_, chakra::EncodeNode(n));
    ++nodes_;
    return n.id;
  }

  void Comp(std::string name, double seconds) {
    if (seconds <= 0) return;
    Node n;
    n.name = std::move(name);
    n.type = chakra::kCompNode;
    n.duration_micros = Micros(seconds);
    Chain(std::move(n));
  }

  void Coll(std::string name, CommType type, double bytes, int group) {
    if (group == 0 || bytes <= 0) return;
    Node n;
    n.name = std::move(name);
    n.type = chakra::kCommCollNode;
    n.has_comm_type = true;
    n.comm_type = type;
    n.comm_size = ByteCount(bytes);
    n.pg_name = std::to_string(group);
    Chain(std::move(n));
  }

  void Recv(std::string name, int64_t src, int32_t tag) {
    Node n;
    n.name = std::move(name);
    n.type = chakra::kCommRecvNode;
    n.comm_size = ByteCount(s_.pp_bytes);
    n.has_peer = true;
    n.comm_src = static_cast<int32_t>(src);
    n.comm_dst = static_cast<int32_t>(rank_);
    n.comm_tag = tag;
    Chain(std::move(n));
  }

  // Sends leave the chain: the next computation does not wait for them.
  void Send(std::string name, int64_t dst, int32_t tag) {
    Node n;
    n.name = std::move(name);
    n.type = chakra::kCommSendNode;
    n.comm_size = ByteCount(s_.pp_bytes);
    n.has_peer = true;
    n.comm_src = static_cast<int32_t>(rank_);
    n.comm_dst = static_cast<int32_t>(dst);
    n.comm_tag = tag;
    if (has_last_) n.data_deps.push_back(last_);
    Emit(std::move(n));
  }

  std::string Take() { return std::move(out_); }
  int64_t nodes() const { return nodes_; }

 private:
  const PlanShape& s_;
  const Slice& sl_;
  const Groups& g_;
  int64_t rank_;
  std::string out_;
  uint64_t next_id_ = 0;
  uint64_t last_ = 0;
  bool has_last_ = false;
  int64_t nodes_ = 0;
};

// Tags of pipeline messages: unique per (source, destination) pair and micro-batch.
int32_t Tag(int64_t micro_batch, bool gradient) {
  return static_cast<int32_t>(1 + 2 * micro_batch + (gradient ? 1 : 0));
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
  x.d = r % sl.d;
  x.p = r / sl.d;
  return x;
}

// Nodes of one layer in one pass, for the block-size estimate.
int64_t NodesPerLayer(const PlanShape& s, const Slice& sl) {
  int64_t tp_colls = sl.tp > 1 ? 2 : 0;
  int64_t per = 2 + tp_colls;  // forward
  per += 2 + tp_colls;         // backward
  if (s.in->recompute == ir::Recompute::full) per += 2 + tp_colls;
  if (sl.ep > 1 && s.in->moe) per += 4;
  if (sl.cp > 1) per += 2;
  return per;
}

struct Trace {
  std::string bytes;
  int64_t nodes = 0;
};

// Tensor-parallel collectives are all-reduces of the layer's activation bytes after the
// attention and the MLP, forward and backward (Shoeybi et al. 2019). With sequence parallelism
// Megatron moves the same bytes as an all-gather + reduce-scatter pair (Korthikanti et al. 2022
// section 4.2.2) and analysis times it as the all-reduce; the trace keeps the all-reduce, which
// halves its node count.
void Forward(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
             const Block& b, const std::string& tag, bool recompute) {
  const double act = s.act_bytes * double(b.layers);
  const double fwd = (recompute ? s.layer_recompute : s.layer_fwd) * double(b.layers);
  const std::string kind = recompute ? "r" : "f";
  if (!recompute && g.cp[r])
    w.Coll(kind + ".cp" + tag, chakra::kAllGather, s.cp_kv_bytes * double(sl.cp) * double(b.layers),
           g.cp[r]);
  w.Comp(kind + ".at" + tag, fwd * s.attn_share);
  w.Coll(kind + ".tp" + tag, chakra::kAllReduce, act, g.tp[r]);
  bool a2a = !recompute && b.moe > 0 && g.ep[r];
  if (a2a) w.Coll(kind + ".ed" + tag, chakra::kAllToAll, s.ep_bytes * double(b.moe), g.ep[r]);
  w.Comp(kind + ".ml" + tag, fwd * (1 - s.attn_share));
  if (a2a) w.Coll(kind + ".ec" + tag, chakra::kAllToAll, s.ep_bytes * double(b.moe), g.ep[r]);
  w.Coll(kind + ".tq" + tag, chakra::kAllReduce, act, g.tp[r]);
}

void Backward(TraceWriter& w, const PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
              const Block& b, const std::string& tag) {
  // Full recompute repeats the block's forward (and its two tensor-parallel all-reduces, as
  // analysis counts them) before its backward.
  if (s.in->recompute == ir::Recompute::full) Forward(w, s, sl, g, r, b, tag, true);
  const double fwd = s.layer_fwd * double(b.layers);
  const double act = s.act_bytes * double(b.layers);
  // Selective recompute re-runs the attention core inside the attention backward.
  double extra = s.in->recompute == ir::Recompute::selective ? s.layer_recompute * b.layers : 0;
  bool a2a = b.moe > 0 && g.ep[r];
  if (a2a) w.Coll("b.ec" + tag, chakra::kAllToAll, s.ep_bytes * double(b.moe), g.ep[r]);
  w.Comp("b.ml" + tag, 2 * fwd * (1 - s.attn_share));
  if (a2a) w.Coll("b.ed" + tag, chakra::kAllToAll, s.ep_bytes * double(b.moe), g.ep[r]);
  w.Coll("b.tq" + tag, chakra::kAllReduce, act, g.tp[r]);
  w.Comp("b.at" + tag, 2 * fwd * s.attn_share + extra);
  w.Coll("b.tp" + tag, chakra::kAllReduce, act, g.tp[r]);
  if (g.cp[r])
    w.Coll("b.cp" + tag, chakra::kReduceScatter, s.cp_kv_bytes * double(sl.cp) * double(b.layers),
           g.cp[r]);
}

Trace RankTrace(const PlanShape& s, const Slice& sl, const Groups& g, int64_t r, int64_t k) {
  TraceWriter w(s, sl, g, r);
  RankCoord x = Coord(sl, r);
  const sim::Stage& st = s.stages[x.p];
  std::vector<Block> blocks = Blocks(s, st, k);
  const int64_t m = s.micro_batches;
  const bool first = x.p == 0, last = x.p == sl.pp - 1;
  auto forward = [&](int64_t mb) {
    if (!first) w.Recv(fmt::format("ra.{}", mb), sl.Rank(x.t, x.c, x.d, x.p - 1), Tag(mb, false));
    for (size_t i = 0; i < blocks.size(); ++i)
      Forward(w, s, sl, g, r, blocks[i], fmt::format(".{}.{}", mb, i), false);
    if (!last) w.Send(fmt::format("sa.{}", mb), sl.Rank(x.t, x.c, x.d, x.p + 1), Tag(mb, false));
  };
  auto backward = [&](int64_t mb) {
    if (!last) w.Recv(fmt::format("rg.{}", mb), sl.Rank(x.t, x.c, x.d, x.p + 1), Tag(mb, true));
    for (size_t i = blocks.size(); i-- > 0;)
      Backward(w, s, sl, g, r, blocks[i], fmt::format(".{}.{}", mb, i));
    if (!first) w.Send(fmt::format("sg.{}", mb), sl.Rank(x.t, x.c, x.d, x.p - 1), Tag(mb, true));
  };
  // 1F1B (Narayanan et al. 2021, PipeDream-Flush): warm-up forwards, steady one-forward-one-
  // backward, cool-down backwards.
  int64_t warmup = std::min(m, sl.pp - x.p - 1);
  for (int64_t i = 0; i < warmup; ++i) forward(i);
  for (int64_t i = 0; i < m - warmup; ++i) {
    forward(warmup + i);
    backward(i);
  }
  for (int64_t i = m - warmup; i < m; ++i) backward(i);

  // Data parallel at the end of backward: all-reduce of the gradients, or ZeRO's reduce-scatter
  // of gradients and all-gather of parameters (the same bytes, as analysis counts them).
  const double gb = s.grad_bytes_per_param;
  auto reduce = [&](const std::string& what, double params, int group) {
    if (group == 0 || params <= 0) return;
    if (s.in->sharding == ir::Sharding::none) {
      w.Coll("dp.ar." + what, chakra::kAllReduce, params * gb, group);
    } else {
      w.Coll("dp.rs." + what, chakra::kReduceScatter, params * gb, group);
      w.Coll("dp.ag." + what, chakra::kAllGather, params * gb, group);
    }
  };
  reduce("dense", st.dense_params, g.dp[r]);
  if (s.in->moe) reduce("expert", st.expert_params, g.edp[r]);
  w.Comp("optimizer", s.optimizer);
  Trace t;
  t.nodes = w.nodes();
  t.bytes = w.Take();
  return t;
}

std::string RunScript(const Context& ctx, const PlanShape& s) {
  const std::string& name = s.plan->name;
  std::string out = "#!/bin/sh\n";
  out += "# " + sim::HeaderLine(ctx, *s.plan) + "\n";
  out += "# ASTRA-sim 2.0, analytical network backend (congestion unaware). Set ASTRA_SIM to the\n";
  out += "# binary when it is not on PATH.\n";
  out += "set -e\n";
  out += "cd \"$(dirname \"$0\")\"\n";
  out += "\"${ASTRA_SIM:-AstraSim_Analytical_Congestion_Unaware}\" \\\n";
  out += fmt::format("  --workload-configuration=workload/{} \\\n", name);
  out += "  --system-configuration=system.json \\\n";
  out += "  --network-configuration=network.yml \\\n";
  out += "  --remote-memory-configuration=remote_memory.json \\\n";
  out += "  --comm-group-configuration=comm_groups.json\n";
  return out;
}

}  // namespace

void EmitAstraSim(const Context& ctx, OutputTree& out) {
  for (uint32_t index : ctx.plans) {
    PlanShape s = sim::MakePlanShape(ctx, index);
    if (!s.Valid()) continue;
    const std::string dir = "astra-sim/" + s.plan->name + "/";
    Slice sl = ChooseSlice(s, ctx.all_ranks);
    std::vector<Dimension> dims = Network(ctx, s, sl);
    Groups groups = MakeGroups(sl);
    out.Write(dir + "network.yml", NetworkYaml(ctx, s, sl, dims));
    out.Write(dir + "system.json", SystemJson(s, dims));
    out.Write(dir + "remote_memory.json", "{\n  \"memory-type\": \"NO_MEMORY_EXPANSION\"\n}\n");
    out.Write(dir + "comm_groups.json", CommGroupsJson(groups));
    out.Write(dir + "run.sh", RunScript(ctx, s));
    // Block size: the smallest k whose estimated node count fits the budget.
    int64_t per_layer = NodesPerLayer(s, sl);
    int64_t k = 1;
    auto estimate = [&](int64_t kk) {
      int64_t blocks = (s.max_stage_layers + kk - 1) / kk;
      return sl.Ranks() * s.micro_batches * blocks * per_layer;
    };
    const int64_t budget =
        kTraceNodeBudget * std::max<int64_t>(1, (sl.Ranks() + kSliceRankCap - 1) / kSliceRankCap);
    while (k < s.max_stage_layers && estimate(k) > budget) ++k;
    for (int64_t r = 0; r < sl.Ranks(); ++r) {
      if (ctx.progress && r % 256 == 0)
        ctx.progress(fmt::format("astra-sim: {} trace {} of {}", s.plan->name, r + 1, sl.Ranks()));
      Trace t = RankTrace(s, sl, groups, r, k);
      out.Write(fmt::format("{}workload/{}.{}.et", dir, s.plan->name, r), std::move(t.bytes));
    }
  }
}

}  // namespace clusterc::backends
