// Plan evaluations per second: the Llama 3 405B plan (Dubey et al. 2024 table 4: TP 8, PP 16,
// DP 128, 2,048 x 8,192 tokens per step) on a 16,384-GPU H100 cluster, evaluated in a loop on one
// core. Measures and asserts nothing; also counts heap allocations inside the loop (the evaluator
// must make none). Usage: bench_plan_eval [seconds [spec.cl plan]]: with a spec and a plan name,
// that plan instead (a MoE plan under `ep_comm_overlap` takes the paths the default skips).
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>

#include <cstring>
#include <string>

#include "analysis/analysis.h"
#include "diag/diagnostic.h"
#include "diag/source.h"
#include "frontend/compile.h"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

using namespace clusterc;
namespace ir = clusterc::ir;
using namespace clusterc::ir::units;

namespace {

template <class T>
ir::Ref<T> Add(ir::Program& p, T t, const char* name) {
  t.name = name;
  auto& v = ir::TableOf<T>::Of(p);
  v.push_back(std::move(t));
  return ir::Ref<T>{static_cast<uint32_t>(v.size() - 1)};
}

ir::Program Llama405bOn16kH100() {
  ir::Program p;
  ir::Gpu g;  // H100 SXM5 datasheet
  g.memory = GB(80);
  g.memory_bandwidth = ir::BytesPerSecond(3.35e12);
  g.bf16_flops = TFLOPs(989);
  g.fp8_flops = TFLOPs(1979);
  g.tdp = W(700);
  auto gpu = Add(p, g, "H100_SXM5");
  ir::Link l;
  l.bandwidth = GBps(900);
  l.in_network_reduction = true;
  auto link = Add(p, l, "NVLink4");
  ir::Nic n;
  n.bandwidth = Gbps(400);
  auto nic = Add(p, n, "ConnectX7");
  ir::Switch s;
  s.radix = 64;
  s.port_bandwidth = Gbps(400);
  s.sharp = true;
  auto sw = Add(p, s, "QM9700");
  ir::Cooling c;
  c.rack_limit = kW(80);
  auto cooling = Add(p, c, "direct_liquid");
  ir::Node node;
  node.gpus = {8, gpu};
  node.scale_up = link;
  node.nics = {8, nic};
  node.gpu_power = W(650);
  node.host_power = W(400);
  node.net_power = W(200);
  auto hgx = Add(p, node, "hgx_h100");
  ir::Fabric f;
  f.topology.tiers = 3;
  f.topology.rails = 8;
  f.switch_ = sw;
  auto fabric = Add(p, f, "ndr");
  ir::Site site;
  site.pue = 1.15;
  site.cooling = cooling;
  auto st = Add(p, site, "site");
  ir::Cluster cl;
  cl.site = st;
  cl.nodes = {2048, hgx};
  cl.racks.nodes = 8;
  cl.fabric = fabric;
  cl.gpu_mtbf = Hours(50000);
  cl.checkpoint_bandwidth = GBps(2000);
  auto cluster = Add(p, cl, "h100_16k");
  ir::Model m;
  m.layers = 126;
  m.hidden = 16384;
  m.ffn = 53248;
  m.heads = 128;
  m.kv_heads = 8;
  m.vocab = 128256;
  auto model = Add(p, m, "llama3_405b");
  ir::Plan pl;
  pl.model = model;
  pl.cluster = cluster;
  pl.parallel.tp = 8;
  pl.parallel.pp = 16;
  pl.parallel.dp = 128;
  pl.parallel.vpp = 2;
  pl.batch.global = 2048;
  pl.batch.seq_len = 8192;
  pl.optimizer.sharding = ir::Sharding::zero1;
  pl.recompute = ir::Recompute::full;
  pl.tokens = 15.6e12;
  Add(p, pl, "pretrain");
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  // bench/run.sh passes every benchmark the clusterc binary: not a number, so the default.
  double seconds = argc > 1 ? std::atof(argv[1]) : 0.0;
  if (seconds <= 0) seconds = 2.0;
  SourceManager sources;
  DiagnosticList sink;
  ir::Program program =
      argc > 3 ? Compile(argv[2], CompileOptions{}, sources, sink) : Llama405bOn16kH100();
  if (sink.HasErrors()) {
    std::fprintf(stderr, "bench_plan_eval: %s has errors\n", argv[2]);
    return 1;
  }
  analysis::Results results = analysis::Analyze(program, analysis::Options{}, sink);
  size_t index = 0;
  if (argc > 3)
    while (index < program.plans.size() && program.plans[index].name != argv[3]) ++index;
  if (index >= results.plans.size()) {
    std::fprintf(stderr, "bench_plan_eval: no plan %s\n", argc > 3 ? argv[3] : "");
    return 1;
  }
  analysis::PlanInputs in = results.plan_inputs[index];
  const analysis::PlanResults& first = results.plans[index];
  std::printf("plan: step %.3f s, MFU %.1f %%, memory %.1f GiB, %zu diagnostics\n", first.step_time,
              100 * first.mfu, first.memory.Total() / 1073741824.0, sink.All().size());

  // Vary the micro-batch and interleaving between evaluations so nothing is hoisted out of the
  // loop.
  const int64_t micro[] = {1, 2};
  const int64_t vpp[] = {1, 2, 4};
  using Clock = std::chrono::steady_clock;
  long evaluations = 0;
  double checksum = 0;
  long allocations_before = g_allocations.load();
  auto start = Clock::now();
  double elapsed = 0;
  while (elapsed < seconds) {
    for (int i = 0; i < 4096; ++i) {
      in.micro_batch = micro[i & 1];
      in.vpp = vpp[(i >> 1) % 3];
      analysis::PlanResults r = analysis::EvaluatePlan(in);
      checksum += r.step_time;
    }
    evaluations += 4096;
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  long allocations = g_allocations.load() - allocations_before;
  std::printf("%ld plan evaluations in %.2f s: %.3g evaluations/s on one core\n", evaluations,
              elapsed, evaluations / elapsed);
  std::printf("heap allocations during the loop: %ld (checksum %.6g)\n", allocations, checksum);
  return 0;
}
