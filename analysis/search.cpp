#include "analysis/search.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <thread>

#include "analysis/formulas.h"
#include "analysis/model_states.h"

namespace clusterc::analysis {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<int64_t> Divisors(int64_t n) {
  std::vector<int64_t> lo, hi;
  for (int64_t d = 1; d * d <= n; ++d)
    if (n % d == 0) {
      lo.push_back(d);
      if (d != n / d) hi.push_back(n / d);
    }
  lo.insert(lo.end(), hi.rbegin(), hi.rend());
  return lo;
}

template <class T>
bool Allowed(const std::vector<T>& list, T v) {
  return list.empty() || std::find(list.begin(), list.end(), v) != list.end();
}

// The values of an enumerated dimension: the user's list, or every value.
template <class T>
std::vector<T> Domain(const std::vector<T>& list, std::vector<T> all) {
  if (list.empty()) return all;
  std::vector<T> out;
  for (T v : all)
    if (Allowed(list, v)) out.push_back(v);
  return out;
}

// A parallel layout: the outer loop of the search, and its unit of work.
struct Layout {
  int64_t gpus = 0, tp = 1, cp = 1, pp = 1, ep = 1;
  uint32_t gpu_index = 0;
};

// What stays fixed for a whole search: the domains and the bounds' constants.
struct Prepared {
  const PlanInputs* base = nullptr;
  const SearchSpace* space = nullptr;
  const SearchOptions* options = nullptr;
  std::vector<int64_t> gpu_counts;
  std::vector<ir::Recompute> recompute;
  std::vector<ir::Sharding> sharding;
  std::vector<bool> reshard;  // for ZeRO-3/FSDP candidates; others always reshard
  std::vector<ir::RankOrder> rank_order;
  int64_t domain = 1;
  // Bounds (docs/search.md, "Plan search"): valid when every layer has the same shape.
  bool bounds = true;
  double model_flops_step = 0;      // model FLOPs of one step
  double layer_fwd_flops_step = 0;  // forward FLOPs of the transformer layers, one step
  double dense_params = 0, expert_params = 0;
  double weight_bytes = 2, grad_bytes = 2, optimizer_bytes = 12;  // per parameter, from the model
  double compute_bytes = 2;  // per parameter gathered: 16-bit, fp32 in fp32 training
};

Candidate Make(const Layout& l, int64_t vpp, int64_t micro, ir::Recompute rc, ir::Sharding sh,
               bool sp, bool reshard = true, ir::RankOrder order = ir::RankOrder::tp_cp_ep_dp_pp) {
  Candidate c;
  c.gpus = l.gpus;
  c.tp = l.tp;
  c.cp = l.cp;
  c.pp = l.pp;
  c.ep = l.ep;
  c.vpp = vpp;
  c.micro = micro;
  c.recompute = rc;
  c.sharding = sh;
  c.sequence_parallel = sp;
  c.reshard = reshard;
  c.rank_order = order;
  return c;
}

}  // namespace

bool RankOrderMatters(const PlanInputs& base, int64_t tp, int64_t cp, int64_t pp, int64_t dp) {
  // With one stage or one replica the orders number the ranks alike. With a scale-up domain or
  // less per tensor x context group, every pipeline neighbour and every data-parallel peer is
  // in another domain under either order, and without oversubscribed tiers only the domain
  // bounds a group's rate (GroupBandwidth); expert groups, ep x etp apart, may still differ.
  if (pp == 1 || dp == 1) return false;
  return base.moe || ir::SaturatingMul(tp, cp) < base.scale_up_domain ||
         base.leaf_oversubscription > 1 || base.pod_oversubscription > 1;
}

