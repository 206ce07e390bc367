#include "diag/source.h"

#include <llvm/Support/MemoryBuffer.h>

#include <llvm/Support/SourceMgr.h>
#include <algorithm>

namespace clusterc {

SourceManager::SourceManager() : llvm_(std::make_unique<llvm::SourceMgr>()) {}
SourceManager::~SourceManager() = default;

uint32_t SourceManager::Add(std::string path, std::string text) {
  auto file = std::make_unique<File>();
  file->path = std::move(path);
  file->text = std::move(text);
  file->line_starts.push_back(0);
  uint32_t cps = 0;
  for (size_t i = 0; i < file->text.size(); ++i) {
    if (i % kCodePointStride == 0) file->code_points_before.push_back(cps);
    unsigned char c = static_cast<unsigned char>(file->text[i]);
    if ((c & 0xC0) != 0x80) ++cps;
    if (c == '\n') file->line_starts.push_back(uint32_t(i + 1));
  }
  // llvm::SourceMgr buffers are 1-based too; keep the ids equal.
  llvm_->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(file->text, file->path, /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  files_.push_back(std::move(file));
  return static_cast<uint32_t>(files_.size());
}

std::string_view SourceManager::Path(uint32_t file) const {
  if (file == 0 || file > files_.size()) return {};
  return files_[file - 1]->path;
}

std::string_view SourceManager::Text(uint32_t file) const {
  if (file == 0 || file > files_.size()) return {};
  return files_[file - 1]->text;
}

uint32_t CodePointCount(std::string_view s) {
  uint32_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;  // count every byte that does not continue a sequence
  return n;
}

uint32_t SourceManager::CodePointsBefore(const File& f, uint32_t offset) const {
  size_t block = offset / kCodePointStride;
  if (block >= f.code_points_before.size())
    return CodePointCount(f.text.substr(0, offset));  // only for an empty text
  size_t from = block * kCodePointStride;
  return f.code_points_before[block] +
         CodePointCount(std::string_view(f.text).substr(from, offset - from));
}

LineColumn SourceManager::Position(uint32_t file, uint32_t offset) const {
  std::string_view text = Text(file);
  if (offset > text.size()) offset = static_cast<uint32_t>(text.size());
  if (file == 0 || file > files_.size()) return {};
  const File& f = *files_[file - 1];
  // Lines end at '\n' only (a lone '\r' does not start a line, as in the lexer).
  auto it = std::upper_bound(f.line_starts.begin(), f.line_starts.end(), offset);
  size_t line_index = size_t(it - f.line_starts.begin()) - 1;
  uint32_t line_start = f.line_starts[line_index];
  LineColumn lc;
  lc.line = unsigned(line_index + 1);
  lc.byte_column = uint32_t(offset - line_start + 1);
  lc.column = CodePointsBefore(f, offset) - CodePointsBefore(f, line_start) + 1;
  // Editors do not show a byte-order mark: columns on the first line start after it.
  if (line_start == 0 && text.substr(0, 3) == "\xEF\xBB\xBF" && offset >= 3) --lc.column;
  return lc;
}

std::string_view SourceManager::LineText(uint32_t file, uint32_t offset) const {
  std::string_view text = Text(file);
  if (file == 0 || file > files_.size()) return {};
  if (offset > text.size()) offset = static_cast<uint32_t>(text.size());
  const auto& starts = files_[file - 1]->line_starts;
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  size_t begin = *(it - 1);
  size_t end = it == starts.end() ? text.size() : *it - 1;
  if (end > begin && text[end - 1] == '\r') --end;
  return text.substr(begin, end - begin);
}

std::string_view SourceManager::Slice(ir::SourceRange r) const {
  std::string_view text = Text(r.file);
  if (r.begin > text.size() || r.end > text.size() || r.end < r.begin) return {};
  return text.substr(r.begin, r.end - r.begin);
}

}  // namespace clusterc
