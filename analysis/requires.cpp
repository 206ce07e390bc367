#include "analysis/requires.h"

#include <fmt/format.h>

#include "diag/format.h"
#include "ir/derived.h"
#include "ir/expr.h"

namespace clusterc::analysis {

void EvaluateRequires(const ir::Program& program, const Results& results,
                      const SourceManager& sources, DiagnosticSink& sink) {
  auto lookup = [&](const ir::Expr& e) {
    return results.Lookup(e.entity_kind, e.entity, static_cast<ir::DerivedId>(e.derived));
  };
  for (const auto& r : program.requires_) {
    auto holds = ir::Evaluate(r.condition, lookup);
    if (!holds) continue;  // a value analysis could not derive was reported where it failed
    if (*holds != 0) continue;
    Diagnostic d = MakeDiagnostic(DiagCode::RequireFailed, r.range, r.message);
    const char* sides[] = {"left", "right"};
    for (size_t i = 0; i < 2 && i < r.condition.args.size(); ++i) {
      const ir::Expr& side = r.condition.args[i];
      auto v = ir::Evaluate(side, lookup);
      std::string text(sources.Slice(side.range));
      std::string value = v ? FormatForPeople({*v, side.value.dim}) : "unknown";
      d.Note(text == value ? fmt::format("{}: {}", sides[i], value)
                           : fmt::format("{}: {} = {}", sides[i], text, value));
    }
    sink.Report(std::move(d));
  }
}

}  // namespace clusterc::analysis
