// Plan search (analysis/search.h, `clusterc search`): the pruned search returns what evaluating
// every candidate returns; its bounds are bounds; threads, shards and merges change nothing; the
// emitted plan is accepted by `check` as it is.
#include <fmt/format.h>

#include <random>
#include <sstream>

#include "analysis/search.h"
#include "analysis/sweep.h"
#include "driver/driver.h"
#include "support.h"

using namespace clusterc;
namespace an = clusterc::analysis;

namespace {

const std::filesystem::path kSource = CLUSTERC_SOURCE_DIR;

an::PlanInputs InputsOf(const testing::Compiled& c, const std::string& plan) {
  for (uint32_t i = 0; i < c.program.plans.size(); ++i)
    if (c.program.plans[i].name == plan) return c.results.plan_inputs[i];
  FAIL("no plan " << plan);
  return {};
}

an::SearchOptions Options(const an::PlanInputs& in, int k = 10) {
  an::SearchOptions o;
  o.top_k = k;
  o.memory_limit = 0.9 * in.hbm;
  o.gpu_power = 700;
  return o;
}

// Same candidates, in the same order, with the same figures.
void RequireSame(const std::vector<an::Scored>& a, const std::vector<an::Scored>& b) {
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    INFO("rank " << i + 1);
    CHECK_FALSE(an::CandidateBefore(a[i].c, b[i].c));
    CHECK_FALSE(an::CandidateBefore(b[i].c, a[i].c));
    CHECK(a[i].step_time == b[i].step_time);
    CHECK(a[i].objective == b[i].objective);
  }
}

void RequireSameResult(const an::SearchResult& a, const an::SearchResult& b) {
  REQUIRE(a.by_gpus.size() == b.by_gpus.size());
  for (size_t i = 0; i < a.by_gpus.size(); ++i) {
    INFO(a.by_gpus[i].gpus << " GPUs");
    CHECK(a.by_gpus[i].gpus == b.by_gpus[i].gpus);
    RequireSame(a.by_gpus[i].fastest, b.by_gpus[i].fastest);
  }
}

void RequireSameStats(const an::SearchStats& a, const an::SearchStats& b) {
  CHECK(a.gpu_counts == b.gpu_counts);
  CHECK(a.layouts == b.layouts);
  CHECK(a.rejected == b.rejected);
  CHECK(a.work_units == b.work_units);
  CHECK(a.candidates == b.candidates);
  CHECK(a.evaluated == b.evaluated);
  CHECK(a.pruned == b.pruned);
  CHECK(a.over_memory == b.over_memory);
  CHECK(a.feasible == b.feasible);
  CHECK(a.probes == b.probes);
}

// Every candidate of the pruned search is evaluated or counted against one bound.
void RequireAccounted(const an::SearchStats& s) {
  uint64_t pruned = 0;
  for (uint64_t p : s.pruned) pruned += p;
  CHECK(s.evaluated + pruned == s.candidates);
  CHECK(s.feasible + s.over_memory == s.evaluated);
}

}  // namespace

TEST_CASE("the pruned search returns the brute-force top K", "[search]") {
  auto c = testing::CompileSpec(kSource / "bench/megatron_1t.cl");
  an::PlanInputs in = InputsOf(*c, "pretrain");
  for (an::Objective objective :
       {an::Objective::kTime, an::Objective::kCost, an::Objective::kEnergy, an::Objective::kMfu}) {
    for (int k : {1, 5}) {
      INFO("objective " << int(objective) << ", K " << k);
      an::SearchSpace space;
      space.min_gpus = 384;  // 1T parameters need >= 200 GPUs' memory; keep the reference short
      space.max_gpus = 640;
      an::SearchOptions o = Options(in, k);
      o.objective = objective;
      an::SearchResult pruned = an::SearchPlans(in, space, o);
      an::SearchResult brute = an::BruteForce(in, space, o);
      RequireAccounted(pruned.stats);
      // The bounds did work, and the answer is not empty.
      CHECK(pruned.stats.evaluated < brute.stats.evaluated / 2);
      REQUIRE_FALSE(an::TopK(brute, k).empty());
      CHECK(pruned.stats.candidates == brute.stats.candidates);
      RequireSameResult(pruned, brute);
      RequireSame(an::TopK(pruned, k), an::TopK(brute, k));
    }
  }
}

