#include "backends/output_tree.h"

#include <fmt/format.h>

namespace clusterc::backends {

void OutputTree::Write(const std::string& relative_path, std::string contents) {
  if (!error_.empty()) return;
  auto previous = sizes_.find(relative_path);
  uint64_t replaced = previous == sizes_.end() ? 0 : previous->second;
  uint64_t size = contents.size();
  uint64_t total = total_bytes_ - replaced + size;
  if (total > max_bytes_) {
    over_budget_ = true;
    error_ =
        fmt::format("the output exceeds the limit of {} bytes (at {})", max_bytes_, relative_path);
    return;
  }
  if (sink_) {
    std::string error;
    if (!sink_(relative_path, contents, error)) {
      error_ = std::move(error);
      return;
    }
  } else {
    files_[relative_path] = std::move(contents);
  }
  sizes_[relative_path] = size;
  total_bytes_ = total;
}

}  // namespace clusterc::backends
