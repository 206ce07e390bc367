// `require` statements that name derived quantities, checked once analysis has derived them.
#pragma once

#include "analysis/analysis.h"
#include "diag/diagnostic.h"
#include "diag/source.h"
#include "ir/ir.h"

namespace clusterc::analysis {

void EvaluateRequires(const ir::Program& program, const Results& results,
                      const SourceManager& sources, DiagnosticSink& sink);

}  // namespace clusterc::analysis
