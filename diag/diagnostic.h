// One diagnostic type for every phase, and the sink phases report into.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/ir.h"

namespace clusterc {

using ir::SourceRange;

enum class Severity : uint8_t { kNote, kWarning, kError };

enum class DiagCode : uint16_t {
#define CLUSTERC_DIAG(id, code, severity, summary, explanation) id,
#include "diag/codes.def"
  kCount
};

struct DiagCodeInfo {
  std::string_view code;
  Severity severity;
  std::string_view summary;
  std::string_view explanation;
};

inline constexpr DiagCodeInfo kDiagCodes[] = {
#define CLUSTERC_DIAG(id, code, severity, summary, explanation) \
  {code, Severity::k##severity, summary, explanation},
#include "diag/codes.def"
};
inline constexpr size_t kDiagCodeCount = static_cast<size_t>(DiagCode::kCount);

inline const DiagCodeInfo& Info(DiagCode c) {
  return kDiagCodes[static_cast<size_t>(c)];
}
// Returns kCount when `code` names no diagnostic.
DiagCode FindDiagCode(std::string_view code);

// A secondary location with its own message, rendered as a located note.
struct DiagLabel {
  SourceRange range;
  std::string message;
};

struct FixIt {
  SourceRange range;
  std::string replacement;
};

struct Diagnostic {
  DiagCode code = DiagCode::kCount;
  Severity severity = Severity::kError;
  std::string message;  // lower case, no trailing period, shows the values
  SourceRange range;    // primary location; invalid for whole-run failures
  std::vector<DiagLabel> labels;
  std::vector<std::string> notes;  // unlocated notes: breakdowns, hints
  std::vector<FixIt> fixits;
  // The declaration the finding is about ("plan NAME") where its location may lie elsewhere: a
  // plan's inherited field is written in the plan it extends. Empty: the location decides.
  std::string entity;
  bool suppressed = false;  // set by a matching `// clusterc: allow(code)`
  std::string suppressed_by;

  Diagnostic& Label(SourceRange r, std::string m) {
    labels.push_back({r, std::move(m)});
    return *this;
  }
  Diagnostic& Note(std::string n) {
    notes.push_back(std::move(n));
    return *this;
  }
  Diagnostic& Fix(SourceRange r, std::string replacement) {
    fixits.push_back({r, std::move(replacement)});
    return *this;
  }
};

inline Diagnostic MakeDiagnostic(DiagCode code, SourceRange range, std::string message) {
  Diagnostic d;
  d.code = code;
  d.severity = Info(code).severity;
  d.range = range;
  d.message = std::move(message);
  return d;
}

// Where phases send what they find. Passed explicitly: no global error state.
class DiagnosticSink {
 public:
  virtual ~DiagnosticSink() = default;
  virtual void Report(Diagnostic d) = 0;
};

// Errors one list keeps at most; past it errors are only counted, so that a flood of errors (a
// megabyte of invalid characters) costs neither memory nor time. The user-facing limit is the
// driver's --error-limit, applied when rendering.
inline constexpr size_t kMaxKeptErrors = 10000;

// Keeps every diagnostic (up to kMaxKeptErrors errors); the usual sink.
class DiagnosticList final : public DiagnosticSink {
 public:
  void Report(Diagnostic d) override {
    if (d.severity == Severity::kError && ++errors_seen_ > kMaxKeptErrors) return;
    if (diagnostics_.size() >= 4 * kMaxKeptErrors) return;  // warnings and notes: the same bound
    diagnostics_.push_back(std::move(d));
  }
  // Errors reported but not kept.
  size_t DroppedErrors() const {
    return errors_seen_ > kMaxKeptErrors ? errors_seen_ - kMaxKeptErrors : 0;
  }
  const std::vector<Diagnostic>& All() const { return diagnostics_; }
  std::vector<Diagnostic>& All() { return diagnostics_; }
  size_t Count(Severity s) const;  // unsuppressed only
  bool HasErrors() const { return Count(Severity::kError) > 0 || DroppedErrors() > 0; }
  // Stable order: by file, offset, then the order reported.
  void SortBySource();

 private:
  std::vector<Diagnostic> diagnostics_;
  size_t errors_seen_ = 0;
};

std::string_view SeverityName(Severity s);

}  // namespace clusterc