TEST_CASE("brute force agrees on a GQA model with fixed dimensions and on an MoE model",
          "[search]") {
  SECTION("Llama 3 405B, pipeline and micro-batch varied") {
    auto c = testing::CompileSpec(kSource / "examples/meta_24k.cl");
    an::PlanInputs in = InputsOf(*c, "llama3_405b_pretrain");
    an::SearchSpace space;
    space.tp = {4, 8};
    space.min_gpus = 8192;
    space.max_gpus = 16384;
    space.cp = {1};
    an::SearchOptions o = Options(in, 3);
    an::SearchResult pruned = an::SearchPlans(in, space, o);
    an::SearchResult brute = an::BruteForce(in, space, o);
    RequireAccounted(pruned.stats);
    REQUIRE_FALSE(an::TopK(brute, 3).empty());
    RequireSameResult(pruned, brute);
  }
  SECTION("DeepSeek-V3 (dense leading layers: no bounds, still exact)") {
    auto c = testing::CompileSpec(kSource / "examples/deepseek_2k.cl");
    an::PlanInputs in = c->results.plan_inputs[0];
    an::SearchSpace space;
    space.min_gpus = space.max_gpus = in.cluster_gpus;
    space.recompute = {ir::Recompute::full};
    space.sharding = {ir::Sharding::zero1};
    an::SearchOptions o = Options(in, 3);
    an::SearchResult pruned = an::SearchPlans(in, space, o);
    an::SearchResult brute = an::BruteForce(in, space, o);
    RequireAccounted(pruned.stats);
    RequireSameResult(pruned, brute);
  }
  SECTION("Qwen3 235B-A22B with folded experts: every candidate folds whole expert groups") {
    auto c = testing::CompileSpec(kSource / "tests/validation/h100.cl");
    an::PlanInputs in = InputsOf(*c, "mb2604p_qwen3_235b_a22b");
    REQUIRE(in.etp == 1);
    in.etp = 2;  // at etp 1 every candidate folds (ep divides dp x cp); at 2 some cannot
    an::SearchSpace space;
    space.min_gpus = space.max_gpus = 256;
    space.recompute = {ir::Recompute::none};
    space.sharding = {ir::Sharding::zero1};
    space.vpp = {1};
    an::SearchOptions o = Options(in, 5);
    an::SearchResult pruned = an::SearchPlans(in, space, o);
    an::SearchResult brute = an::BruteForce(in, space, o);
    RequireAccounted(pruned.stats);
    RequireSameResult(pruned, brute);
    const auto top = an::TopK(pruned, 5);
    REQUIRE_FALSE(top.empty());
    for (const auto& s : top) CHECK((s.c.tp * s.c.Dp() * s.c.cp) % (s.c.ep * in.etp) == 0);
    // The layouts whose ep x 2 does not divide tp x dp x cp are rejected as kExperts: more than
    // without the plan's etp, on the same layouts.
    an::PlanInputs unfolded = in;
    unfolded.etp = 0;
    const an::SearchResult plain = an::SearchPlans(unfolded, space, o);
    const size_t experts = size_t(an::Reject::kExperts);
    CHECK(pruned.stats.layouts == plain.stats.layouts);
    CHECK(pruned.stats.rejected[experts] > plain.stats.rejected[experts]);
  }
}

