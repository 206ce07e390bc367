// Quantities formatted for people: three significant digits in the unit that reads best
// (83.4 MW, 72 GiB, 54.3 days, 1.2 B USD).
#pragma once

#include <string>

#include "ir/quantity.h"

namespace clusterc {

std::string FormatForPeople(const ir::Quantity& q);
// A plain number with three significant digits and thousands separators: 12,500 or 0.412.
std::string FormatCount(double v);

}  // namespace clusterc
