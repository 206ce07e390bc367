#include "driver/session.h"

#include <algorithm>

#include "analysis/requires.h"

namespace clusterc {

void ApplySuppressions(const ir::Program& program, std::vector<Diagnostic>& diags) {
  for (auto& d : diags) {
    for (const auto& s : program.suppressions) {
      if (s.code != Info(d.code).code || s.range.file != d.range.file) continue;
      if (d.range.begin >= s.range.begin &&
          d.range.begin < std::max(s.range.end, s.range.begin + 1)) {
        d.suppressed = true;
        d.suppressed_by = "// clusterc: allow(" + s.code + ")";
      }
    }
  }
}

void CompileAndAnalyze(const std::string& file, const CompileOptions& options,
                       SourceManager& sources, Session& session) {
  session.program = Compile(file, options, sources, session.diags);
  if (!session.diags.HasErrors()) {
    session.results = analysis::Analyze(session.program, analysis::Options{}, session.diags);
    analysis::EvaluateRequires(session.program, session.results, sources, session.diags);
  }
  ApplySuppressions(session.program, session.diags.All());
  session.diags.SortBySource();
  for (const auto& d : session.diags.All())
    if (d.code == DiagCode::SourceUnreadable || d.code == DiagCode::SourceTooLarge)
      session.io_failure = true;
}

}  // namespace clusterc
