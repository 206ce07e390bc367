// The passes of one block of layers in a rank's trace: forward (or its full-recompute replay),
// backward and, where a zero-bubble schedule defers them, the weight gradients, each with the
// collectives between its attention and MLP halves (astra_sim.cpp's header says how they are
// written).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backends/astra_sim/groups.h"
#include "backends/astra_sim/slice.h"
#include "backends/astra_sim/trace_writer.h"
#include "backends/sim/plan_shape.h"

namespace clusterc::backends::astra {

// k consecutive layers of a stage, `moe` of them MoE layers.
struct Block {
  int64_t layers = 0, moe = 0;
  bool replays = true;  // under `full` with recompute_layers: its layers replay their forward
};

// The block's forward on rank `r`; `recompute`: full recompute's replay of it before its
// backward; `paired`: beside another micro-batch's pass in the schedule's steady state (its
// all-to-alls overlap that pass's compute under ep_comm_overlap).
void Forward(TraceWriter& w, const sim::PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
             const Block& b, const std::string& tag, bool recompute, bool paired);

// The block's backward. `defer_weights`: without its weight-gradient GEMMs, which
// WeightGradients writes later (zero bubble: Qi et al. 2024, section 2).
void Backward(TraceWriter& w, const sim::PlanShape& s, const Slice& sl, const Groups& g, int64_t r,
              const Block& b, const std::string& tag, bool paired, bool defer_weights = false);

// Block `f`'s forward and another micro-batch's block `b`'s backward, paired in a schedule's
// steady state: under ep_comm_overlap, when both have expert all-to-alls, interleaved as
// Megatron-Core's combined 1F1B runs a forward and a backward layer (passes.cpp), else one after
// the other.
void PairedBlocks(TraceWriter& w, const sim::PlanShape& s, const Slice& sl, const Groups& g,
                  int64_t r, const Block& f, const std::string& f_tag, const Block& b,
                  const std::string& b_tag, bool defer_weights);

// A forward pass over blocks `f` (ascending, tags `<f_prefix>.<k>`) beside another micro-batch's
// backward over `b` (descending), as Megatron-Core pairs their layers: f[0] with b's last, and so
// on (PairedBlocks); the longer pass's remaining blocks run alone.
void PairedPasses(TraceWriter& w, const sim::PlanShape& s, const Slice& sl, const Groups& g,
                  int64_t r, const std::vector<Block>& f, const std::string& f_prefix,
                  const std::vector<Block>& b, const std::string& b_prefix, bool defer_weights);

// The weight-gradient GEMMs a deferring Backward left out, one compute node (`w.<tag>`).
void WeightGradients(TraceWriter& w, const sim::PlanShape& s, const Block& b,
                     const std::string& tag);

}  // namespace clusterc::backends::astra
