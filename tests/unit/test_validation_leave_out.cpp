// What the published runs nearest a plan can tell about its error, measured on the suite by
// leaving cases out (docs/validation.md, "The runs like this plan"): for each step-time and
// throughput case of analysis/validation_runs.inc, the median error of the other runs like it (on
// its GPU, within kNearRunDistance) against its own error, beside two plainer guesses: the median
// of every other run on its GPU, and no correction at all (the prediction as it is). Once with
// the case alone left out, once with every case of its source (the id's prefix before the first
// `_`: `ml50`, `mf`, `mb2602`, ...). The test recomputes the table from the compiled runs and
// checks that docs/validation.md prints it.
#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/validation_record.h"
#include "support.h"

namespace clusterc {
namespace {

namespace fs = std::filesystem;
using analysis::ValidationRun;

// Mean distances from each case's error, in points of speed, over the cases with a run like them.
struct LeaveOutRow {
  int cases = 0;     // cases with at least one run like them left in
  double near = 0;   // |median of the runs like it - its error|
  double gpu = 0;    // |median of its GPU's other runs - its error|
  double as_is = 0;  // |its error|: the prediction uncorrected
};

std::string_view Source(std::string_view id) {
  return id.substr(0, id.find('_'));
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

LeaveOutRow LeaveOut(const ValidationRun* runs, size_t n, bool whole_source) {
  LeaveOutRow row;
  for (size_t i = 0; i < n; ++i) {
    const ValidationRun& c = runs[i];
    std::vector<double> near, gpu;
    for (size_t j = 0; j < n; ++j) {
      const ValidationRun& o = runs[j];
      const bool left_out = whole_source ? Source(o.id) == Source(c.id) : j == i;
      if (left_out || o.gpu != c.gpu) continue;
      gpu.push_back(o.error);
      if (analysis::ShapeDistance(c, o) <= analysis::kNearRunDistance) near.push_back(o.error);
    }
    if (near.empty()) continue;
    ++row.cases;
    row.near += std::abs(Median(near) - c.error);
    row.gpu += std::abs(Median(gpu) - c.error);
    row.as_is += std::abs(c.error);
  }
  if (row.cases > 0) {
    row.near *= 100.0 / row.cases;
    row.gpu *= 100.0 / row.cases;
    row.as_is *= 100.0 / row.cases;
  }
  return row;
}

std::string Render(const char* label, const LeaveOutRow& r) {
  char line[256];
  std::snprintf(line, sizeof line, "| %s | %d | %.1f | %.1f | %.1f |", label, r.cases, r.near,
                r.gpu, r.as_is);
  return line;
}

ValidationRun Run(std::string_view id, double params, double error) {
  ValidationRun r;
  r.id = id;
  r.gpu = "H100_SXM5";
  r.params = params;
  r.gpus = 8;
  r.seq_len = 4096;
  r.precision = "bf16";
  r.error = error;
  return r;
}

TEST_CASE("leaving a case out: the runs like it, its GPU's median, no correction", "[validation]") {
  // Two sources. a_1 and a_2 (1B, 2B) are like each other; b_1 (1.5B) is like both; b_2 (64B)
  // is 5 doublings from them and like none.
  const ValidationRun runs[] = {Run("a_1", 1e9, 0.10), Run("a_2", 2e9, 0.20),
                                Run("b_1", 1.5e9, -0.10), Run("b_2", 64e9, 0.40)};
  const LeaveOutRow alone = LeaveOut(runs, 4, false);
  // a_1: like it a_2 and b_1, median 0.05, off 0.05; its GPU's others {0.2, -0.1, 0.4}: 0.2,
  // off 0.1. a_2: {0.1, -0.1} -> 0, off 0.2; {0.1, -0.1, 0.4} -> 0.1, off 0.1. b_1: {0.1, 0.2} ->
  // 0.15, off 0.25; {0.1, 0.2, 0.4} -> 0.2, off 0.3. b_2: no run like it.
  CHECK(alone.cases == 3);
  CHECK(alone.near == Approx(100 * (0.05 + 0.2 + 0.25) / 3));
  CHECK(alone.gpu == Approx(100 * (0.1 + 0.1 + 0.3) / 3));
  CHECK(alone.as_is == Approx(100 * (0.1 + 0.2 + 0.1) / 3));
  // Leaving the source out: a_1 and a_2 keep only b_1 (-0.1); b_1 keeps a_1 and a_2.
  const LeaveOutRow source = LeaveOut(runs, 4, true);
  CHECK(source.cases == 3);
  CHECK(source.near == Approx(100 * (0.2 + 0.3 + 0.25) / 3));
  // Their GPU's others: a_1, a_2 -> {-0.1, 0.4} -> 0.15; b_1 -> {0.1, 0.2} -> 0.15.
  CHECK(source.gpu == Approx(100 * (0.05 + 0.05 + 0.25) / 3));
}

TEST_CASE("docs/validation.md prints the leave-out table of the runs compiled in", "[validation]") {
  const analysis::ValidationRunTable table = analysis::ValidationRuns();
  REQUIRE(table.size >= 30);
  const std::string alone = Render("the case alone", LeaveOut(table.rows, table.size, false));
  const std::string source =
      Render("the case's whole source (its id's prefix: `ml50`, `mf`, `mx`, ...)",
             LeaveOut(table.rows, table.size, true));
  const std::string doc = testing::Slurp(fs::path(CLUSTERC_SOURCE_DIR) / "docs" / "validation.md");
  INFO("docs/validation.md should print, after a rebuild with the rewritten validation_runs.inc:\n"
       << alone << "\n"
       << source);
  CHECK(doc.find(alone + "\n") != std::string::npos);
  CHECK(doc.find(source + "\n") != std::string::npos);
}

}  // namespace
}  // namespace clusterc
