// Host-memory offload of saved activations (`plan { offload { activations = N } }`;
// docs/model.md "Activation offload"): what stays on the GPU, what the host link moves, and how
// long compute waits for it. Internal to analysis/.
#pragma once

#include "analysis/analysis.h"
#include "analysis/plan_model.h"
#include "ir/ir.h"

namespace clusterc::analysis {

// Bytes per second one GPU offloads at, one direction: its host link (`gpu.host_bandwidth`, else
// `default_bandwidth`), capped by its share of the node's CPU memory bandwidth where the CPUs
// state one (GB200: two B200 share a Grace's LPDDR5X).
double OffloadBandwidth(const ir::Program& p, const ir::Node& node, const ir::Gpu* gpu,
                        double default_bandwidth);

// The layers of a pipeline stage whose activations are offloaded: its first
// PlanInputs::offload_layers (Transformer Engine offloads layers 0 ... N - 1), dense layers
// before MoE ones as the model orders them, never the stage's last layer.
struct OffloadedLayers {
  double dense = 0, moe = 0;
  double Count() const { return dense + moe; }
};
OffloadedLayers SplitOffload(const PlanInputs& in, double dense_layers, double moe_layers);

// Compute stalled in one pass (forward or backward) of one micro-batch over `layers` layers of
// `layer_time` each, when the first `offloaded` of them each move `transfer` seconds of
// activations over the host link, one after another on a copy stream.
double OffloadStall(double offloaded, double layers, double transfer, double layer_time);

// plan.offload, memory.host-overflow and perf.offload-exposed; called by CheckPlan with the node
// type the plan runs on (null when unresolved) and Options::default_host_bandwidth.
void CheckPlanOffload(const ir::Program& p, const ir::Plan& plan, const ir::Node* node,
                      const PlanInputs& in, const PlanResults& r, double default_bandwidth,
                      DiagnosticSink& sink);

}  // namespace clusterc::analysis
