// Rail-only and dragonfly fabrics: the published formulas and figures they rest on, and their
// derivation from a fabric and a switch.
#include <catch2/catch.hpp>

#include "analysis/analysis.h"
#include "analysis/cluster_model.h"
#include "analysis/formulas.h"

using namespace clusterc;
using namespace clusterc::analysis;
namespace ir = clusterc::ir;
namespace f = clusterc::analysis::formulas;

namespace {

ir::Switch Radix64(double gbps) {
  ir::Switch sw;
  sw.radix = 64;
  sw.port_bandwidth = ir::BytesPerSecond(gbps * 1e9 / 8);
  return sw;
}

}  // namespace

TEST_CASE("dragonfly: Kim et al.'s worked example and maximum size", "[analysis][fabric]") {
  // Kim, Dally, Scott, Abts (ISCA 2008), section 3: p = h = 2, a = 4 (radix k = p + a + h - 1 = 7)
  // joins a h + 1 = 9 groups, N = a p (a h + 1) = 72 terminals.
  auto c = f::Dragonfly(72, 2, 4, 2);
  CHECK(c.capacity == 72);
  CHECK(c.groups == 9);
  CHECK(c.routers == 36);
  CHECK(c.links_per_pair == 1);  // every pair of groups joined by exactly one global channel
  CHECK(c.global_cables == 9 * 8 / 2);
  CHECK(c.local_cables == 9 * (4 * 3 / 2));
  // The balanced design for radix-64 routers (p = h = 16, a = 32, 63 ports used) reaches
  // 32 x 16 x (32 x 16 + 1) = 262,656 terminals.
  CHECK(f::Dragonfly(1, 16, 32, 16).capacity == 262656);
}

TEST_CASE("dragonfly: Slingshot's 545 groups", "[analysis][fabric]") {
  // HPE Slingshot (64-port Rosetta): 16 endpoint, 31 local and 17 global ports per switch,
  // 32 switches a group, at most 545 groups of 512 endpoints (G. Lockwood's Slingshot notes).
  // Kim et al.'s bound gives the same group count: a h + 1 = 32 x 17 + 1 = 545. (The notes' total,
  // 278,528, is 544 groups; 545 x 512 = 279,040.)
  auto c = f::Dragonfly(545 * 512, 16, 32, 17);
  CHECK(c.groups == 545);
  CHECK(c.capacity == 545 * 512);
  CHECK(16 + 31 + 17 == 64);
  CHECK(c.links_per_pair == 1);
}

TEST_CASE("dragonfly: minimal vs non-minimal global bandwidth", "[analysis][fabric]") {
  // Balanced (h = p): uniform traffic leaving a group gets the full injection rate with minimal
  // routing; Valiant routing crosses two global channels and gets half.
  CHECK(f::DragonflyGlobalFraction(16, 32, 32 * 16, false) == Approx(1.0));
  CHECK(f::DragonflyGlobalFraction(16, 32, 32 * 16, true) == Approx(0.5));
  // h = p/2: half the global ports, half the bandwidth (a quarter with Valiant).
  CHECK(f::DragonflyGlobalFraction(16, 32, 32 * 8, false) == Approx(0.5));
  CHECK(f::DragonflyGlobalFraction(16, 32, 32 * 8, true) == Approx(0.25));
}

