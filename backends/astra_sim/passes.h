// The passes of one block of layers in a rank's trace: forward (or its full-recompute replay),
// backward and, where a zero-bubble schedule defers them, the weight gradients, each with the
// collectives between its attention and MLP halves (astra_sim.cpp's header says how they are
// written).
#pragma once

#include <cstdint>
#include <string>

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

// The weight-gradient GEMMs a deferring Backward left out, one compute node (`w.<tag>`).
void WeightGradients(TraceWriter& w, const sim::PlanShape& s, const Block& b,
                     const std::string& tag);

}  // namespace clusterc::backends::astra
