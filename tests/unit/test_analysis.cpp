// Analysis over IR programs built in C++: published figures of real clusters and models, and one
// program per feasibility rule.
#include <catch2/catch.hpp>

#include <string>
#include <utility>

#include "analysis/analysis.h"
#include "analysis/formulas.h"

using namespace clusterc;
using namespace clusterc::analysis;
using namespace clusterc::ir::units;
namespace ir = clusterc::ir;

namespace {

// Builds a program entity by entity; each entity gets a distinct source range and ranges for the
// fields the rules point at.
struct Builder {
  ir::Program p;
  uint32_t next = 1;

  template <class T>
  ir::Ref<T> Add(T t, std::string name) {
    t.name = std::move(name);
    t.range = {1, next, next + 10};
    next += 100;
    static const char* const kFields[] = {
        "parallel", "batch",      "precision",    "checkpoint", "racks",    "nodes",  "fabric",
        "site",     "grid_power", "power_budget", "gpus",       "scale_up", "memory", "topology"};
    uint32_t off = 0;
    for (const char* f : kFields)
      t.fields.push_back({f, {1, t.range.begin + ++off, t.range.begin + off + 1}});
    auto& v = ir::TableOf<T>::Of(p);
    v.push_back(std::move(t));
    return ir::Ref<T>{static_cast<uint32_t>(v.size() - 1)};
  }
};

ir::Gpu H100() {
  ir::Gpu g;
  g.memory = GB(80);
  g.memory_bandwidth = ir::BytesPerSecond(3.35e12);
  g.bf16_flops = TFLOPs(989);
  g.fp8_flops = TFLOPs(1979);
  g.tdp = W(700);
  g.gemm_efficiency = 0.8;
  g.price = ir::Usd(30000);
  return g;
}

struct Hardware {
  ir::Ref<ir::Gpu> gpu;
  ir::Ref<ir::Link> nvlink;
  ir::Ref<ir::Nic> cx7;
  ir::Ref<ir::Switch> qm9700, sn5600;
  ir::Ref<ir::Cooling> liquid;
};

Hardware AddHardware(Builder& b) {
  Hardware h;
  h.gpu = b.Add(H100(), "H100_SXM5");
  ir::Link l;
  l.bandwidth = GBps(900);
  l.domain_size = 8;
  l.in_network_reduction = true;
  h.nvlink = b.Add(l, "NVLink4");
  ir::Nic n;
  n.bandwidth = Gbps(400);
  h.cx7 = b.Add(n, "ConnectX7");
  ir::Switch q;
  q.radix = 64;
  q.port_bandwidth = Gbps(400);
  q.sharp = true;
  q.power = W(1720);
  q.price = ir::Usd(30000);
  h.qm9700 = b.Add(q, "QM9700");
  ir::Switch s;
  s.radix = 64;
  s.port_bandwidth = Gbps(800);
  s.protocol = ir::NetProtocol::ethernet;
  h.sn5600 = b.Add(s, "SN5600");
  ir::Cooling c;
  c.rack_limit = kW(80);
  h.liquid = b.Add(c, "direct_liquid");
  return h;
}

// HGX H100 as the seeds count it: 8 x 650 W + 400 W host + 200 W network share = 5.8 kW.
ir::Ref<ir::Node> AddHgx(Builder& b, const Hardware& h) {
  ir::Node n;
  n.gpus = {8, h.gpu};
  n.scale_up = h.nvlink;
  n.nics = {8, h.cx7};
  n.gpu_power = W(650);
  n.host_power = W(400);
  n.net_power = W(200);
  return b.Add(n, "hgx_h100");
}

ir::Ref<ir::Cluster> AddCluster(Builder& b, const Hardware& h, ir::Ref<ir::Node> node,
                                int64_t nodes, ir::Ref<ir::Switch> sw, int64_t tiers,
                                int64_t nodes_per_rack = 8) {
  ir::Fabric f;
  f.topology.tiers = tiers;
  f.topology.rails = 8;
  f.switch_ = sw;
  f.sharp = true;
  auto fabric = b.Add(f, "fabric");
  ir::Site s;
  s.pue = 1.15;
  s.electricity = UsdPerKWh(0.06);
  s.cooling = h.liquid;
  auto site = b.Add(s, "site");
  ir::Cluster c;
  c.site = site;
  c.nodes = {nodes, node};
  c.racks.nodes = nodes_per_rack;
  c.fabric = fabric;
  c.gpu_mtbf = Hours(50000);
  return b.Add(c, "cluster");
}

ir::Model Llama405B() {
  ir::Model m;
  m.layers = 126;
  m.hidden = 16384;
  m.ffn = 53248;
  m.heads = 128;
  m.kv_heads = 8;
  m.vocab = 128256;
  return m;
}

ir::Model Gpt3() {
  ir::Model m;
  m.layers = 96;
  m.hidden = 12288;
  m.ffn = 4 * 12288;
  m.heads = 96;
  m.kv_heads = 96;
  m.vocab = 51200;
  m.tied_embeddings = true;
  m.activation = ir::Activation::gelu;
  m.norm = ir::Norm::layernorm;
  return m;
}

ir::Plan LlamaPlan(ir::Ref<ir::Model> model, ir::Ref<ir::Cluster> cluster) {
  // Dubey et al. 2024 (Llama 3), table 4: 16,384 GPUs, TP 8, CP 1, PP 16, DP 128, seq 8192,
  // 16 sequences per DP rank per step (2,048 x 8,192 = 16M tokens), BF16.
  ir::Plan pl;
  pl.model = model;
  pl.cluster = cluster;
  pl.parallel.tp = 8;
  pl.parallel.pp = 16;
  pl.parallel.dp = 128;
  pl.parallel.vpp = 2;
  pl.batch.global = 2048;
  pl.batch.micro = 1;
  pl.batch.seq_len = 8192;
  pl.optimizer.sharding = ir::Sharding::zero1;
  // Without recompute the second stage would hold 15 micro-batches x 8 layers x 0.57 GB.
  pl.recompute = ir::Recompute::full;
  pl.tokens = 15.6e12;
  return pl;
}

std::vector<Diagnostic> Run(const ir::Program& p, Results* out = nullptr) {
  DiagnosticList list;
  Results r = Analyze(p, Options{}, list);
  if (out) *out = std::move(r);
  return list.All();
}

int CountCode(const std::vector<Diagnostic>& ds, DiagCode code) {
  int n = 0;
  for (const auto& d : ds) n += d.code == code;
  return n;
}

const Diagnostic* Find(const std::vector<Diagnostic>& ds, DiagCode code) {
  for (const auto& d : ds)
    if (d.code == code) return &d;
  return nullptr;
}

std::string Describe(const std::vector<Diagnostic>& ds) {
  std::string s;
  for (const auto& d : ds) s += std::string(Info(d.code).code) + ": " + d.message + "\n";
  return s;
}

}  // namespace

