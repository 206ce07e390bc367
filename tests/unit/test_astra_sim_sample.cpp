// ASTRA-sim traces that sample a step's micro-batches: two short runs and run.sh's affine
// extrapolation (backends/astra_sim/trace_size.h, MicroBatchSample; docs/astra-sim.md,
// "Micro-batches").
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "analysis/analysis.h"
#include "backends/astra_sim/trace_size.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "tests/unit/chakra_decode.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::CompileSpec;
using namespace clusterc;
using namespace clusterc::testing::chakra;

namespace {

backends::astra::MicroBatchSample SampleOf(int64_t m, int64_t pp, int64_t vpp, bool all) {
  backends::sim::PlanShape s;
  s.micro_batches = m;
  s.pp = pp;
  s.vpp = vpp;
  return backends::astra::SampleMicroBatches(s, all);
}

// The micro-batches a rank's trace runs: the second field of its forward nodes' names
// (f.<kind>.<micro-batch>.<chunk>.<block>).
std::set<int64_t> MicroBatchesOf(const DecodedTrace& t) {
  std::set<int64_t> out;
  for (const DecodedNode& n : t.nodes) {
    if (n.name.rfind("f.", 0) != 0) continue;
    const size_t a = n.name.find('.', 2), b = n.name.find('.', a + 1);
    out.insert(std::stoll(n.name.substr(a + 1, b - a - 1)));
  }
  return out;
}

}  // namespace

TEST_CASE("ASTRA-sim samples two runs keeping the micro-batches' residue modulo pp",
          "[astra-sim][sim]") {
  auto one = SampleOf(64, 8, 3, false);
  CHECK(one.Sampled());
  CHECK(one.first == 16);
  CHECK(one.second == 24);
  // 30 micro-batches on 4 stages: not a multiple of pp, so neither run interleaves (as the step),
  // and pp of them fill the pipeline.
  auto odd = SampleOf(30, 4, 2, false);
  CHECK(odd.first == 6);
  CHECK(odd.second == 10);
  for (int64_t m : {odd.first, odd.second}) {
    backends::sim::PlanShape s;
    s.micro_batches = m, s.pp = 4, s.vpp = 2;
    CHECK(backends::astra::EffectiveVpp(s) == 1);
  }
  auto plain = SampleOf(384, 12, 1, false);
  CHECK(plain.first == 12);
  CHECK(plain.second == 24);
  // No pipeline: two and three micro-batches (the first not also the last).
  auto flat = SampleOf(21, 1, 1, false);
  CHECK(flat.first == 2);
  CHECK(flat.second == 3);
  // Nothing saved (8 + 12 >= 16 interleaved), or every micro-batch asked for: the step's own.
  auto small = SampleOf(16, 4, 2, false);
  CHECK_FALSE(small.Sampled());
  CHECK(small.first == 16);
  CHECK_FALSE(SampleOf(64, 8, 3, true).Sampled());
}

