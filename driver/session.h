// One spec compiled and analysed: what check, build, explain (and the language server and search)
// share. Compiles, analyses when the frontend found no error, checks the `require`s that name
// derived quantities, applies `// clusterc: allow(...)` suppressions and sorts by source.
#pragma once

#include <string>

#include "analysis/analysis.h"
#include "diag/diagnostic.h"
#include "diag/source.h"
#include "frontend/compile.h"
#include "ir/ir.h"

namespace clusterc {

struct Session {
  ir::Program program;
  analysis::Results results;
  DiagnosticList diags;
  bool io_failure = false;  // the main file could not be read (exit code 2, not 1)
};

void CompileAndAnalyze(const std::string& file, const CompileOptions& options,
                       SourceManager& sources, Session& session);

// Default of --error-limit: errors shown before the rest are summarised (clang's -ferror-limit).
inline constexpr size_t kDefaultErrorLimit = 20;

// Cuts `diags` (sorted) after its `limit`-th unsuppressed error (0: no limit) and, when anything
// was cut or `dropped` errors were never kept, appends a note saying how many were not shown.
void LimitErrors(std::vector<Diagnostic>& diags, size_t limit, size_t dropped);

// Marks the diagnostics that a suppression comment of `program` covers.
void ApplySuppressions(const ir::Program& program, std::vector<Diagnostic>& diags);

}  // namespace clusterc
