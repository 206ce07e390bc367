// The field reference of every block kind, generated from the IR's Describe functions.
#pragma once

#include <string>

namespace clusterc {

std::string FieldReference();

}  // namespace clusterc
