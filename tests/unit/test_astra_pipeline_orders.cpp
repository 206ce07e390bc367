// The pipeline orders of the ASTRA-sim traces beyond 1F1B (backends/astra_sim/pipeline_orders.h):
// DualPipe's, as deepseek-ai/DualPipe's DualPipe.step runs it, and ZB-H1's, each checked by
// replaying every rank's passes against its neighbours' (the published bubbles), and the traces
// such plans get.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "analysis/plan_model.h"
#include "backends/astra_sim/pipeline_orders.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "tests/unit/chakra_decode.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::CompileSpec;
using namespace clusterc;
using namespace clusterc::testing::chakra;
using backends::astra::ScheduledPass;
using Kind = ScheduledPass::Kind;

namespace {

// Every rank's ops replayed with compute of fixed length and messages that take no time: a
// receive waits for its send, a send for nothing. F: a forward; a backward B + W, of which a
// deferring one runs B and its weight pass W. Returns the step (the last rank to finish), or -1
// when some rank waits forever.
double Replay(int64_t pp, int64_t m, double f, double b, double w) {
  std::vector<std::vector<ScheduledPass>> ops;
  for (int64_t r = 0; r < pp; ++r) ops.push_back(backends::astra::DualPipeSchedule(r, pp, m));
  // Sends by (from, to, direction, micro-batch, gradient): the time they left.
  std::map<std::tuple<int64_t, int64_t, int, int64_t, bool>, double> sent;
  std::vector<size_t> next(size_t(pp), 0);
  std::vector<double> clock(size_t(pp), 0);
  for (bool progress = true; progress;) {
    progress = false;
    for (int64_t r = 0; r < pp; ++r) {
      auto& at = next[size_t(r)];
      double& t = clock[size_t(r)];
      for (; at < ops[size_t(r)].size(); ++at) {
        const ScheduledPass& op = ops[size_t(r)][at];
        const int64_t before = op.direction == 0 ? r - 1 : r + 1;
        const int64_t after = op.direction == 0 ? r + 1 : r - 1;
        if (op.kind == Kind::kRecvForward || op.kind == Kind::kRecvBackward) {
          const bool grad = op.kind == Kind::kRecvBackward;
          auto it = sent.find({grad ? after : before, r, op.direction, op.micro_batch, grad});
          if (it == sent.end()) break;  // waits
          t = std::max(t, it->second);
        } else if (op.kind == Kind::kSendForward) {
          sent[{r, after, op.direction, op.micro_batch, false}] = t;
        } else if (op.kind == Kind::kSendBackward) {
          sent[{r, before, op.direction, op.micro_batch, true}] = t;
        } else if (op.kind == Kind::kForward) {
          t += f;
        } else if (op.kind == Kind::kBackward) {
          t += op.defer_weights ? b : b + w;
        } else {
          t += w;
        }
        progress = true;
      }
    }
  }
  for (int64_t r = 0; r < pp; ++r)
    if (next[size_t(r)] < ops[size_t(r)].size()) return -1;
  return *std::max_element(clock.begin(), clock.end());
}

// ZB-H1's stages replayed as Replay does, 1F1B's dependencies between them: a forward after the
// stage before forwarded the micro-batch, a backward after the stage after did.
double ReplayZeroBubble(int64_t pp, int64_t m, double f, double b, double w) {
  std::vector<std::vector<ScheduledPass>> ops;
  for (int64_t i = 0; i < pp; ++i) ops.push_back(backends::astra::ZeroBubbleSchedule(i, pp, m));
  std::map<std::tuple<Kind, int64_t, int64_t>, double> done;  // (kind, stage, micro-batch)
  std::vector<size_t> next(size_t(pp), 0);
  std::vector<double> clock(size_t(pp), 0);
  for (bool progress = true; progress;) {
    progress = false;
    for (int64_t i = 0; i < pp; ++i) {
      auto& at = next[size_t(i)];
      double& t = clock[size_t(i)];
      for (; at < ops[size_t(i)].size(); ++at) {
        const ScheduledPass& op = ops[size_t(i)][at];
        const bool fwd = op.kind == Kind::kForward, bwd = op.kind == Kind::kBackward;
        if ((fwd && i > 0) || (bwd && i < pp - 1)) {
          auto it = done.find({op.kind, fwd ? i - 1 : i + 1, op.micro_batch});
          if (it == done.end()) break;
          t = std::max(t, it->second);
        }
        t += fwd ? f : bwd ? b : w;
        done[{op.kind, i, op.micro_batch}] = t;
        progress = true;
      }
    }
  }
  for (int64_t i = 0; i < pp; ++i)
    if (next[size_t(i)] < ops[size_t(i)].size()) return -1;
  return *std::max_element(clock.begin(), clock.end());
}

// The plan's ASTRA-sim files, which the size estimate `build` checks first must bound.
backends::OutputTree EmitWithinEstimate(const backends::Context& ctx) {
  backends::OutputTree out;
  backends::EmitAstraSim(ctx, out);
  double written = 0;
  for (const auto& [path, contents] : out.Files()) written += double(contents.size());
  CHECK(backends::EstimateAstraSim(ctx) >= written);
  return out;
}

}  // namespace

