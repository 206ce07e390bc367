// Mixed node groups (`nodes = 364 x hgx_h100 + 52 x hgx_a100 + 5 x login + 16 x storage`):
// totals sum over every group, CPU-only ones included; each plan sees its own group's GPU.
// Figures checked against the example's parts, computed here by hand from their datasheet values.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "analysis/analysis.h"
#include "analysis/sweep.h"
#include "diag/diagnostic.h"
#include "frontend/compile.h"
#include "support.h"

using namespace clusterc;

namespace {

struct Compiled {
  SourceManager sources;
  DiagnosticList diags;
  ir::Program program;
  analysis::Results results;
};

void CompileExample(Compiled& c) {
  std::string spec = std::string(CLUSTERC_SOURCE_DIR) + "/examples/mixed_jean_zay.cl";
  c.program = Compile(spec, CompileOptions{}, c.sources, c.diags);
  REQUIRE(!c.diags.HasErrors());
  c.results = analysis::Analyze(c.program, analysis::Options{}, c.diags);
  REQUIRE(!c.diags.HasErrors());
}

uint32_t PlanIndex(const ir::Program& p, const std::string& name) {
  for (uint32_t i = 0; i < p.plans.size(); ++i)
    if (p.plans[i].name == name) return i;
  FAIL("no plan " << name);
  return 0;
}

}  // namespace

TEST_CASE("a mixed cluster sums its groups, CPU-only nodes included", "[analysis][groups]") {
  Compiled c;
  CompileExample(c);
  REQUIRE(c.program.clusters.size() == 1);
  const ir::Cluster& cl = c.program.clusters[0];
  REQUIRE(cl.nodes.Groups() == 4);
  const analysis::ClusterResults& r = c.results.clusters[0];
  REQUIRE(r.groups.size() == 4);
  CHECK(r.valid);
  CHECK(r.nodes == 364 + 52 + 5 + 16);
  CHECK(r.gpus == 364 * 4 + 52 * 8);  // 1,872
  CHECK(r.groups[2].gpus == 0);       // login
  CHECK(r.groups[3].gpus == 0);       // storage
  // Groups do not share racks: 8 nodes per rack, ceil per group: 46 + 7 + 1 + 2.
  CHECK(r.racks == 46 + 7 + 1 + 2);
  // Every group's NIC ports are fabric endpoints: 4, 4, 1 and 2 per node.
  CHECK(r.fabric.endpoints == 364 * 4 + 52 * 4 + 5 * 1 + 16 * 2);  // 1,701
  // The fabric's ports run at 400G, the fastest NIC; the A100 nodes' ConnectX-6 ports at 200G
  // take one each. Bisection: half of (1,456 + 5 + 32) x 50 GB/s + 208 x 25 GB/s = 39.9 TB/s.
  CHECK(r.fabric.radix == 64);
  CHECK(r.fabric.bisection_bandwidth == Approx(((364 * 4 + 5 + 32) * 50e9 + 52 * 4 * 25e9) / 2));
  // IT power: H100 node 4 x 700 W + 2 x 350 W; A100 node 8 x 400 W + 2 x 225 W; login 800 W;
  // storage 1.2 kW; plus the fabric's QM9700 switches at 747 W each and its optics at 7.5 W (no
  // NIC power in the stdlib).
  CHECK(r.power.network == Approx(r.fabric.switches * 747.0 + r.fabric.transceivers * 7.5));
  const double it = 364 * (4 * 700.0 + 2 * 350.0) + 52 * (8 * 400.0 + 2 * 225.0) + 5 * 800.0 +
                    16 * 1200.0 + r.fabric.switches * 747.0 + r.fabric.transceivers * 7.5;
  CHECK(r.power.it == Approx(it));  // 1.573 MW
  CHECK(r.power.facility == Approx(it * 1.2));
  // The per-node figures are the first GPU group's.
  CHECK(r.gpus_per_node == 4);
  CHECK(r.primary_group == 0);
}

