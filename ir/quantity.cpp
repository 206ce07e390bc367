#include "ir/quantity.h"

namespace clusterc::ir {
namespace {

struct NamedDim {
  Dim dim;
  const char* name;
  const char* unit;
};

constexpr NamedDim kNamed[] = {
    {dims::kNone, "count", ""},
    {dims::kInfo, "information", "B"},
    {dims::kTime, "time", "s"},
    {dims::kEnergy, "energy", "J"},
    {dims::kMoney, "money", "USD"},
    {dims::kWork, "work", "FLOP"},
    {dims::kPower, "power", "W"},
    {dims::kBandwidth, "bandwidth", "B/s"},
    {dims::kFlopRate, "compute throughput", "FLOP/s"},
    {dims::kEnergyPrice, "price per energy", "USD/J"},
    {dims::kMoneyRate, "money per time", "USD/s"},
    {dims::kMoney / dims::kPower, "price per power", "USD/W"},
    {dims::kNone / dims::kTime, "frequency", "1/s"},
};

void AppendFactor(std::string& out, const char* unit, int exponent) {
  if (exponent == 0) return;
  if (!out.empty()) out += '*';
  out += unit;
  if (exponent != 1) out += "^" + std::to_string(exponent);
}

}  // namespace

std::string DimUnit(Dim d) {
  for (const auto& n : kNamed)
    if (n.dim == d) return n.unit;
  // Generic form: positive exponents over negative ones, e.g. "B*FLOP/s^2".
  std::string num, den;
  const std::pair<int, const char*> parts[] = {
      {d.info, "B"}, {d.energy, "J"}, {d.money, "USD"}, {d.work, "FLOP"}, {d.time, "s"}};
  for (auto [e, u] : parts) {
    if (e > 0) AppendFactor(num, u, e);
    if (e < 0) AppendFactor(den, u, -e);
  }
  if (num.empty()) num = "1";
  return den.empty() ? num : num + "/" + den;
}

std::string DimName(Dim d) {
  for (const auto& n : kNamed)
    if (n.dim == d) return n.name;
  return DimUnit(d);
}

}  // namespace clusterc::ir