TEST_CASE("DualPipe runs an even pipeline on an even count of at least 2 pp micro-batches",
          "[astra-sim][sim]") {
  CHECK(backends::astra::DualPipeRuns(4, 8));
  CHECK(backends::astra::DualPipeRuns(16, 120));
  CHECK_FALSE(backends::astra::DualPipeRuns(4, 6));   // fewer than 2 pp
  CHECK_FALSE(backends::astra::DualPipeRuns(4, 9));   // odd
  CHECK_FALSE(backends::astra::DualPipeRuns(3, 12));  // odd pipeline
  CHECK(backends::astra::DualPipeSchedule(0, 4, 6).empty());
}

TEST_CASE("Each DualPipe rank runs half the micro-batches each way, every pass once",
          "[astra-sim][sim]") {
  for (int64_t pp : {2, 4, 8, 16})
    for (int64_t m : {2 * pp, 2 * pp + 2, 3 * pp, 8 * pp}) {
      if (m % 2) continue;
      for (int64_t r = 0; r < pp; ++r) {
        INFO("pp " << pp << ", m " << m << ", rank " << r);
        const auto ops = backends::astra::DualPipeSchedule(r, pp, m);
        std::map<std::pair<int, Kind>, std::vector<int64_t>> seen;
        std::set<std::pair<int, int64_t>> deferred;
        for (const ScheduledPass& op : ops) {
          seen[{op.direction, op.kind}].push_back(op.micro_batch);
          const std::pair<int, int64_t> key{op.direction, op.micro_batch};
          if (op.kind == Kind::kBackward) {
            // After its own forward.
            const auto& fwd = seen[{op.direction, Kind::kForward}];
            CHECK(std::find(fwd.begin(), fwd.end(), op.micro_batch) != fwd.end());
            if (op.defer_weights) deferred.insert(key);
          }
          if (op.kind == Kind::kWeight) CHECK(deferred.erase(key) == 1);
        }
        CHECK(deferred.empty());  // every deferred weight pass ran
        std::vector<int64_t> all(size_t(m / 2));
        for (int64_t i = 0; i < m / 2; ++i) all[size_t(i)] = i;
        for (int d : {0, 1}) {
          // In order, each once.
          CHECK(seen[{d, Kind::kForward}] == all);
          CHECK(seen[{d, Kind::kBackward}] == all);
          // Direction 0 enters at rank 0 and leaves at rank pp - 1; direction 1 the reverse.
          const bool first = d == 0 ? r == 0 : r == pp - 1;
          const bool last = d == 0 ? r == pp - 1 : r == 0;
          CHECK(seen[{d, Kind::kRecvForward}] == (first ? std::vector<int64_t>{} : all));
          CHECK(seen[{d, Kind::kSendBackward}] == (first ? std::vector<int64_t>{} : all));
          CHECK(seen[{d, Kind::kSendForward}] == (last ? std::vector<int64_t>{} : all));
          CHECK(seen[{d, Kind::kRecvBackward}] == (last ? std::vector<int64_t>{} : all));
        }
      }
    }
}