PlanInputs ApplyCandidate(const PlanInputs& base, const Candidate& c) {
  PlanInputs in = base;
  in.tp = c.tp;
  in.cp = c.cp;
  in.pp = c.pp;
  in.ep = c.ep;
  in.dp = c.Dp();
  in.vpp = c.vpp;
  in.micro_batch = c.micro;
  in.recompute = c.recompute;
  in.sharding = c.sharding;
  in.sequence_parallel = c.sequence_parallel && c.tp > 1;
  in.reshard_after_forward = c.reshard;
  // The plan's shard_group is kept, not searched; a candidate whose data-parallel group it does
  // not split shards over the whole group (ShardReplicas). Its activation offload is kept too; a
  // candidate whose stages hold no more layers than it offloads is infeasible (ScoreCandidate).
  in.pp_inside_dp = c.rank_order == ir::RankOrder::tp_cp_ep_pp_dp;
  return in;
}

namespace {

// The interleaved schedule needs the micro-batches to be a multiple of the pipeline stages
// (Narayanan et al. 2021, section 2.2.2).
bool ScheduleValid(const PlanInputs& base, int64_t dp, int64_t pp, int64_t vpp, int64_t micro) {
  if (vpp == 1) return true;
  int64_t m = base.global_batch / (micro * dp);
  return m % pp == 0;
}

std::vector<int64_t> VppDomain(const Prepared& p, int64_t pp) {
  std::vector<int64_t> out;
  int64_t L = p.base->layers;
  for (int64_t v = 1; pp * v <= L + 2; ++v)
    if (StagesSplit(L, pp, v, p.base->first_stage_layers, p.base->last_stage_layers) &&
        Allowed(p.space->vpp, v))
      out.push_back(v);
  return out;
}

std::vector<int64_t> MicroDomain(const Prepared& p, int64_t dp) {
  std::vector<int64_t> out;
  for (int64_t b : Divisors(p.base->global_batch / dp))
    if (Allowed(p.space->micro, b)) out.push_back(b);
  return out;
}

// Resharding after the forward is a choice of ZeRO-3/FSDP only.
std::vector<bool> ReshardDomain(const Prepared& p, ir::Sharding sh) {
  if (ZeroStage(sh) < 3) return {true};
  return p.reshard;
}

std::vector<ir::RankOrder> OrderDomain(const Prepared& p, const Layout& l, int64_t dp) {
  if (!RankOrderMatters(*p.base, l.tp, l.cp, l.pp, dp)) return {ir::RankOrder::tp_cp_ep_dp_pp};
  return p.rank_order;
}

// Sequence parallelism splits each context-parallel rank's tokens over tp, which must divide
// them (plan.indivisible).
bool SequenceSplits(int64_t seq_len, int64_t tp, int64_t cp) {
  return (seq_len / std::max<int64_t>(1, cp)) % tp == 0;
}

std::vector<bool> SpDomain(const Prepared& p, int64_t tp, int64_t cp) {
  if (tp == 1) return {false};
  // A layout where sequence parallelism is the only choice and does not split is rejected
  // (ForEachLayout), so the domain is never empty.
  const bool even = SequenceSplits(p.base->seq_len, tp, cp);
  std::vector<bool> out;
  for (bool v : {false, true})
    if (Allowed(p.space->sequence_parallel, v) && (!v || even)) out.push_back(v);
  return out;
}

// Model states of the most loaded GPU can be no smaller than those of the average stage, fully
// counted below: weights, gradients and optimizer states are linear in the parameters held, and
// the stages together hold at least every parameter once.
// ZeRO-3/FSDP without resharding after the forward (`keep`) also holds the stage's parameters
// gathered, in the type they are computed with (model_states.cpp GatheredBytes).
double MemoryLowerBound(const Prepared& p, const Layout& l, int stage, bool keep = false) {
  double dp_cp = double(l.gpus / (l.tp * l.pp));
  auto states = [&](double params, double nd) {
    formulas::ModelStateBytes m = formulas::ZeroModelStates(params, nd, stage, p.weight_bytes,
                                                            p.grad_bytes, p.optimizer_bytes);
    return m.weights + m.gradients + m.optimizer;
  };
  double dense = states(p.dense_params / double(l.tp * l.pp), dp_cp);
  // The experts over ep x etp GPUs (etp: the plan's, else tp), sharded over the rest of the stage.
  const double etp = double(p.base->etp > 0 ? p.base->etp : l.tp);
  const double expert_per_gpu = p.expert_params / (double(l.ep) * etp * double(l.pp));
  double expert =
      states(expert_per_gpu, std::max(1.0, dp_cp * double(l.tp) / (double(l.ep) * etp)));
  double kept = 0;
  if (keep && stage >= 3 && dp_cp > 1)
    kept = (p.dense_params / double(l.tp * l.pp) + expert_per_gpu) * p.compute_bytes;
  return dense + expert + kept + p.base->framework_reserve;
}

double TimeLowerBound(const Prepared& p, const Candidate& c) {
  // docs/search.md "Plan search": the slowest stage is at least the average one, each GEMM runs
  // at most at peak x gemm_efficiency, and the bubble is (p - 1)/(m v) of the micro-batch time
  // (Narayanan et al. 2021 section 2.2) times the schedule's share of it (zero-bubble, DualPipe);
  // communication, optimizer and overheads only add.
  double rate = p.base->peak_flops * p.base->gemm_efficiency * double(c.gpus);
  // Full recompute limited to some layers (recompute_layers) adds at least nothing.
  const bool all_replay = c.recompute == ir::Recompute::full && p.base->recompute_layers == 0;
  double flops = p.model_flops_step + (all_replay ? p.layer_fwd_flops_step : 0.0);
  double m = double(p.base->global_batch / (c.micro * c.Dp()));
  double bubble =
      double(c.pp - 1) / (m * double(c.vpp)) * ScheduleBubbleFactor(p.base->schedule, c.pp);
  return flops / rate * (1 + bubble);
}

Prepared Prepare(const PlanInputs& base, const SearchSpace& space, const SearchOptions& options) {
  Prepared p;
  p.base = &base;
  p.space = &space;
  p.options = &options;
  p.gpu_counts = GpuCounts(base, space);
  p.domain = base.scale_up_domain > 0 ? base.scale_up_domain
             : base.gpus_per_node > 0 ? base.gpus_per_node
                                      : 1;
  p.recompute =
      Domain(space.recompute, {ir::Recompute::none, ir::Recompute::selective, ir::Recompute::full});
  // ZeRO-3 and FSDP are the same in the model (model_states.cpp ZeroStage): fsdp only on request.
  p.sharding = Domain(space.sharding, {ir::Sharding::none, ir::Sharding::zero1, ir::Sharding::zero2,
                                       ir::Sharding::zero3});
  if (std::find(space.sharding.begin(), space.sharding.end(), ir::Sharding::fsdp) !=
      space.sharding.end())
    p.sharding.push_back(ir::Sharding::fsdp);
  p.reshard = Domain(space.reshard, {true, false});
  if (base.precision == ir::Precision::fp32) p.compute_bytes = 4;
  p.rank_order =
      Domain(space.rank_order, {ir::RankOrder::tp_cp_ep_dp_pp, ir::RankOrder::tp_cp_ep_pp_dp});
  // Bounds assume every transformer layer has the same shape (the model evaluates only stages
  // 0, 1 and p-1): true for dense models and for MoE models without leading dense layers.
  p.bounds = !base.moe || base.dense_layers == 0;
  // Plan-independent figures, read from one evaluation of the unsplit model.
  PlanInputs one = base;
  one.tp = one.pp = one.dp = one.cp = one.ep = one.vpp = 1;
  one.micro_batch = 1;
  one.recompute = ir::Recompute::none;
  one.sharding = ir::Sharding::none;
  PlanResults r = EvaluatePlan(one);
  p.model_flops_step = r.flops.model_per_step;
  ParamCounts pc = r.params;
  double moe_layers =
      base.moe ? double(base.layers) - std::min(double(base.layers), double(base.dense_layers))
               : 0.0;
  p.expert_params = moe_layers * double(base.experts) * pc.expert;
  p.dense_params = pc.total - p.expert_params;
  // Layers' forward FLOPs = model FLOPs / 3 minus the LM head (Narayanan et al. 2021 eq. 3).
  p.layer_fwd_flops_step =
      (r.flops.model_per_token / 3 - 2 * double(base.vocab) * double(base.hidden)) *
      double(base.global_batch) * double(base.seq_len);
  if (r.memory.params > 0) {
    p.weight_bytes = r.memory.weights / r.memory.params;
    p.grad_bytes = r.memory.gradients / r.memory.params;
    p.optimizer_bytes = r.memory.optimizer / r.memory.params;
  }
  return p;
}

// Enumerates the layouts of every GPU count in the canonical order, calling visit(layout,
// index, reject) with reject == kCount when the layout is searched.
template <class Visit>
void ForEachLayout(const Prepared& p, Visit&& visit) {
  const PlanInputs& b = *p.base;
  const SearchSpace& s = *p.space;
  uint64_t index = 0;
  int64_t kv = b.kv_heads > 0 ? b.kv_heads : b.heads;
  for (uint32_t gi = 0; gi < p.gpu_counts.size(); ++gi) {
    int64_t G = p.gpu_counts[gi];
    for (int64_t tp : Divisors(G)) {
      if (tp > p.domain) break;  // a tensor-parallel group stays in its scale-up domain
      for (int64_t cp : Divisors(G / tp)) {
        for (int64_t pp : Divisors(G / (tp * cp))) {
          int64_t dp = G / (tp * cp * pp);
          std::vector<int64_t> eps = b.moe ? Divisors(dp * cp) : std::vector<int64_t>{1};
          for (int64_t ep : eps) {
            Layout l{G, tp, cp, pp, ep, gi};
            Reject why = Reject::kCount;
            if (!Allowed(s.tp, tp) || !Allowed(s.cp, cp) || !Allowed(s.pp, pp) ||
                !Allowed(s.dp, dp) || !Allowed(s.ep, ep))
              why = Reject::kFixed;
            else if (b.heads % tp != 0 || (!b.mla && kv % tp != 0 && tp % kv != 0))
              why = Reject::kHeads;
            else if (cp > 1 && b.cp_comm == ir::CpComm::all_to_all && !b.mla &&
                     ((b.heads / tp) % cp != 0 || std::max<int64_t>(1, kv / tp) % cp != 0))
              why = Reject::kHeads;  // Ulysses gives each context-parallel rank whole heads
            else if (cp > 1 && b.seq_len % (2 * cp) != 0)
              why = Reject::kSequence;
            else if (tp > 1 && !Allowed(s.sequence_parallel, false) &&
                     !SequenceSplits(b.seq_len, tp, cp))
              why = Reject::kSequence;  // sequence parallelism, the only choice, splits unevenly
            else if (VppDomain(p, pp).empty())
              why = Reject::kLayers;
            else if (b.global_batch % dp != 0 || MicroDomain(p, dp).empty())
              why = Reject::kBatch;
            else if (b.moe && b.experts % ep != 0)
              why = Reject::kExperts;
            else if (b.moe && b.etp > 0 && (tp * dp * cp) % (ep * b.etp) != 0)
              why = Reject::kExperts;  // the plan's etp folds only where ep x etp divides
            visit(l, index++, why);
          }
        }
      }
    }
  }
}

bool FasterThan(const Scored& a, const Scored& b) {
  if (a.step_time != b.step_time) return a.step_time < b.step_time;
  return CandidateBefore(a.c, b.c);
}

// Keeps the K best of `list` (sorted by FasterThan).
void Offer(std::vector<Scored>& list, const Scored& s, size_t k) {
  if (list.size() == k && !FasterThan(s, list.back())) return;
  auto at = std::upper_bound(list.begin(), list.end(), s, FasterThan);
  list.insert(at, s);
  if (list.size() > k) list.pop_back();
}

double KthStep(const std::vector<Scored>& list, size_t k) {
  return list.size() < k ? kInf : list[k - 1].step_time;
}

// Runs fn(i) for i in [0, n) on `jobs` threads.
template <class Fn>
void Parallel(size_t n, int jobs, Fn&& fn) {
  size_t threads = std::max<size_t>(1, std::min<size_t>(size_t(std::max(1, jobs)), n));
  if (threads <= 1) {
    for (size_t i = 0; i < n; ++i) fn(i, 0);
    return;
  }
  std::atomic<size_t> next{0};
  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (size_t i; (i = next.fetch_add(1)) < n;) fn(i, t);
    });
  for (auto& th : pool) th.join();
}

