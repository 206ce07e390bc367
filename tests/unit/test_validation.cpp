// The performance model against published training runs (tests/validation/).
//
// cases.tsv lists one published figure per row: the spec and plan that describe the run, the
// metric, the published value, and the prediction and signed error clusterc recorded for it. This
// test recomputes every prediction, prints the table with the mean and maximum |error| per
// accelerator and overall, and fails when a case's error moves by more than 2 points from the
// recorded one, so a model change that makes any case worse (or better) is visible in review.
// CLUSTERC_UPDATE_VALIDATION=1 rewrites the prediction and error columns instead.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

#include "analysis/validation_record.h"
#include "driver/session.h"
#include "support.h"

namespace clusterc {
namespace {

namespace fs = std::filesystem;

struct Case {
  std::string id, accelerator, spec, plan, metric;
  double published = 0, prediction = 0, error = 0;
  std::string citation;
  std::string gpu;                // the gpu entity the plan runs on
  analysis::ValidationRun shape;  // its plan's (id and gpu empty: the fields above hold them)
  double recorded_error = 0;      // as cases.tsv holds it
};

const fs::path& ValidationDir() {
  static const fs::path dir = fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "validation";
  return dir;
}

std::vector<std::string> SplitTabs(const std::string& line) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) break;
    start = tab + 1;
  }
  return out;
}

constexpr const char* kHeader =
    "id\taccelerator\tspec\tplan\tmetric\tpublished\tprediction\terror_pct\tcitation";

std::vector<Case> ReadCases(std::vector<std::string>& preamble) {
  std::istringstream in(testing::Slurp(ValidationDir() / "cases.tsv"));
  std::vector<Case> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("id\t", 0) == 0) {
      if (line.rfind("id\t", 0) != 0) preamble.push_back(line);
      continue;
    }
    auto f = SplitTabs(line);
    INFO(line);
    REQUIRE(f.size() == 9);
    Case c;
    c.id = f[0];
    c.accelerator = f[1];
    c.spec = f[2];
    c.plan = f[3];
    c.metric = f[4];
    c.published = std::stod(f[5]);
    c.prediction = std::stod(f[6]);
    c.error = c.recorded_error = std::stod(f[7]);
    c.citation = f[8];
    cases.push_back(c);
  }
  return cases;
}

struct Spec {
  SourceManager sources;
  DiagnosticList diags;
  ir::Program program;
  analysis::Results results;
};

// The metric as the source publishes it.
double Predict(const analysis::PlanInputs& in, const analysis::PlanResults& r,
               const std::string& metric) {
  if (metric == "step_time_s") return r.step_time;
  if (metric == "hw_tflops_per_gpu") return r.hardware_flops_per_gpu / 1e12;
  if (metric == "model_tflops_per_gpu") return r.model_flops_per_gpu / 1e12;
  if (metric == "mfu_pct") return r.mfu * 100;
  if (metric == "tokens_per_s_per_gpu") return r.tokens_per_second / double(r.gpus);
  if (metric == "memory_gib") return r.memory.Total() / 1073741824.0;
  // Memory of the most loaded GPU by part: activations kept for backward, and the model state
  // (weights, gradients, optimizer), in GiB or in decimal GB as the source prints it.
  if (metric == "activation_gib") return r.memory.activations / 1073741824.0;
  const double state = r.memory.weights + r.memory.gradients + r.memory.optimizer;
  if (metric == "model_state_gib") return state / 1073741824.0;
  if (metric == "model_state_gb") return state / 1e9;
  // The same for the stage's transformer layers alone (no embedding or head), the scope of
  // Korthikanti et al. 2022 figure 1: its four bars are 18 bytes x the layers' parameters / t
  // exactly (22B: 48 x 12 h^2 / 8 x 18 B = 45.56 GiB; 530B, 3 layers a stage: 31.64 GiB).
  if (metric == "layer_state_gib") {
    const double layers = double(analysis::StageLayers(in, r.memory.stage));
    const double per_layer = r.params.attention + r.params.norms + r.params.dense_mlp;
    const double share =
        r.memory.params > 0
            ? layers * per_layer / double(std::max<int64_t>(1, in.tp)) / r.memory.params
            : 0;
    return state * share / 1073741824.0;
  }
  FAIL("unknown metric " << metric);
  return 0;
}