TEST_CASE("each plan of a mixed cluster sees its own group", "[analysis][groups]") {
  Compiled c;
  CompileExample(c);
  uint32_t h = PlanIndex(c.program, "llama3_8b_h100");
  uint32_t a = PlanIndex(c.program, "llama3_8b_a100");
  CHECK(c.results.plan_groups[h].group == 0);
  CHECK(c.results.plan_groups[a].group == 1);
  CHECK(c.results.plan_clusters[h].usable_gpus == 1456);
  CHECK(c.results.plan_clusters[a].usable_gpus == 416);
  CHECK(c.results.plan_clusters[a].gpus_per_node == 8);
  CHECK(c.results.plan_clusters[a].scale_up_domain == 8);
  // Peak BF16 from each group's GPU datasheet: H100 SXM5 989 TFLOP/s, A100 312 TFLOP/s.
  CHECK(c.results.plan_inputs[h].peak_flops == Approx(989e12));
  CHECK(c.results.plan_inputs[a].peak_flops == Approx(312e12));
  CHECK(c.results.plan_inputs[a].hbm == Approx(81920.0 * 1048576));  // 80 GiB
  // NIC bandwidth per GPU: H100 nodes 4 x 400 Gb/s over 4 GPUs, A100 nodes 4 x 200 over 8.
  CHECK(c.results.plan_inputs[h].nic_bandwidth == Approx(400e9 / 8));
  CHECK(c.results.plan_inputs[a].nic_bandwidth == Approx(4 * 200e9 / 8 / 8));
}

TEST_CASE("each node group draws its own facility power, sharing the fabric by NIC ports",
          "[analysis][groups]") {
  Compiled c;
  CompileExample(c);
  const analysis::ClusterResults& r = c.results.clusters[0];
  REQUIRE(r.groups.size() == 4);
  // 1,701 NIC ports: the H100 group holds 1,456 of them, the A100 group 208.
  const double net = r.power.network;
  REQUIRE(net > 0);
  const double h100 = (364 * (4 * 700.0 + 2 * 350.0) + net * 1456 / 1701) * 1.2;
  const double a100 = (52 * (8 * 400.0 + 2 * 225.0) + net * 208 / 1701) * 1.2;
  CHECK(r.groups[0].facility_power == Approx(h100));
  CHECK(r.groups[1].facility_power == Approx(a100));
  double sum = 0;
  for (const auto& g : r.groups) sum += g.facility_power;
  CHECK(sum == Approx(r.power.facility));
  // A plan's view holds its own group's figure beside the site's.
  uint32_t a = PlanIndex(c.program, "llama3_8b_a100");
  REQUIRE(c.results.plan_clusters[a].groups.size() == 1);
  CHECK(c.results.plan_clusters[a].groups[0].facility_power == Approx(a100));
  CHECK(c.results.plan_clusters[a].power.facility == Approx(r.power.facility));
}

TEST_CASE("concurrent jobs on a mixed cluster are counted per group", "[analysis][groups]") {
  Compiled c;
  CompileExample(c);
  REQUIRE(c.results.jobs.size() == 1);
  const analysis::JobsResults& j = c.results.jobs[0];
  CHECK(j.valid);
  CHECK(j.gpus == 1440 + 384);
  CHECK(j.nodes == 360 + 48);
  REQUIRE(j.groups.size() == 2);
  // Idle: 1,456 - 1,440 H100 and 416 - 384 A100.
  CHECK(j.idle_gpus == 16 + 32);
}