struct UnitOutput {
  SearchStats stats;
  std::vector<Scored> best;  // per thread, reused
};

}  // namespace

void AddStats(SearchStats& to, const SearchStats& from) {
  to.layouts += from.layouts;
  for (size_t i = 0; i < to.rejected.size(); ++i) to.rejected[i] += from.rejected[i];
  to.work_units += from.work_units;
  to.candidates += from.candidates;
  to.evaluated += from.evaluated;
  for (size_t i = 0; i < to.pruned.size(); ++i) to.pruned[i] += from.pruned[i];
  to.over_memory += from.over_memory;
  to.feasible += from.feasible;
}

namespace {

// Searches one layout: every candidate evaluated unless a bound excludes it against
// `threshold` (the K-th best step time already proven at this GPU count) or the layout's own
// K-th best. `prune` false: the brute-force reference.
void SearchLayout(const Prepared& p, const Layout& l, double threshold, bool prune,
                  SearchStats& stats, std::vector<Scored>& best) {
  const SearchOptions& o = *p.options;
  const size_t k = size_t(std::max(1, o.top_k));
  const int64_t dp = l.gpus / (l.tp * l.cp * l.pp);
  const std::vector<int64_t> vpps = VppDomain(p, l.pp), micros = MicroDomain(p, dp);
  const std::vector<bool> sps = SpDomain(p, l.tp, l.cp);
  const std::vector<ir::RankOrder> orders = OrderDomain(p, l, dp);
  // The (sharding, resharding) pairs the memory bound leaves, and the candidates of each
  // recompute mode with and without the bound.
  std::vector<std::pair<ir::Sharding, bool>> fits;
  const uint64_t per_pair = sps.size() * orders.size();
  uint64_t per_recompute = 0, fit_count = 0;
  for (ir::Sharding sh : p.sharding)
    for (bool reshard : ReshardDomain(p, sh)) {
      per_recompute += per_pair;
      if (!prune || !p.bounds || o.memory_limit <= 0 ||
          MemoryLowerBound(p, l, ZeroStage(sh), !reshard) <= o.memory_limit) {
        fits.push_back({sh, reshard});
        fit_count += per_pair;
      }
    }
  std::vector<Scored> local;
  for (int64_t vpp : vpps)
    for (int64_t micro : micros) {
      if (!ScheduleValid(*p.base, dp, l.pp, vpp, micro)) continue;
      for (ir::Recompute rc : p.recompute) {
        stats.candidates += per_recompute;
        stats.pruned[size_t(Prune::kMemoryBound)] += per_recompute - fit_count;
        if (fit_count == 0) continue;
        if (prune && p.bounds) {
          Candidate probe = Make(l, vpp, micro, rc, fits[0].first, sps[0]);
          double limit = std::min(threshold, KthStep(local, k));
          if (TimeLowerBound(p, probe) > limit) {
            stats.pruned[size_t(Prune::kTimeBound)] += fit_count;
            continue;
          }
        }
        if (o.count_only) continue;
        for (auto [sh, reshard] : fits)
          for (bool sp : sps)
            for (ir::RankOrder order : orders) {
              Scored s =
                  ScoreCandidate(*p.base, Make(l, vpp, micro, rc, sh, sp, reshard, order), o);
              ++stats.evaluated;
              if (!s.feasible) {
                ++stats.over_memory;
                continue;
              }
              ++stats.feasible;
              Offer(local, s, k);
            }
      }
    }
  for (const Scored& s : local) Offer(best, s, k);
}

// The pruning threshold of each GPU count: the K-th best step time among a few feasible probe
// candidates per layout (real candidates, so the K-th best of the full set is no larger).
std::vector<double> Thresholds(const Prepared& p, const std::vector<Layout>& layouts,
                               const std::vector<std::vector<uint32_t>>& by_gpu,
                               SearchStats& stats) {
  const SearchOptions& o = *p.options;
  const size_t k = size_t(std::max(1, o.top_k));
  std::vector<double> out(p.gpu_counts.size(), kInf);
  std::vector<uint64_t> probes(p.gpu_counts.size(), 0);
  Parallel(p.gpu_counts.size(), o.jobs, [&](size_t gi, size_t) {
    std::vector<Scored> best;
    for (uint32_t li : by_gpu[gi]) {
      const Layout& l = layouts[li];
      int64_t dp = l.gpus / (l.tp * l.cp * l.pp);
      std::vector<int64_t> vpps = VppDomain(p, l.pp), micros = MicroDomain(p, dp);
      std::vector<bool> sps = SpDomain(p, l.tp, l.cp);
      // The most interleaved schedule and the smallest and largest micro-batches that are
      // valid, with the lightest sharding that can fit, every recompute mode.
      for (int64_t vpp : {vpps.front(), vpps.back()})
        for (int64_t micro : {micros.front(), micros.back()}) {
          if (!ScheduleValid(*p.base, dp, l.pp, vpp, micro)) continue;
          for (ir::Recompute rc : p.recompute) {
            for (ir::Sharding sh : p.sharding) {
              if (o.memory_limit > 0 && MemoryLowerBound(p, l, ZeroStage(sh)) > o.memory_limit)
                continue;
              Scored s = ScoreCandidate(*p.base, Make(l, vpp, micro, rc, sh, sps.back()), o);
              ++probes[gi];
              if (s.feasible) {
                Offer(best, s, k);
                break;
              }
            }
          }
          if (micros.size() == 1) break;
        }
    }
    out[gi] = KthStep(best, k);
  });
  for (uint64_t n : probes) stats.probes += n;
  return out;
}

SearchResult Run(const PlanInputs& base, const SearchSpace& space, const SearchOptions& options,
                 bool prune) {
  SearchResult result;
  if (options.shards < 1 || options.shard < 0 || options.shard >= options.shards) return result;
  Prepared p = Prepare(base, space, options);
  const size_t k = size_t(std::max(1, options.top_k));
  result.stats.gpu_counts = p.gpu_counts.size();
  std::vector<Layout> layouts;  // searched, of this shard
  std::vector<Layout> all;      // searched, every shard (for the thresholds)
  std::vector<std::vector<uint32_t>> by_gpu(p.gpu_counts.size());
  ForEachLayout(p, [&](const Layout& l, uint64_t index, Reject why) {
    bool mine = int(index % uint64_t(options.shards)) == options.shard;
    if (mine) ++result.stats.layouts;
    if (why != Reject::kCount) {
      if (mine) ++result.stats.rejected[size_t(why)];
      return;
    }
    if (prune && !options.count_only) {
      by_gpu[l.gpu_index].push_back(uint32_t(all.size()));
      all.push_back(l);
    }
    if (mine) layouts.push_back(l);
  });
  result.stats.work_units = layouts.size();
  std::vector<double> threshold(p.gpu_counts.size(), kInf);
  if (prune && p.bounds && !options.count_only)
    threshold = Thresholds(p, all, by_gpu, result.stats);

  size_t threads = size_t(std::max(1, options.jobs));
  std::vector<SearchStats> stats(threads);
  std::vector<std::vector<std::vector<Scored>>> best(
      threads, std::vector<std::vector<Scored>>(p.gpu_counts.size()));
  Parallel(layouts.size(), options.jobs, [&](size_t i, size_t t) {
    const Layout& l = layouts[i];
    SearchLayout(p, l, threshold[l.gpu_index], prune, stats[t], best[t][l.gpu_index]);
  });
  for (const auto& s : stats) AddStats(result.stats, s);
  for (size_t gi = 0; gi < p.gpu_counts.size(); ++gi) {
    GpuCountBest g;
    g.gpus = p.gpu_counts[gi];
    for (size_t t = 0; t < threads; ++t)
      for (const Scored& s : best[t][gi]) Offer(g.fastest, s, k);
    result.by_gpus.push_back(std::move(g));
  }
  return result;
}

bool ObjectiveBefore(const Scored& a, const Scored& b) {
  if (a.objective != b.objective) return a.objective < b.objective;
  if (a.step_time != b.step_time) return a.step_time < b.step_time;
  return CandidateBefore(a.c, b.c);
}

}  // namespace