TEST_CASE("DualPipe's end ranks run the most passes unpaired, as the step model counts them",
          "[astra-sim][sim]") {
  // analysis::EpUnpairedShare: 3 pp - 2 of a rank's 2 m passes (6 on 2 stages) run with no pass
  // of the other direction beside them, their all-to-alls exposed.
  for (int64_t pp : {2, 4, 8, 16})
    for (int64_t m : {2 * pp, 120 + 2 * pp}) {
      int64_t most = 0;
      for (int64_t r = 0; r < pp; ++r) {
        int64_t alone = 0, passes = 0;
        for (const ScheduledPass& op : backends::astra::DualPipeSchedule(r, pp, m)) {
          if (op.kind != Kind::kForward && op.kind != Kind::kBackward) continue;
          ++passes;
          alone += !op.paired;
        }
        CHECK(passes == 2 * m);
        most = std::max(most, alone);
      }
      INFO("pp " << pp << ", m " << m);
      analysis::PlanInputs in;
      in.schedule = ir::Schedule::dualpipe;
      in.pp = pp;
      CHECK(analysis::EpUnpairedShare(in, double(m)) == Approx(double(most) / double(2 * m)));
    }
}

TEST_CASE("DualPipe's replayed bubble is the DeepSeek-V3 report's (PP/2 - 1)(F&B + B - 3W)",
          "[astra-sim][sim]") {
  // Table 2 of the report with F = W = 1 and a whole backward B = 2 (its weight half W = 1):
  // F&B, a forward beside a backward, takes F + B = 3 here (no overlap of compute), so the
  // bubble is (PP/2 - 1)(3 + 2 - 3) = PP - 2 beyond each rank's m (F + B) of work. 1F1B's would
  // be (PP - 1)(F + B) = 3 (PP - 1).
  for (int64_t pp : {2, 4, 8, 16})
    for (int64_t m : {2 * pp, 4 * pp, 10 * pp + 2}) {
      INFO("pp " << pp << ", m " << m);
      const double step = Replay(pp, m, 1, 1, 1);
      REQUIRE(step >= 0);  // no rank waits forever
      CHECK(step - 3.0 * double(m) == Approx(double(pp - 2)));
    }
}

TEST_CASE("A DualPipe plan's traces run DualPipe on both of a rank's stages", "[astra-sim][sim]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" / "dualpipe_64.cl");
  backends::Context ctx = testing::ContextOf(*c);
  ctx.plans = {0};
  for (bool sample : {false, true}) {
    INFO("sampled " << sample);
    ctx.sample_micro_batches = sample;
    backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, 0);
    REQUIRE(s.pp == 4);
    REQUIRE(s.micro_batches == 48);
    REQUIRE(backends::astra::WritesDualPipe(s));
    const backends::OutputTree out = EmitWithinEstimate(ctx);
    const std::string dir = "astra-sim/dualpipe64/";
    // No note that the schedule is not represented.
    CHECK(out.Files().at(dir + "network.yml").find("Not represented: the dualpipe") ==
          std::string::npos);
    // DualPipe's 2 pp fill the pipeline: runs of 8 and 12 micro-batches.
    const std::string workload = sample ? "workload.m8/" : "workload/";
    const int64_t m = sample ? 8 : 48;
    // Rank 0 (pipeline position 0): layers 0-1 of direction 0 (stage 0) and 6-7 of direction 1
    // (stage 3, with the head); its forwards name (micro-batch, direction, block).
    DecodedTrace t = Decode(out.Files().at(dir + workload + "dualpipe64.0.et"));
    REQUIRE(t.ok);
    std::set<std::string> heads, weights;
    int64_t forwards[2] = {0, 0};
    for (const DecodedNode& n : t.nodes) {
      if (n.name.rfind("f.head.", 0) == 0) heads.insert(n.name);
      if (n.name.rfind("w.", 0) == 0) weights.insert(n.name);
      // "f.at.<micro-batch>.<direction>.<block>"
      if (n.name.rfind("f.at.", 0) == 0) {
        const size_t a = n.name.find('.', 5);
        ++forwards[n.name.compare(a + 1, 2, "1.") == 0 ? 1 : 0];
      }
    }
    // Direction 1's micro-batches are the step's second half, whose loss rank 0 computes.
    CHECK(heads.size() == size_t(m / 2));
    CHECK(heads.count("f.head." + std::to_string(m / 2)) == 1);
    CHECK(heads.count("f.head.0") == 0);
    CHECK(forwards[0] > 0);
    CHECK(forwards[1] > 0);
    CHECK_FALSE(weights.empty());  // zero-bubble weight passes
  }
}

