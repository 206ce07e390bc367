// Backends: each lowers a checked program and its analysis results to files of one format.
//
// A backend is a pure function of (IR, analysis results) writing into an in-memory OutputTree;
// it never re-derives a number analysis owns. The registry below is a constant table: adding a
// backend is one line.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/analysis.h"
#include "backends/output_tree.h"
#include "diag/diagnostic.h"
#include "diag/source.h"
#include "ir/ir.h"

namespace clusterc::backends {

struct Context {
  Context(const ir::Program& program, const analysis::Results& results, std::string spec_name)
      : program(program), results(results), spec_name(std::move(spec_name)) {}

  const ir::Program& program;
  const analysis::Results& results;
  std::string spec_name;  // the spec's file name, for header comments
  // Plans to lower (indices into program.plans); all of the main file's plans by default.
  std::vector<uint32_t> plans;
  // The spec's diagnostics (warnings; a spec with errors is never lowered) and their sources,
  // for reports. Either may be null.
  const std::vector<Diagnostic>* diagnostics = nullptr;
  const SourceManager* sources = nullptr;
  // How outputs name each source file, by file id: relative to the project root, so outputs do
  // not depend on the folder `build` ran in. Empty: the paths of `sources` as they are.
  std::vector<std::string> source_paths;
  // Simulator traces for every GPU of the job instead of the representative slice.
  bool all_ranks = false;
  // ASTRA-sim traces of two short runs of the step's micro-batches, from which run.sh
  // extrapolates the step (backends/astra_sim/trace_size.h, MicroBatchSample), instead of all of
  // them. `clusterc build` sets it unless --trace-micro-batches all.
  bool sample_micro_batches = false;
  // The Slurm release to target ("24.11"), overriding each cluster's `slurm_version`; empty:
  // the spec's, else the Slurm backend's default.
  std::string slurm_version;
  // Where a backend reports what it finds while lowering (host facts a deployment file needs
  // and the spec lacks, what a simulator input leaves out of the plan); may be null.
  DiagnosticSink* sink = nullptr;
  // Progress of long work for a person at a terminal; may be empty.
  std::function<void(const std::string&)> progress;
};

using EmitFn = void (*)(const Context&, OutputTree&);
// Bytes the backend would write for `context`, from the counts its loops run over (ranks, trace
// nodes, micro-batches, switches, node types), without writing: an upper estimate, within a small
// factor of the real size (tests/unit/test_output_estimate.cpp checks both on every example), so
// that `build` can refuse a build above --max-output-size before it writes anything. A double:
// what a hostile spec asks for can exceed 2^64 bytes.
using EstimateFn = double (*)(const Context&);

struct BackendInfo {
  std::string_view name;  // as given to --emit; also the output subdirectory
  std::string_view description;
  EmitFn emit;
  bool default_on;
  EstimateFn estimate;
};

// Every backend, in the order they run.
const std::vector<BackendInfo>& Registry();

}  // namespace clusterc::backends
