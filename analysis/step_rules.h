// The rules on a plan's step time (step_rules.cpp), called by CheckPlan. Internal to analysis/.
#pragma once

#include "analysis/analysis.h"
#include "analysis/plan_model.h"

namespace clusterc::analysis {

// `headroom`: the fraction of HBM the plan lets a GPU fill (memory_headroom), for the fixes the
// notes propose.
void CheckPlanStep(const ir::Plan& plan, const PlanInputs& in, const PlanResults& r,
                   double headroom, const Options& options, DiagnosticSink& sink);

}  // namespace clusterc::analysis
