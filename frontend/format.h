// `clusterc fmt`: the canonical layout of a spec, computed from its token stream and comments
// (not the syntax tree), so that new syntax keeps formatting: indentation by braces, one member
// per line in multi-line blocks, `=` aligned within a run of fields, trailing comments aligned,
// single spaces around operators and between a number and its unit, at most one blank line.
#pragma once

#include <optional>
#include <string>

#include "diag/diagnostic.h"
#include "diag/source.h"

namespace clusterc {

// The formatted text of file `file`, or nothing when it has syntax errors (reported to `sink`).
std::optional<std::string> FormatSource(const SourceManager& sources, uint32_t file,
                                        DiagnosticSink& sink);

}  // namespace clusterc
