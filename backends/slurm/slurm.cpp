#include "backends/emitters.h"

namespace clusterc::backends {

// Not written yet: emits nothing.
void EmitSlurm(const Context&, OutputTree&) {}

}  // namespace clusterc::backends
