#include <catch2/catch.hpp>

#include "frontend/units.h"
#include "ir/quantity.h"

using namespace clusterc;
using namespace clusterc::ir;

TEST_CASE("decimal and binary prefixes are exact and distinct", "[units]") {
  REQUIRE(FindUnit("GB")->factor == 1e9);
  REQUIRE(FindUnit("GiB")->factor == 1073741824.0);
  REQUIRE(FindUnit("GB")->factor != FindUnit("GiB")->factor);
  REQUIRE(FindUnit("TiB")->factor == 1099511627776.0);
  REQUIRE(FindUnit("PiB")->factor == 1125899906842624.0);
}

TEST_CASE("bits are an eighth of a byte", "[units]") {
  REQUIRE(FindUnit("b")->factor == 0.125);
  REQUIRE(FindUnit("Gb")->factor * 8 == FindUnit("GB")->factor);
  REQUIRE(FindUnit("b")->dim == FindUnit("B")->dim);
  // 400 Gb/s is exactly 50 GB/s.
  REQUIRE(400 * FindUnit("Gb")->factor == 50 * FindUnit("GB")->factor);
}

TEST_CASE("units are case sensitive", "[units]") {
  REQUIRE(FindUnit("gb") == nullptr);
  REQUIRE(FindUnit("Gib") == nullptr);
  REQUIRE(FindUnit("mw") == nullptr);
  REQUIRE(FindUnit("MW") != nullptr);
}

TEST_CASE("kWh is 3.6 MJ and power is energy over time", "[units]") {
  REQUIRE(FindUnit("kWh")->factor == 3.6e6);
  REQUIRE(FindUnit("kWh")->dim == dims::kEnergy);
  REQUIRE(FindUnit("kW")->dim == dims::kEnergy / dims::kTime);
  REQUIRE(FindUnit("kW")->dim * FindUnit("h")->dim == FindUnit("kWh")->dim);
}

TEST_CASE("scale words and percent are dimensionless", "[units]") {
  REQUIRE(FindUnit("trillion")->factor == 1e12);
  REQUIRE(FindUnit("billion")->dim.IsDimensionless());
  REQUIRE(FindUnit("%")->factor == 0.01);
}

TEST_CASE("static quantities carry dimensions through arithmetic", "[units]") {
  Watts p = units::kW(5.8);
  Seconds t = units::Hours(1);
  Joules e = p * t;
  REQUIRE(e.si == Approx(5.8e3 * 3600));
  BytesPerSecond bw = units::Gbps(400);
  REQUIRE(bw.si == 50e9);
  Seconds transfer = units::GB(100) / bw;
  REQUIRE(transfer.si == Approx(2.0));
  REQUIRE(units::GiB(1) / units::GB(1) == Approx(1.073741824));
  REQUIRE(Bytes::kDim == dims::kInfo);
  REQUIRE(decltype(e)::kDim == dims::kEnergy);
}

TEST_CASE("dimension names read well", "[units]") {
  REQUIRE(DimName(dims::kPower) == "power");
  REQUIRE(DimUnit(dims::kBandwidth) == "B/s");
  REQUIRE(DimUnit(dims::kInfo * dims::kInfo) == "B^2");
  REQUIRE(DimUnit(dims::kNone / dims::kInfo) == "1/B");
}
