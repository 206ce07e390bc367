#include "diag/source.h"

#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>

namespace clusterc {

SourceManager::SourceManager() : llvm_(std::make_unique<llvm::SourceMgr>()) {}
SourceManager::~SourceManager() = default;

uint32_t SourceManager::Add(std::string path, std::string text) {
  auto file = std::make_unique<File>();
  file->path = std::move(path);
  file->text = std::move(text);
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

LineColumn SourceManager::Position(uint32_t file, uint32_t offset) const {
  std::string_view text = Text(file);
  if (offset > text.size()) offset = static_cast<uint32_t>(text.size());
  const char* ptr = text.data() + offset;
  // Lines end at '\n' only (a lone '\r' does not start a line, as in the lexer); llvm's column
  // would restart at '\r', so the column is counted here.
  unsigned line = llvm_->FindLineNumber(llvm::SMLoc::getFromPointer(ptr), file);
  size_t newline = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
  size_t line_start = newline == std::string_view::npos ? 0 : newline + 1;
  LineColumn lc;
  lc.line = line;
  lc.byte_column = uint32_t(offset - line_start + 1);
  lc.column = CodePointCount(text.substr(line_start, offset - line_start)) + 1;
  // Editors do not show a byte-order mark: columns on the first line start after it.
  if (line_start == 0 && text.substr(0, 3) == "\xEF\xBB\xBF" && offset >= 3) --lc.column;
  return lc;
}

std::string_view SourceManager::LineText(uint32_t file, uint32_t offset) const {
  std::string_view text = Text(file);
  if (offset > text.size()) offset = static_cast<uint32_t>(text.size());
  size_t begin = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
  begin = begin == std::string_view::npos ? 0 : begin + 1;
  size_t end = text.find('\n', offset);
  if (end == std::string_view::npos) end = text.size();
  if (end > begin && text[end - 1] == '\r') --end;
  return text.substr(begin, end - begin);
}

std::string_view SourceManager::Slice(ir::SourceRange r) const {
  std::string_view text = Text(r.file);
  if (r.begin > text.size() || r.end > text.size() || r.end < r.begin) return {};
  return text.substr(r.begin, r.end - r.begin);
}

}  // namespace clusterc
