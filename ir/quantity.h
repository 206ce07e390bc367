// Physical quantities: a value in SI base units plus its dimension.
//
// Five base dimensions cover everything a cluster spec talks about: information (bytes), time
// (seconds), energy (joules), money (US dollars) and work (floating-point operations). Power is
// energy/time, bandwidth information/time, a price per energy money/energy. Counts are
// dimensionless. Values are stored in base units (bytes, s, J, USD, FLOP) as doubles: every unit
// the language knows is an exact power of two or ten times a base unit (or 3600 for kWh), so a
// literal converts without rounding beyond the literal's own.
#pragma once

#include <cstdint>
#include <string>

namespace clusterc::ir {

// Runtime dimension: exponents of the five base dimensions.
struct Dim {
  int8_t info = 0, time = 0, energy = 0, money = 0, work = 0;

  friend constexpr bool operator==(Dim a, Dim b) {
    return a.info == b.info && a.time == b.time && a.energy == b.energy && a.money == b.money &&
           a.work == b.work;
  }
  friend constexpr bool operator!=(Dim a, Dim b) { return !(a == b); }
  friend constexpr Dim operator*(Dim a, Dim b) {
    return {int8_t(a.info + b.info), int8_t(a.time + b.time), int8_t(a.energy + b.energy),
            int8_t(a.money + b.money), int8_t(a.work + b.work)};
  }
  friend constexpr Dim operator/(Dim a, Dim b) {
    return {int8_t(a.info - b.info), int8_t(a.time - b.time), int8_t(a.energy - b.energy),
            int8_t(a.money - b.money), int8_t(a.work - b.work)};
  }
  constexpr bool IsDimensionless() const { return *this == Dim{}; }
};

namespace dims {
inline constexpr Dim kNone{};
inline constexpr Dim kInfo{1, 0, 0, 0, 0};
inline constexpr Dim kTime{0, 1, 0, 0, 0};
inline constexpr Dim kEnergy{0, 0, 1, 0, 0};
inline constexpr Dim kMoney{0, 0, 0, 1, 0};
inline constexpr Dim kWork{0, 0, 0, 0, 1};
inline constexpr Dim kPower = kEnergy / kTime;
inline constexpr Dim kBandwidth = kInfo / kTime;
inline constexpr Dim kFlopRate = kWork / kTime;
inline constexpr Dim kEnergyPrice = kMoney / kEnergy;
inline constexpr Dim kMoneyRate = kMoney / kTime;
}  // namespace dims

// The name a person reads for a dimension: "power", "bandwidth", "information/time^2".
std::string DimName(Dim d);
// The canonical unit expression of a dimension in base units: "B/s", "J/s", "USD/J".
std::string DimUnit(Dim d);

// A dimensioned value as the frontend evaluates it.
struct Quantity {
  double si = 0;  // value in base units
  Dim dim;
};

// Compile-time-dimensioned value for the IR and analysis: zero-cost, and a formula that adds
// bytes to seconds does not compile.
template <int I, int T, int E, int M, int W>
struct Q {
  static constexpr Dim kDim{I, T, E, M, W};
  double si = 0;

  constexpr Q() = default;
  constexpr explicit Q(double base_units) : si(base_units) {}

  constexpr Q operator+(Q o) const { return Q(si + o.si); }
  constexpr Q operator-(Q o) const { return Q(si - o.si); }
  constexpr Q operator-() const { return Q(-si); }
  constexpr Q operator*(double k) const { return Q(si * k); }
  constexpr Q operator/(double k) const { return Q(si / k); }
  friend constexpr Q operator*(double k, Q q) { return Q(k * q.si); }
  constexpr Q& operator+=(Q o) {
    si += o.si;
    return *this;
  }
  constexpr Q& operator-=(Q o) {
    si -= o.si;
    return *this;
  }
  constexpr bool operator<(Q o) const { return si < o.si; }
  constexpr bool operator>(Q o) const { return si > o.si; }
  constexpr bool operator<=(Q o) const { return si <= o.si; }
  constexpr bool operator>=(Q o) const { return si >= o.si; }
  constexpr bool operator==(Q o) const { return si == o.si; }
  constexpr bool operator!=(Q o) const { return si != o.si; }

  template <int I2, int T2, int E2, int M2, int W2>
  constexpr Q<I + I2, T + T2, E + E2, M + M2, W + W2> operator*(Q<I2, T2, E2, M2, W2> o) const {
    return Q<I + I2, T + T2, E + E2, M + M2, W + W2>(si * o.si);
  }
  template <int I2, int T2, int E2, int M2, int W2>
  constexpr Q<I - I2, T - T2, E - E2, M - M2, W - W2> operator/(Q<I2, T2, E2, M2, W2> o) const {
    return Q<I - I2, T - T2, E - E2, M - M2, W - W2>(si / o.si);
  }
  // A quotient of like quantities is a plain number.
  constexpr double operator/(Q o) const { return si / o.si; }

  Quantity ToRuntime() const { return Quantity{si, kDim}; }
};

using Bytes = Q<1, 0, 0, 0, 0>;
using Seconds = Q<0, 1, 0, 0, 0>;
using Joules = Q<0, 0, 1, 0, 0>;
using Usd = Q<0, 0, 0, 1, 0>;
using Flop = Q<0, 0, 0, 0, 1>;
using Watts = Q<0, -1, 1, 0, 0>;
using BytesPerSecond = Q<1, -1, 0, 0, 0>;
using FlopPerSecond = Q<0, -1, 0, 0, 1>;
using UsdPerJoule = Q<0, 0, -1, 1, 0>;
using UsdPerSecond = Q<0, -1, 0, 1, 0>;
using UsdPerWatt = Q<0, 1, -1, 1, 0>;

// Literal helpers for code and tests; each names its unit once, exactly.
namespace units {
constexpr Bytes GB(double v) {
  return Bytes(v * 1e9);
}
constexpr Bytes GiB(double v) {
  return Bytes(v * 1073741824.0);
}
constexpr Bytes TB(double v) {
  return Bytes(v * 1e12);
}
constexpr BytesPerSecond GBps(double v) {
  return BytesPerSecond(v * 1e9);
}
constexpr BytesPerSecond Gbps(double v) {
  return BytesPerSecond(v * 1e9 / 8);
}
constexpr FlopPerSecond TFLOPs(double v) {
  return FlopPerSecond(v * 1e12);
}
constexpr Seconds Hours(double v) {
  return Seconds(v * 3600);
}
constexpr Seconds Minutes(double v) {
  return Seconds(v * 60);
}
constexpr Watts W(double v) {
  return Watts(v);
}
constexpr Watts kW(double v) {
  return Watts(v * 1e3);
}
constexpr Watts MW(double v) {
  return Watts(v * 1e6);
}
constexpr UsdPerJoule UsdPerKWh(double v) {
  return UsdPerJoule(v / 3.6e6);
}
}  // namespace units

}  // namespace clusterc::ir
