#include "diag/format.h"

#include <fmt/format.h>

#include <cmath>

namespace clusterc {
namespace {

struct Scale {
  double factor;
  const char* unit;
};

std::string ThreeDigits(double v) {
  double a = std::fabs(v);
  if (!std::isfinite(v)) return std::isnan(v) ? "not a number" : v < 0 ? "-infinity" : "infinity";
  // Past a quadrillion digits stop being readable (and past 2^63 they would not fit the integer
  // below): scientific notation, e.g. 1.23e+18.
  if (a >= 1e15) return fmt::format("{:.3g}", v);
  if (a >= 1000 || a == std::floor(a)) {
    // Whole numbers with separators.
    auto n = static_cast<long long>(std::llround(v));
    std::string digits = std::to_string(n < 0 ? -n : n), out;
    for (size_t i = 0; i < digits.size(); ++i) {
      if (i && (digits.size() - i) % 3 == 0) out += ',';
      out += digits[i];
    }
    return (n < 0 ? "-" : "") + out;
  }
  int decimals = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  if (a < 0.001 && a > 0) return fmt::format("{:.3g}", v);
  std::string s = fmt::format("{:.{}f}", v, decimals);
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

std::string Pick(double v, const Scale* scales, size_t n) {
  const Scale* best = &scales[0];
  for (size_t i = 0; i < n; ++i)
    if (std::fabs(v) >= scales[i].factor * 0.9995) best = &scales[i];
  // A million of the largest unit and beyond: scientific notation in the base unit reads better
  // ("1e+30 W", not "1e+21 GW").
  if (std::fabs(v / best->factor) >= 1e6 && best != &scales[0])
    return fmt::format("{:.3g} {}", v, scales[0].unit);
  return ThreeDigits(v / best->factor) + " " + best->unit;
}

}  // namespace

std::string FormatCount(double v) {
  return ThreeDigits(v);
}

std::string FormatForPeople(const ir::Quantity& q) {
  using namespace ir::dims;
  static const Scale kInfoScales[] = {{1, "B"},
                                      {1024.0, "KiB"},
                                      {1048576.0, "MiB"},
                                      {1073741824.0, "GiB"},
                                      {1099511627776.0, "TiB"},
                                      {1125899906842624.0, "PiB"}};
  static const Scale kTimeScales[] = {{1e-9, "ns"},    {1e-6, "us"},       {1e-3, "ms"},
                                      {1, "s"},        {60, "min"},        {3600, "h"},
                                      {86400, "days"}, {31536000, "years"}};
  static const Scale kPowerScales[] = {{1, "W"}, {1e3, "kW"}, {1e6, "MW"}, {1e9, "GW"}};
  static const Scale kEnergyScales[] = {{1, "J"}, {3.6e6, "kWh"}, {3.6e9, "MWh"}, {3.6e12, "GWh"}};
  static const Scale kMoneyScales[] = {{1, "USD"}, {1e3, "k USD"}, {1e6, "M USD"}, {1e9, "B USD"}};
  static const Scale kBandwidthScales[] = {
      {1, "B/s"}, {1e6, "MB/s"}, {1e9, "GB/s"}, {1e12, "TB/s"}};
  static const Scale kFlopScales[] = {{1, "FLOP"},     {1e12, "TFLOP"}, {1e15, "PFLOP"},
                                      {1e18, "EFLOP"}, {1e21, "ZFLOP"}, {1e24, "YFLOP"}};
  static const Scale kFlopRateScales[] = {
      {1, "FLOP/s"}, {1e12, "TFLOP/s"}, {1e15, "PFLOP/s"}, {1e18, "EFLOP/s"}};
  static const Scale kCountScales[] = {
      {1, ""}, {1e6, "million"}, {1e9, "billion"}, {1e12, "trillion"}};
#define CLUSTERC_PICK(d, scales) \
  if (q.dim == d) return Pick(q.si, scales, sizeof(scales) / sizeof(scales[0]));
  CLUSTERC_PICK(kInfo, kInfoScales)
  CLUSTERC_PICK(kTime, kTimeScales)
  CLUSTERC_PICK(kPower, kPowerScales)
  CLUSTERC_PICK(kEnergy, kEnergyScales)
  CLUSTERC_PICK(kMoney, kMoneyScales)
  CLUSTERC_PICK(kBandwidth, kBandwidthScales)
  CLUSTERC_PICK(kWork, kFlopScales)
  CLUSTERC_PICK(kFlopRate, kFlopRateScales)
#undef CLUSTERC_PICK
  if (q.dim.IsDimensionless()) {
    std::string s = Pick(q.si, kCountScales, 4);
    if (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
  }
  return fmt::format("{:.3g} {}", q.si, ir::DimUnit(q.dim));
}

}  // namespace clusterc
