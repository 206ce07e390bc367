// Programs built in C++ for the analysis tests: a builder that gives every entity and field a
// distinct source range, H100 hardware, an HGX node, a cluster, Llama 3 405B and GPT-3, and
// helpers that run analysis and inspect its diagnostics.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "analysis/analysis.h"

namespace clusterc::analysis_test {

using namespace clusterc::analysis;
using namespace clusterc::ir::units;
namespace ir = clusterc::ir;

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
        "parallel", "batch",    "precision", "checkpoint", "racks",
        "nodes",    "fabric",   "site",      "grid_power", "power_budget",
        "gpus",     "scale_up", "memory",    "topology",   "gemm_efficiency"};
    uint32_t off = 0;
    for (const char* f : kFields)
      t.fields.push_back({f, {1, t.range.begin + ++off, t.range.begin + off + 1}});
    auto& v = ir::TableOf<T>::Of(p);
    v.push_back(std::move(t));
    return ir::Ref<T>{static_cast<uint32_t>(v.size() - 1)};
  }
};

inline ir::Gpu H100() {
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

inline Hardware AddHardware(Builder& b) {
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
inline ir::Ref<ir::Node> AddHgx(Builder& b, const Hardware& h) {
  ir::Node n;
  n.gpus = {8, h.gpu};
  n.scale_up = h.nvlink;
  n.nics = {8, h.cx7};
  n.gpu_power = W(650);
  n.host_power = W(400);
  n.net_power = W(200);
  return b.Add(n, "hgx_h100");
}

inline ir::Ref<ir::Cluster> AddCluster(Builder& b, const Hardware& h, ir::Ref<ir::Node> node,
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

inline ir::Model Llama405B() {
  ir::Model m;
  m.layers = 126;
  m.hidden = 16384;
  m.ffn = 53248;
  m.heads = 128;
  m.kv_heads = 8;
  m.vocab = 128256;
  return m;
}

inline ir::Model Gpt3() {
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

inline ir::Plan LlamaPlan(ir::Ref<ir::Model> model, ir::Ref<ir::Cluster> cluster) {
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

inline std::vector<Diagnostic> Run(const ir::Program& p, Results* out = nullptr) {
  DiagnosticList list;
  Results r = Analyze(p, Options{}, list);
  if (out) *out = std::move(r);
  return list.All();
}

inline int CountCode(const std::vector<Diagnostic>& ds, DiagCode code) {
  int n = 0;
  for (const auto& d : ds) n += d.code == code;
  return n;
}

inline const Diagnostic* Find(const std::vector<Diagnostic>& ds, DiagCode code) {
  for (const auto& d : ds)
    if (d.code == code) return &d;
  return nullptr;
}

inline std::string Describe(const std::vector<Diagnostic>& ds) {
  std::string s;
  for (const auto& d : ds) s += std::string(Info(d.code).code) + ": " + d.message + "\n";
  return s;
}

// A 2,048-node H100 cluster on a 3-tier QM9700 fat tree and Llama 3 405B: the reference the
// rule tests change one field of.
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

}  // namespace clusterc::analysis_test