TEST_CASE("search keeps Ulysses' context parallelism to layouts with whole heads per rank",
          "[search]") {
  // Llama 3 70B (64 query and 8 KV heads) on 64 H100 with `cp_comm = all_to_all`: a layout whose
  // tensor-parallel rank's heads do not divide by cp is rejected as `heads`, as `check` rejects
  // it (plan.indivisible); the ring accepts the same layouts.
  auto c = testing::CompileSpec(kSource / "tests/validation/h100.cl");
  an::PlanInputs in = InputsOf(*c, "nemo24_llama3_70b");
  REQUIRE(in.heads == 64);
  REQUIRE(in.kv_heads == 8);
  in.cp_comm = ir::CpComm::all_to_all;
  an::SearchSpace space;
  space.min_gpus = space.max_gpus = 64;
  space.recompute = {ir::Recompute::full};
  space.sharding = {ir::Sharding::zero1};
  space.vpp = {1};
  an::SearchOptions o = Options(in, 5);
  const an::SearchResult ulysses = an::SearchPlans(in, space, o);
  RequireAccounted(ulysses.stats);
  RequireSameResult(ulysses, an::BruteForce(in, space, o));
  for (const auto& s : an::TopK(ulysses, 5))
    if (s.c.cp > 1) {
      CHECK((64 / s.c.tp) % s.c.cp == 0);
      CHECK(std::max<int64_t>(1, 8 / s.c.tp) % s.c.cp == 0);
    }
  an::PlanInputs ring = in;
  ring.cp_comm = ir::CpComm::ring;
  const an::SearchResult rings = an::SearchPlans(ring, space, o);
  const size_t heads = size_t(an::Reject::kHeads);
  CHECK(ulysses.stats.layouts == rings.stats.layouts);
  CHECK(ulysses.stats.rejected[heads] > rings.stats.rejected[heads]);
}

TEST_CASE("the step-time lower bound never exceeds the evaluated step time", "[search]") {
  for (const char* spec : {"bench/megatron_1t.cl", "examples/meta_24k.cl"}) {
    auto c = testing::CompileSpec(kSource / spec);
    an::PlanInputs in = c->results.plan_inputs[0];
    an::SearchSpace space;
    // Random candidates of the whole space, fitting in memory or not.
    std::mt19937_64 rng(42);
    std::vector<int64_t> gpus = an::GpuCounts(in, space);
    int checked = 0;
    for (int i = 0; i < 200000 && checked < 2000; ++i) {
      an::Candidate cand;
      cand.gpus = gpus[rng() % gpus.size()];
      int64_t rest = cand.gpus;
      auto pick = [&](int64_t limit) {
        std::vector<int64_t> d;
        for (int64_t x = 1; x <= std::min(rest, limit); ++x)
          if (rest % x == 0) d.push_back(x);
        int64_t v = d[rng() % d.size()];
        rest /= v;
        return v;
      };
      cand.tp = pick(8);
      cand.cp = pick(4);
      cand.pp = pick(128);
      int64_t dp = rest;
      if (in.global_batch % dp != 0) continue;
      std::vector<int64_t> micro;
      for (int64_t b = 1; b <= in.global_batch / dp; ++b)
        if ((in.global_batch / dp) % b == 0) micro.push_back(b);
      cand.micro = micro[rng() % micro.size()];
      cand.vpp = 1 + int64_t(rng() % 4);
      cand.recompute = ir::Recompute(rng() % 3);
      cand.sharding = ir::Sharding(rng() % 4);
      cand.sequence_parallel = rng() % 2;
      double bound = an::StepTimeLowerBound(in, cand);
      double step = an::EvaluatePlan(an::ApplyCandidate(in, cand)).step_time;
      INFO(spec << ": gpus " << cand.gpus << " tp " << cand.tp << " cp " << cand.cp << " pp "
                << cand.pp << " micro " << cand.micro << " vpp " << cand.vpp);
      REQUIRE(bound > 0);
      REQUIRE(bound <= step);
      ++checked;
    }
    CHECK(checked == 2000);
  }
}

