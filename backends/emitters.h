// The emit function of every backend; each lives in its own folder.
#pragma once

#include "backends/backend.h"

namespace clusterc::backends {

void EmitSlurm(const Context& context, OutputTree& out);     // slurm/
void EmitNccl(const Context& context, OutputTree& out);      // nccl/
void EmitAstraSim(const Context& context, OutputTree& out);  // astra-sim/
void EmitSimAi(const Context& context, OutputTree& out);     // simai/
void EmitCalculon(const Context& context, OutputTree& out);  // calculon/
void EmitReport(const Context& context, OutputTree& out);    // report/

}  // namespace clusterc::backends
