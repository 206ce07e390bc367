// An output tree built in memory by the backends and committed by the driver as a whole.
#pragma once

#include <map>
#include <string>

namespace clusterc::backends {

// Files by relative path ('/'-separated). std::map keeps paths sorted: deterministic order.
class OutputTree {
 public:
  void Write(const std::string& relative_path, std::string contents) {
    files_[relative_path] = std::move(contents);
  }
  const std::map<std::string, std::string>& Files() const { return files_; }

 private:
  std::map<std::string, std::string> files_;
};

}  // namespace clusterc::backends