const char* PruneName(Prune p) {
  switch (p) {
    case Prune::kMemoryBound:
      return "memory_bound";
    case Prune::kTimeBound:
      return "step_time_bound";
    case Prune::kCount:
      break;
  }
  return "";
}

const char* RejectName(Reject r) {
  switch (r) {
    case Reject::kHeads:
      return "heads";
    case Reject::kSequence:
      return "sequence";
    case Reject::kLayers:
      return "layers";
    case Reject::kBatch:
      return "batch";
    case Reject::kExperts:
      return "experts";
    case Reject::kFixed:
      return "fixed";
    case Reject::kCount:
      break;
  }
  return "";
}

bool CandidateBefore(const Candidate& a, const Candidate& b) {
  auto key = [](const Candidate& c) {
    return std::make_tuple(c.gpus, c.tp, c.cp, c.pp, c.ep, c.vpp, c.micro, int(c.recompute),
                           int(c.sharding), c.sequence_parallel, int(c.rank_order), !c.reshard);
  };
  return key(a) < key(b);
}

Candidate CandidateOf(const PlanInputs& in) {
  Candidate c;
  c.tp = std::max<int64_t>(1, in.tp);
  c.cp = std::max<int64_t>(1, in.cp);
  c.pp = std::max<int64_t>(1, in.pp);
  c.ep = std::max<int64_t>(1, in.ep);
  c.vpp = std::max<int64_t>(1, in.vpp);
  c.micro = std::max<int64_t>(1, in.micro_batch);
  c.gpus = c.tp * c.cp * c.pp * std::max<int64_t>(1, in.dp);
  c.recompute = in.recompute;
  c.sharding = in.sharding;
  c.sequence_parallel = in.sequence_parallel && c.tp > 1;
  // As the search enumerates them: each choice only where it changes the plan.
  c.reshard = in.reshard_after_forward || ZeroStage(in.sharding) < 3;
  c.rank_order = in.pp_inside_dp && RankOrderMatters(in, c.tp, c.cp, c.pp, c.Dp())
                     ? ir::RankOrder::tp_cp_ep_pp_dp
                     : ir::RankOrder::tp_cp_ep_dp_pp;
  return c;
}