std::string Fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

bool IsMemoryMetric(const std::string& metric) {
  return metric == "activation_gib" || metric == "layer_state_gib" || metric == "model_state_gib" ||
         metric == "model_state_gb" || metric == "memory_gib";
}

// A case's speed error (fraction, + where clusterc was faster), from its error in percent as
// cases.tsv writes it (one decimal), so that the update and the check agree.
double SpeedError(const Case& c, bool recorded) {
  const double e = std::stod(Fixed(recorded ? c.recorded_error : c.error, 1)) / 100;
  return c.metric == "step_time_s" ? 1 / (1 + e) - 1 : e;
}

// analysis/validation_record.inc: per GPU, the speed errors of its step-time and throughput
// cases (ValidationRecord), from each case's error in percent.
std::string RenderValidationRecords(const std::vector<Case>& cases, bool recorded) {
  std::map<std::string, std::vector<double>> speed;  // gpu -> speed errors, fractions
  for (const Case& c : cases)
    if (!IsMemoryMetric(c.metric) && !c.gpu.empty())
      speed[c.gpu].push_back(SpeedError(c, recorded));
  std::string out =
      "// Generated by tests/unit/test_validation.cpp from tests/validation/cases.tsv\n"
      "// (CLUSTERC_UPDATE_VALIDATION=1): gpu, runs, mean |speed error|, median, low, high.\n";
  for (auto& [gpu, v] : speed) {
    std::sort(v.begin(), v.end());
    double abs_sum = 0;
    for (double e : v) abs_sum += std::abs(e);
    const size_t n = v.size();
    const double median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    char line[256];
    std::snprintf(line, sizeof line, "{\"%s\", %zu, %.4f, %.4f, %.4f, %.4f},\n", gpu.c_str(), n,
                  abs_sum / double(n), median, v.front(), v.back());
    out += line;
  }
  return out;
}

// analysis/validation_runs.inc: the same cases one by one with their plans' shapes
// (ValidationRun), sorted by GPU and id.
std::string RenderValidationRuns(const std::vector<Case>& cases, bool recorded) {
  std::vector<const Case*> rows;
  for (const Case& c : cases)
    if (!IsMemoryMetric(c.metric) && !c.gpu.empty()) rows.push_back(&c);
  std::sort(rows.begin(), rows.end(), [](const Case* a, const Case* b) {
    return std::tie(a->gpu, a->id) < std::tie(b->gpu, b->id);
  });
  std::string out =
      "// Generated by tests/unit/test_validation.cpp from tests/validation/cases.tsv\n"
      "// (CLUSTERC_UPDATE_VALIDATION=1): id, gpu, parameters, GPUs, tp, pp, cp, ep, sequence,\n"
      "// precision, MoE, speed error.\n";
  for (const Case* c : rows) {
    const analysis::ValidationRun& s = c->shape;
    char line[320];
    std::snprintf(line, sizeof line,
                  "{\"%s\", \"%s\", %.6g, %lld, %lld, %lld, %lld, %lld, %lld, \"%s\", %s, %.4f},\n",
                  c->id.c_str(), c->gpu.c_str(), s.params, (long long)s.gpus, (long long)s.tp,
                  (long long)s.pp, (long long)s.cp, (long long)s.ep, (long long)s.seq_len,
                  std::string(s.precision).c_str(), s.moe ? "true" : "false",
                  SpeedError(*c, recorded));
    out += line;
  }
  return out;
}

// Writes `text` to `path` through a temporary beside it.
void WriteAtomically(const fs::path& path, const std::string& text) {
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary);
    f << text;
    REQUIRE(f.good());
  }
  fs::rename(tmp, path);
}

