// The language features, each a function of a snapshot (or a document's text) and a position.
// Results are plain data; the server turns them into protocol JSON.
#pragma once

#include <string>
#include <vector>

#include "lsp/workspace.h"

namespace clusterc::lsp {

// Markdown for a hover at `offset` of `file`, or empty.
std::string HoverText(const Snapshot& s, uint32_t file, uint32_t offset, SourceRange& range);

// The headline figures of a cluster, node or plan of the main file (what `explain` prints),
// as "label: value" lines; empty when analysis has none.
std::vector<std::string> Headlines(const Snapshot& s, const ast::Decl& decl);

struct CompletionItem {
  std::string label;
  int kind = 0;  // LSP CompletionItemKind
  std::string detail;
  std::string documentation;
  std::string insert_text;  // empty: the label
  std::string sort_text;
};
// Completion at byte `offset` of `text` (the document as the editor has it); `s` may be null or
// older than the text (it gives names from imports).
std::vector<CompletionItem> Complete(std::string_view text, uint32_t offset, const Snapshot* s);

struct InlayHint {
  uint32_t offset;  // where it shows: the end of a line
  std::string label;
};
// Derived values at the end of the lines of the main file's plans and clusters.
std::vector<InlayHint> InlayHints(const Snapshot& s);

}  // namespace clusterc::lsp
