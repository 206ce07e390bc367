// Fuzz target: frontend + analysis + every backend into an in-memory output tree (nothing is
// written to disk). A spec that checks clean must lower without a crash, a hang or undefined
// behaviour, and each backend's output size estimate must bound what it writes.
#include <cstddef>
#include <cstdint>

#include "backends/backend.h"
#include "driver/session.h"
#include "fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  clusterc::CompileOptions options = clusterc::fuzz::InMemory(text);
  clusterc::SourceManager sources;
  clusterc::Session session;
  clusterc::CompileAndAnalyze(clusterc::fuzz::kMainPath, options, sources, session);
  if (session.diags.HasErrors()) return 0;
  // Output size grows with the cluster (a line per leaf switch, a trace per micro-batch); it is
  // bounded by `build --max-output-size`, not here. Specs far above the examples' scale (100,000
  // GPUs, thousands of micro-batches) would only find large outputs, not bugs: skip them.
  for (const auto& c : session.results.clusters)
    if (c.gpus > 200000 || c.fabric.switches > 100000) return 0;
  for (const auto& p : session.results.plans)
    if (p.micro_batches > 4096 || p.gpus > 200000) return 0;
  const clusterc::ir::Program& program = session.program;
  clusterc::backends::Context context(program, session.results, "spec.cl");
  context.diagnostics = &session.diags.All();
  context.sources = &sources;
  for (uint32_t i = 0; i < program.plans.size(); ++i)
    if (program.plans[i].range.file == program.main_file) context.plans.push_back(i);
  for (const auto& backend : clusterc::backends::Registry()) {
    // What `build` would refuse before writing (64 MiB here, not the 2 GiB default: the same
    // code runs, in less time) is not written; what it writes, its estimate must bound.
    const double estimate = backend.estimate(context);
    if (estimate > double(64 << 20)) continue;
    clusterc::backends::OutputTree tree;
    backend.emit(context, tree);
    if (double(tree.TotalBytes()) > estimate) __builtin_trap();
  }
  return 0;
}
