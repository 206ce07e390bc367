// Positions and URIs as LSP counts them: lines from 0 and characters in UTF-16 code units (the
// protocol's default encoding); byte offsets into UTF-8 text inside clusterc.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clusterc::lsp {

struct Position {
  uint32_t line = 0;
  uint32_t character = 0;  // UTF-16 code units
};

class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  // A byte offset as an LSP position (past the end: the end).
  Position ToPosition(uint32_t offset) const;
  // An LSP position as a byte offset, clamped: a line past the end is the end of the text, a
  // character past the end of its line is the line's end, and one inside a surrogate pair or a
  // multi-byte character is the character's start.
  uint32_t ToOffset(Position p) const;
  uint32_t LineCount() const { return uint32_t(starts_.size()); }
  // The bytes of line `line` without its line break.
  std::string_view Line(uint32_t line) const;

 private:
  std::string_view text_;
  std::vector<uint32_t> starts_;
};

// file:///a%20b/c.cl <-> /a b/c.cl. Other schemes give an empty path.
std::string UriToPath(std::string_view uri);
std::string PathToUri(std::string_view path);

}  // namespace clusterc::lsp
