#include "backends/emitters.h"

namespace clusterc::backends {

// Not written yet: emits nothing.
void EmitCalculon(const Context&, OutputTree&) {}

}  // namespace clusterc::backends