TEST_CASE("the performance model stays within its recorded error of published runs",
          "[validation]") {
  std::vector<std::string> preamble;
  std::vector<Case> cases = ReadCases(preamble);
  REQUIRE(cases.size() >= 30);

  std::map<std::string, std::unique_ptr<Spec>> specs;
  for (Case& c : cases) {
    auto& spec = specs[c.spec];
    if (!spec) {
      spec = std::make_unique<Spec>();
      spec->program = Compile((ValidationDir() / c.spec).string(), CompileOptions{}, spec->sources,
                              spec->diags);
      INFO(c.spec);
      REQUIRE_FALSE(spec->diags.HasErrors());
      spec->results = analysis::Analyze(spec->program, analysis::Options{}, spec->diags);
      // Each spec passes `clusterc check`: what a published run had that the rules reject is
      // allowed in the spec, with the reason beside it.
      ApplySuppressions(spec->program, spec->diags.All());
      for (const Diagnostic& d : spec->diags.All())
        if (d.severity == Severity::kError && !d.suppressed)
          FAIL_CHECK(c.spec << ": " << d.message);
    }
    const auto& plans = spec->program.plans;
    auto it = std::find_if(plans.begin(), plans.end(),
                           [&](const ir::Plan& p) { return p.name == c.plan; });
    INFO(c.id << ": plan " << c.plan << " in " << c.spec);
    REQUIRE(it != plans.end());
    const auto& r = spec->results.plans[size_t(it - plans.begin())];
    REQUIRE(r.valid);
    c.gpu = std::string(
        analysis::PlanGpuName(spec->program, spec->results, uint32_t(it - plans.begin())));
    const analysis::PlanInputs& in = spec->results.plan_inputs[size_t(it - plans.begin())];
    c.shape = analysis::PlanShape(in, r);
    double predicted = Predict(in, r, c.metric);
    // The runs nearest a plan of the suite include its own, at no distance (but the rounding of
    // the table's parameter counts).
    // (Not while updating: the table compiled in is the one being rewritten.)
    if (!IsMemoryMetric(c.metric) && std::getenv("CLUSTERC_UPDATE_VALIDATION") == nullptr) {
      const analysis::NearRuns near =
          analysis::PlanNearRuns(spec->program, spec->results, uint32_t(it - plans.begin()));
      REQUIRE(near.count >= 1);
      CHECK(analysis::ShapeDistance(c.shape, *near.nearest[0]) < 1e-4);  // the table's 6 digits
    }
    double error = (predicted / c.published - 1) * 100;
    if (std::getenv("CLUSTERC_UPDATE_VALIDATION") != nullptr) {
      c.prediction = predicted;
      c.error = error;
    } else {
      INFO(c.id << ": " << c.metric << " published " << c.published << ", predicted " << predicted
                << ", error " << Fixed(error, 1) << " % (recorded " << Fixed(c.error, 1) << " %)");
      CHECK(std::abs(error - c.error) <= 2.0);
    }
    c.prediction = predicted;
    c.error = error;
  }

  // The table, per accelerator and overall.
  std::ostringstream table;
  table << "case                      accelerator  metric                 published  predicted"
           "  error\n";
  std::map<std::string, std::pair<double, double>> sum;  // accelerator -> (sum |e|, max |e|)
  std::map<std::string, int> count;
  for (const Case& c : cases) {
    char line[256];
    std::snprintf(line, sizeof line, "%-25s %-12s %-22s %10.4g %10.4g %+6.1f %%\n", c.id.c_str(),
                  c.accelerator.c_str(), c.metric.c_str(), c.published, c.prediction, c.error);
    table << line;
    // "all" is the step-time and throughput cases; the memory cases have their own line.
    std::vector<std::string> keys = {c.accelerator};
    if (c.accelerator != "memory") keys.push_back("all");
    for (const std::string& key : keys) {
      sum[key].first += std::abs(c.error);
      sum[key].second = std::max(sum[key].second, std::abs(c.error));
      count[key]++;
    }
  }
  for (const auto& [key, s] : sum)
    table << "  " << key << ": " << count[key] << " cases, mean |error| "
          << Fixed(s.first / count[key], 1) << " %, max " << Fixed(s.second, 1) << " %\n";
  std::fputs(table.str().c_str(), stdout);

  // The per-GPU record explain and the report print beside a plan's speed: what cases.tsv
  // records, rewritten with it.
  const bool update = std::getenv("CLUSTERC_UPDATE_VALIDATION") != nullptr;
  const fs::path record_path = fs::path(CLUSTERC_SOURCE_DIR) / "analysis" / "validation_record.inc";
  const std::string record = RenderValidationRecords(cases, !update);
  const fs::path runs_path = fs::path(CLUSTERC_SOURCE_DIR) / "analysis" / "validation_runs.inc";
  const std::string runs = RenderValidationRuns(cases, !update);
  if (update) {
    WriteAtomically(record_path, record);
    WriteAtomically(runs_path, runs);
  } else {
    INFO(
        "analysis/validation_record.inc or validation_runs.inc is stale: rerun with "
        "CLUSTERC_UPDATE_VALIDATION=1");
    CHECK(testing::Slurp(record_path) == record);
    CHECK(testing::Slurp(runs_path) == runs);
  }

  if (update) {
    std::ostringstream out;
    for (const auto& line : preamble) out << line << "\n";
    out << kHeader << "\n";
    for (const Case& c : cases)
      out << c.id << "\t" << c.accelerator << "\t" << c.spec << "\t" << c.plan << "\t" << c.metric
          << "\t" << c.published << "\t" << Fixed(c.prediction, 4) << "\t" << Fixed(c.error, 1)
          << "\t" << c.citation << "\n";
    WriteAtomically(ValidationDir() / "cases.tsv", out.str());
  }
}