TEST_CASE("threads, shards and merges give the same answer and counts", "[search]") {
  auto c = testing::CompileSpec(kSource / "bench/megatron_1t.cl");
  an::PlanInputs in = InputsOf(*c, "pretrain");
  an::SearchSpace space;
  space.min_gpus = 512;
  space.max_gpus = 1024;
  an::SearchOptions o = Options(in, 4);
  an::SearchResult one = an::SearchPlans(in, space, o);
  o.jobs = 2;
  an::SearchResult two = an::SearchPlans(in, space, o);
  o.jobs = 3;
  an::SearchResult three = an::SearchPlans(in, space, o);
  RequireSameResult(one, two);
  RequireSameResult(one, three);
  RequireSameStats(one.stats, two.stats);
  RequireSameStats(one.stats, three.stats);

  for (int n : {2, 5}) {
    std::vector<an::SearchResult> parts;
    for (int i = 0; i < n; ++i) {
      o.shard = i;
      o.shards = n;
      parts.push_back(an::SearchPlans(in, space, o));
    }
    an::SearchResult merged = an::MergeResults(parts, 4);
    INFO(n << " shards");
    RequireSameResult(one, merged);
    RequireSameStats(one.stats, merged.stats);
  }
}

TEST_CASE("clusterc search: shards merge to the unsharded document, threads do not matter",
          "[search][cli]") {
  auto dir = testing::ScratchDir("search_shards");
  std::string spec = (kSource / "bench/megatron_1t.cl").string();
  std::vector<std::string> base = {"search",    spec,    "--plan", "pretrain", "--gpus",
                                   "512..1024", "--top", "5",      "--format", "json"};
  auto run = [&](std::vector<std::string> extra, int expect = kExitOk) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    Streams s;
    int rc = Run(args, s);
    INFO(s.err);
    REQUIRE(rc == expect);
    return s.out;
  };
  std::string whole = run({"--jobs", "1"});
  CHECK(whole == run({"--jobs", "2"}));
  CHECK(whole.find("\"clusterc_search\": 1") != std::string::npos);
  std::vector<std::string> files;
  for (int i = 0; i < 3; ++i) {
    files.push_back((dir / ("shard-" + std::to_string(i) + ".json")).string());
    run({"--shard", std::to_string(i) + "/3", "--output", files.back()});
  }
  std::vector<std::string> merge = {"search", "--merge",  files[2], files[0],
                                    files[1], "--format", "json"};
  Streams s;
  REQUIRE(Run(merge, s) == kExitOk);
  CHECK(s.out == whole);

  // A missing shard is refused, never merged into a partial answer.
  Streams missing;
  CHECK(Run({"search", "--merge", files[0], files[1]}, missing) == kExitUsage);
  CHECK(missing.err.find("shard 2/3 is missing") != std::string::npos);
  CHECK(missing.out.empty());
}

