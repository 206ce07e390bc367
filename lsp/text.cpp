#include "lsp/text.h"

#include <algorithm>

namespace clusterc::lsp {
namespace {

// Length in bytes of the UTF-8 sequence starting with `c` (1 for a stray byte).
size_t SequenceLength(unsigned char c) {
  if (c >= 0xF0 && c <= 0xF7) return 4;
  if (c >= 0xE0) return 3;
  if (c >= 0xC0) return 2;
  return 1;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts_.push_back(uint32_t(i + 1));
}

std::string_view LineIndex::Line(uint32_t line) const {
  if (line >= starts_.size()) return {};
  size_t begin = starts_[line];
  size_t end = line + 1 < starts_.size() ? starts_[line + 1] - 1 : text_.size();
  if (end > begin && text_[end - 1] == '\r') --end;
  return text_.substr(begin, end - begin);
}

Position LineIndex::ToPosition(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, uint32_t(text_.size()));
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  uint32_t line = uint32_t(it - starts_.begin()) - 1;
  Position p{line, 0};
  size_t i = starts_[line];
  while (i < offset) {
    size_t len = SequenceLength(static_cast<unsigned char>(text_[i]));
    p.character += len == 4 ? 2 : 1;  // beyond the BMP: a surrogate pair
    i += len;
  }
  return p;
}

uint32_t LineIndex::ToOffset(Position p) const {
  if (p.line >= starts_.size()) return uint32_t(text_.size());
  std::string_view line = Line(p.line);
  size_t i = 0;
  uint32_t units = 0;
  while (i < line.size()) {
    size_t len = std::min(SequenceLength(static_cast<unsigned char>(line[i])), line.size() - i);
    uint32_t width = len == 4 ? 2 : 1;
    if (units + width > p.character) break;
    units += width;
    i += len;
  }
  return starts_[p.line] + uint32_t(i);
}

std::string UriToPath(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (uri.substr(0, kScheme.size()) != kScheme) return {};
  std::string_view rest = uri.substr(kScheme.size());
  // file://host/path: only the local host (empty or localhost) is a path here.
  size_t slash = rest.find('/');
  if (slash == std::string_view::npos) return {};
  std::string_view host = rest.substr(0, slash);
  if (!host.empty() && host != "localhost") return {};
  rest = rest.substr(slash);
  std::string out;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '%' && i + 2 < rest.size()) {
      int hi = HexValue(rest[i + 1]), lo = HexValue(rest[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out += char(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += rest[i];
  }
  return out;
}

std::string PathToUri(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "file://";
  for (unsigned char c : path) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '/' || c == '-' || c == '.' || c == '_' || c == '~';
    if (plain) {
      out += char(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace clusterc::lsp