TEST_CASE("a mixed fabric runs at the fastest NIC, each group keeps its own NICs",
          "[analysis][groups][fabric]") {
  // 32 nodes x 4 x 200G (8 A100 each) first, then 64 nodes x 8 x 400G (8 H100 each) and 4
  // login nodes x 1 x 400G, on a 2-tier fat tree of 64 x 400G switches. Computed by hand:
  ir::Switch sw;
  sw.radix = 64;
  sw.port_bandwidth = ir::BytesPerSecond(400e9 / 8);
  ir::Fabric fab;
  fab.topology.kind = ir::TopologyKind::fat_tree;
  fab.topology.tiers = 2;
  const analysis::FabricEndpoints a100{32, 8, 4, 200e9 / 8}, h100{64, 8, 8, 400e9 / 8},
      login{4, 0, 1, 400e9 / 8};
  analysis::FabricResults f =
      analysis::DeriveMixedFabric(fab, &sw, {a100, h100, login}, analysis::Options{});
  // Ports at 400G (the fastest NIC): radix 64, 32 down and 32 up per leaf. Endpoints
  // 128 + 512 + 4 = 644, leaves ceil(644 / 32) = 21, spines ceil(21 x 32 / 64) = 11. (Sized at
  // the first group's 200G, the radix would read 128 and the fabric 11 + 6 switches.)
  CHECK(f.radix == 64);
  CHECK(f.endpoints == 644);
  CHECK(f.leaf.switches == 21);
  CHECK(f.spine.switches == 11);
  CHECK(f.switches == 32);
  CHECK(f.capacity == 64 * 32);
  // Bisection: half of 128 x 25 + 512 x 50 + 4 x 50 GB/s = 14.5 TB/s (not 644 x 50 / 2).
  CHECK(f.bisection_bandwidth == Approx((128 * 25e9 + 512 * 50e9 + 4 * 50e9) / 2));
  CHECK(f.pod_gpus == 32 * 8 + 64 * 8);
  CHECK(f.pods == 1);
  // A plan on the A100 group: 4 x 25 GB/s over 8 GPUs, a leaf's 32 ports hold 8 of its nodes,
  // and its own NICs bound the bisection: 128 x 25 / 2 = 1.6 TB/s.
  analysis::FabricResults a = analysis::GroupFabric(f, a100);
  CHECK(a.nic_bandwidth_per_gpu == Approx(12.5e9));
  CHECK(a.scale_out_bandwidth_per_gpu == Approx(12.5e9));
  CHECK(a.leaf_gpus == 64);
  CHECK(a.bisection_bandwidth == Approx(1.6e12));
  analysis::FabricResults h = analysis::GroupFabric(f, h100);
  CHECK(h.nic_bandwidth_per_gpu == Approx(50e9));
  CHECK(h.leaf_gpus == 32);
  CHECK(h.bisection_bandwidth == Approx(12.8e12));
  // 3:1 leaves: 48 down, 16 up; leaves ceil(644 / 48) = 14, spines ceil(14 x 16 / 64) = 4; the
  // bisection and each group's scale-out bandwidth a third.
  fab.topology.oversubscription = ir::Ratio{3, 1};
  analysis::FabricResults o =
      analysis::DeriveMixedFabric(fab, &sw, {a100, h100, login}, analysis::Options{});
  CHECK(o.leaf.switches == 14);
  CHECK(o.spine.switches == 4);
  CHECK(o.bisection_bandwidth == Approx(14.5e12 / 3));
  CHECK(analysis::GroupFabric(o, a100).scale_out_bandwidth_per_gpu == Approx(12.5e9 / 3));
  CHECK(analysis::GroupFabric(o, a100).leaf_gpus == 48 / 4 * 8);
}

TEST_CASE("a mixed rail-only fabric sizes each rail for the nodes on it",
          "[analysis][groups][fabric]") {
  // 64 nodes with 8 ports and 64 with 4: rails 1-4 hold 128 nodes, rails 5-8 hold 64.
  auto dir = testing::ScratchDir("rail_bands");
  {
    std::ofstream out(dir / "rails.cl");
    out << "import std.nvidia\nimport std.cooling\n"
           "site s { cooling = cooling.direct_liquid }\n"
           "node hgx8 { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; "
           "nics = 8 x nvidia.ConnectX7 }\n"
           "node hgx4 { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; "
           "nics = 4 x nvidia.ConnectX7 }\n"
           "fabric rails { kind = infiniband_ndr; topology = rail_only { tiers = 2 }; "
           "switch = nvidia.Quantum2_QM9700 }\n"
           "cluster c { site = s; nodes = 64 x hgx8 + 64 x hgx4; racks = rack { nodes = 4 }; "
           "fabric = rails }\n";
  }
  auto c = testing::CompileSpec(dir / "rails.cl");
  REQUIRE(!c->diags.HasErrors());
  const analysis::FabricResults& f = c->results.clusters[0].fabric;
  CHECK(f.rails == 8);
  CHECK(f.endpoints == 64 * 8 + 64 * 4);
  // Radix 64, two tiers: 32 endpoint ports per leaf. A rail of 128 nodes: 4 leaves, 2 spines,
  // 128 leaf-spine cables; a rail of 64: 2 leaves, 1 spine, 64 cables. Sizing all 8 rails for 128
  // nodes, as before, gave 48 switches and 1,024 cables.
  CHECK(f.leaf.switches == 4 * 4 + 4 * 2);
  CHECK(f.spine.switches == 4 * 2 + 4 * 1);
  CHECK(f.switches == 36);
  CHECK(f.spine.cables == 4 * 128 + 4 * 64);
  CHECK(f.transceivers == 2 * 768);
  CHECK(f.cables == 768 + 768);
  CHECK(f.capacity == 8 * 64 * 32);  // each rail attaches radix x 32 endpoints
  std::filesystem::remove_all(dir);
}

