// One program per feasibility rule, built in C++: each rule fires on the program made to trip it
// and stays silent on the reference plan.
#include <catch2/catch.hpp>

#include <string>

#include "analysis/analysis.h"
#include "tests/unit/analysis_builders.h"

using namespace clusterc;
using namespace clusterc::analysis;
using namespace clusterc::analysis_test;
using namespace clusterc::ir::units;
namespace ir = clusterc::ir;

TEST_CASE("the reference plan is clean", "[analysis][rules]") {
  RuleFixture fx;
  // 16 stages and 16 micro-batches need deep interleaving to keep the bubble under 15 %.
  fx.AddPlan().parallel.vpp = 8;
  auto ds = Run(fx.b.p);
  INFO(Describe(ds));
  CHECK(ds.empty());
}

TEST_CASE("rule perf.pipeline-bubble", "[analysis][rules]") {
  RuleFixture fx;
  fx.AddPlan();  // pp = 16, vpp = 2, 16 micro-batches: 15 / 32 of the compute idles
  auto ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::PerfPipelineBubble);
  REQUIRE(d);
  CHECK(d->message.find("pp = 16, 16 micro-batches and vpp = 2") != std::string::npos);
  // The advice is evaluated: the vpp it names must clear the warning.
  std::string advice;
  for (const auto& n : d->notes)
    if (n.find("interleaving") != std::string::npos) advice = n;
  REQUIRE(!advice.empty());
  size_t at = advice.find("vpp = ");
  REQUIRE(at != std::string::npos);
  fx.b.p.plans[0].parallel.vpp = std::stoi(advice.substr(at + 6));
  CHECK(fx.b.p.plans[0].parallel.vpp > 2);
  CHECK(Find(Run(fx.b.p), DiagCode::PerfPipelineBubble) == nullptr);
}

TEST_CASE("memory.hbm-overflow names a change that fits", "[analysis][rules]") {
  RuleFixture fx;
  auto& pl = fx.AddPlan();
  pl.parallel.vpp = 8;
  pl.recompute = ir::Recompute::none;
  pl.batch.micro = 2;
  pl.batch.global = 4096;
  auto ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::MemoryHbmOverflow);
  REQUIRE(d);
  std::string advice;
  for (const auto& n : d->notes)
    if (n.find("cheapest change") != std::string::npos) advice = n;
  INFO(Describe(ds));
  REQUIRE(!advice.empty());
  // Apply it and the overflow is gone.
  if (advice.find("recompute = selective") != std::string::npos)
    fx.b.p.plans[0].recompute = ir::Recompute::selective;
  else if (advice.find("recompute = full") != std::string::npos)
    fx.b.p.plans[0].recompute = ir::Recompute::full;
  else if (advice.find("micro = 1") != std::string::npos)
    fx.b.p.plans[0].batch.micro = 1;
  else
    FAIL("unexpected advice: " << advice);
  CHECK(Find(Run(fx.b.p), DiagCode::MemoryHbmOverflow) == nullptr);
}

TEST_CASE("rule plan.product-mismatch", "[analysis][rules]") {
  RuleFixture fx;
  auto& pl = fx.AddPlan();
  // Half the cluster is a partial plan, not an error.
  pl.parallel.dp = 64;
  auto ds = Run(fx.b.p);
  CHECK(Find(ds, DiagCode::PlanProductMismatch) == nullptr);
  CHECK(Find(ds, DiagCode::PlanPartialDomain) == nullptr);
  fx.b.p.plans[0].parallel.dp = 256;
  ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::PlanProductMismatch);
  REQUIRE(d);
  CHECK(d->range.begin == fx.b.p.plans[0].FieldRange("parallel").begin);
  CHECK(d->message.find("32768 GPUs") != std::string::npos);
  CHECK(d->message.find("16384") != std::string::npos);
  CHECK(!d->labels.empty());
  // Spares: 1 % of 2,048 nodes is 20 nodes held back.
  fx.b.p.plans[0].parallel.dp = 128;
  fx.C().spares = 0.01;
  ds = Run(fx.b.p);
  d = Find(ds, DiagCode::PlanProductMismatch);
  REQUIRE(d);
  CHECK(d->message.find("16224") != std::string::npos);
}

TEST_CASE("rule plan.partial-domain", "[analysis][rules]") {
  RuleFixture fx;
  auto& pl = fx.AddPlan();
  pl.parallel.tp = 4;
  pl.parallel.pp = 1;
  pl.parallel.dp = 3;  // 12 GPUs: one and a half 8-GPU NVLink domains
  auto ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::PlanPartialDomain);
  REQUIRE(d);
  CHECK(d->message.find("12 GPUs") != std::string::npos);
  REQUIRE(d->notes.size() == 1);
  CHECK(d->notes[0].find("2 domains hold 16 GPUs; 4 of them") != std::string::npos);
  fx.b.p.plans[0].parallel.dp = 4;
  CHECK(Find(Run(fx.b.p), DiagCode::PlanPartialDomain) == nullptr);
}

