// Parsing: source text to syntax tree, with located syntax diagnostics.
#pragma once

#include "diag/diagnostic.h"
#include "diag/source.h"
#include "frontend/ast.h"

namespace clusterc {

// Nesting limit of parentheses and braces: deeper input is refused before the recursive parser
// sees it, so no input can exhaust the stack.
inline constexpr int kMaxNesting = 256;
// Names become file names in build outputs; see names.too-long.
inline constexpr size_t kMaxNameLength = 128;

// Parses the file `file_id` of `sources`. Never throws; every problem becomes a diagnostic.
ast::File Parse(const SourceManager& sources, uint32_t file_id, DiagnosticSink& sink);

// Checks that `text` is UTF-8; returns the offset of the first invalid byte, or npos.
size_t FirstInvalidUtf8(std::string_view text);

}  // namespace clusterc
