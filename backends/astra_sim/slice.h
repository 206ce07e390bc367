// The representative slice of a job that the ASTRA-sim traces simulate, and its network.
//
// A plan on 100,000 GPUs cannot ship 100,000 traces. The slice keeps every communicator whole
// and at the fabric level it crosses in the real job:
//   - whole tensor-parallel groups, whole context-parallel rings and whole pipelines;
//   - one whole expert-parallel group (ep consecutive data-parallel replicas), so the expert
//     all-to-all runs over ep ranks at the level the real EP group reaches;
//   - data parallelism: d replicas, d = ep x r with r the smallest divisor (>= 2) of dp / ep, so
//     the dense and expert gradient collectives run on real groups. The data-parallel group
//     cannot be whole (it would be the job): it has d / ep (expert) and d (dense) members, at the
//     bandwidth of the level the full group crosses; ring time scales as (d-1)/d instead of
//     (dp-1)/dp. When d would take the slice beyond kSliceRankCap, r = 1 (the expert-data-
//     parallel group is dropped), then d = 1 (dense too): dropped groups are listed in `dropped`
//     and reported as sim.not-represented.
// Rank r of the slice is (t, c, x, p) in Megatron order, tensor fastest:
//   r = t + tp (c + cp (x + d p)), x = e + ep b (e: rank in the expert group, b: its block).
// Folded experts (MoE parallel folding, etp != tp) number the same ranks of a stage
// i = t + tp (c + cp x) again as i = u + etp (e + ep b) (u: rank in the expert tensor-parallel
// group, e in the expert group, b its block; Megatron-Core's expert rank generator), so an
// expert group is ep x etp consecutive ranks: the slice keeps `eb` replicas, the fewest whose
// tp x cp x eb ranks hold whole expert groups, in place of ep.
// Hybrid sharding (analysis::ShardReplicas R > 1; dense models): the data-parallel axis is two,
// x = a + sd q, a one of sd of the shard group's dp / R ranks (its ZeRO/FSDP collectives, the
// dp x cp group of a replica) and q one of rd of the R replicas (the gradient shard's all-reduce
// across them, one rank per replica): each reduced like the data-parallel group above (the
// smallest divisor >= 2) and each at the level its real group crosses, d = sd x rd. When
// sd x rd would take the slice beyond kSliceRankCap the replica axis is dropped (rd = 1), then
// the shard axis too.
// The network has one dimension per fabric level each parallel axis crosses, so the scale-up
// domain is always a dimension of its own when a node has more than one GPU.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "backends/sim/plan_shape.h"

namespace clusterc::backends::astra {

// The optional data-parallel extension stops at this many ranks; whole TP, CP, EP groups and
// pipelines are kept beyond it.
constexpr int64_t kSliceRankCap = 1024;

struct Slice {
  int64_t tp = 1, cp = 1, d = 1, pp = 1, ep = 1;
  int64_t etp = 1;      // expert tensor parallelism, when folded
  bool folded = false;  // etp != tp (sim::FoldedExperts)
  int64_t eb = 1;       // replicas that hold whole expert groups: ep, or folded the fewest
  // Hybrid sharding written as shard and replica groups (dense models only): the d replicas
  // are rd replicas of the shard group's d / rd data-parallel ranks; rd = 1 otherwise.
  bool hybrid = false;
  int64_t rd = 1;
  int64_t ShardRanks() const { return d / rd; }  // sd: the shard group's dp ranks kept
  int64_t ExpertReplicas() const {               // expert-data-parallel members in the slice
    return folded ? tp * cp * d / (ep * etp) : d / ep * cp;
  }
  // Rank order tp-cp-ep-pp-dp (analysis::PlanInputs::pp_inside_dp; without expert parallelism,
  // ChooseSlice): the pipeline inside the data-parallel replicas; else tp-cp-ep-dp-pp.
  bool pp_inside = false;
  // The first and the last stage's ranks all-reduce the embedding's gradient once a step
  // (analysis::EmbeddingGroupSyncs): tied embeddings or MTP over pipeline stages.
  bool embedding_group = false;
  std::vector<std::string> dropped;  // communicators the slice leaves out, for people
  std::string dp_note;               // how the data-parallel group was reduced
  int64_t Ranks() const { return tp * cp * d * pp; }
  int64_t Rank(int64_t t, int64_t c, int64_t x, int64_t p) const {
    if (pp_inside) return t + tp * (c + cp * (p + pp * x));
    return t + tp * (c + cp * (x + d * p));
  }
};

Slice ChooseSlice(const sim::PlanShape& s, bool all_ranks);

struct Dimension {
  std::string topology;  // Switch, Ring
  int64_t npus = 1;
  double bandwidth = 0;  // B/s, one direction
  double latency = 0;    // s
  int level = 0;         // 0 scale-up, 1 leaf or torus, 2 spine, 3 across pods
};

std::vector<Dimension> Network(const Context& ctx, const sim::PlanShape& s, const Slice& sl);

}  // namespace clusterc::backends::astra