TEST_CASE("rule plan.indivisible", "[analysis][rules]") {
  RuleFixture fx;
  auto& pl = fx.AddPlan();
  pl.batch.global = 2000;
  pl.parallel.vpp = 3;
  auto ds = Run(fx.b.p);
  CHECK(CountCode(ds, DiagCode::PlanIndivisible) == 2);
  const Diagnostic* d = Find(ds, DiagCode::PlanIndivisible);
  REQUIRE(d);
  CHECK(d->message.find("126 layers") != std::string::npos);
}

TEST_CASE("rule plan.tp-exceeds-scale-up", "[analysis][rules]") {
  RuleFixture fx;
  auto& pl = fx.AddPlan();
  pl.parallel.tp = 16;
  pl.parallel.pp = 8;
  auto ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::PlanTpExceedsScaleUp);
  REQUIRE(d);
  CHECK(d->message == "tp = 16 exceeds the scale-up domain of 8 GPUs");
}

TEST_CASE("rule plan.unsupported-precision", "[analysis][rules]") {
  RuleFixture fx;
  fx.b.p.gpus[0].fp8_flops = ir::FlopPerSecond(0);
  auto& pl = fx.AddPlan();
  pl.precision = ir::Precision::fp8;
  auto ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::PlanUnsupportedPrecision);
  REQUIRE(d);
  CHECK(d->message == "GPU `H100_SXM5` has no fp8 throughput");
}

TEST_CASE("rule plan.group-oversubscribed", "[analysis][rules]") {
  RuleFixture fx;
  fx.b.p.fabrics[0].topology.pod_size = 2048;
  fx.b.p.fabrics[0].topology.pod_oversubscription = {1, 7};
  auto& pl = fx.AddPlan();
  pl.parallel.cp = 512;  // tp x cp = 4096 GPUs: two pods
  pl.parallel.dp = 1;
  pl.parallel.pp = 4;
  pl.parallel.vpp = 1;
  pl.batch.global = 16;
  pl.batch.seq_len = 1 << 20;
  auto ds = Run(fx.b.p);
  INFO(Describe(ds));
  const Diagnostic* d = Find(ds, DiagCode::PlanGroupOversubscribed);
  REQUIRE(d);
  CHECK(d->message.find("context-parallel group of 512 ranks spans 4096 GPUs") !=
        std::string::npos);
  CHECK(d->severity == Severity::kWarning);
}

TEST_CASE("rules memory.hbm-overflow and memory.headroom", "[analysis][rules]") {
  RuleFixture fx;
  auto& pl = fx.AddPlan();
  pl.parallel.pp = 2;
  pl.parallel.dp = 1024;
  pl.parallel.vpp = 1;
  auto ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::MemoryHbmOverflow);
  REQUIRE(d);
  CHECK(d->severity == Severity::kError);
  CHECK(d->notes.size() >= 4);
  CHECK(d->message.find("has 74.5 GiB (80 GB)") != std::string::npos);

  // Headroom: fill to 95 % with the framework reserve.
  RuleFixture fx2;
  fx2.AddPlan();
  Results r;
  Run(fx2.b.p, &r);
  double without = r.plans[0].memory.Total() - r.plans[0].memory.reserve;
  fx2.b.p.plans[0].framework_reserve = ir::Bytes(0.95 * 80e9 - without);
  ds = Run(fx2.b.p);
  INFO(Describe(ds));
  CHECK(CountCode(ds, DiagCode::MemoryHbmOverflow) == 0);
  d = Find(ds, DiagCode::MemoryHeadroom);
  REQUIRE(d);
  CHECK(d->message.find("(95 %)") != std::string::npos);
}

TEST_CASE("rule fabric.ports-exceeded", "[analysis][rules]") {
  RuleFixture fx(512);
  fx.b.p.fabrics[0].topology.tiers = 2;  // R^2/2 = 2,048 < 4,096 ports
  auto ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::FabricPortsExceeded);
  REQUIRE(d);
  CHECK(d->message == "the fabric attaches at most 2048 endpoints; the cluster has 4096 NIC ports");
  CHECK(d->range.begin == fx.C().FieldRange("fabric").begin);
}

TEST_CASE("rule fabric.ports-exceeded: Colossus on QM9700", "[analysis][rules]") {
  RuleFixture fx(12500);  // 100,000 ports > 65,536 for three tiers of radix 64
  auto ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::FabricPortsExceeded);
  REQUIRE(d);
  CHECK(d->message.find("65536") != std::string::npos);
}

