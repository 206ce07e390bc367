// The rules on a plan's optimizer block (optimizer_rules.cpp), called by CheckPlan. Internal to
// analysis/.
#pragma once

#include "analysis/analysis.h"

namespace clusterc::analysis {

// plan.shard-group (hybrid sharding splits the data-parallel ranks into whole replicas),
// plan.muon-sharding (Muon orthogonalises whole matrices) and the quantized weights kept alone,
// plan.fp8-param-gather and plan.fp4-param-gather (FP8 or NVFP4 training). `model` may be null.
void CheckPlanOptimizer(const ir::Plan& plan, const ir::Model* model, DiagnosticSink& sink);

}  // namespace clusterc::analysis
