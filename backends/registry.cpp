#include "backends/emitters.h"

namespace clusterc::backends {

const std::vector<BackendInfo>& Registry() {
  static const std::vector<BackendInfo> kBackends = {
      {"slurm", "slurm.conf, gres.conf, topology.conf and an sbatch script per plan", EmitSlurm,
       true},
      {"nccl", "NCCL environment and topology XML per node type", EmitNccl, true},
      {"astra-sim", "ASTRA-sim 2.0 network, system and Chakra execution traces", EmitAstraSim,
       true},
      {"simai", "SimAI workload and command line", EmitSimAi, true},
      {"calculon", "Calculon model, system and execution JSON", EmitCalculon, true},
      {"report", "HTML, Markdown, JSON and CSV cost and feasibility reports", EmitReport, true},
  };
  return kBackends;
}

}  // namespace clusterc::backends
