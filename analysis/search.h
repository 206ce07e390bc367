// Plan search: the best parallelism plans of one model on one cluster, exhaustively.
//
// SearchPlans enumerates every combination of GPU count (whole scale-up domains), tp, cp, pp, dp,
// ep, vpp, micro-batch, recompute mode, ZeRO stage, sequence parallelism, resharding after the
// forward (ZeRO-3/FSDP) and rank order (pipelines with data parallelism) that `check` would
// accept, and evaluates each with EvaluatePlan unless a bound proves it cannot enter the answer.
// Exact: the answer equals a brute-force evaluation of every candidate (a test checks this).
//
// Why per GPU count: every objective (training time, cost, energy, MFU) is a strictly monotone
// function of the step time once the GPU count is fixed (goodput depends only on the GPU count),
// so the answer is the union over GPU counts of the K fastest plans, ranked by the objective.
//
// Determinism: the space is cut into work units (one parallel layout: GPUs, tp, cp, pp, ep);
// every unit prunes against a threshold computed before any unit runs and against its own
// results only, so counts and results do not depend on threads, shards or scheduling. Ties are
// broken by the candidate order: fewer GPUs, then tp, cp, pp, ep, vpp, micro-batch, recompute
// (none, selective, full), ZeRO stage, sequence parallelism off before on, all ascending, then the
// default rank order before the pipeline-inside one and resharding before keeping.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/plan_model.h"