TEST_CASE("ZB-H1 runs 1F1B's passes with the weight gradients apart, 1F1B's activations in flight",
          "[astra-sim][sim]") {
  for (int64_t pp : {2, 4, 8})
    for (int64_t m : {int64_t(1), pp, 3 * pp + 1})
      for (int64_t stage = 0; stage < pp; ++stage) {
        INFO("pp " << pp << ", m " << m << ", stage " << stage);
        const auto ops = backends::astra::ZeroBubbleSchedule(stage, pp, m);
        std::vector<int64_t> forwards, backwards, weights;
        int64_t in_flight = 0, most = 0;
        for (const ScheduledPass& op : ops) {
          if (op.kind == Kind::kForward) forwards.push_back(op.micro_batch), ++in_flight;
          if (op.kind == Kind::kBackward) {
            CHECK(op.defer_weights);
            backwards.push_back(op.micro_batch), --in_flight;
          }
          if (op.kind == Kind::kWeight) {
            // After its backward.
            CHECK(std::find(backwards.begin(), backwards.end(), op.micro_batch) != backwards.end());
            weights.push_back(op.micro_batch);
          }
          most = std::max(most, in_flight);
        }
        std::vector<int64_t> all(static_cast<size_t>(m));
        for (int64_t i = 0; i < m; ++i) all[size_t(i)] = i;
        CHECK(forwards == all);
        CHECK(backwards == all);
        CHECK(weights == all);
        CHECK(most == std::min(m, pp - stage));  // 1F1B's
      }
}

TEST_CASE("ZB-H1's replayed bubble is the paper's (p - 1)(F + B - W)", "[astra-sim][sim]") {
  // Qi et al. 2024 section 3.1 (B the backward without its weight pass W; the DeepSeek-V3
  // report's table 2 writes it (PP - 1)(F + B - 2W), B the whole backward), for W at most B.
  for (auto [f, b, w] : {std::tuple<double, double, double>{1, 1, 1}, {1, 1.2, 0.6}, {2, 1.5, 1}})
    for (int64_t pp : {2, 4, 8, 16})
      for (int64_t m : {pp, 3 * pp, 8 * pp}) {
        INFO("F " << f << ", B " << b << ", W " << w << ", pp " << pp << ", m " << m);
        const double step = ReplayZeroBubble(pp, m, f, b, w);
        REQUIRE(step >= 0);
        CHECK(step - double(m) * (f + b + w) == Approx(double(pp - 1) * (f + b - w)));
      }
}

TEST_CASE("A zero-bubble plan's traces defer the weight passes", "[astra-sim][sim]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" / "uneven_64.cl");
  backends::Context ctx = testing::ContextOf(*c);
  ctx.plans = {0};
  backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, 0);
  REQUIRE(s.pp == 4);
  REQUIRE(backends::astra::WritesZeroBubble(s));
  const backends::OutputTree out = EmitWithinEstimate(ctx);
  const std::string dir = "astra-sim/uneven64/";
  CHECK(out.Files().at(dir + "network.yml").find("Not represented: the zero_bubble") ==
        std::string::npos);
  // Stage i keeps up to i backwards' weight passes waiting: the first none (each follows its
  // backward), the last three. A rank's stage: the first receives no activations, the last
  // computes the head.
  std::set<int64_t> seen;
  for (const auto& [path, contents] : out.Files()) {
    if (path.rfind(dir + "workload", 0) != 0 || path.find(".et") == std::string::npos) continue;
    DecodedTrace t = Decode(contents);
    REQUIRE(t.ok);
    bool head = false, receives = false;
    int64_t blocks = 0, waiting = 0, most = 0;
    for (const DecodedNode& n : t.nodes) {
      head |= n.name.rfind("f.head.", 0) == 0;
      receives |= n.name.rfind("ra.", 0) == 0;
      blocks += n.name.rfind("b.at.0.0.", 0) == 0;  // micro-batch 0's backward, per block
      if (n.name.rfind("b.at.", 0) == 0) most = std::max(most, ++waiting);
      if (n.name.rfind("w.", 0) == 0) --waiting;
    }
    CHECK(waiting == 0);  // every backward's weight pass ran
    if (receives && !head) continue;
    const int64_t stage = head ? 3 : 0;
    INFO(path << ", stage " << stage);
    CHECK(most == blocks * (stage + 1));
    seen.insert(stage);
  }
  CHECK(seen == std::set<int64_t>{0, 3});
}