TEST_CASE("the validation record compiled in is the one cases.tsv gives", "[validation]") {
  // Every row of analysis/validation_record.inc is in the table, in its order (by GPU name).
  const analysis::ValidationTable table = analysis::ValidationRecords();
  std::istringstream in(
      testing::Slurp(fs::path(CLUSTERC_SOURCE_DIR) / "analysis" / "validation_record.inc"));
  std::string line;
  size_t row = 0;
  while (std::getline(in, line)) {
    if (line.rfind("{\"", 0) != 0) continue;
    INFO(line);
    REQUIRE(row < table.size);
    const analysis::ValidationRecord& r = table.rows[row++];
    CHECK(line.rfind("{\"" + std::string(r.gpu) + "\", " + std::to_string(r.runs) + ",", 0) == 0);
    CHECK(r.runs > 0);
    CHECK(r.low <= r.median);
    CHECK(r.median <= r.high);
    CHECK(r.mean_abs >= 0);
  }
  CHECK(row == table.size);
  CHECK(row >= 5);
}

TEST_CASE("the runs like a plan are those of its GPU nearest its shape", "[validation]") {
  analysis::ValidationRun a;
  a.params = 405e9;
  a.gpus = 512;
  a.tp = 8;
  a.pp = 8;
  a.cp = 2;
  a.seq_len = 8192;
  a.precision = "fp8";
  analysis::ValidationRun b = a;
  CHECK(analysis::ShapeDistance(a, b) == 0);
  b.params = 2 * a.params;  // a doubling of the model: one point
  CHECK(analysis::ShapeDistance(a, b) == Approx(1.0));
  b.gpus = 4 * a.gpus;  // two doublings of the GPUs: half a point each
  CHECK(analysis::ShapeDistance(a, b) == Approx(2.0));
  CHECK(analysis::ShapeDistance(b, a) == analysis::ShapeDistance(a, b));
  b = a;
  b.tp = 4;              // tensor parallelism halved: one point
  b.precision = "bf16";  // another precision: one point
  CHECK(analysis::ShapeDistance(a, b) == Approx(2.0));
  b = a;
  b.moe = true;  // dense against MoE: two points, whatever the expert parallelism
  b.ep = 8;
  CHECK(analysis::ShapeDistance(a, b) == Approx(2.0));
  a.moe = true;
  a.ep = 32;  // two MoE plans: half a point per doubling of the expert parallelism
  CHECK(analysis::ShapeDistance(a, b) == Approx(1.0));
  CHECK(analysis::DescribeShape(a) ==
        "405B MoE, 512 GPUs, tp 8 pp 8 cp 2 ep 32, sequence 8192, fp8");
  a.params = 1.3e9;
  a.moe = false;
  a.tp = a.pp = a.cp = a.ep = 1;
  CHECK(analysis::DescribeShape(a) == "1.3B, 512 GPUs, data parallel only, sequence 8192, fp8");

  // The generated table: every run on a GPU the record has, in GPU then id order, with the
  // record's count of runs per GPU.
  const analysis::ValidationRunTable runs = analysis::ValidationRuns();
  const analysis::ValidationTable records = analysis::ValidationRecords();
  REQUIRE(runs.size > 0);
  std::map<std::string_view, int> per_gpu;
  for (size_t i = 0; i < runs.size; ++i) {
    per_gpu[runs.rows[i].gpu]++;
    CHECK(runs.rows[i].params > 0);
    CHECK(runs.rows[i].gpus > 0);
    if (i > 0)
      CHECK(std::tie(runs.rows[i - 1].gpu, runs.rows[i - 1].id) <
            std::tie(runs.rows[i].gpu, runs.rows[i].id));
  }
  for (size_t i = 0; i < records.size; ++i)
    CHECK(per_gpu[records.rows[i].gpu] == records.rows[i].runs);
  CHECK(per_gpu.size() == records.size);
}

