// `build` refuses a build above --max-output-size before writing anything, from each backend's
// estimate of its output (backends/backend.h, EstimateFn). The estimate must not be below what the
// backend writes (else a build passes the check and then stops at the limit while writing) and
// must stay close to it (else it refuses builds that fit): both checked on every example, with
// the representative slice and, where the job is small enough for a test, every rank's trace,
// and on synthetic plans that stretch what the traces' encoding depends on.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "backends/backend.h"
#include "backends/emitters.h"
#include "driver/driver.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::ScratchDir;

namespace {

// The largest estimate / written ratio allowed for a backend writing more than 1 MB.
constexpr double kMaxRatio = 1.5;

struct Sizes {
  double written = 0, estimate = 0;
};

// Every backend's estimate against what it writes (counted, not kept: --traces all is large).
// Every rank's traces only where the estimate says they take at most 64 MB, so the test stays
// quick (under the sanitizers too); returns whether it checked them. `sample`: ASTRA-sim's traces
// sample the micro-batches (`clusterc build`'s default), else they carry all of them.
bool CheckEstimates(const clusterc::testing::Compiled& c, bool all_ranks, bool sample = false) {
  clusterc::backends::Context context = clusterc::testing::ContextOf(c);
  context.all_ranks = all_ranks;
  context.sample_micro_batches = sample;
  if (all_ranks && clusterc::backends::EstimateAstraSim(context) > 64e6) return false;
  for (const auto& backend : clusterc::backends::Registry()) {
    clusterc::backends::OutputTree tree(
        [](const std::string&, std::string_view, std::string&) { return true; }, UINT64_MAX);
    backend.emit(context, tree);
    const double written = double(tree.TotalBytes());
    const double estimate = backend.estimate(context);
    INFO(c.name << (all_ranks ? " --traces all" : "") << (sample ? " sampled" : "") << ": "
                << backend.name << " wrote " << written << " bytes, estimated " << estimate
                << " (ratio " << estimate / std::max(1.0, written) << ")");
    CHECK(estimate >= written);
    // Small outputs may be overestimated by a few KB; large ones by at most kMaxRatio.
    CHECK(estimate <= kMaxRatio * written + 16384);
    // CLUSTERC_ESTIMATE_REPORT=1 prints every ratio (the figures in docs/output-directory.md).
    if (std::getenv("CLUSTERC_ESTIMATE_REPORT"))
      WARN(c.name << (all_ranks ? " all" : " default") << " " << backend.name << " written "
                  << written << " estimate " << estimate << " ratio "
                  << estimate / std::max(1.0, written));
  }
  return true;
}

// A synthetic plan on 64 H100s: `parallel` and `extra` are spliced into the plan.
std::unique_ptr<clusterc::testing::Compiled> Synthetic(const fs::path& dir, const std::string& name,
                                                       const std::string& parallel,
                                                       const std::string& batch,
                                                       const std::string& extra) {
  fs::path spec = dir / (name + ".cl");
  std::ofstream(spec) << R"(import std.nvidia
import std.cooling
site s { cooling = cooling.direct_liquid }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric f { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 8 x hgx; racks = rack { nodes = 4 }; fabric = f }
model moe { layers = 24; hidden = 2048; ffn = 8192; heads = 16; kv_heads = 4; vocab = 32_000
  moe { experts = 16; top_k = 2 } }
plan p {
  model = moe; cluster = c
  parallel { )" << parallel
                      << R"( }
  batch { )" << batch << R"( }
  )" << extra << R"(
}
)";
  return clusterc::testing::CompileSpec(spec);
}

}  // namespace

TEST_CASE("each backend's output estimate bounds what it writes, within a factor of 1.5",
          "[output]") {
  size_t examples = 0, all_ranks = 0;
  for (const auto& e : fs::directory_iterator(fs::path(CLUSTERC_SOURCE_DIR) / "examples")) {
    if (e.path().extension() != ".cl") continue;
    auto c = clusterc::testing::CompileSpec(e.path());
    CheckEstimates(*c, false);
    CheckEstimates(*c, false, true);
    ++examples;
    all_ranks += CheckEstimates(*c, true);
  }
  CHECK(examples >= 8);
  CHECK(all_ranks >= 2);
}

