// The output tree the backends write into, committed by the driver as a whole.
//
// In memory by default (tests, the language server). `clusterc build` gives it a sink instead:
// each file goes to disk as it is written, so memory holds one file at a time, not the tree, and
// a byte budget stops a build that would write more than `--max-output-size`.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace clusterc::backends {

class OutputTree {
 public:
  // Writes one file; true on success, else false with a message in `error`.
  using Sink =
      std::function<bool(const std::string& path, std::string_view contents, std::string& error)>;

  OutputTree() = default;
  // Streams every file to `sink`; refuses (and writes nothing more) once the files would exceed
  // `max_bytes` in all.
  OutputTree(Sink sink, uint64_t max_bytes) : sink_(std::move(sink)), max_bytes_(max_bytes) {}

  void Write(const std::string& relative_path, std::string contents);

  // Contents by relative path ('/'-separated), sorted: in-memory trees only (empty when streamed).
  const std::map<std::string, std::string>& Files() const { return files_; }
  // Size of every file written, in memory or streamed.
  const std::map<std::string, uint64_t>& Sizes() const { return sizes_; }
  uint64_t TotalBytes() const { return total_bytes_; }
  // The first failure of a streamed tree (a sink error, or the byte budget); empty when none.
  // After a failure later writes are dropped.
  const std::string& Error() const { return error_; }
  bool OverBudget() const { return over_budget_; }

 private:
  Sink sink_;
  uint64_t max_bytes_ = UINT64_MAX;
  std::map<std::string, std::string> files_;
  std::map<std::string, uint64_t> sizes_;
  uint64_t total_bytes_ = 0;
  std::string error_;
  bool over_budget_ = false;
};

}  // namespace clusterc::backends