TEST_CASE("MaxText's TPU figures follow from its TFLOP/s per chip and its own FLOP count",
          "[validation]") {
  // tests/validation/tpu.cl [MX23]: MaxText 76bd53b0f's configuration READMEs give TFLOP/s per
  // chip, on one slice and (round 28) on several; cases.tsv holds them as tokens/s per chip over
  // MaxText's count of that commit (train.py, calculate_training_tflops): 6 x parameters per token
  // plus causal attention, 6 x heads x layers x head_dim x sequence, with the parameters of its
  // pytree (tied embedding, four attention and two MLP matrices and a norm a layer, the final
  // norm). The shapes come from the compiled spec, so a spec edit that breaks the published figure
  // fails here.
  const std::map<std::string, double> readme_tflops = {{"mx_v4_22b_64", 156},
                                                       {"mx_v4_52b_192", 154},
                                                       {"mx_v5p_32b_64", 328},
                                                       {"mx_v5p_64b_64", 323},
                                                       {"mx_v5p_128b_128", 315},
                                                       {"mx_v5p_128b_256", 316},
                                                       {"mx_v5p_256b_512", 308},
                                                       {"mx_v5p_512b_512", 294},
                                                       {"mx_v5p_1024b_1024", 254},
                                                       {"mx_v5p_1024b_2048", 297},
                                                       {"mx_v5e_16b_256", 120},
                                                       {"mx_v5e_32b_256", 132},
                                                       {"mx_v5e_64b_256", 118},
                                                       {"mx_v5e_128b_256", 110},
                                                       // Multi-slice rows (round 28).
                                                       {"mx_v5p_32b_2x64", 319},
                                                       {"mx_v5p_64b_2x64", 309},
                                                       {"mx_v5p_128b_2x128", 305},
                                                       {"mx_v5p_128b_2x256", 274},
                                                       {"mx_v5p_256b_2x512", 289},
                                                       {"mx_v5p_512b_2x512", 282},
                                                       {"mx_v5p_1024b_2x1024", 237},
                                                       {"mx_v5p_1024b_2x2048", 279},
                                                       {"mx_v5e_16b_2x256", 117},
                                                       {"mx_v5e_16b_4x256", 117},
                                                       {"mx_v5e_16b_8x256", 115},
                                                       {"mx_v5e_16b_16x256", 111},
                                                       {"mx_v5e_16b_32x256", 108},
                                                       {"mx_v5e_32b_2x256", 128},
                                                       {"mx_v5e_32b_4x256", 126},
                                                       {"mx_v5e_32b_8x256", 125},
                                                       {"mx_v5e_32b_16x256", 123},
                                                       {"mx_v5e_32b_32x256", 119},
                                                       {"mx_v5e_64b_2x256", 112},
                                                       {"mx_v5e_64b_4x256", 110},
                                                       {"mx_v5e_64b_8x256", 108},
                                                       {"mx_v5e_64b_16x256", 105},
                                                       {"mx_v5e_64b_32x256", 99},
                                                       {"mx_v5e_128b_2x256", 110},
                                                       {"mx_v5e_128b_4x256", 108},
                                                       {"mx_v5e_128b_8x256", 104},
                                                       {"mx_v5e_128b_16x256", 100},
                                                       {"mx_v5e_128b_32x256", 91}};
  std::vector<std::string> preamble;
  Spec spec;
  spec.program =
      Compile((ValidationDir() / "tpu.cl").string(), CompileOptions{}, spec.sources, spec.diags);
  REQUIRE_FALSE(spec.diags.HasErrors());
  size_t seen = 0;
  for (const Case& c : ReadCases(preamble)) {
    auto tf = readme_tflops.find(c.id);
    if (tf == readme_tflops.end()) continue;
    ++seen;
    INFO(c.id);
    REQUIRE(c.metric == "tokens_per_s_per_gpu");
    const auto& plans = spec.program.plans;
    auto it = std::find_if(plans.begin(), plans.end(),
                           [&](const ir::Plan& p) { return p.name == c.plan; });
    REQUIRE(it != plans.end());
    const ir::Model& m = spec.program.Get(it->model);
    REQUIRE(m.activation == ir::Activation::relu);
    REQUIRE(m.tied_embeddings);
    const double e = double(m.hidden), heads = double(m.heads), hd = double(m.head_dim);
    const double layers = double(m.layers), seq = double(it->batch.seq_len);
    const double params =
        double(m.vocab) * e + layers * (4 * e * heads * hd + 2 * e * double(m.ffn) + e) + e;
    const double per_token = 6 * params + 6 * heads * layers * hd * seq;
    CHECK(std::abs(c.published - tf->second * 1e12 / per_token) <= 0.005);  // two decimals
  }
  CHECK(seen == readme_tflops.size());
}

