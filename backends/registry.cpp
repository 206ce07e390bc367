#include "backends/emitters.h"

namespace clusterc::backends {

namespace {

// What `emit` writes, rendered and counted (each file dropped once counted): exact, and cheap for
// the backends whose output does not grow with the job but with what the spec declares (a file
// set per node type and fabric, per plan; a report of the clusters and plans). Diagnostics and
// progress are left out: the build reports them once.
double RenderedSize(EmitFn emit, const Context& context) {
  Context quiet = context;
  quiet.sink = nullptr;
  quiet.progress = nullptr;
  OutputTree tree([](const std::string&, std::string_view, std::string&) { return true; },
                  UINT64_MAX);
  emit(quiet, tree);
  return double(tree.TotalBytes());
}

}  // namespace

// Slurm's files grow with the nodes and switches (topology.conf: a line per switch), at most a
// few tens of MB for the largest cluster the language accepts: rendered and counted, like the
// backends above.
double EstimateSlurm(const Context& context) {
  return RenderedSize(EmitSlurm, context);
}
double EstimateNccl(const Context& context) {
  return RenderedSize(EmitNccl, context);
}
double EstimateCalculon(const Context& context) {
  return RenderedSize(EmitCalculon, context);
}
double EstimateReport(const Context& context) {
  return RenderedSize(EmitReport, context);
}

const std::vector<BackendInfo>& Registry() {
  static const std::vector<BackendInfo> kBackends = {
      {"slurm", "slurm.conf, gres.conf, topology.conf and an sbatch script per plan", EmitSlurm,
       true, EstimateSlurm},
      {"nccl", "NCCL environment and topology XML per node type", EmitNccl, true, EstimateNccl},
      {"astra-sim", "ASTRA-sim 2.0 network, system and Chakra execution traces", EmitAstraSim, true,
       EstimateAstraSim},
      {"simai", "SimAI workload and command line", EmitSimAi, true, EstimateSimAi},
      {"calculon", "Calculon model, system and execution JSON", EmitCalculon, true,
       EstimateCalculon},
      {"report", "HTML, Markdown, JSON and CSV cost and feasibility reports", EmitReport, true,
       EstimateReport},
  };
  return kBackends;
}

}  // namespace clusterc::backends
