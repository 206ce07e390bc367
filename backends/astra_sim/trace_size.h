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
double TraceBytesBound(const sim::PlanShape& s, const Slice& sl, int64_t k);

}  // namespace clusterc::backends::astra