TEST_CASE("rules power.rack-over-cooling and power.rack-over-limit", "[analysis][rules]") {
  RuleFixture fx(128);
  fx.C().racks.nodes = 16;
  fx.C().racks.power_limit = kW(60);
  auto ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::PowerRackOverCooling);
  REQUIRE(d);
  CHECK(d->message == "rack draws 92.8 kW; cooling `direct_liquid` removes at most 80 kW per rack");
  CHECK(d->range.begin == fx.C().FieldRange("racks").begin);
  CHECK(d->labels.size() == 2);
  d = Find(ds, DiagCode::PowerRackOverLimit);
  REQUIRE(d);
  CHECK(d->message == "rack draws 92.8 kW; its power feed delivers 60 kW");
}

TEST_CASE("rule power.site-over-grid", "[analysis][rules]") {
  RuleFixture fx(12500);
  fx.b.p.fabrics[0].switch_ = fx.h.sn5600;
  fx.b.p.sites[0].grid_power = MW(80);
  auto ds = Run(fx.b.p);
  INFO(Describe(ds));
  const Diagnostic* d = Find(ds, DiagCode::PowerSiteOverGrid);
  REQUIRE(d);
  CHECK(d->message == "facility draws 83.4 MW; the grid delivers 80 MW");
  CHECK(ds.size() == 1);
}

TEST_CASE("rule power.node-over-budget", "[analysis][rules]") {
  RuleFixture fx(128);
  fx.b.p.nodes[0].power_budget = kW(5.5);
  auto ds = Run(fx.b.p);
  const Diagnostic* d = Find(ds, DiagCode::PowerNodeOverBudget);
  REQUIRE(d);
  CHECK(d->message == "node `hgx_h100` draws 5.8 kW; its power budget is 5.5 kW");
  CHECK(d->range.begin == fx.b.p.nodes[0].FieldRange("power_budget").begin);
}

TEST_CASE("rule perf.exposed-comm", "[analysis][rules]") {
  RuleFixture fx;
  fx.b.p.nics[0].bandwidth = Gbps(25);  // starve the scale-out fabric
  auto& pl = fx.AddPlan();
  pl.parallel.pp = 1;
  pl.parallel.vpp = 1;
  pl.parallel.dp = 2048;
  pl.optimizer.sharding = ir::Sharding::zero3;
  pl.recompute = ir::Recompute::full;
  auto ds = Run(fx.b.p);
  INFO(Describe(ds));
  const Diagnostic* d = Find(ds, DiagCode::PerfExposedComm);
  REQUIRE(d);
  CHECK(d->message.find("data-parallel gradient reduction") != std::string::npos);
}

TEST_CASE("rule reliability.checkpoint-interval", "[analysis][rules]") {
  RuleFixture fx;
  fx.C().checkpoint_bandwidth = GBps(1000);
  auto& pl = fx.AddPlan();
  pl.checkpoint.every = Hours(6);
  Results r;
  auto ds = Run(fx.b.p, &r);
  INFO(Describe(ds));
  const PlanResults& p = r.plans[0];
  // 14 bytes x 405.85 B = 5.68 TB at 1 TB/s: 5.7 s; job MTBF 50,000 h / 16,384 = 3.05 h.
  CHECK(p.checkpoint_write_time == Approx(p.params.total * 14 / 1e12));
  CHECK(p.job_mtbf / 3600 == Approx(50000.0 / 16384));
  CHECK(p.optimal_checkpoint_interval ==
        Approx(std::sqrt(2 * p.checkpoint_write_time * p.job_mtbf)));
  const Diagnostic* d = Find(ds, DiagCode::ReliabilityCheckpointInterval);
  REQUIRE(d);
  CHECK(d->message.find("above the optimum") != std::string::npos);
  CHECK(d->range.begin == fx.b.p.plans[0].FieldRange("checkpoint").begin);
}

TEST_CASE("rules report only the entities of the main file", "[analysis][rules]") {
  RuleFixture fx(128);
  fx.C().racks.nodes = 16;  // over the cooling limit
  CHECK(CountCode(Run(fx.b.p), DiagCode::PowerRackOverCooling) == 1);
  fx.b.p.main_file = 2;  // every entity was declared in file 1 (an import)
  CHECK(Run(fx.b.p).empty());
}

// Options::moe_host_floor is a published figure: Megatron-Bridge 25.11's Qwen3 30B-A3B on 8 B200
// at micro-batch 1, 9,299 tokens/s per GPU over 4,096-token micro-batches and 48 layers; the H100
// runs of 26.02.01 (9,058, two pipeline stages of 24 layers) and 26.04.01 (8,960, EP 16) give
// the same time per layer within 4 %.
TEST_CASE("perf.moe-host-bound's floor is the per-layer time of the published runs",
          "[analysis][rules]") {
  const double floor = Options{}.moe_host_floor;
  CHECK(floor == Approx(4096.0 / 9299 / 48).epsilon(0.01));
  CHECK(4096.0 / 9058 / 48 == Approx(floor).epsilon(0.04));
  CHECK(4096.0 / 8960 / 48 == Approx(floor).epsilon(0.04));
}
