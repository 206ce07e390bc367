#include "driver/session.h"

#include <fmt/format.h>

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

void LimitErrors(std::vector<Diagnostic>& diags, size_t limit, size_t dropped) {
  size_t errors = 0, cut = diags.size();
  for (size_t i = 0; i < diags.size(); ++i) {
    if (diags[i].suppressed || diags[i].severity != Severity::kError) continue;
    if (limit > 0 && errors == limit && cut == diags.size()) cut = i;
    ++errors;
  }
  size_t omitted = dropped;
  for (size_t i = cut; i < diags.size(); ++i)
    omitted += !diags[i].suppressed && diags[i].severity == Severity::kError;
  diags.resize(cut);
  if (omitted == 0) return;
  std::string why = limit > 0 && errors > limit
                        ? fmt::format("--error-limit {} (0 shows every error)", limit)
                        : fmt::format("at most {} errors are kept per run", kMaxKeptErrors);
  diags.push_back(MakeDiagnostic(
      DiagCode::DriverErrorLimit, {},
      fmt::format("{} more error{} not shown: {}", omitted, omitted == 1 ? "" : "s", why)));
}

void CompileAndAnalyze(const std::string& file, const CompileOptions& options,
                       SourceManager& sources, Session& session) {
  session.program = Compile(file, options, sources, session.diags);
  // An allowed error (a constant `require` the frontend already evaluated) does not stop
  // analysis: without this, a spec with `// clusterc: allow(require.failed)` built no files and
  // explained nothing, with exit code 0.
  ApplySuppressions(session.program, session.diags.All());
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