TEST_CASE("clusterc search --emit-plan writes a plan check accepts unchanged", "[search][cli]") {
  auto dir = testing::ScratchDir("search_emit");
  std::string spec = (kSource / "bench/megatron_1t.cl").string();
  for (const char* gpus : {"4096", "3072"}) {  // the whole cluster, and a partition of it
    std::string emitted = (dir / (std::string("best-") + gpus + ".cl")).string();
    Streams s;
    REQUIRE(Run({"search", spec, "--plan", "pretrain", "--gpus", gpus, "--top", "1", "--emit-plan",
                 emitted},
                s) == kExitOk);
    std::string text = testing::Slurp(emitted);
    CHECK(text.find("plan pretrain_best extends pretrain") != std::string::npos);
    CHECK((text.find("cluster a100_4k_3072") != std::string::npos) == (gpus[0] == '3'));
    // The spec with the block appended: clean, no warning, and the plan has the step time the
    // search reported.
    std::string combined = (dir / (std::string("combined-") + gpus + ".cl")).string();
    {
      std::ofstream out(combined);
      out << testing::Slurp(spec) << "\n" << text;
    }
    auto c = testing::CompileSpec(combined);
    size_t problems = 0;
    for (const auto& d : c->diags.All()) problems += !d.suppressed;
    CHECK(problems == 0);
    Streams check;
    CHECK(Run({"check", combined, "--werror"}, check) == kExitOk);
    Streams json;
    REQUIRE(
        Run({"search", spec, "--plan", "pretrain", "--gpus", gpus, "--top", "1", "--format", "csv"},
            json) == kExitOk);
    const auto& plans = c->program.plans;
    uint32_t best = uint32_t(plans.size());
    for (uint32_t i = 0; i < plans.size(); ++i)
      if (plans[i].name == "pretrain_best") best = i;
    REQUIRE(best < plans.size());
    double step = c->results.plans[best].step_time;
    CHECK(c->results.plans[best].gpus == std::stoll(gpus));
    CHECK(json.out.find(fmt::format(",{},", step)) != std::string::npos);
  }
}

TEST_CASE("search's energy on a mixed cluster is the plan's node group's", "[search][groups]") {
  std::string spec = (kSource / "examples/mixed_jean_zay.cl").string();
  auto c = testing::CompileSpec(spec);
  const an::ClusterResults& whole = c->results.clusters[0];
  REQUIRE(whole.groups.size() == 4);
  const double per_gpu = whole.groups[1].facility_power / 416;  // the A100 group's 416 GPUs
  REQUIRE(per_gpu > 0);
  Streams s;
  REQUIRE(Run({"search", spec, "--plan", "llama3_8b_a100", "--top", "1", "--format", "csv"}, s) ==
          kExitOk);
  // The header names the columns; the first row is the best plan.
  std::vector<std::string> rows;
  std::istringstream lines(s.out);
  for (std::string line; std::getline(lines, line);) rows.push_back(line);
  REQUIRE(rows.size() >= 2);
  auto fields = [](const std::string& row) {
    std::vector<std::string> out;
    std::istringstream cells(row);
    for (std::string cell; std::getline(cells, cell, ',');) out.push_back(cell);
    return out;
  };
  std::vector<std::string> head = fields(rows[0]), best = fields(rows[1]);
  auto column = [&](const std::string& name) {
    for (size_t i = 0; i < head.size() && i < best.size(); ++i)
      if (head[i] == name) return std::stod(best[i]);
    FAIL("no column " << name);
    return 0.0;
  };
  // The plan gives no tokens: figures are per step, and GPU-hours are the GPUs x the step's
  // wall time (goodput included).
  CHECK(column("energy_j") == Approx(per_gpu * column("gpu_hours") * 3600).epsilon(1e-6));
  // The whole site's power over the group's GPUs, as before, is over 4 times as much.
  CHECK(whole.power.facility / 416 > 4 * per_gpu);
}

TEST_CASE("a sweep's designs apply each alternative to the plan's cluster", "[search][sweep]") {
  auto c = testing::CompileSpec(kSource / "tests/lang/sweep/sweep_clean.cl");
  REQUIRE(c->program.sweeps.size() == 1);
  auto designs = an::Designs(c->program, c->program.sweeps[0], an::Options{});
  // gpu (2) x nodes (2) x oversubscription (2) x power cap (1), the last varying fastest.
  REQUIRE(designs.size() == 8);
  const an::PlanInputs& declared = c->results.plan_inputs[0];
  CHECK(designs[0].label == "gpu H100_SXM5, 128 nodes, 1:1, cap 600 W");
  CHECK(designs[7].label == "gpu H200, 192 nodes, 3:1, cap 600 W");
  CHECK(designs[0].inputs.cluster_gpus == 1024);
  CHECK(designs[2].inputs.cluster_gpus == 1536);
  CHECK(designs[1].inputs.leaf_oversubscription == 3);
  CHECK(designs[0].inputs.leaf_oversubscription == 1);
  // H100 (700 W TDP) capped at 600 W: peak x 6/7; H200 has 141 GB (143,771 MiB, NVML).
  CHECK(designs[0].inputs.peak_flops == Approx(declared.peak_flops * 600.0 / 700.0));
  CHECK(designs[4].inputs.hbm == Approx(143771.0 * 1048576));
  CHECK(designs[2].cluster.power.facility > designs[0].cluster.power.facility);
  for (const auto& d : designs) CHECK(d.within_power);  // 2 MW limit
}

