// Design sweeps: the (cluster, plan) pairs a `sweep` block describes. Each design is the plan's
// cluster with one alternative of every list of the sweep applied (GPU model, node count, leaf
// oversubscription, GPU power cap); the plan search (search.h) then runs on each design.
#pragma once

#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "analysis/search.h"
#include "diag/diagnostic.h"
#include "ir/ir.h"

namespace clusterc::analysis {

// One design: which alternative of each list (-1: the cluster's own).
struct Design {
  int gpu = -1, nodes = -1, oversubscription = -1, power_cap = -1;
  std::string label;         // "gpu H200, nodes 2048, 1:3, cap 600 W"
  PlanInputs inputs;         // the plan on this design
  ClusterResults cluster;    // the design's derived cluster
  bool within_power = true;  // facility power within the sweep's limit
};

// Every design of `sweep`, in the order gpu, nodes, oversubscription, power cap (each in the
// order written; the last varies fastest).
std::vector<Design> Designs(const ir::Program& program, const ir::Sweep& sweep,
                            const Options& options);

// The sweep's rules: alternatives listed twice, power caps at or above the GPU's TDP.
void CheckSweep(const ir::Program& program, uint32_t index, const Options& options,
                DiagnosticSink& sink);

}  // namespace clusterc::analysis
