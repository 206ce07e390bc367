#include "backends/report/format.h"

#include <fmt/format.h>

#include <cmath>

#include "diag/format.h"
#include "ir/quantity.h"

namespace clusterc::backends::report {
namespace {

struct UnitName {
  Unit unit;
  std::string_view symbol;
};

constexpr UnitName kUnits[] = {
    {Unit::kCount, "1"},
    {Unit::kFraction, "fraction"},
    {Unit::kBytes, "B"},
    {Unit::kSeconds, "s"},
    {Unit::kWatts, "W"},
    {Unit::kJoules, "J"},
    {Unit::kUsd, "USD"},
    {Unit::kBytesPerSecond, "B/s"},
    {Unit::kFlop, "FLOP"},
    {Unit::kFlopPerSecond, "FLOP/s"},
    {Unit::kUsdPerSecond, "USD/s"},
    {Unit::kUsdPerJoule, "USD/J"},
    {Unit::kPerDay, "1/day"},
    {Unit::kTokens, "token"},
    {Unit::kTokensPerSecond, "token/s"},
    {Unit::kGpuSeconds, "GPU-s"},
};

// The people's conversions at the edge: a year is 8760 h as analysis counts it (docs/model.md).
constexpr double kSecondsPerYear = 8760.0 * 3600.0;
constexpr double kJoulesPerKWh = 3.6e6;
constexpr double kSecondsPerHour = 3600.0;

std::string People(double si, ir::Dim dim) {
  return FormatForPeople(ir::Quantity{si, dim});
}

// A dimensionless number scaled to million/billion/trillion, with a noun after it.
std::string CountWith(double v, std::string_view noun) {
  return People(v, ir::dims::kNone) + " " + std::string(noun);
}

}  // namespace

std::string_view UnitSymbol(Unit u) {
  for (const auto& n : kUnits)
    if (n.unit == u) return n.symbol;
  return "1";
}

std::optional<Unit> UnitFromSymbol(std::string_view symbol) {
  for (const auto& n : kUnits)
    if (n.symbol == symbol) return n.unit;
  return std::nullopt;
}

std::string FormatFigure(double v, Unit unit) {
  using namespace ir::dims;
  switch (unit) {
    case Unit::kCount:
      return People(v, kNone);
    case Unit::kFraction:
      return FormatCount(v * 100) + " %";
    case Unit::kBytes:
      return People(v, kInfo);
    case Unit::kSeconds:
      return People(v, kTime);
    case Unit::kWatts:
      return People(v, kPower);
    case Unit::kJoules:
      return People(v, kEnergy);
    case Unit::kUsd:
      return People(v, kMoney);
    case Unit::kBytesPerSecond:
      return People(v, kBandwidth);
    case Unit::kFlop:  // diag/format.h starts at TFLOP; GFLOP reads better below it
      return std::fabs(v) >= 1e9 && std::fabs(v) < 1e12 * 0.9995 ? FormatCount(v / 1e9) + " GFLOP"
                                                                 : People(v, kWork);
    case Unit::kFlopPerSecond:
      return std::fabs(v) >= 1e9 && std::fabs(v) < 1e12 * 0.9995 ? FormatCount(v / 1e9) + " GFLOP/s"
                                                                 : People(v, kFlopRate);
    case Unit::kUsdPerSecond:
      return People(v * kSecondsPerYear, kMoney) + "/yr";
    case Unit::kUsdPerJoule:
      return FormatCount(v * kJoulesPerKWh) + " USD/kWh";
    case Unit::kPerDay:
      return FormatCount(v) + " per day";
    case Unit::kTokens:
      return CountWith(v, "tokens");
    case Unit::kTokensPerSecond:
      return CountWith(v, "tokens/s");
    case Unit::kGpuSeconds:
      return CountWith(v / kSecondsPerHour, "GPU-hours");
  }
  return FormatCount(v);
}

std::string ExactNumber(double v) {
  if (!std::isfinite(v)) return "0";
  if (v == std::floor(v) && std::fabs(v) < 9007199254740992.0)  // 2^53: exact as an integer
    return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{}", v);  // shortest round-trip representation
}

}  // namespace clusterc::backends::report