TEST_CASE("dragonfly fabric derivation", "[analysis][fabric]") {
  ir::Switch sw = Radix64(200);
  ir::Fabric fab;
  fab.topology.kind = ir::TopologyKind::dragonfly;
  // 1,024 nodes x 4 GPUs x one 200G NIC per GPU = 4,096 endpoints; balanced for radix 64:
  // p = h = 16, a = 32, 512 endpoints a group, so 8 groups of 32 routers.
  FabricResults r = DeriveFabric(fab, &sw, 1024, 4, 4, 200e9 / 8, Options{});
  CHECK(r.is_dragonfly);
  CHECK(r.dragonfly.p == 16);
  CHECK(r.dragonfly.a == 32);
  CHECK(r.dragonfly.h == 16);
  CHECK(r.dragonfly.groups == 8);
  CHECK(r.switches == 256);
  CHECK(r.capacity == 262656);
  // 8 groups: each group's 512 global ports spread over 7 others, 73 links per pair.
  CHECK(r.dragonfly.links_per_pair == 73);
  CHECK(r.dragonfly.global_cables == 8 * 7 / 2 * 73);
  CHECK(r.transceivers == 2 * r.dragonfly.global_cables);
  CHECK(r.cables == 4096 + 8 * 32 * 31 / 2 + 8 * 7 / 2 * 73);
  // A group is the pod: 512 endpoints = 128 nodes = 512 GPUs.
  CHECK(r.pods == 8);
  CHECK(r.pod_gpus == 512);
  // 7 x 73 = 511 of 512 global ports used: cross-group bandwidth 511/512 of the NIC's.
  CHECK(r.cross_pod_bandwidth_per_gpu == Approx(25e9 * 511.0 / 512.0));
  // Bisection: 4 x 4 group pairs x 73 links x 25 GB/s, under half the injection bandwidth.
  CHECK(r.bisection_bandwidth == Approx(16 * 73 * 25e9));
  fab.topology.routing = ir::DragonflyRouting::non_minimal;
  FabricResults v = DeriveFabric(fab, &sw, 1024, 4, 4, 200e9 / 8, Options{});
  CHECK(v.cross_pod_bandwidth_per_gpu == Approx(r.cross_pod_bandwidth_per_gpu / 2));
  CHECK(v.bisection_bandwidth == Approx(r.bisection_bandwidth / 2));
}

TEST_CASE("rail-only: switch and optics counts against a rail-optimised fat tree",
          "[analysis][fabric]") {
  // 2,048 DGX H100 (16,384 GPUs, 8 x 400G NICs each) on 64-port 400G switches.
  ir::Switch sw = Radix64(400);
  ir::Fabric any;
  any.topology.kind = ir::TopologyKind::fat_tree;
  any.topology.tiers = 3;
  any.topology.rails = 8;
  FabricResults clos = DeriveFabric(any, &sw, 2048, 8, 8, 400e9 / 8, Options{});
  // Rail-optimised any-to-any: 8 x 64 leaves, 512 spines, 256 cores.
  CHECK(clos.switches == 512 + 512 + 256);
  ir::Fabric rail;
  rail.topology.kind = ir::TopologyKind::rail_only;
  rail.topology.tiers = 2;
  FabricResults ro = DeriveFabric(rail, &sw, 2048, 8, 8, 400e9 / 8, Options{});
  CHECK(ro.rail_only);
  CHECK(ro.rails == 8);
  // Each rail: 2,048 ports = 64 leaves of 32 down, 32 spines: 2 tiers of radix 64 attach 2,048.
  CHECK(ro.capacity == 8 * 2048);
  CHECK(ro.leaf.switches == 8 * 64);
  CHECK(ro.spine.switches == 8 * 32);
  CHECK(ro.switches == 768);
  CHECK(ro.transceivers == 2 * 8 * 64 * 32);
  // Wang et al. 2023 (abstract): rail-only cuts network cost by 38 % to 77 %. Dropping the tier
  // that joins rails removes 40 % of the switches and half the optics here, inside that range.
  double fewer_switches = 1 - double(ro.switches) / double(clos.switches);
  double fewer_optics = 1 - double(ro.transceivers) / double(clos.transceivers);
  CHECK(fewer_switches == Approx(0.40));
  CHECK(fewer_optics == Approx(0.50));
  CHECK(fewer_switches >= 0.38);
  CHECK(fewer_optics <= 0.77);
  // Within a rail the bisection is full, as in the fat tree.
  CHECK(ro.bisection_bandwidth == Approx(clos.bisection_bandwidth));
}

TEST_CASE("rail-only: cross-rail all-to-all forwards over the scale-up domain",
          "[analysis][fabric]") {
  // Of an all-to-all leaving an 8-GPU domain, 7/8 is bound for other rails and crosses NVLink.
  CHECK(f::RailOnlyForwardTime(8e9, 8, 450e9) == Approx(7.0 / 8.0 * 8e9 / 450e9));
  CHECK(f::RailOnlyForwardTime(8e9, 1, 450e9) == 0);
}
