// Source buffers and location arithmetic. Owns an llvm::SourceMgr; one per compilation, no
// globals, so compilations can run side by side (language server, plan search).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/ir.h"

namespace llvm {
class SourceMgr;
}

namespace clusterc {

struct LineColumn {
  uint32_t line = 0;         // 1-based
  uint32_t column = 0;       // 1-based, in Unicode code points
  uint32_t byte_column = 0;  // 1-based, in bytes
};

class SourceManager {
 public:
  SourceManager();
  ~SourceManager();
  SourceManager(const SourceManager&) = delete;
  SourceManager& operator=(const SourceManager&) = delete;

  // Adds a buffer and returns its file id (1-based; 0 is "no file").
  uint32_t Add(std::string path, std::string text);
  size_t FileCount() const { return files_.size(); }

  std::string_view Path(uint32_t file) const;
  std::string_view Text(uint32_t file) const;
  // Position of a byte offset: line and column (code points and bytes).
  LineColumn Position(uint32_t file, uint32_t offset) const;
  // The text of the line holding `offset`, without its line break.
  std::string_view LineText(uint32_t file, uint32_t offset) const;
  std::string_view Slice(ir::SourceRange r) const;

  llvm::SourceMgr& Llvm() { return *llvm_; }

 private:
  struct File {
    std::string path;
    std::string text;
    std::vector<uint32_t> line_starts;  // byte offset of each line ('\n'-terminated)
    // Code points before each kCodePointStride-byte block: a column costs O(stride), not O(line),
    // so rendering diagnostics on a megabyte-long line stays linear.
    std::vector<uint32_t> code_points_before;
  };
  static constexpr uint32_t kCodePointStride = 256;
  uint32_t CodePointsBefore(const File& f, uint32_t offset) const;
  std::vector<std::unique_ptr<File>> files_;
  std::unique_ptr<llvm::SourceMgr> llvm_;
};

// Number of code points in the first `bytes` bytes of a UTF-8 string (invalid bytes count one).
uint32_t CodePointCount(std::string_view s);

}  // namespace clusterc