Scored ScoreCandidate(const PlanInputs& base, const Candidate& c, const SearchOptions& o) {
  Scored s;
  s.c = c;
  const PlanInputs in = ApplyCandidate(base, c);
  PlanResults r = EvaluatePlan(in);
  s.step_time = r.step_time;
  s.memory = r.memory.Total();
  s.mfu = r.mfu;
  s.feasible = r.valid && (o.memory_limit <= 0 || s.memory <= o.memory_limit);
  // A stage's last layer is never offloaded (plan.offload): the plan's count must stay below
  // every candidate stage's layers.
  for (int64_t i = 0; in.offload_layers > 0 && i < in.pp && s.feasible; ++i)
    if (StageLayers(in, i) <= in.offload_layers) s.feasible = false;
  s.training_time = r.training_time;
  s.gpu_hours = r.gpu_hours;
  // Cost and energy of the run (of one step, when the plan gives no tokens): rented GPUs, or the
  // GPUs' share of an owned cluster's depreciation and opex; facility energy of those GPUs.
  double G = double(c.gpus);
  double wall = r.training_time > 0 ? r.training_time : r.step_time / std::max(r.goodput, 1e-9);
  if (r.training_time <= 0) s.gpu_hours = G * wall;
  if (base.gpu_rental > 0)
    s.cost = formulas::RentalCost(s.gpu_hours, base.gpu_rental);
  else
    s.cost = o.owned_cost_per_gpu_s * G * wall;
  s.energy = o.gpu_power * G * wall;
  switch (o.objective) {
    case Objective::kTime:
      s.objective = wall;
      break;
    case Objective::kCost:
      s.objective = s.cost;
      break;
    case Objective::kEnergy:
      s.objective = s.energy;
      break;
    case Objective::kMfu:
      s.objective = -s.mfu;
      break;
  }
  return s;
}