TEST_CASE("ASTRA-sim writes a sampled step's two runs and run.sh extrapolates the step",
          "[astra-sim][sim]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" / "context_parallel.cl");
  backends::Context ctx = testing::ContextOf(*c);
  ctx.plans = {0};
  ctx.sample_micro_batches = true;
  backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, 0);
  REQUIRE(s.micro_batches == 8);
  REQUIRE(s.pp == 1);
  const std::string plan = s.plan->name, dir = "astra-sim/" + plan + "/";
  backends::OutputTree out;
  backends::EmitAstraSim(ctx, out);
  double written = 0;
  for (const auto& [path, contents] : out.Files()) written += double(contents.size());
  CHECK(backends::EstimateAstraSim(ctx) >= written);

  CHECK_FALSE(out.Files().count(dir + "workload/" + plan + ".0.et"));
  for (int64_t m : {2, 3}) {
    const std::string path = dir + "workload.m" + std::to_string(m) + "/" + plan + ".0.et";
    REQUIRE(out.Files().count(path));
    DecodedTrace t = Decode(out.Files().at(path));
    REQUIRE(t.ok);
    std::set<int64_t> expected;
    for (int64_t i = 0; i < m; ++i) expected.insert(i);
    CHECK(MicroBatchesOf(t) == expected);
  }

  // run.sh with a stand-in simulator whose rank r finishes at 900 + r + 250 m ns, then exits
  // with FAKE_STATUS: the step of 8 micro-batches is 915 + 2,000 ns on 16 ranks.
  int64_t ranks = 0;
  for (const auto& [path, contents] : out.Files())
    ranks += path.rfind(dir + "workload.m2/", 0) == 0;
  REQUIRE(ranks == 16);
  const fs::path root = testing::ScratchDir("astra_sample");
  const fs::path plan_dir = root / "astra-sim" / plan;
  for (const auto& [path, contents] : out.Files()) {
    if (path.rfind(dir, 0) != 0 || path.find(".et") != std::string::npos) continue;
    fs::create_directories((root / path).parent_path());
    std::ofstream(root / path, std::ios::binary) << contents;
  }
  const fs::path fake = root / "fake_astra_sim";
  std::ofstream(fake) << "#!/bin/sh\n"
                         "for a; do case \"$a\" in --workload-configuration=*) w=\"${a#*=}\";; "
                         "esac; done\n"
                         "case \"$w\" in workload/*) m=8;; *) m=${w#workload.m}; m=${m%%/*};; "
                         "esac\n"
                         "i=0\n"
                         "while [ $i -lt $FAKE_RANKS ]; do\n"
                         "  echo \"[workload] [info] sys[$i] finished, $((900 + i + 250 * m)) "
                         "cycles, exposed communication 0 cycles.\"\n"
                         "  i=$((i + 1))\n"
                         "done\n"
                         "if [ \"$FAKE_KILL_M\" = \"$m\" ]; then kill -9 $PPID; fi\n"
                         "exit $FAKE_STATUS\n";
  fs::permissions(fake, fs::perms::owner_all);
  const fs::path log = root / "run.log";
  // kill_m: the run of that many micro-batches kills run.sh's side of the pipe before it can
  // write the run's status.
  auto run = [&](int64_t finishing, int status, std::string& printed, int kill_m = 0) {
    const std::string cmd = "FAKE_RANKS=" + std::to_string(finishing) +
                            " FAKE_STATUS=" + std::to_string(status) +
                            " FAKE_KILL_M=" + std::to_string(kill_m) + " TMPDIR='" + root.string() +
                            "' ASTRA_SIM='" + fake.string() + "' sh '" +
                            (plan_dir / "run.sh").string() + "' > '" + log.string() + "' 2>&1";
    const int rc = std::system(cmd.c_str());
    std::ifstream in(log);
    printed.assign((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return rc;
  };
  const std::string step = "step of 8 micro-batches: 2915 ns (runs of 2 and 3: 1415 and 1665 ns)";
  std::string printed;
  CHECK(run(ranks, 0, printed) == 0);
  CHECK(printed.find(step) != std::string::npos);
  // The simulator's log passes through as it runs (tee), once a run: rank 15's line of each.
  size_t lines = 0;
  for (size_t at = printed.find("sys[15] finished"); at != std::string::npos;
       at = printed.find("sys[15] finished", at + 1))
    ++lines;
  CHECK(lines == 2);
  // ASTRA-sim aborting in its teardown after every rank finished: the times stand, with a word.
  CHECK(run(ranks, 134, printed) == 0);
  CHECK(printed.find(step) != std::string::npos);
  CHECK(printed.find("exited with status 134 after all 16 ranks finished") != std::string::npos);
  // Aborting before every rank finished: no step.
  CHECK(run(ranks - 1, 134, printed) != 0);
  CHECK(printed.find("step of") == std::string::npos);
  // A second run that left no status failed, whatever the first one's was.
  CHECK(run(ranks - 1, 0, printed, 3) != 0);
  CHECK(printed.find("step of") == std::string::npos);
  // The log run.sh kept went with it.
  size_t left = 0;
  for (const auto& e : fs::directory_iterator(root))
    left += e.path().filename().string().rfind("tmp.", 0) == 0;
  CHECK(left == 0);

  // --trace-micro-batches all: every micro-batch in workload/, as before.
  ctx.sample_micro_batches = false;
  backends::OutputTree all;
  backends::EmitAstraSim(ctx, all);
  REQUIRE(all.Files().count(dir + "workload/" + plan + ".0.et"));
  CHECK(MicroBatchesOf(Decode(all.Files().at(dir + "workload/" + plan + ".0.et"))).size() == 8);
  CHECK(all.Files().at(dir + "run.sh").find("workload.m") == std::string::npos);
  std::ofstream(plan_dir / "run.sh", std::ios::binary) << all.Files().at(dir + "run.sh");
  CHECK(run(ranks, 0, printed) == 0);
  CHECK(printed.find("step of 8 micro-batches: 2915 ns") != std::string::npos);
  CHECK(run(ranks, 134, printed) == 0);  // aborting in teardown, as above
  CHECK(printed.find("step of 8 micro-batches: 2915 ns") != std::string::npos);
}
