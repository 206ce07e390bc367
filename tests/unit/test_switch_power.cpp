// Switch power from the standard library reaches the cluster's network power: a fabric of
// Tomahawk 5 switches draws 913 W per switch (stdlib/broadcom.cl: the UfiSpace S9321-64E's
// datasheet figure, typical without transceivers), not 0 W.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "analysis/cluster_model.h"
#include "tests/unit/support.h"

namespace {

double NetworkPowerPerSwitch(const std::string& sw) {
  std::filesystem::path dir = clusterc::testing::ScratchDir("switch_power");
  std::filesystem::path spec = dir / "tomahawk.cl";
  std::ofstream(spec) << R"(import std.nvidia
import std.broadcom
import std.cooling
site s { cooling = cooling.direct_liquid }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric f { kind = roce_v2; topology = fat_tree { tiers = 2; rails = 8 }
  switch = broadcom.)" << sw
                      << R"( }
cluster c { site = s; nodes = 64 x hgx; racks = rack { nodes = 4 }; fabric = f }
)";
  auto c = clusterc::testing::CompileSpec(spec);
  REQUIRE(c->results.clusters.size() == 1);
  const auto& r = c->results.clusters[0];
  REQUIRE(r.fabric.switches > 0);
  CHECK_FALSE(r.missing & clusterc::analysis::kNoSwitchPower);
  return r.power.switches / double(r.fabric.switches);
}

}  // namespace

TEST_CASE("Tomahawk 5 switches draw their datasheet power in the network's power", "[stdlib]") {
  // The optics have no power figure here, so the network's total is unknown; the switches' share
  // is known.
  CHECK(NetworkPowerPerSwitch("Tomahawk5") == Approx(913.0));
  CHECK(NetworkPowerPerSwitch("Tomahawk5_400G") == Approx(913.0));
}