std::vector<int64_t> GpuCounts(const PlanInputs& base, const SearchSpace& space) {
  int64_t domain = base.scale_up_domain > 0 ? base.scale_up_domain
                   : base.gpus_per_node > 0 ? base.gpus_per_node
                                            : 1;
  int64_t hi = space.max_gpus > 0 ? std::min(space.max_gpus, base.cluster_gpus) : base.cluster_gpus;
  int64_t lo = space.min_gpus > 0 ? space.min_gpus : domain;
  std::vector<int64_t> out;
  for (int64_t g = ((lo + domain - 1) / domain) * domain; g <= hi; g += domain) out.push_back(g);
  // The whole cluster, even when it is not a whole number of domains.
  if (hi == base.cluster_gpus && lo <= hi && (out.empty() || out.back() != hi) && hi > 0)
    out.push_back(hi);
  return out;
}

double StepTimeLowerBound(const PlanInputs& base, const Candidate& c) {
  SearchSpace space;
  SearchOptions options;
  Prepared p = Prepare(base, space, options);
  return p.bounds ? TimeLowerBound(p, c) : 0.0;
}

SearchResult SearchPlans(const PlanInputs& base, const SearchSpace& space,
                         const SearchOptions& options) {
  return Run(base, space, options, true);
}

SearchResult BruteForce(const PlanInputs& base, const SearchSpace& space,
                        const SearchOptions& options) {
  return Run(base, space, options, false);
}