TEST_CASE("clusterc search --sweep: shards merge to the unsharded answer", "[search][sweep][cli]") {
  auto dir = testing::ScratchDir("search_sweep");
  std::string spec = (kSource / "tests/lang/sweep/sweep_clean.cl").string();
  std::vector<std::string> base = {"search", spec, "--sweep",  "design",
                                   "--top",  "4",  "--format", "json"};
  Streams whole;
  REQUIRE(Run(base, whole) == kExitOk);
  CHECK(whole.out.find("\"sweep\": \"design\"") != std::string::npos);
  CHECK(whole.out.find("\"label\": \"gpu H200, 192 nodes, 3:1, cap 600 W\"") != std::string::npos);
  std::vector<std::string> merge = {"search", "--merge", "--format", "json"};
  for (int i = 0; i < 2; ++i) {
    std::string file = (dir / ("s" + std::to_string(i) + ".json")).string();
    std::vector<std::string> args = base;
    args.insert(args.end(), {"--shard", std::to_string(i) + "/2", "--output", file});
    Streams s;
    REQUIRE(Run(args, s) == kExitOk);
    merge.push_back(file);
  }
  Streams merged;
  REQUIRE(Run(merge, merged) == kExitOk);
  CHECK(merged.out == whole.out);
}

TEST_CASE("search varies resharding and the rank order where they change the plan", "[search]") {
  auto c = testing::CompileSpec(kSource / "tests/validation/h100.cl");
  auto b = testing::CompileSpec(kSource / "tests/validation/blackwell.cl");
  SECTION("a plan's own choices survive CandidateOf and ApplyCandidate") {
    for (auto [compiled, plan] :
         {std::pair{c.get(), "mf_h100_1b_512"}, std::pair{b.get(), "ml50_gb200_llama405b_512"}}) {
      INFO(plan);
      an::PlanInputs in = InputsOf(*compiled, plan);
      an::Candidate own = an::CandidateOf(in);
      CHECK(own.reshard == in.reshard_after_forward);
      CHECK((own.rank_order == ir::RankOrder::tp_cp_ep_pp_dp) == in.pp_inside_dp);
      CHECK(an::EvaluatePlan(an::ApplyCandidate(in, own)).step_time ==
            an::EvaluatePlan(in).step_time);
    }
  }
  SECTION("where a choice changes nothing, the search does not enumerate it") {
    // ZeRO-1 has no gathered units to keep.
    an::PlanInputs zero1 = InputsOf(*c, "mf_h100_1b_512");
    zero1.sharding = ir::Sharding::zero1;
    an::PlanInputs kept = zero1;
    kept.reshard_after_forward = !zero1.reshard_after_forward;
    CHECK(an::EvaluatePlan(kept).step_time == an::EvaluatePlan(zero1).step_time);
    CHECK(an::CandidateOf(zero1).reshard);
    // The rank order, wherever RankOrderMatters says it does not: the same step and memory under
    // both orders, on 8-GPU and 64-GPU domains, 1:1 and 1:7-oversubscribed fabrics (where it
    // matters), ZeRO-1 and ZeRO-3, with and without interleaving.
    auto meta = testing::CompileSpec(kSource / "examples/meta_24k.cl");
    int skipped = 0, kept_orders = 0;
    for (auto [compiled, plan] : {std::pair{b.get(), "ml50_gb200_llama405b_512"},
                                  std::pair{c.get(), "nemo24_gpt3_175b_512"},
                                  std::pair{meta.get(), "llama3_405b_pretrain"}}) {
      an::PlanInputs base = InputsOf(*compiled, plan);
      base.first_stage_layers = base.last_stage_layers = 0;
      for (int64_t tp : {1, 2, 4, 8})
        for (int64_t cp : {1, 2})
          for (int64_t pp : {1, 2, 4, 8})
            for (int64_t dp : {1, 2, 8, 64})
              for (ir::Sharding sh : {ir::Sharding::zero1, ir::Sharding::zero3}) {
                an::PlanInputs in = base;
                in.tp = tp, in.cp = cp, in.pp = pp, in.dp = dp, in.sharding = sh;
                in.vpp = pp > 1 ? 2 : 1;
                if (an::RankOrderMatters(in, tp, cp, pp, dp)) {
                  ++kept_orders;
                  continue;
                }
                ++skipped;
                INFO(plan << " tp " << tp << " cp " << cp << " pp " << pp << " dp " << dp);
                in.pp_inside_dp = false;
                an::PlanResults dp_outer = an::EvaluatePlan(in);
                in.pp_inside_dp = true;
                an::PlanResults pp_inner = an::EvaluatePlan(in);
                CHECK(pp_inner.step_time == dp_outer.step_time);
                CHECK(pp_inner.memory.Total() == dp_outer.memory.Total());
              }
    }
    CHECK(skipped > 100);
    CHECK(kept_orders > 100);
  }
  SECTION("both choices are searched, exactly") {
    // MPT 1B on 512 H100 under FSDP: keeping the gathered units is faster where it fits.
    an::PlanInputs in = InputsOf(*c, "mf_h100_1b_512");
    an::SearchSpace space;
    space.min_gpus = space.max_gpus = 64;
    space.sharding = {ir::Sharding::fsdp};
    space.recompute = {ir::Recompute::none};
    space.vpp = {1};
    an::SearchOptions o = Options(in, 5);
    an::SearchResult pruned = an::SearchPlans(in, space, o);
    RequireAccounted(pruned.stats);
    RequireSameResult(pruned, an::BruteForce(in, space, o));
    an::SearchSpace resharding = space;
    resharding.reshard = {true};
    an::SearchSpace dp_outside = space;
    dp_outside.rank_order = {ir::RankOrder::tp_cp_ep_dp_pp};
    const an::SearchStats fewer = an::SearchPlans(in, resharding, o).stats;
    const an::SearchStats one_order = an::SearchPlans(in, dp_outside, o).stats;
    CHECK(2 * fewer.candidates == pruned.stats.candidates);
    CHECK(one_order.candidates < pruned.stats.candidates);
    const auto top = an::TopK(pruned, 5);
    REQUIRE_FALSE(top.empty());
    CHECK_FALSE(top.front().c.reshard);
    // Every candidate with the pipeline-inside order has a pipeline and replicas to reorder.
    for (const auto& s : top)
      if (s.c.rank_order == ir::RankOrder::tp_cp_ep_pp_dp) CHECK((s.c.pp > 1 && s.c.Dp() > 1));
  }
}