TEST_CASE("Colossus power and energy under the seeds' assumptions", "[analysis][power]") {
  // 12,500 HGX nodes x 5.8 kW (network share inside the node) = 72.5 MW IT; PUE 1.15 -> 83.4 MW;
  // 83.375 MW x 8760 h x 0.06 USD/kWh = 43.8 M USD per year.
  Builder b;
  Hardware h = AddHardware(b);
  auto node = AddHgx(b, h);
  auto c = AddCluster(b, h, node, 12500, h.sn5600, 3);
  Results r;
  auto ds = Run(b.p, &r);
  INFO(Describe(ds));
  CHECK(ds.empty());
  const ClusterResults& cr = r.clusters[c.index];
  CHECK(cr.gpus == 100000);
  CHECK(cr.power.node == Approx(5800));
  CHECK(cr.power.node_includes_network_share);
  CHECK(cr.power.it / 1e6 == Approx(72.5));
  CHECK(cr.power.facility / 1e6 == Approx(83.4).margin(0.05));
  CHECK(cr.cost.energy_per_year / 1e6 == Approx(43.8).margin(0.05));
  CHECK(cr.reliability.gpu_failures_per_day == Approx(48));
  auto v = r.Lookup(ir::Kind::cluster, c.index, ir::DerivedId::cluster_facility_power);
  REQUIRE(v);
  CHECK(*v / 1e6 == Approx(83.375));
  // Only the GPUs have a price (100,000 x 30,000 USD): with the CPUs, NICs, switches and optics
  // unpriced, capex is unknown, not 3 B USD.
  CHECK(!r.Lookup(ir::Kind::cluster, c.index, ir::DerivedId::cluster_capex));
  CHECK((cr.missing & (kNoServerPrice | kNoSwitchPrice | kNoTransceiverPrice)) ==
        (kNoServerPrice | kNoSwitchPrice | kNoTransceiverPrice));
  CHECK(cr.cost.servers == 0);
  // 64 x 800G ports split into 128 x 400G: three tiers attach 128 x 64 x 64 endpoints.
  CHECK(cr.fabric.radix == 128);
  CHECK(cr.fabric.capacity == 524288);
  CHECK(cr.fabric.leaf.switches == 8 * 196);  // 12,500 nodes per rail / 64 ports down
}