TEST_CASE("a mixed fabric of equal NICs is the single-group fabric", "[analysis][groups][fabric]") {
  ir::Switch sw;
  sw.radix = 64;
  sw.port_bandwidth = ir::BytesPerSecond(400e9 / 8);
  ir::Fabric fab;
  fab.topology.kind = ir::TopologyKind::fat_tree;
  fab.topology.tiers = 3;
  fab.topology.rails = 8;
  // 200G NICs on 400G ports split them, as for one group: 128 ports per switch.
  const analysis::FabricEndpoints half{256, 8, 8, 200e9 / 8};
  analysis::FabricResults one = analysis::DeriveFabric(fab, &sw, 512, 8, 8, 200e9 / 8, {});
  analysis::FabricResults two = analysis::DeriveMixedFabric(fab, &sw, {half, half}, {});
  CHECK(two.radix == 128);
  CHECK(two.switches == one.switches);
  CHECK(two.cables == one.cables);
  CHECK(two.bisection_bandwidth == Approx(one.bisection_bandwidth));
  analysis::FabricResults view = analysis::GroupFabric(two, half);
  CHECK(view.nic_bandwidth_per_gpu == Approx(one.nic_bandwidth_per_gpu));
  CHECK(view.leaf_gpus == one.leaf_gpus);
}

TEST_CASE("a sweep varies the plan's own node group", "[analysis][groups][sweep]") {
  std::string spec = std::string(CLUSTERC_SOURCE_DIR) + "/tests/lang/sweep/sweep_mixed_group.cl";
  Compiled c;
  c.program = Compile(spec, CompileOptions{}, c.sources, c.diags);
  REQUIRE(!c.diags.HasErrors());
  REQUIRE(c.program.sweeps.size() == 1);
  auto designs = analysis::Designs(c.program, c.program.sweeps[0], analysis::Options{});
  // gpu (2) x nodes (2), nodes varying fastest; the plan runs `on = a100`, the second group.
  REQUIRE(designs.size() == 4);
  CHECK(designs[0].label == "gpu A100_80GB, 32 nodes");
  CHECK(designs[3].label == "gpu H100_SXM5, 48 nodes");
  CHECK(designs[0].inputs.cluster_gpus == 32 * 8);
  CHECK(designs[1].inputs.cluster_gpus == 48 * 8);
  CHECK(designs[0].inputs.peak_flops == Approx(312e12));
  CHECK(designs[2].inputs.peak_flops == Approx(989e12));
  // 16 more A100 nodes of 8 x 400 W + 1 kW, and the fabric grows from 644 to 708 ports: 21 to
  // 23 leaves, 11 to 12 spines, 3 more QM9700 at 747 W; PUE 1.2. The H100 group (64 nodes) is
  // untouched: had the sweep grown it instead, the difference would not be this.
  CHECK(designs[1].cluster.power.facility - designs[0].cluster.power.facility ==
        Approx((16 * (8 * 400.0 + 1000.0) + 3 * 747.0) * 1.2));
  CHECK(designs[0].cluster.groups.size() == 1);  // the view of the plan's group
  CHECK(designs[0].cluster.nodes == 32);
}
