// The units a spec may write after a number, each an exact multiple of a base unit.
#pragma once

#include <string_view>

#include "ir/quantity.h"

namespace clusterc {

struct UnitInfo {
  std::string_view name;
  double factor;  // base units per unit, exact
  ir::Dim dim;
};

// The unit spelled `name` (case sensitive), or null.
const UnitInfo* FindUnit(std::string_view name);
// Every unit, for suggestions and documentation.
const UnitInfo* UnitsBegin();
const UnitInfo* UnitsEnd();

}  // namespace clusterc