namespace clusterc::analysis {

enum class Objective : uint8_t { kTime, kCost, kEnergy, kMfu };

// One point of the space. dp = gpus / (tp cp pp).
struct Candidate {
  int64_t gpus = 0, tp = 1, cp = 1, pp = 1, ep = 1, vpp = 1, micro = 1;
  ir::Recompute recompute = ir::Recompute::none;
  ir::Sharding sharding = ir::Sharding::none;
  bool sequence_parallel = false;
  // ZeRO-3/FSDP only (always true otherwise): reshard_after_forward.
  bool reshard = true;
  // tp_cp_ep_pp_dp only where it can differ from the default (RankOrderMatters).
  ir::RankOrder rank_order = ir::RankOrder::tp_cp_ep_dp_pp;
  int64_t Dp() const { return gpus / (tp * cp * pp); }
};

// True when `a` comes before `b` in the documented tie order.
bool CandidateBefore(const Candidate& a, const Candidate& b);

// The values each dimension may take; an empty list means every value `check` accepts.
struct SearchSpace {
  std::vector<int64_t> tp, cp, pp, dp, ep, vpp, micro;
  std::vector<ir::Recompute> recompute;
  std::vector<ir::Sharding> sharding;
  std::vector<bool> sequence_parallel;
  std::vector<bool> reshard;  // reshard_after_forward, for the ZeRO-3/FSDP candidates
  std::vector<ir::RankOrder> rank_order;
  int64_t min_gpus = 0, max_gpus = 0;  // 0: the scale-up domain, the cluster's usable GPUs
};

struct SearchOptions {
  Objective objective = Objective::kTime;
  int top_k = 10;
  int jobs = 1;
  int shard = 0, shards = 1;  // evaluate work units u with u % shards == shard
  double memory_limit = 0;    // bytes per GPU a plan may use (HBM x the plan's headroom)
  // For cost and energy of a subset of the cluster (the driver derives them from the cluster).
  double gpu_power = 0;             // facility W per GPU (IT x PUE / GPUs)
  double owned_cost_per_gpu_s = 0;  // USD/s per GPU, when the cluster is owned
  bool count_only = false;          // enumerate, evaluate nothing (space size)
};

enum class Prune : uint8_t {
  kMemoryBound,  // model states alone, fully sharded and averaged over stages, exceed the limit
  kTimeBound,    // compute + ideal bubble exceed the K-th best step time already known
  kCount
};

// Why a parallel layout was never enumerated.
enum class Reject : uint8_t {
  kHeads,     // attention (or key/value) heads do not divide by tp
  kSequence,  // the sequence does not divide by 2 cp, or (sequence parallel only) by cp x tp
  kLayers,    // no vpp makes the layers divide into pp x vpp stages
  kBatch,     // the global batch does not divide by dp
  kExperts,   // experts do not divide by ep, or the plan's ep x etp does not divide tp x dp x cp
  kFixed,     // excluded by --fix / --vary
  kCount
};

const char* PruneName(Prune p);
const char* RejectName(Reject r);

struct SearchStats {
  uint64_t gpu_counts = 0;  // GPU counts considered
  uint64_t layouts = 0;     // (gpus, tp, cp, pp, ep) tuples enumerated, dp derived
  std::array<uint64_t, size_t(Reject::kCount)> rejected{};  // of those layouts
  uint64_t work_units = 0;                                  // layouts that passed (searched)
  uint64_t candidates = 0;  // full candidates in the searched layouts
  uint64_t evaluated = 0;   // EvaluatePlan calls on candidates
  uint64_t probes = 0;      // EvaluatePlan calls for the pruning thresholds
  std::array<uint64_t, size_t(Prune::kCount)> pruned{};  // candidates proven out by a bound
  uint64_t over_memory = 0;  // evaluated and found over the memory limit
  uint64_t feasible = 0;     // evaluated and within the limit
};

// One evaluated plan with the figures the answer reports.
struct Scored {
  Candidate c;
  double step_time = 0, memory = 0, mfu = 0;
  double training_time = 0;  // s, failures included; 0 without tokens
  double gpu_hours = 0;      // GPU-seconds
  double cost = 0;           // USD for the plan's tokens; 0 when nothing is priced
  double energy = 0;         // J (facility) for the plan's tokens; 0 without power
  double objective = 0;      // lower is better (MFU is negated)
  bool feasible = false;
};

// The K fastest plans of one GPU count.
struct GpuCountBest {
  int64_t gpus = 0;
  std::vector<Scored> fastest;  // by step time, then candidate order
};

struct SearchResult {
  std::vector<GpuCountBest> by_gpus;  // ascending GPUs; what shards exchange
  SearchStats stats;
};

// The figures of `c` on `base` (EvaluatePlan plus cost, energy and the objective).
Scored ScoreCandidate(const PlanInputs& base, const Candidate& c, const SearchOptions& options);

// Whether the rank order changes plan `base` with these degrees; where it does not, the search
// enumerates the default order only (a test checks that the evaluations agree there).
bool RankOrderMatters(const PlanInputs& base, int64_t tp, int64_t cp, int64_t pp, int64_t dp);

// `base` with the candidate's choices.
PlanInputs ApplyCandidate(const PlanInputs& base, const Candidate& c);

// The candidate a PlanInputs describes.
Candidate CandidateOf(const PlanInputs& in);

// The GPU counts searched: multiples of the scale-up domain within the space's range.
std::vector<int64_t> GpuCounts(const PlanInputs& base, const SearchSpace& space);

// Runs the search (one shard of it when options.shards > 1).
SearchResult SearchPlans(const PlanInputs& base, const SearchSpace& space,
                         const SearchOptions& options);

// Every candidate evaluated, nothing pruned: the reference the tests compare against.
SearchResult BruteForce(const PlanInputs& base, const SearchSpace& space,
                        const SearchOptions& options);

// Adds the counts of `from` to `to`.
void AddStats(SearchStats& to, const SearchStats& from);

// Combines shard results (or partial results) into the unsharded one.
SearchResult MergeResults(const std::vector<SearchResult>& parts, int top_k);

// The top K by the objective over all GPU counts, then candidate order.
std::vector<Scored> TopK(const SearchResult& result, int top_k);

// Plans no other plan beats on all of step time, cost (GPU-hours when unpriced) and GPUs.
std::vector<Scored> ParetoFront(const SearchResult& result);

// A proven lower bound on EvaluatePlan's step time for every candidate with this layout, vpp,
// micro-batch and recompute mode (exposed for the property test that checks it).
double StepTimeLowerBound(const PlanInputs& base, const Candidate& c);

}  // namespace clusterc::analysis
