// Renderers of diagnostics: one type, three formats. Each returns the complete document, so the
// driver writes it in one piece (to a stream or atomically to a file).
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/source.h"

namespace clusterc {

// Where docs/rules.md is published: each code's entry is `RuleHelpUri(code)`, linked from editors
// (LSP codeDescription) and SARIF (helpUri).
inline constexpr const char* kRulesDocument =
    "https://github.com/clusterc/clusterc/blob/main/docs/rules.md";
std::string RuleHelpUri(std::string_view code);
// Where the standard library's sources are published (SARIF's CLUSTERC_STDLIB base).
inline constexpr const char* kStdlibSources =
    "https://github.com/clusterc/clusterc/blob/main/stdlib/";

struct ToolInfo {
  std::string name = "clusterc";
  std::string version;
};

// gcc style: `file:line:col: error: message [code]`, the source line, a caret and underline.
std::string RenderText(const std::vector<Diagnostic>& diags, const SourceManager& sources,
                       bool color = false);
// One JSON document: format version, counts and every diagnostic (suppressed ones flagged).
std::string RenderJson(const std::vector<Diagnostic>& diags, const SourceManager& sources,
                       const std::vector<std::string>& inputs, const ToolInfo& tool);
// SARIF 2.1.0 for GitHub code scanning and other SARIF consumers: paths relative to %SRCROOT%
// (the working directory), the standard library relative to CLUSTERC_STDLIB, a helpUri per rule,
// labels and notes as relatedLocations. `execution_successful` is false when the run failed
// (usage or I/O), not when it found problems.
std::string RenderSarif(const std::vector<Diagnostic>& diags, const SourceManager& sources,
                        const ToolInfo& tool, bool execution_successful = true);
// GitHub Actions workflow commands: `::error file=F,line=L,col=C,endLine=..,endColumn=..,
// title=CODE::message`, one per unsuppressed diagnostic.
std::string RenderGithub(const std::vector<Diagnostic>& diags, const SourceManager& sources);

}  // namespace clusterc
