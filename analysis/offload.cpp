// Host-memory offload of saved activations: the link it moves at, the layers it takes, the stall
// it costs, and its rules. The schedule is Transformer Engine's CPU offload (Megatron-Core's
// `cpu_offloading`; transformer_engine/pytorch/cpu_offload.py, DefaultOffloadSynchronizer, and
// docs/features/other_optimizations/cpu_offloading): layers 0 ... N - 1 are offloaded, "at most
// (model_layers - num_layers) sets of activations are on GPU at any time", layer i's offload must
// finish before layer L - N + i runs and its reload before its own backward.
#include "analysis/offload.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "analysis/rule_text.h"

namespace clusterc::analysis {

using namespace text;  // Time, Bytes: how rules write numbers

double OffloadBandwidth(const ir::Program& p, const ir::Node& node, const ir::Gpu* gpu,
                        double default_bandwidth) {
  double link = gpu && gpu->host_bandwidth.si > 0 ? gpu->host_bandwidth.si : default_bandwidth;
  // Writes (forward) and reads (backward) do not overlap, so each has the CPU memory to itself.
  if (node.cpus.ref.Valid() && node.cpus.ref.index < p.cpus.size() && node.gpus.count > 0) {
    const double memory = p.Get(node.cpus.ref).memory_bandwidth.si;
    if (memory > 0)
      link = std::min(link, double(node.cpus.count) * memory / double(node.gpus.count));
  }
  return link;
}

OffloadedLayers SplitOffload(const PlanInputs& in, double dense_layers, double moe_layers) {
  const double layers = dense_layers + moe_layers;
  const double n = std::clamp(double(in.offload_layers), 0.0, std::max(0.0, layers - 1));
  OffloadedLayers off;
  off.dense = std::min(n, dense_layers);
  off.moe = n - off.dense;
  return off;
}

double OffloadStall(double offloaded, double layers, double transfer, double layer_time) {
  if (offloaded <= 0 || transfer <= 0) return 0;
  // Forward: layer i's transfer starts as its forward ends, at (i + 1) t, the copy stream takes
  // them in order, and it must end by the start of layer L - N + i, at (L - N + i) t. Transfer i
  // ends at t + (i + 1) x while the stream keeps up, so the worst lateness,
  //   max over i of (i + 1) x - (L - N + i - 1) t,
  // is at i = N - 1 when x > t and at i = 0 otherwise; a stall delays everything after it, so
  // the worst lateness is the stall. The backward mirrors it: reloads in the order N - 1 ... 0,
  // each after layer L - N + i's backward frees its room, each before its own layer's backward.
  const double n = offloaded, l = layers, x = transfer, t = layer_time;
  return std::max({0.0, x - (l - n - 1) * t, n * x - (l - 2) * t});
}

void CheckPlanOffload(const ir::Program& p, const ir::Plan& plan, const ir::Node* node,
                      const PlanInputs& in, const PlanResults& r, double default_bandwidth,
                      DiagnosticSink& sink) {
  if (plan.offload.activations <= 0) return;
  const ir::SourceRange where = plan.FieldRange("offload");
  const int64_t n = plan.offload.activations;

  // plan.offload: a stage's last layer is never offloaded.
  int64_t fewest = StageLayers(in, 0);
  for (int64_t i = 1; i < std::max<int64_t>(1, in.pp); ++i)
    fewest = std::min(fewest, StageLayers(in, i));
  if (n >= fewest) {
    auto d = MakeDiagnostic(
        DiagCode::PlanOffload, where,
        fmt::format("`activations = {}` offloads every layer of a GPU holding {}", n, fewest));
    d.Note(
        "the last layer's backward follows its forward at once: Transformer Engine offloads at "
        "most the layers minus one, and hides the transfers fully only up to the layers minus two");
    sink.Report(std::move(d));
    return;
  }

  // memory.host-overflow: the node's GPUs' offloaded activations against its host memory.
  const double per_node = r.memory.offloaded * double(in.gpus_per_node);
  if (node && node->memory.si > 0 && per_node > node->memory.si) {
    auto d = MakeDiagnostic(
        DiagCode::MemoryHostOverflow, where,
        fmt::format("the offloaded activations need {} of host memory a node; `{}` has {}",
                    Bytes(per_node), node->name, Bytes(node->memory.si)));
    d.Note(fmt::format("{} a GPU: {} layers' activations, {} GPUs a node",
                       Bytes(r.memory.offloaded), n, in.gpus_per_node));
    sink.Report(std::move(d));
  }

  // perf.offload-exposed: the stall above 5 % of the step.
  if (r.step_time > 0 && r.step.offload > 0.05 * r.step_time) {
    const ir::Gpu* gpu = node && node->gpus.ref.Valid() ? &p.Get(node->gpus.ref) : nullptr;
    auto d = MakeDiagnostic(
        DiagCode::PerfOffloadExposed, where,
        fmt::format("compute waits {} a step ({:.0f} %) for the offloaded activations of {} "
                    "layers",
                    Time(r.step.offload), 100 * r.step.offload / r.step_time, n));
    // Which bound set the rate (OffloadBandwidth): the GPU's link, or below it its share of the
    // CPUs' memory bandwidth; PCIe Gen5 x16's where the GPU states no link.
    const bool stated = gpu && gpu->host_bandwidth.si > 0;
    const bool cpu_bound = stated ? in.offload_bandwidth < gpu->host_bandwidth.si
                                  : in.offload_bandwidth < default_bandwidth;
    d.Note(fmt::format("{} of activations a GPU move out and back at {}, {}",
                       Bytes(r.memory.offloaded), Bandwidth(in.offload_bandwidth),
                       cpu_bound ? "its share of the CPUs' `memory_bandwidth`"
                       : stated  ? "its `host_bandwidth`"
                                 : "PCIe Gen5 x16's (the GPU states no `host_bandwidth`)"));
    // The most layers whose transfers hide, and what the GPU then holds.
    PlanInputs fewer = in;
    bool hidden = false;
    for (int64_t k = n - 1; k >= 1 && !hidden; --k) {
      fewer.offload_layers = k;
      const PlanResults alt = EvaluatePlan(fewer);
      if (alt.step.offload <= 1e-3 * alt.step_time) {
        d.Note(
            fmt::format("offloading {} layers hides the transfers: step {}, {} on the most "
                        "loaded GPU",
                        k, Time(alt.step_time), Bytes(alt.memory.Total())));
        hidden = true;
      }
    }
    if (!hidden)
      d.Note(
          "no count of layers hides the transfers over this link: recompute trades the memory "
          "for compute instead");
    sink.Report(std::move(d));
  }
}

}  // namespace clusterc::analysis
