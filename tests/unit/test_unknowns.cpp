// Unknown is not zero (issue 14, section 6): a price or power figure the spec does not write
// leaves every sum it is a term of unknown; an explicit zero is a known zero.
#include <catch2/catch.hpp>

#include "analysis/cluster_model.h"
#include "support.h"

using namespace clusterc;
using namespace clusterc::testing;
using namespace clusterc::analysis;

namespace {

std::unique_ptr<Compiled> CompileUnknowns(const std::string& name) {
  return CompileSpec(std::filesystem::path(CLUSTERC_SOURCE_DIR) / "tests/lang/unknowns" / name);
}

}  // namespace

TEST_CASE("an unpriced part leaves capex unknown, not the sum of the priced ones",
          "[analysis][cost][unknown]") {
  auto c = CompileUnknowns("explain_partial_prices.cl");
  const ClusterResults& r = c->results.clusters[0];
  // 16 nodes of 8 H100 (priced in the stdlib) with 2 unpriced CPUs and 8 unpriced NICs; 12
  // switches priced at 100 k USD; optics and cables unpriced.
  CHECK(r.missing & kNoServerPrice);
  CHECK_FALSE(r.missing & kNoSwitchPrice);
  CHECK(r.missing & kNoTransceiverPrice);
  CHECK(r.missing & kNoCablePrice);
  CHECK(r.cost.switches == Approx(12 * 100000.0));
  CHECK(r.cost.servers == 0);
  CHECK(r.cost.capex == 0);
  CHECK(r.cost.depreciation_per_second == 0);
  CHECK(!c->results.Lookup(ir::Kind::cluster, 0, ir::DerivedId::cluster_capex));
  // The switch has no power figure and the nodes no net_power: IT power and what follows from
  // it are unknown; the nodes' own draw is still known.
  CHECK(r.missing & kNoSwitchPower);
  CHECK(r.power.it == 0);
  CHECK(r.power.facility == 0);
  CHECK(r.cost.energy_per_year == 0);
  CHECK(r.cost.opex_per_year == 0);
  CHECK(r.power.node == Approx(8 * 650.0 + 2 * 360.0));
  CHECK(r.groups[0].it_power == Approx(16 * (8 * 650.0 + 2 * 360.0)));
  CHECK(!c->results.Lookup(ir::Kind::cluster, 0, ir::DerivedId::cluster_it_power));
  CHECK(!c->results.Lookup(ir::Kind::cluster, 0, ir::DerivedId::cluster_energy_cost_per_year));
  CHECK(DescribeMissing(r.missing & kCapexNeeds) ==
        "a `price` on the node (or on each of its GPUs, CPUs and NICs), the fabric's "
        "`transceiver_price`, the fabric's `cable_price`");
}

TEST_CASE("an explicit zero price is known, and facility items without one are left out",
          "[analysis][cost][unknown]") {
  auto c = CompileUnknowns("explain_priced.cl");
  const ClusterResults& r = c->results.clusters[0];
  CHECK((r.missing & kCapexNeeds) == 0);
  // 16 nodes x 280 k + 12 switches x 100 k + building 4 USD/W x IT power, where IT power is
  // 16 x 5.8 kW (the network inside the nodes' net_power).
  const double it = 16 * 5800.0;
  CHECK(r.power.it == Approx(it));
  CHECK(r.cost.capex == Approx(16 * 280000.0 + 12 * 100000.0 + 4 * it));
  CHECK((r.missing & kFacilityPrices) ==
        (kNoRackPrice | kNoPowerInfrastructurePrice | kNoCoolingPrice));
  // The optics have no power figure, but the nodes' net_power carries the network.
  CHECK(r.missing & kNoTransceiverPower);
}
