#include "diag/diagnostic.h"

#include <algorithm>

namespace clusterc {

DiagCode FindDiagCode(std::string_view code) {
  for (size_t i = 0; i < kDiagCodeCount; ++i)
    if (kDiagCodes[i].code == code) return static_cast<DiagCode>(i);
  return DiagCode::kCount;
}

size_t DiagnosticList::Count(Severity s) const {
  return static_cast<size_t>(
      std::count_if(diagnostics_.begin(), diagnostics_.end(),
                    [s](const Diagnostic& d) { return d.severity == s && !d.suppressed; }));
}

void DiagnosticList::SortBySource() {
  std::stable_sort(diagnostics_.begin(), diagnostics_.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     if (a.range.file != b.range.file) return a.range.file < b.range.file;
                     return a.range.begin < b.range.begin;
                   });
}

std::string_view SeverityName(Severity s) {
  switch (s) {
    case Severity::kNote:
      return "note";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "error";
}

}  // namespace clusterc