TEST_CASE("no part of any validation plan's step is negative", "[validation]") {
  // Rounding once left the contention of SC21's 530B plan at -7.3e-17 s, which `explain` printed
  // as "-7.29e-08 ns": every part of a step is a time, zero or more.
  for (const char* name : {"a100.cl", "h100.cl", "h200.cl", "h800_moe.cl", "blackwell.cl",
                           "mi355x.cl", "tpu.cl", "mlperf_v6.cl"}) {
    Spec spec;
    spec.program =
        Compile((ValidationDir() / name).string(), CompileOptions{}, spec.sources, spec.diags);
    REQUIRE_FALSE(spec.diags.HasErrors());
    spec.results = analysis::Analyze(spec.program, analysis::Options{}, spec.diags);
    for (size_t i = 0; i < spec.program.plans.size(); ++i) {
      const analysis::StepBreakdown& st = spec.results.plans[i].step;
      INFO(name << ": plan " << spec.program.plans[i].name);
      CHECK(st.compute >= 0);
      CHECK(st.recompute >= 0);
      CHECK(st.bubble >= 0);
      CHECK(st.optimizer >= 0);
      CHECK(st.grad_accumulation >= 0);
      CHECK(st.contention >= 0);
      for (int k = 0; k < int(analysis::Comm::kCount); ++k) {
        CHECK(st.comm[k] >= 0);
        CHECK(st.comm_total[k] >= st.comm[k]);
      }
    }
  }
}

}  // namespace
}  // namespace clusterc