TEST_CASE("DGX SuperPOD H100, 8 SUs, derived from the IR", "[analysis][fabric]") {
  Builder b;
  Hardware h = AddHardware(b);
  auto node = AddHgx(b, h);
  auto c = AddCluster(b, h, node, 256, h.qm9700, 2, 4);
  Results r;
  auto ds = Run(b.p, &r);
  INFO(Describe(ds));
  CHECK(ds.empty());
  const FabricResults& f = r.clusters[c.index].fabric;
  CHECK(f.leaf.switches == 64);
  CHECK(f.spine.switches == 32);
  CHECK(f.core.switches == 0);
  CHECK(f.endpoints == 2048);
  CHECK(f.capacity == 2048);
  CHECK(f.cables == 2048 + 64 * 32);
  CHECK(f.transceivers == 2 * 64 * 32);
  CHECK(f.nic_bandwidth_per_gpu == Approx(50e9));
  CHECK(f.leaf_gpus == 32 * 8);
  CHECK(f.bisection_bandwidth == Approx(2048 * 50e9 / 2));
  CHECK(r.clusters[c.index].racks == 64);
  CHECK(r.clusters[c.index].scale_up_bandwidth_per_gpu == Approx(450e9));
}

TEST_CASE("Meta 24K: pods of 3,072 GPUs at 1:7 above", "[analysis][fabric]") {
  Builder b;
  Hardware h = AddHardware(b);
  auto node = AddHgx(b, h);
  auto c = AddCluster(b, h, node, 3072, h.sn5600, 3);
  b.p.fabrics.back().topology.pod_size = 3072;
  b.p.fabrics.back().topology.pod_oversubscription = {1, 7};
  Results r;
  Run(b.p, &r);
  const FabricResults& f = r.clusters[c.index].fabric;
  CHECK(f.pods == 8);
  CHECK(f.scale_out_bandwidth_per_gpu == Approx(50e9));
  CHECK(f.cross_pod_bandwidth_per_gpu == Approx(50e9 / 7));
  // Seeds: 12 GPU failures a day at 24,576 GPUs and 50,000 h.
  CHECK(r.clusters[c.index].reliability.gpu_failures_per_day == Approx(11.8).margin(0.05));
}

TEST_CASE("model shapes: parameter counts", "[analysis][params]") {
  PlanInputs in;
  SECTION("Llama 3 405B: 405.8 B from the shape") {
    in.layers = 126, in.hidden = 16384, in.ffn = 53248, in.heads = 128, in.kv_heads = 8;
    in.vocab = 128256;
    ParamCounts c = CountParams(in);
    CHECK(c.total / 1e9 == Approx(405.85).margin(0.01));
    CHECK(c.active == c.total);
  }
  SECTION("GPT-3 175B matches Narayanan eq. 2 (+ the final layer norm)") {
    in.layers = 96, in.hidden = 12288, in.ffn = 4 * 12288, in.heads = 96, in.kv_heads = 96;
    in.vocab = 51200, in.seq_len = 2048, in.tied_embeddings = true, in.swiglu = false;
    in.layernorm = true;
    ParamCounts c = CountParams(in);
    CHECK(c.total == Approx(formulas::NarayananParams(96, 12288, 51200, 2048) + 2 * 12288));
  }
  SECTION("DeepSeek-V3: 671 B total, 37 B active") {
    in.layers = 61, in.hidden = 7168, in.ffn = 18432, in.heads = 128, in.vocab = 129280;
    in.moe = true, in.experts = 256, in.top_k = 8, in.shared_experts = 1, in.expert_ffn = 2048;
    in.dense_layers = 3;
    in.mla = true, in.q_rank = 1536, in.kv_rank = 512, in.rope_dim = 64, in.head_dim = 128;
    in.v_head_dim = 128;
    ParamCounts c = CountParams(in);
    CHECK(c.total / 1e9 == Approx(671).epsilon(0.005));
    CHECK(c.active / 1e9 == Approx(37).epsilon(0.02));
  }
}