TEST_CASE("search keeps a plan's first and last stage layer counts to pipelines they fit",
          "[search]") {
  // MLPerf's Llama 3.1 405B on 512 GB200: 126 layers, 15 on the first and the last stage. A
  // two-stage pipeline of those ends alone would hold 30 layers; evaluated, its short step once
  // pruned every real candidate ("no plan fits").
  auto b = testing::CompileSpec(kSource / "tests/validation/blackwell.cl");
  an::PlanInputs in = InputsOf(*b, "ml50_gb200_llama405b_512");
  REQUIRE(in.first_stage_layers == 15);
  REQUIRE(in.last_stage_layers == 15);
  CHECK_FALSE(an::StagesSplit(126, 2, 1, 15, 15));
  CHECK(an::StagesSplit(126, 8, 8, 15, 15));  // 96 layers over 6 x 8 virtual stages
  CHECK_FALSE(an::StagesSplit(126, 8, 32, 15, 15));
  // 15 does not divide by 8: the ends pass only as the embedding's and the loss's slots of 128.
  CHECK(an::EndsAreSlots(126, 8, 8, 15, 15));
  CHECK(an::EndsAreSlots(126, 8, 4, 15, 15));  // 128 slots, 4 a chunk: 15 layers + 1 on the ends
  CHECK_FALSE(an::EndsAreSlots(126, 8, 8, 14, 16));
  // 14 and 16 do not divide by 8, but Megatron-Core's layout string places unequal chunks: what
  // counts is a layer for every virtual stage, 2 and 6 of 32 on 4 stages in 2 chunks, not in 4;
  // and the middle stages' even share, 96 over 6 here, not 97 over 6.
  CHECK(an::StagesSplit(126, 8, 8, 14, 16));
  CHECK(an::StagesSplit(32, 4, 2, 2, 6));
  CHECK_FALSE(an::StagesSplit(32, 4, 4, 2, 6));
  CHECK_FALSE(an::StagesSplit(32, 4, 4, 6, 2));
  CHECK_FALSE(an::StagesSplit(126, 8, 8, 13, 16));
  an::SearchSpace space;
  space.min_gpus = space.max_gpus = 512;
  space.recompute = {ir::Recompute::none};
  space.micro = {1};
  an::SearchOptions o = Options(in, 5);
  an::SearchResult pruned = an::SearchPlans(in, space, o);
  RequireAccounted(pruned.stats);
  RequireSameResult(pruned, an::BruteForce(in, space, o));
  const auto top = an::TopK(pruned, 5);
  REQUIRE(top.size() == 5);
  for (const auto& s : top) {
    CHECK(an::StagesSplit(126, s.c.pp, s.c.vpp, 15, 15));
    // A pipeline missing layers would be several times faster than the plan as written.
    CHECK(s.step_time > 0.5 * an::EvaluatePlan(in).step_time);
  }
}

