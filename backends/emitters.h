// The emit function of every backend; each lives in its own folder.
#pragma once

#include <cstdint>
#include <string>

#include "backends/backend.h"

namespace clusterc::backends {

void EmitSlurm(const Context& context, OutputTree& out);     // slurm/
void EmitNccl(const Context& context, OutputTree& out);      // nccl/
void EmitAstraSim(const Context& context, OutputTree& out);  // astra-sim/
void EmitSimAi(const Context& context, OutputTree& out);     // simai/
void EmitCalculon(const Context& context, OutputTree& out);  // calculon/
void EmitReport(const Context& context, OutputTree& out);    // report/

// Their output size estimates (backend.h, EstimateFn).
double EstimateSlurm(const Context& context);
double EstimateNccl(const Context& context);
double EstimateAstraSim(const Context& context);
double EstimateSimAi(const Context& context);
double EstimateCalculon(const Context& context);
double EstimateReport(const Context& context);

// The NCCL environment file a plan on `cluster`'s node type `node` sources, relative to the output
// root: "nccl/nccl.env", or "nccl/<config>/nccl.env" when EmitNccl writes several configurations.
std::string NcclEnvFile(const Context& context, uint32_t cluster, uint32_t node);

}  // namespace clusterc::backends