TEST_CASE("FLOPs from the shape reproduce Korthikanti eq. 7 and Narayanan eq. 3",
          "[analysis][flops]") {
  Builder b;
  Hardware h = AddHardware(b);
  auto node = AddHgx(b, h);
  auto c = AddCluster(b, h, node, 128, h.qm9700, 2);
  auto m = b.Add(Gpt3(), "gpt3");
  ir::Plan pl;
  pl.model = m;
  pl.cluster = c;
  pl.parallel.tp = 8, pl.parallel.pp = 8, pl.parallel.dp = 16;
  pl.batch.global = 1536, pl.batch.seq_len = 2048;
  b.Add(pl, "plan");
  Results r;
  Run(b.p, &r);
  const PlanResults& pr = r.plans[0];
  double eq7 = formulas::KorthikantiModelFlops(1536, 96, 2048, 12288, 51200);
  CHECK(pr.flops.model_per_step == Approx(eq7).epsilon(1e-9));
  CHECK(pr.flops.hardware_per_step == pr.flops.model_per_step);
  b.p.plans[0].recompute = ir::Recompute::full;
  Run(b.p, &r);
  CHECK(r.plans[0].flops.hardware_per_step ==
        Approx(formulas::NarayananFullRecomputeFlops(1536, 96, 2048, 12288, 51200)).epsilon(1e-9));
  CHECK(r.plans[0].hfu > r.plans[0].mfu);
  b.p.plans[0].recompute = ir::Recompute::selective;
  Run(b.p, &r);
  CHECK(r.plans[0].flops.hardware_per_step ==
        Approx(formulas::KorthikantiSelectiveFlops(1536, 96, 2048, 12288, 51200)).epsilon(1e-9));
  CHECK(r.plans[0].hfu / r.plans[0].mfu == Approx(52.8 / 51.4).margin(0.002));
}

TEST_CASE("per-tensor activations equal Korthikanti table 2 on GPT-3", "[analysis][memory]") {
  PlanInputs in;
  in.layers = 96, in.hidden = 12288, in.ffn = 4 * 12288, in.heads = 96, in.kv_heads = 96;
  in.vocab = 51200, in.seq_len = 2048, in.micro_batch = 1, in.swiglu = false, in.tp = 8;
  in.flash_attention = false;
  using C = formulas::ActivationCase;
  auto table = [&](C c) {
    return formulas::KorthikantiActivationPerLayer(2048, 1, 12288, 96, 8, c);
  };
  in.sequence_parallel = false;
  CHECK(LayerActivationBytes(in, false) == Approx(table(C::kTensorParallel)));
  in.sequence_parallel = true;
  CHECK(LayerActivationBytes(in, false) == Approx(table(C::kTensorSequenceParallel)));
  in.recompute = ir::Recompute::selective;
  CHECK(LayerActivationBytes(in, false) == Approx(table(C::kTensorSequenceParallelSelective)));
  in.sequence_parallel = false;
  CHECK(LayerActivationBytes(in, false) == Approx(table(C::kTensorParallelSelective)));
  in.tp = 1;
  in.recompute = ir::Recompute::none;
  CHECK(LayerActivationBytes(in, false) == Approx(table(C::kNoParallelism) / 1));
  in.recompute = ir::Recompute::full;
  CHECK(LayerActivationBytes(in, false) == Approx(table(C::kFullRecompute)));
}