TEST_CASE("search keeps sequence parallelism to layouts whose tp divides each rank's tokens",
          "[search]") {
  // GPT-3 175B (96 heads) at 2,048 tokens on 24 H100: tp 3 and 6 divide the heads but not the
  // tokens, so under sequence parallelism they are plan.indivisible, and search must not offer
  // them with it; without it they stand.
  auto c = testing::CompileSpec(kSource / "tests/validation/h100.cl");
  const an::PlanInputs in = InputsOf(*c, "ml31_gpt3_512");
  REQUIRE(in.heads == 96);
  REQUIRE(in.seq_len == 2048);
  an::SearchSpace space;
  space.min_gpus = space.max_gpus = 24;
  space.recompute = {ir::Recompute::full};
  space.sharding = {ir::Sharding::zero1};
  space.vpp = {1};
  an::SearchOptions o = Options(in, 1000);
  o.memory_limit = 1e18;  // every layout, whatever it holds
  auto odd_tp = [](const an::SearchResult& r) {
    int n = 0;
    for (const auto& s : an::TopK(r, 1000)) n += s.c.tp % 3 == 0;
    return n;
  };
  space.sequence_parallel = {true};
  const an::SearchResult sp = an::SearchPlans(in, space, o);
  RequireSameResult(sp, an::BruteForce(in, space, o));
  for (const auto& s : an::TopK(sp, 1000))
    if (s.c.tp > 1) CHECK((in.seq_len / s.c.cp) % s.c.tp == 0);
  CHECK(odd_tp(sp) == 0);
  space.sequence_parallel = {false};
  CHECK(odd_tp(an::SearchPlans(in, space, o)) > 0);
}
