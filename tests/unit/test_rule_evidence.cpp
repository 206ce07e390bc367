// The published runs four diagnostics cite. perf.sharded-comm-heavy, perf.dp-comm-heavy,
// perf.tp-beside-experts and perf.default-calibration tell a user how far clusterc has been from
// the validation suite's runs where they fire; those figures go stale whenever the model or the
// suite changes. The test finds the runs by compiling every validation spec, takes their speed
// errors from the compiled record (validation_runs.inc), and checks that the notes and the rules'
// explanations print them.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/validation_record.h"
#include "support.h"

namespace clusterc {
namespace {

namespace fs = std::filesystem;

struct Fired {
  std::vector<double> over_ethernet, other;  // speed errors, percent
  std::vector<double> one_domain;            // of them, MaxText's runs inside one scale-up domain
  std::vector<std::string> notes;            // every note the diagnostic printed
};

// The time and throughput cases of the compiled record, by id: each is named after its plan
// (cases.tsv), and the GPU tells apart plans of one name in two specs.
std::map<std::string_view, const analysis::ValidationRun*> RunsById() {
  std::map<std::string_view, const analysis::ValidationRun*> out;
  const analysis::ValidationRunTable runs = analysis::ValidationRuns();
  for (size_t i = 0; i < runs.size; ++i) out[runs.rows[i].id] = &runs.rows[i];
  return out;
}

std::map<DiagCode, Fired> FiredInSuite() {
  const auto runs = RunsById();
  std::map<DiagCode, Fired> fired;
  for (const auto& entry :
       fs::directory_iterator(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "validation")) {
    if (entry.path().extension() != ".cl") continue;
    auto c = testing::CompileSpec(entry.path());
    for (const Diagnostic& d : c->diags.All()) {
      if (d.code != DiagCode::PerfShardedCommHeavy && d.code != DiagCode::PerfDpCommHeavy &&
          d.code != DiagCode::PerfTpBesideExperts && d.code != DiagCode::PerfDefaultCalibration)
        continue;
      for (uint32_t i = 0; i < c->program.plans.size(); ++i) {
        const ir::Plan& plan = c->program.plans[i];
        if (plan.range.file != d.range.file || d.range.begin < plan.range.begin ||
            d.range.end > plan.range.end)
          continue;
        const ir::Cluster& cluster = c->program.clusters[plan.cluster.index];
        const ir::FabricKind kind = c->program.fabrics[cluster.fabric.index].kind;
        const bool ethernet = kind == ir::FabricKind::roce_v2 || kind == ir::FabricKind::ethernet;
        const analysis::PlanInputs& in = c->results.plan_inputs[i];
        const bool one_domain = in.cluster_gpus <= in.scale_up_domain &&
                                plan.name.rfind("mx_", 0) == 0;  // MaxText's cases
        Fired& f = fired[d.code];
        auto it = runs.find(plan.name);
        if (it != runs.end() &&
            it->second->gpu == analysis::PlanGpuName(c->program, c->results, i)) {
          const double e = 100 * it->second->error;  // speed error, percent
          (ethernet ? f.over_ethernet : f.other).push_back(e);
          if (one_domain) f.one_domain.push_back(e);
        }
        f.notes.insert(f.notes.end(), d.notes.begin(), d.notes.end());
      }
    }
  }
  return fired;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

bool Printed(const std::vector<std::string>& notes, const std::string& text) {
  return std::any_of(notes.begin(), notes.end(),
                     [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

TEST_CASE("diagnostics cite the suite's runs where they fire as they stand", "[validation]") {
  auto fired = FiredInSuite();

  // perf.sharded-comm-heavy: every run it fires on.
  Fired& sharded = fired[DiagCode::PerfShardedCommHeavy];
  std::vector<double> all = sharded.other;
  all.insert(all.end(), sharded.over_ethernet.begin(), sharded.over_ethernet.end());
  REQUIRE(all.size() >= 10);
  const std::string sharded_text = fmt::format(
      "on the {} published runs in the validation suite where this warning fires, clusterc's "
      "speed errors run from {:+.1f} % to {:+.1f} % (+: predicted faster), median {:+.1f} %",
      all.size(), *std::min_element(all.begin(), all.end()),
      *std::max_element(all.begin(), all.end()), Median(all));
  INFO("perf.sharded-comm-heavy should say: " << sharded_text);
  CHECK(Printed(sharded.notes, sharded_text));
  CHECK(Info(DiagCode::PerfShardedCommHeavy).explanation.find(sharded_text) != std::string::npos);

  // perf.dp-comm-heavy: apart over Ethernet (RoCE), where the runs fell furthest behind.
  Fired& dp = fired[DiagCode::PerfDpCommHeavy];
  REQUIRE(dp.other.size() >= 5);
  REQUIRE(dp.over_ethernet.size() >= 2);
  std::sort(dp.over_ethernet.begin(), dp.over_ethernet.end());
  const std::string dp_text = fmt::format(
      "on the {} published runs in the validation suite where this warning fires, clusterc's "
      "speed errors run from {:+.1f} % to {:+.1f} % on the {} over InfiniBand and NVLink (+: "
      "predicted faster), and from {:+.1f} % to {:+.1f} % on the {} over RoCE",
      dp.other.size() + dp.over_ethernet.size(),
      *std::min_element(dp.other.begin(), dp.other.end()),
      *std::max_element(dp.other.begin(), dp.other.end()), dp.other.size(),
      dp.over_ethernet.front(), dp.over_ethernet.back(), dp.over_ethernet.size());
  INFO("perf.dp-comm-heavy should say: " << dp_text);
  CHECK(Printed(dp.notes, dp_text));
  CHECK(Info(DiagCode::PerfDpCommHeavy).explanation.find(dp_text) != std::string::npos);

  // perf.tp-beside-experts: every run it fires on.
  Fired& folded = fired[DiagCode::PerfTpBesideExperts];
  std::vector<double> tp_ep = folded.other;
  tp_ep.insert(tp_ep.end(), folded.over_ethernet.begin(), folded.over_ethernet.end());
  REQUIRE(tp_ep.size() >= 5);
  const std::string tp_ep_text = fmt::format(
      "on the {} published runs in the validation suite where this note fires, clusterc's speed "
      "errors run from {:+.1f} % to {:+.1f} % (+: predicted faster), median {:+.1f} %",
      tp_ep.size(), *std::min_element(tp_ep.begin(), tp_ep.end()),
      *std::max_element(tp_ep.begin(), tp_ep.end()), Median(tp_ep));
  INFO("perf.tp-beside-experts should say: " << tp_ep_text);
  CHECK(Printed(folded.notes, tp_ep_text));
  CHECK(Info(DiagCode::PerfTpBesideExperts).explanation.find(tp_ep_text) != std::string::npos);

  // perf.default-calibration: the TPU runs of single slices (one ICI domain) that MaxText
  // published.
  Fired& defaults = fired[DiagCode::PerfDefaultCalibration];
  REQUIRE(defaults.one_domain.size() >= 10);
  const auto [low, high] =
      std::minmax_element(defaults.one_domain.begin(), defaults.one_domain.end());
  const std::string defaults_text =
      fmt::format("MaxText's {} runs on single TPU v4 and v5p slices came out {:+.1f}...{:+.1f} %",
                  defaults.one_domain.size(), *low, *high);
  INFO("perf.default-calibration should say: " << defaults_text);
  CHECK(Printed(defaults.notes, defaults_text));
  CHECK(Info(DiagCode::PerfDefaultCalibration).explanation.find(defaults_text) !=
        std::string::npos);
}

}  // namespace
}  // namespace clusterc