TEST_CASE("Llama 3 405B on 16K H100: memory, step time, MFU", "[analysis][plan]") {
  Builder b;
  Hardware h = AddHardware(b);
  auto node = AddHgx(b, h);
  auto c = AddCluster(b, h, node, 2048, h.qm9700, 3);
  b.p.clusters[c.index].checkpoint_bandwidth = GBps(2000);
  b.p.clusters[c.index].gpu_rental = ir::UsdPerSecond(2.0 / 3600);
  auto m = b.Add(Llama405B(), "llama3_405b");
  b.Add(LlamaPlan(m, c), "pretrain");
  Results r;
  auto ds = Run(b.p, &r);
  INFO(Describe(ds));
  CHECK(CountCode(ds, DiagCode::PlanIndivisible) == 0);  // 126 + 2 layers on 16 x 2 stages
  CHECK(CountCode(ds, DiagCode::MemoryHbmOverflow) == 0);
  const PlanResults& p = r.plans[0];
  REQUIRE(p.valid);
  INFO("memory " << p.memory.Total() / 1073741824.0 << " GiB, activations "
                 << p.memory.activations / 1073741824.0 << " GiB, step " << p.step_time
                 << " s, bubble " << p.step.bubble << " s, MFU " << p.mfu << ", eff "
                 << p.step.gemm_efficiency);
  CHECK(p.gpus == 16384);
  CHECK(p.micro_batches == 16);
  CHECK(p.memory.Total() < 80e9);
  CHECK(p.memory.Total() > 15e9);
  // Dubey et al. 2024 table 4 reports 38-43 % BF16 MFU for this layout (38 % at 16K GPUs).
  CHECK(p.mfu > 0.30);
  CHECK(p.mfu < 0.50);
  CHECK(p.tokens_per_second == Approx(2048.0 * 8192 / p.step_time));
  CHECK(p.step.Total() == Approx(p.step_time));
  // 6 x params x tokens is within a few percent of the model FLOPs (attention adds ~ 6 % at 8K).
  CHECK(p.flops.model_per_step / formulas::KaplanTrainingFlops(p.params.total, 2048.0 * 8192) ==
        Approx(1.07).margin(0.05));
  CHECK(p.gpu_hours == Approx(16384 * p.training_time));
  CHECK(p.run_cost_rented == Approx(p.gpu_hours / 3600 * 2));
  CHECK(p.checkpoint_size == Approx(p.params.total * 14));
  CHECK(p.goodput < 1);
  CHECK(p.goodput > 0.8);
  auto mfu = r.Lookup(ir::Kind::plan, 0, ir::DerivedId::plan_mfu);
  REQUIRE(mfu);
  CHECK(*mfu == p.mfu);
}

TEST_CASE("DeepSeek-V3 rented cost: 2,788K GPU-hours x 2 USD", "[analysis][cost]") {
  double gpu_seconds = 2788e3 * 3600;
  CHECK(formulas::RentalCost(gpu_seconds, 2.0 / 3600) == Approx(5.576e6));
  CHECK(formulas::OwnedCost(100e6, 4 * 8760 * 3600.0, 0, 8760 * 3600.0) == Approx(25e6));
}

// ---- rules ------------------------------------------------------------------------------------

namespace {

struct RuleFixture {
  Builder b;
  Hardware h;
  ir::Ref<ir::Node> node;
  ir::Ref<ir::Cluster> cluster;
  ir::Ref<ir::Model> model;

  explicit RuleFixture(int64_t nodes = 2048) {
    h = AddHardware(b);
    node = AddHgx(b, h);
    cluster = AddCluster(b, h, node, nodes, h.qm9700, 3);
    model = b.Add(Llama405B(), "llama3_405b");
  }
  ir::Plan& AddPlan() {
    b.Add(LlamaPlan(model, cluster), "pretrain");
    return b.p.plans.back();
  }
  ir::Cluster& C() { return b.p.clusters[cluster.index]; }
};

}  // namespace

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

TEST_CASE("Lookup: unknown kind, entity or absent value", "[analysis]") {
  RuleFixture fx;
  Results r;
  Run(fx.b.p, &r);
  CHECK(!r.Lookup(ir::Kind::gpu, 0, ir::DerivedId::cluster_gpu_count));
  CHECK(!r.Lookup(ir::Kind::cluster, 5, ir::DerivedId::cluster_gpu_count));
  CHECK(!r.Lookup(ir::Kind::cluster, 0, ir::DerivedId::plan_mfu));
  CHECK(*r.Lookup(ir::Kind::cluster, 0, ir::DerivedId::cluster_gpu_count) == 16384);
}

