// The rules on a plan's step time and calibration (step_rules.cpp), called by CheckPlan. Internal
// to analysis/.
#pragma once

#include "analysis/analysis.h"
#include "analysis/plan_model.h"

namespace clusterc::analysis {

// `headroom`: the fraction of HBM the plan lets a GPU fill (memory_headroom), for the fixes the
// notes propose.
void CheckPlanStep(const ir::Plan& plan, const PlanInputs& in, const PlanResults& r,
                   double headroom, const Options& options, DiagnosticSink& sink);

// perf.default-calibration: the plan's GPU states no GEMM asymptote of its own.
void CheckDefaultCalibration(const ir::Plan& plan, const ir::Gpu* gpu, const PlanInputs& in,
                             DiagnosticSink& sink);

// perf.fp8-attention-uncalibrated: FP8 attention whose gain the plan's GPU does not state.
void CheckFp8AttentionCalibration(const ir::Plan& plan, const ir::Gpu* gpu, const PlanInputs& in,
                                  DiagnosticSink& sink);

}  // namespace clusterc::analysis
