// How large a plan's ASTRA-sim traces are: the layer block size that keeps the slice within its
// trace node budget, and an upper bound on the bytes the traces take, which `build` checks
// against --max-output-size before it writes anything (backends/backend.h, EstimateFn).
#pragma once

#include <cstdint>

#include "backends/astra_sim/slice.h"
#include "backends/sim/plan_shape.h"

namespace clusterc::backends::astra {

// Megatron's interleaving needs the micro-batches to be a multiple of pp; otherwise 1.
int64_t EffectiveVpp(const sim::PlanShape& s);

// The micro-batches the traces carry. Once the pipeline is full a step's time is affine in its
// micro-batches (1F1B: each further pp of them add the same steady-state passes to every stage,
// the warm-up, the cool-down and the data-parallel tail unchanged), so two short runs give the
// step: T(m) = T(m1) + (m - m1) (T(m2) - T(m1)) / (m2 - m1), with m1 = f + (m mod pp) and
// m2 = m1 + pp, f the micro-batches that fill the pipeline (2 pp interleaved or under DualPipe,
// else pp, at least 2); both keep m's residue modulo pp (interleaving applies as in the step,
// EffectiveVpp).
// Sampled only where that writes fewer micro-batches (m1 + m2 < m) and `all` is false; else the
// traces carry all m (second = 0).
struct MicroBatchSample {
  int64_t first = 0, second = 0;
  bool Sampled() const { return second > 0; }
};
MicroBatchSample SampleMicroBatches(const sim::PlanShape& s, bool all);

// Tags of pipeline messages: unique per (source, destination) pair, micro-batch and chunk.
int32_t Tag(int64_t micro_batch, int64_t chunk, int64_t vpp, bool gradient);

// A node's duration and message size as the trace stores them.
uint64_t Micros(double seconds);
uint64_t ByteCount(double bytes);

// Layers per block: the smallest k whose node count fits the budget (20,000 nodes per 256
// ranks), at most a whole model chunk.
int64_t BlockLayers(const sim::PlanShape& s, const Slice& sl);

// At least the bytes of every trace of the slice with blocks of `k` layers: per rank, each kind
// of node (compute, collective, send/receive) counted from the schedule's loops and charged the
// encoding of its largest instance (the longest name, the largest id, message and duration the
// plan can give it). In doubles: a hostile plan's counts overflow 64 bits.
double TraceBytesBound(const sim::PlanShape& s, const Slice& sl, int64_t k, int64_t domain);

// Ranks of one scale-up domain in the slice's network (its first dimension when that is the
// scale-up level), 1 without one.
int64_t DomainRanks(const std::vector<Dimension>& dims);

// Messages of one expert all-to-all written as point-to-point messages (astra_sim.cpp,
// TraceWriter::AllToAll): one inside the scale-up domain when the EP group has several members
// there, one across domains when it spans several.
int64_t AllToAllRounds(const sim::PlanShape& s, const Slice& sl, int64_t domain);

// Tags of the all-to-all messages: above the pipeline's (Tag), kAllToAllRounds per all-to-all.
constexpr int32_t kAllToAllTagBase = int32_t(1) << 30;
constexpr int64_t kAllToAllRounds = 2;

}  // namespace clusterc::backends::astra