TEST_CASE("DeepSeek-V3 on 2,048 H800: MoE plan", "[analysis][plan]") {
  // DeepSeek-V3 report section 3.2: PP 16, EP 64, ZeRO-1 DP 128, no TP; 14.8T tokens at batch
  // 15,360 x 4,096 (final); 2.788 M H800 GPU-hours (incl. context extension and post-training).
  Builder b;
  Hardware h = AddHardware(b);
  b.p.links[h.nvlink.index].bandwidth = GBps(400);  // H800 NVLink
  auto node = AddHgx(b, h);
  auto c = AddCluster(b, h, node, 256, h.qm9700, 2);
  ir::Model m;
  m.layers = 61, m.hidden = 7168, m.ffn = 18432, m.heads = 128, m.vocab = 129280;
  m.has_moe = true;
  m.moe.experts = 256, m.moe.top_k = 8, m.moe.shared_experts = 1, m.moe.expert_ffn = 2048;
  m.moe.dense_layers = 3;
  m.has_mla = true;
  m.mla.q_rank = 1536, m.mla.kv_rank = 512, m.mla.rope_dim = 64, m.mla.head_dim = 128;
  m.mla.v_head_dim = 128;
  auto model = b.Add(m, "deepseek_v3");
  ir::Plan pl;
  pl.model = model;
  pl.cluster = c;
  pl.precision = ir::Precision::fp8;
  pl.parallel.tp = 1, pl.parallel.pp = 16, pl.parallel.dp = 128, pl.parallel.ep = 64;
  pl.batch.global = 15360, pl.batch.seq_len = 4096;
  pl.optimizer.sharding = ir::Sharding::zero1;
  pl.tokens = 14.8e12;
  b.Add(pl, "pretrain");
  Results r;
  auto ds = Run(b.p, &r);
  INFO(Describe(ds));
  // 61 layers do not split over 16 stages (DeepSeek balances with the MTP module): reported.
  CHECK(CountCode(ds, DiagCode::PlanIndivisible) == 1);
  const PlanResults& p = r.plans[0];
  REQUIRE(p.valid);
  INFO("memory " << p.memory.Total() / 1073741824.0 << " GiB, step " << p.step_time << " s, MFU "
                 << p.mfu << ", EP " << p.step.comm[int(Comm::kEp)] << " s, GPU-hours "
                 << p.gpu_hours / 3600 / 1e6 << " M");
  CHECK(p.params.active / 1e9 == Approx(37).epsilon(0.02));
  CHECK(p.step.comm[int(Comm::kEp)] > 0);
  // DeepSeek's own recompute (RMSNorm, MLA up-projections), FP8 activation caching and DualPipe
  // are not modelled: 16 micro-batches x 4 MoE layers of 16-bit activations overflow 80 GB, and
  // the EP all-to-all that DualPipe hides is exposed. Both are reported, not hidden.
  CHECK(CountCode(ds, DiagCode::MemoryHbmOverflow) == (p.memory.Total() > 80e9 ? 1 : 0));
  CHECK(CountCode(ds, DiagCode::PerfExposedComm) == 1);
  // FP8 peak is 2x BF16, so MFU against FP8 peak is low; the run lands within 2x of the report.
  CHECK(p.gpu_hours / 3600 > 2.788e6 / 2);
  CHECK(p.gpu_hours / 3600 < 2.788e6 * 2);
}

TEST_CASE("TPU v5p pod: a 3D torus", "[analysis][fabric]") {
  ir::Fabric f;
  f.kind = ir::FabricKind::ici;
  f.topology.kind = ir::TopologyKind::torus;
  f.topology.x = 16, f.topology.y = 20, f.topology.z = 28;
  f.topology.link_bandwidth = GBps(100);
  FabricResults r = DeriveFabric(f, nullptr, 2240, 4, 0, 0, Options{});
  CHECK(r.is_torus);
  CHECK(r.endpoints == 8960);
  CHECK(r.switches == 0);
  CHECK(r.bisection_bandwidth == Approx(2 * 16 * 20 * 100e9));
  CHECK(r.nic_bandwidth_per_gpu == Approx(600e9));
}

