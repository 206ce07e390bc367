#include "frontend/units.h"

namespace clusterc {
namespace {

using namespace ir::dims;

// Exactness: every factor is an integer power of 2 or 10 (or 3600 x such), representable exactly
// in a double; `b` is 1/8 byte, also exact.
constexpr UnitInfo kUnits[] = {
    // information: SI (decimal) and IEC (binary) prefixes; bytes and bits
    {"B", 1, kInfo},
    {"kB", 1e3, kInfo},
    {"MB", 1e6, kInfo},
    {"GB", 1e9, kInfo},
    {"TB", 1e12, kInfo},
    {"PB", 1e15, kInfo},
    {"EB", 1e18, kInfo},
    {"KiB", 1024.0, kInfo},
    {"MiB", 1048576.0, kInfo},
    {"GiB", 1073741824.0, kInfo},
    {"TiB", 1099511627776.0, kInfo},
    {"PiB", 1125899906842624.0, kInfo},
    {"b", 0.125, kInfo},
    {"kb", 125, kInfo},
    {"Mb", 125e3, kInfo},
    {"Gb", 125e6, kInfo},
    {"Tb", 125e9, kInfo},
    {"Pb", 125e12, kInfo},
    // time
    {"ps", 1e-12, kTime},
    {"ns", 1e-9, kTime},
    {"us", 1e-6, kTime},
    {"ms", 1e-3, kTime},
    {"s", 1, kTime},
    {"min", 60, kTime},
    {"h", 3600, kTime},
    {"d", 86400, kTime},
    {"wk", 604800, kTime},
    {"yr", 31536000, kTime},  // 365 days = 8,760 h, the convention of annual energy figures
    // power
    {"W", 1, kPower},
    {"kW", 1e3, kPower},
    {"MW", 1e6, kPower},
    {"GW", 1e9, kPower},
    // energy
    {"J", 1, kEnergy},
    {"kJ", 1e3, kEnergy},
    {"MJ", 1e6, kEnergy},
    {"GJ", 1e9, kEnergy},
    {"Wh", 3600, kEnergy},
    {"kWh", 3.6e6, kEnergy},
    {"MWh", 3.6e9, kEnergy},
    {"GWh", 3.6e12, kEnergy},
    // money
    {"USD", 1, kMoney},
    // work
    {"FLOP", 1, kWork},
    {"GFLOP", 1e9, kWork},
    {"TFLOP", 1e12, kWork},
    {"PFLOP", 1e15, kWork},
    {"EFLOP", 1e18, kWork},
    // scale words and percent: dimensionless
    {"thousand", 1e3, kNone},
    {"million", 1e6, kNone},
    {"billion", 1e9, kNone},
    {"trillion", 1e12, kNone},
    {"%", 0.01, kNone},
};

}  // namespace

const UnitInfo* FindUnit(std::string_view name) {
  for (const auto& u : kUnits)
    if (u.name == name) return &u;
  return nullptr;
}

const UnitInfo* UnitsBegin() {
  return std::begin(kUnits);
}
const UnitInfo* UnitsEnd() {
  return std::end(kUnits);
}

}  // namespace clusterc