SearchResult MergeResults(const std::vector<SearchResult>& parts, int top_k) {
  SearchResult out;
  const size_t k = size_t(std::max(1, top_k));
  std::vector<std::pair<int64_t, std::vector<Scored>>> merged;
  for (const SearchResult& part : parts) {
    AddStats(out.stats, part.stats);
    // Every shard computes the same thresholds and considers the same GPU counts.
    out.stats.probes = std::max(out.stats.probes, part.stats.probes);
    out.stats.gpu_counts = std::max(out.stats.gpu_counts, part.stats.gpu_counts);
    for (const GpuCountBest& g : part.by_gpus) {
      auto it = std::find_if(merged.begin(), merged.end(),
                             [&](const auto& m) { return m.first == g.gpus; });
      if (it == merged.end()) {
        merged.push_back({g.gpus, {}});
        it = merged.end() - 1;
      }
      for (const Scored& s : g.fastest) Offer(it->second, s, k);
    }
  }
  std::sort(merged.begin(), merged.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [gpus, list] : merged) out.by_gpus.push_back({gpus, std::move(list)});
  return out;
}

std::vector<Scored> TopK(const SearchResult& result, int top_k) {
  std::vector<Scored> all;
  for (const GpuCountBest& g : result.by_gpus)
    all.insert(all.end(), g.fastest.begin(), g.fastest.end());
  std::sort(all.begin(), all.end(), ObjectiveBefore);
  if (all.size() > size_t(std::max(1, top_k))) all.resize(size_t(std::max(1, top_k)));
  return all;
}

std::vector<Scored> ParetoFront(const SearchResult& result) {
  std::vector<Scored> points;
  for (const GpuCountBest& g : result.by_gpus)
    if (!g.fastest.empty()) points.push_back(g.fastest.front());
  auto price = [](const Scored& s) { return s.cost > 0 ? s.cost : s.gpu_hours; };
  std::vector<Scored> front;
  for (const Scored& a : points) {
    bool dominated = false;
    for (const Scored& b : points) {
      bool no_worse = b.step_time <= a.step_time && price(b) <= price(a) && b.c.gpus <= a.c.gpus;
      bool better = b.step_time < a.step_time || price(b) < price(a) || b.c.gpus < a.c.gpus;
      if (no_worse && better) {
        dominated = true;
        break;
      }
    }
    if (!dominated) front.push_back(a);
  }
  return front;
}

}  // namespace clusterc::analysis