TEST_CASE("the output estimate bounds plans that stretch the trace encoding", "[output]") {
  fs::path dir = ScratchDir("estimate_synthetic");
  // Many micro-batches (four-digit names and tags, three-byte ids), interleaving, ZeRO-3 per
  // micro-batch, both overlaps (nodes with several dependencies), context parallelism, full
  // recompute, a MoE with expert parallelism.
  struct Case {
    const char *name, *parallel, *batch, *extra;
  } cases[] = {
      {"many_micro_batches", "tp = 2; pp = 4; vpp = 2; dp = 8",
       "global = 8192; micro = 1; seq_len = 512", "optimizer = adam { sharding = zero3 }"},
      {"overlaps",
       "tp = 2; pp = 2; dp = 16; ep = 4; tp_comm_overlap = true; ep_comm_overlap = true",
       "global = 1024; micro = 1; seq_len = 1024", "recompute = full"},
      {"context_parallel", "tp = 2; cp = 4; pp = 2; dp = 4; ep = 4",
       "global = 256; micro = 1; seq_len = 8192", "optimizer = adam { sharding = zero1 }"},
      {"no_overlap", "tp = 1; pp = 8; vpp = 3; dp = 8; dp_overlap = false",
       "global = 4096; micro = 2; seq_len = 512", "recompute = selective"},
      // MoE parallel folding: expert groups across the tensor-parallel ones, and at etp 2 an
      // expert tensor-parallel all-reduce beside the tensor-parallel one.
      {"folded", "tp = 2; pp = 2; dp = 16; ep = 16; etp = 1; ep_comm_overlap = true",
       "global = 512; micro = 1; seq_len = 1024", "recompute = full"},
      {"folded_etp2", "tp = 4; pp = 2; dp = 8; ep = 4; etp = 2; tp_comm_overlap = true",
       "global = 512; micro = 1; seq_len = 1024", "recompute = full"},
  };
  for (const Case& k : cases) {
    auto c = Synthetic(dir, k.name, k.parallel, k.batch, k.extra);
    CheckEstimates(*c, false);
    CheckEstimates(*c, true);
  }
}

TEST_CASE("a huge cluster with --traces all is refused at once and writes nothing", "[output]") {
  fs::path dir = ScratchDir("outdir_estimate");
  // Colossus at 1,000,000 nodes (8 million GPUs): dp and the global batch scaled by 80, a 4-tier
  // fabric to attach them, the site's grid raised to power them.
  std::ifstream in(fs::path(CLUSTERC_SOURCE_DIR) / "examples/colossus.cl");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto replace = [&](const std::string& from, const std::string& to) {
    size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  };
  replace("nodes    = 12_500 x hgx_h100", "nodes    = 1_000_000 x hgx_h100");
  replace("dp = 3_125;", "dp = 250_000;");
  replace("global = 12_500;", "global = 1_000_000;");
  replace("grid_power  = 150 MW", "grid_power  = 15 GW");
  replace(
      "topology = fat_tree { tiers = 3; rails = 8; oversubscription = 1:1 }\n  switch   = "
      "nvidia.Spectrum4",
      "topology = fat_tree { tiers = 4; rails = 8; oversubscription = 1:1 }\n  switch   = "
      "nvidia.Spectrum4");
  std::ofstream(dir / "spec.cl") << text;
  const std::string spec = (dir / "spec.cl").string(), out = (dir / "out").string();
  clusterc::Streams s;
  CHECK(clusterc::Run({"build", spec, "-o", out, "--traces", "all", "--quiet"}, s) == 2);
  INFO(s.err);
  CHECK(s.err.find("[output.too-large]") != std::string::npos);
  CHECK(s.err.find("the build would write up to") != std::string::npos);
  CHECK(s.err.find("astra-sim") != std::string::npos);
  CHECK(s.err.find("--max-output-size 2.0 GiB") != std::string::npos);
  CHECK(s.err.find("without --traces all") != std::string::npos);
  // Nothing written: no output, no temporary.
  CHECK_FALSE(fs::exists(out));
  size_t entries = 0;
  for (const auto& e : fs::directory_iterator(dir)) entries += e.path().filename() != "spec.cl";
  CHECK(entries == 0);
  // The default build of the same spec fits, and a lower limit refuses it before writing.
  clusterc::Streams small;
  CHECK(clusterc::Run({"build", spec, "-o", out, "--max-output-size", "1M", "--quiet"}, small) ==
        2);
  CHECK(small.err.find("[output.too-large]") != std::string::npos);
  CHECK(small.err.find("nothing written: the build would write up to") != std::string::npos);
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("the byte budget still stops a streamed build at the limit (the backstop)", "[output]") {
  size_t streamed = 0;
  clusterc::backends::OutputTree tree(
      [&](const std::string&, std::string_view contents, std::string&) {
        streamed += contents.size();
        return true;
      },
      100);
  tree.Write("a", std::string(60, 'x'));
  tree.Write("b", std::string(60, 'x'));  // 120 > 100: refused, not streamed
  tree.Write("c", std::string(10, 'x'));  // after a failure every write is dropped
  CHECK(tree.OverBudget());
  CHECK(tree.Error().find("exceeds the limit of 100 bytes (at b)") != std::string::npos);
  CHECK(streamed == 60);
  CHECK(tree.TotalBytes() == 60);
}