TEST_CASE("multi-plane and 4-tier fat trees", "[analysis][fabric]") {
  ir::Switch sw;
  sw.radix = 64;
  sw.port_bandwidth = ir::BytesPerSecond(400e9 / 8);
  ir::Fabric f;
  f.topology.tiers = 3;
  f.topology.rails = 1;
  // 131,072 GPUs with one 400G port each exceed a 3-tier tree of 64-port switches (65,536).
  FabricResults one = DeriveFabric(f, &sw, 16384, 8, 8, 400e9 / 8, Options{});
  CHECK(one.capacity == 65536);
  CHECK(one.endpoints > one.capacity);
  // Four tiers attach them: 4,096 leaves, 4,096 spines, 4,096 super-spines, 2,048 cores.
  f.topology.tiers = 4;
  FabricResults four = DeriveFabric(f, &sw, 16384, 8, 8, 400e9 / 8, Options{});
  CHECK(four.capacity == 2097152);
  CHECK(four.mid.switches == 4096);
  CHECK(four.switches == 4096 * 3 + 2048);
  CHECK(four.transceivers == 2 * (four.spine.cables + four.mid.cables + four.core.cables));
  // Two planes of 200G: each 400G switch port carries two 200G links, radix 128 per plane, and
  // three tiers attach 128 x 64 x 64 = 524,288 endpoints per plane; every count is per plane x 2.
  f.topology.tiers = 3;
  f.topology.planes = 2;
  FabricResults dual = DeriveFabric(f, &sw, 16384, 8, 8, 400e9 / 8, Options{});
  CHECK(dual.radix == 128);
  CHECK(dual.capacity == 524288);
  CHECK(dual.leaf.cables == 2 * 131072);
  CHECK(dual.switches == 2 * (2048 + 2048 + 1024));
  CHECK(dual.bisection_bandwidth == Approx(four.bisection_bandwidth));
}

TEST_CASE("capex by part, opex and the owned run", "[analysis][cost]") {
  Builder b;
  Hardware h = AddHardware(b);
  auto node = AddHgx(b, h);
  b.p.nodes[node.index].price = ir::Usd(300000);
  auto c = AddCluster(b, h, node, 256, h.qm9700, 2, 4);
  auto& cl = b.p.clusters[c.index];
  cl.racks.price = ir::Usd(20000);
  cl.storage_price = ir::Usd(5e6);
  cl.depreciation = Hours(4 * 8760);
  cl.staff = ir::UsdPerSecond(3.6e6 / (8760 * 3600.0));
  b.p.fabrics[0].transceiver_price = ir::Usd(1000);
  b.p.fabrics[0].cable_price = ir::Usd(100);
  b.p.sites[0].building_price = ir::UsdPerWatt(10);
  b.p.coolings[0].price = ir::UsdPerWatt(2);
  b.p.sites[0].power_infrastructure_price = ir::UsdPerWatt(3);
  Results r;
  Run(b.p, &r);
  const CostResults& co = r.clusters[c.index].cost;
  double it = 256 * 5800.0;
  CHECK(co.servers == Approx(256 * 300000.0));
  CHECK(co.switches == Approx(96 * 30000.0));
  CHECK(co.transceivers == Approx(4096 * 1000.0));
  CHECK(co.cables == Approx(4096 * 100.0));
  CHECK(co.racks == Approx(64 * 20000.0));
  CHECK(co.building == Approx(10 * it));
  CHECK(co.cooling == Approx(2 * it));
  CHECK(co.power_infrastructure == Approx(3 * it));
  CHECK(co.capex ==
        Approx(co.servers + co.switches + co.transceivers + co.cables + co.racks + 15 * it + 5e6));
  CHECK(co.energy_per_year == Approx(it * 1.15 * 8760 * 0.06 / 1000));
  CHECK(co.opex_per_year == Approx(co.energy_per_year + 3.6e6));
  CHECK(co.depreciation_per_second == Approx(co.capex / (4 * 8760 * 3600.0)));
}

TEST_CASE("rules report only the entities of the main file", "[analysis][rules]") {
  RuleFixture fx(128);
  fx.C().racks.nodes = 16;  // over the cooling limit
  CHECK(CountCode(Run(fx.b.p), DiagCode::PowerRackOverCooling) == 1);
  fx.b.p.main_file = 2;  // every entity was declared in file 1 (an import)
  CHECK(Run(fx.b.p).empty());
}
