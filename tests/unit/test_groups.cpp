// Mixed node groups (`nodes = 364 x hgx_h100 + 52 x hgx_a100 + 5 x login + 16 x storage`):
// totals sum over every group, CPU-only ones included; each plan sees its own group's GPU.
// Figures checked against the example's parts, computed here by hand from their datasheet values.
#include <catch2/catch.hpp>

#include <string>

#include "analysis/analysis.h"
#include "diag/diagnostic.h"
#include "frontend/compile.h"

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
  CHECK(c.results.plan_inputs[a].hbm == Approx(80e9));
  // NIC bandwidth per GPU: H100 nodes 4 x 400 Gb/s over 4 GPUs, A100 nodes 4 x 200 over 8.
  CHECK(c.results.plan_inputs[h].nic_bandwidth == Approx(400e9 / 8));
  CHECK(c.results.plan_inputs[a].nic_bandwidth == Approx(4 * 200e9 / 8 / 8));
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
