#include "backends/astra_sim/slice.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <numeric>

#include "analysis/collective_rates.h"

namespace clusterc::backends::astra {

namespace {

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

// 0: scale-up domain; 1: leaf (or torus); 2: spine (within a pod); 3: across pods.
int Level(const sim::PlanShape& s, int64_t span) {
  const auto& f = s.cluster->fabric;
  if (span <= s.cluster->scale_up_domain) return 0;
  if (f.is_torus) return 1;
  if (f.leaf_gpus > 0 && span <= f.leaf_gpus) return 1;
  if (f.pods > 1 && f.pod_gpus > 0 && span > f.pod_gpus) return 3;
  return 2;
}

// GPU counts at which the level changes, ascending.
std::vector<int64_t> Boundaries(const sim::PlanShape& s) {
  const auto& f = s.cluster->fabric;
  std::vector<int64_t> b = {std::max<int64_t>(1, s.cluster->scale_up_domain)};
  if (!f.is_torus) {
    if (f.leaf_gpus > b.back()) b.push_back(f.leaf_gpus);
    if (f.pods > 1 && f.pod_gpus > b.back()) b.push_back(f.pod_gpus);
  }
  return b;
}

// One parallel axis of the slice: `size` ranks `stride` GPUs apart in the real job. `reach` is
// the span of the real group this axis stands for (larger than stride x size for a reduced
// data-parallel group): its outermost part takes that span's level and bandwidth.
struct Axis {
  int64_t size = 1, stride = 1, reach = 0;
};

}  // namespace

Slice ChooseSlice(const sim::PlanShape& s, bool all_ranks) {
  Slice sl;
  sl.tp = s.tp;
  sl.pp = s.pp;
  sl.cp = s.cp;
  sl.embedding_group = analysis::EmbeddingGroupSyncs(*s.in);
  sl.ep = s.in->moe && s.ep > 1 ? s.ep : 1;
  sl.etp = s.etp;
  sl.folded = sim::FoldedExperts(s);
  const int64_t group = sl.ep * sl.etp;
  sl.eb = sl.folded ? group / std::gcd(group, s.tp * s.cp) : sl.ep;
  // With expert parallelism Megatron-Core's two rank generators disagree on a pipeline's stride
  // under tp-cp-ep-pp-dp (tp x cp for the dense layers, etp x ep for the experts): the traces keep
  // the default order there and say so.
  const bool reorder = s.in->pp_inside_dp && s.pp > 1;
  sl.pp_inside = reorder && sl.ep == 1 && !sl.folded;
  if (reorder && !sl.pp_inside)
    sl.dropped.push_back(
        "the rank order tp_cp_ep_pp_dp is written as tp_cp_ep_dp_pp: with expert parallelism "
        "the traces keep each pipeline stage's ranks together");
  // Host-memory offload is a copy stream beside compute, which Chakra traces have no node for;
  // where it hides (and ASTRA-sim counts no memory) nothing is missing.
  if (s.in->offload_layers > 0 && s.r->step.offload > 0)
    sl.dropped.push_back(fmt::format(
        "the activation offload of {} layers a GPU is not in the traces: their compute waits "
        "{:.1f} ms a step for it in clusterc's step, none in ASTRA-sim's",
        s.in->offload_layers, s.r->step.offload * 1e3));
  const int64_t replicas = analysis::ShardReplicas(*s.in);
  sl.hybrid = replicas > 1 && !s.in->moe;
  if (replicas > 1 && s.in->moe)
    sl.dropped.push_back(fmt::format(
        "hybrid sharding (shard_group {}, {} replicas) of a MoE model is written as sharding "
        "over the whole data-parallel and expert-data-parallel groups, without the all-reduce "
        "across the replicas",
        s.in->shard_group, replicas));
  if (all_ranks) {
    sl.d = s.dp;
    if (sl.hybrid) sl.rd = replicas;
    return sl;
  }
  if (sl.hybrid) {
    // The shard group's dp ranks and the replicas, each reduced to its smallest divisor >= 2.
    const int64_t base = s.tp * s.cp * s.pp, shard = s.dp / replicas;
    int64_t a = shard >= 2 ? SmallestDivisorAtLeast2(shard) : 1;
    int64_t q = SmallestDivisorAtLeast2(replicas);
    if (base * a * q > kSliceRankCap) {
      sl.dropped.push_back(fmt::format(
          "the all-reduce across the {} replicas of hybrid sharding is left out: keeping it "
          "would take the slice past {} ranks ({} x {} x {})",
          replicas, kSliceRankCap, base, a, q));
      q = 1;
    }
    if (a > 1 && base * a > kSliceRankCap) {
      sl.dropped.push_back(fmt::format(
          "the dense data-parallel shard group ({} members in the job) is left out: keeping it "
          "would take the slice past {} ranks ({} x {})",
          shard * s.cp, kSliceRankCap, base, a));
      a = 1;
    }
    sl.rd = q;
    sl.d = a * q;
    // A group of one (every member left out) carries nothing to scale: `dropped` says so.
    if (sl.d > 1 && sl.d < s.dp)
      sl.dp_note = fmt::format(
          "data-parallel group: {} of the {} replicas of hybrid sharding, each {} of its shard "
          "group's {} data-parallel ranks, both at the bandwidth of the level their full group "
          "crosses; their collectives carry the buffer x ((N-1)/N) / ((n-1)/n), N and n the "
          "group's members in the job and in the slice (divided by the ring's speed-up when the "
          "job has several of them in each scale-up domain), so each link moves what it moves "
          "in the job",
          q, replicas, a, shard);
    return sl;
  }
  const int64_t base = s.tp * s.cp * s.pp * sl.eb;
  const int64_t rest = s.dp / sl.eb;  // blocks of replicas holding the same experts
  int64_t r = rest >= 2 ? SmallestDivisorAtLeast2(rest) : 1;
  if (r > 1 && base * r > kSliceRankCap) {
    sl.dropped.push_back(fmt::format(
        "the {} data-parallel gradient group ({} members in the job) is left out: keeping it "
        "would take the slice past {} ranks ({} x {})",
        sl.ep > 1 ? "expert" : "dense", sl.folded ? s.tp * s.cp * s.dp / (sl.ep * sl.etp) : rest,
        kSliceRankCap, base, r));
    r = 1;
  }
  sl.d = sl.eb * r;
  if (sl.d > 1 && sl.d < s.dp)
    sl.dp_note = fmt::format(
        "data-parallel group: {} of {} replicas, at the bandwidth of the level the full group "
        "crosses; its collectives carry the buffer x ((N-1)/N) / ((n-1)/n), N and n its "
        "members in the job and in the slice (divided by the ring's speed-up when the job has "
        "several of them in each scale-up domain), so each link moves what it moves in the job",
        sl.d, s.dp);
  const bool expert_dp_dropped =
      sl.folded ? sl.ExpertReplicas() == 1 && s.tp * s.cp * s.dp > sl.ep * sl.etp
                : r == 1 && rest > 1;
  if (sl.ep > 1 && expert_dp_dropped && sl.dropped.empty())
    sl.dropped.push_back("the expert data-parallel gradient group is left out");
  return sl;
}

std::vector<Dimension> Network(const Context& ctx, const sim::PlanShape& s, const Slice& sl) {
  const analysis::PlanInputs& in = *s.in;
  const int64_t ep_span = s.tp * s.cp;  // stride of the data-parallel axis
  // Innermost first, as Slice::Rank numbers them: under tp-cp-ep-pp-dp (no expert parallelism,
  // eb = 1) the pipeline inside the data-parallel replicas.
  std::vector<Axis> axes =
      sl.pp_inside
          ? std::vector<Axis>{{sl.tp, 1, 0},
                              {sl.cp, s.tp, 0},
                              {sl.eb, ep_span, 0},
                              {sl.pp, ep_span * sl.eb, 0},
                              {sl.d / sl.eb, ep_span * sl.eb * s.pp, ep_span * s.pp * s.dp}}
          : std::vector<Axis>{{sl.tp, 1, 0},
                              {sl.cp, s.tp, 0},
                              {sl.eb, ep_span, 0},
                              {sl.d / sl.eb, ep_span * sl.eb, ep_span * s.dp},
                              {sl.pp, ep_span * s.dp, 0}};
  if (sl.hybrid) {
    // Hybrid sharding: the data-parallel axis as the shard group's ranks, reaching across the
    // shard group, then the replicas, a shard group apart and reaching across the whole group.
    const size_t at = sl.pp_inside ? 4 : 3;
    const int64_t stride = axes[at].stride, shard = s.dp / analysis::ShardReplicas(in);
    axes[at] = {sl.ShardRanks(), stride, stride * shard};
    axes.insert(axes.begin() + long(at) + 1, Axis{sl.rd, stride * shard, stride * s.dp});
  }
  const std::vector<int64_t> bounds = Boundaries(s);
  std::vector<Dimension> dims;
  int64_t spanned = 1;  // slice ranks covered by the dimensions so far (for torus axes)
  auto push = [&](int64_t size, int64_t span) {
    int level = Level(s, span);
    double latency =
        span <= s.cluster->scale_up_domain ? in.scale_up_latency : in.scale_out_latency;
    if (level >= 1 && s.cluster->fabric.is_torus) {
      // ICI torus: one Ring per torus axis the part covers, axes filled x, then y, then z after
      // the ranks the lower dimensions span; link bandwidth one direction (the IR's), at the
      // fraction of it collectives achieve over that span.
      const ir::Fabric& fabric = ctx.program.Get(ctx.program.Get(s.plan->cluster).fabric);
      const double link = fabric.topology.link_bandwidth.si * analysis::BusEfficiency(in, span);
      int64_t torus[3] = {fabric.topology.x, fabric.topology.y, fabric.topology.z};
      int64_t before = spanned, left = size;
      for (int64_t a : torus) {
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
          dims.push_back({"Ring", k, link, latency, level});
          left /= k;
        }
      }
      if (left > 1) dims.push_back({"Ring", left, link, latency, level});
      spanned *= size;
      return;
    }
    // What NCCL achieves over the span, not the line rate: ASTRA-sim's analytical network
    // charges each message size / bandwidth and models no protocol overhead.
    double bw = analysis::AchievedBandwidth(in, span);
    if (!dims.empty() && dims.back().level == level && dims.back().topology == "Switch") {
      dims.back().npus *= size;
      dims.back().bandwidth = bw;  // the wider span's bandwidth
      dims.back().latency = latency;
    } else {
      dims.push_back({"Switch", size, bw, latency, level});
    }
    spanned *= size;
  };
  for (const Axis& a : axes) {
    // Split the axis where its members cross a level boundary: the members within the scale-up
    // domain form one dimension, those within a leaf the next, and so on.
    int64_t left = a.size, covered = 1;
    for (size_t b = 0; b <= bounds.size() && left > 1; ++b) {
      int64_t room = b < bounds.size() ? std::max<int64_t>(1, bounds[b] / (a.stride * covered))
                                       : std::numeric_limits<int64_t>::max();
      int64_t k = LargestDivisorAtMost(left, room);
      if (k <= 1) continue;
      left /= k;
      covered *= k;
      int64_t span = a.stride * covered;
      if (left == 1 && a.reach > span) span = a.reach;  // a reduced group at its real level
      push(k, span);
    }
  }
  if (dims.empty())
    dims.push_back(
        {"Switch", 1, in.scale_up_bandwidth * in.scale_up_efficiency, in.scale_up_latency, 0});
  return dims;
}

}  // namespace clusterc::backends::astra
