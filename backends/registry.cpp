#include "backends/backend.h"

namespace clusterc::backends {

const std::vector<BackendInfo>& Registry() {
  static const std::vector<BackendInfo> kBackends = {};
  return kBackends;
}

}  // namespace clusterc::backends
