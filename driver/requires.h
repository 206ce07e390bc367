// `require` statements that name derived quantities, checked once analysis has derived them.
#pragma once

#include "analysis/analysis.h"
#include "diag/diagnostic.h"
#include "diag/source.h"
#include "ir/ir.h"

namespace clusterc {

void EvaluateRequires(const ir::Program& program, const analysis::Results& results,
                      const SourceManager& sources, DiagnosticSink& sink);

}  // namespace clusterc
