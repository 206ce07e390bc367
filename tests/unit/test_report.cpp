// The report backend: the four reports of every example carry the same figures (JSON and CSV
// exactly, HTML and Markdown formatted for people), the HTML is self-contained and well formed,
// and the report copes with a context that carries no diagnostics or sources.
#include <catch2/catch.hpp>

#include <llvm/Support/JSON.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "analysis/analysis.h"
#include "backends/emitters.h"
#include "backends/report/format.h"
#include "backends/report/svg.h"
#include "driver/driver.h"
#include "frontend/compile.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::backends::report::ExactNumber;
using clusterc::backends::report::FormatFigure;
using clusterc::backends::report::Unit;
using clusterc::backends::report::UnitFromSymbol;
using clusterc::testing::CompileSpec;
using clusterc::testing::Examples;

using clusterc::testing::Slurp;

namespace {

struct Reports {
  std::string html, md, json, csv;
};

Reports BuildReports(const fs::path& spec) {
  fs::path dir = clusterc::testing::ScratchRoot() / ("report_" + spec.stem().string());
  fs::remove_all(dir);
  clusterc::Streams s;
  int code =
      clusterc::Run({"build", spec.string(), "-o", dir.string(), "--emit", "report", "--quiet"}, s);
  INFO(s.err);
  REQUIRE(code == 0);
  Reports r{Slurp(dir / "report/report.html"), Slurp(dir / "report/report.md"),
            Slurp(dir / "report/report.json"), Slurp(dir / "report/report.csv")};
  fs::remove_all(dir);
  return r;
}

// RFC 4180 rows (quoted fields, CRLF line ends).
std::vector<std::vector<std::string>> ParseCsv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      row.push_back(field);
      field.clear();
    } else if (c == '\r') {
    } else if (c == '\n') {
      row.push_back(field);
      field.clear();
      rows.push_back(row);
      row.clear();
    } else {
      field += c;
    }
  }
  return rows;
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

// The object a CSV section names: dotted path, array elements by their `name`.
const llvm::json::Object* Resolve(const llvm::json::Object& root, const std::string& section) {
  const llvm::json::Object* at = &root;
  auto parts = Split(section, '.');
  for (size_t i = 0; i < parts.size(); ++i) {
    const llvm::json::Value* v = at->get(parts[i]);
    if (!v) return nullptr;
    if (const auto* arr = v->getAsArray()) {
      if (++i >= parts.size()) return nullptr;
      const llvm::json::Object* found = nullptr;
      for (const auto& e : *arr)
        if (const auto* o = e.getAsObject())
          if (auto name = o->getString("name"); name && *name == parts[i]) found = o;
      if (!found) return nullptr;
      at = found;
    } else if (const auto* o = v->getAsObject()) {
      at = o;
    } else {
      return nullptr;
    }
  }
  return at;
}

// Numbers of the JSON outside `diagnostics` and `format_version`: the figures.
void CountFigures(const llvm::json::Value& v, const std::string& key, size_t& n) {
  if (key == "diagnostics" || key == "format_version") return;
  if (const auto* o = v.getAsObject()) {
    for (const auto& [k, child] : *o) CountFigures(child, k.str(), n);
  } else if (const auto* a = v.getAsArray()) {
    for (const auto& child : *a) CountFigures(child, "", n);
  } else if (v.kind() == llvm::json::Value::Number) {
    ++n;
  }
}

// Every element the report opens is closed, in order (void and self-closing ones aside).
bool BalancedTags(const std::string& html, std::string& problem) {
  static const std::regex kTag(R"(<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>)");
  std::vector<std::string> stack;
  std::string body = html;
  // Drop the style sheet and comments: their text is not markup.
  body = std::regex_replace(body, std::regex(R"(<style>[\s\S]*?</style>)"), "");
  for (auto it = std::sregex_iterator(body.begin(), body.end(), kTag); it != std::sregex_iterator();
       ++it) {
    std::string name = (*it)[2].str();
    std::transform(name.begin(), name.end(), name.begin(), ::tolower);
    std::string attrs = (*it)[3].str();
    if (name == "meta" || name == "br" || name == "link" || name == "img" || name == "hr") continue;
    if (!attrs.empty() && attrs.back() == '/') continue;
    if ((*it)[1].str().empty()) {
      stack.push_back(name);
    } else {
      if (stack.empty() || stack.back() != name) {
        problem = "unexpected </" + name + "> with " + (stack.empty() ? "nothing" : stack.back()) +
                  " open";
        return false;
      }
      stack.pop_back();
    }
  }
  if (!stack.empty()) {
    problem = "<" + stack.back() + "> never closed";
    return false;
  }
  return true;
}

size_t CountOf(const std::string& s, const std::string& needle) {
  size_t n = 0;
  for (size_t at = s.find(needle); at != std::string::npos; at = s.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("report figures are formatted for people", "[report]") {
  CHECK(FormatFigure(83.375e6, Unit::kWatts) == "83.4 MW");
  CHECK(FormatFigure(1.2e9, Unit::kUsd) == "1.2 B USD");
  CHECK(FormatFigure(54.3 * 86400, Unit::kSeconds) == "54.3 days");
  CHECK(FormatFigure(0.412, Unit::kFraction) == "41.2 %");
  CHECK(FormatFigure(100000, Unit::kCount) == "100,000");
  CHECK(FormatFigure(314e9, Unit::kCount) == "314 billion");
  CHECK(FormatFigure(2.788e6 * 3600, Unit::kGpuSeconds) == "2.79 million GPU-hours");
  CHECK(FormatFigure(15e12, Unit::kTokens) == "15 trillion tokens");
  CHECK(FormatFigure(0.06 / 3.6e6, Unit::kUsdPerJoule) == "0.06 USD/kWh");
  CHECK(FormatFigure(48, Unit::kPerDay) == "48 per day");
  CHECK(FormatFigure(5.41e11, Unit::kFlop) == "541 GFLOP");
  CHECK(FormatFigure(80e9, Unit::kBytes) == "74.5 GiB");
}

TEST_CASE("report numbers for machines read back exactly", "[report]") {
  CHECK(ExactNumber(100000) == "100000");
  CHECK(ExactNumber(0.1) == "0.1");
  CHECK(ExactNumber(-0.0) == "0");
  for (double v : {83375000.0, 1.0 / 3.0, 6.02214076e23, 1e-9, 123456789.123456789}) {
    std::string text = ExactNumber(v);
    CHECK(std::strtod(text.c_str(), nullptr) == v);
  }
  for (Unit u : {Unit::kCount, Unit::kFraction, Unit::kBytes, Unit::kSeconds, Unit::kWatts,
                 Unit::kJoules, Unit::kUsd, Unit::kBytesPerSecond, Unit::kFlop,
                 Unit::kFlopPerSecond, Unit::kUsdPerSecond, Unit::kUsdPerJoule, Unit::kPerDay,
                 Unit::kTokens, Unit::kTokensPerSecond, Unit::kGpuSeconds})
    CHECK(UnitFromSymbol(clusterc::backends::report::UnitSymbol(u)) == u);
}

TEST_CASE("the four reports of every example agree", "[report]") {
  for (const auto& spec : Examples()) {
    DYNAMIC_SECTION(spec.filename().string()) {
      Reports r = BuildReports(spec);

      auto parsed = llvm::json::parse(r.json);
      if (!parsed) {
        std::string error = llvm::toString(parsed.takeError());
        FAIL("report.json does not parse: " << error);
      }
      const llvm::json::Object* root = parsed->getAsObject();
      REQUIRE(root);
      REQUIRE(root->getInteger("format_version"));
      CHECK(*root->getInteger("format_version") == 1);
      REQUIRE(root->getString("spec"));
      CHECK(root->getString("spec")->str() == spec.filename().string());
      REQUIRE(root->getArray("clusters"));
      REQUIRE(root->getArray("plans"));
      CHECK(!root->getArray("clusters")->empty());

      auto rows = ParseCsv(r.csv);
      REQUIRE(!rows.empty());
      CHECK(rows[0] == std::vector<std::string>{"section", "name", "value", "unit"});
      size_t figures = 0;
      CountFigures(*parsed, "", figures);
      CHECK(rows.size() - 1 == figures);

      std::map<std::string, int> seen;
      for (size_t i = 1; i < rows.size(); ++i) {
        const auto& row = rows[i];
        REQUIRE(row.size() == 4);
        INFO(row[0] << "," << row[1] << "," << row[2] << "," << row[3]);
        CHECK(++seen[row[0] + "/" + row[1]] == 1);
        const llvm::json::Object* group = Resolve(*root, row[0]);
        REQUIRE(group);
        auto value = group->getNumber(row[1]);
        REQUIRE(value);
        // The CSV holds the JSON's number exactly.
        CHECK(std::strtod(row[2].c_str(), nullptr) == *value);
        CHECK(ExactNumber(*value) == row[2]);
        // HTML and Markdown hold it formatted for people, in a table cell.
        auto unit = UnitFromSymbol(row[3]);
        REQUIRE(unit);
        std::string people = FormatFigure(*value, *unit);
        CHECK(r.md.find("| " + people + " |") != std::string::npos);
        CHECK(r.html.find("<td class=\"num\">" + clusterc::backends::report::Escape(people) +
                          "</td>") != std::string::npos);
      }

      // Every diagnostic is listed with its code and location.
      for (const auto& d : *root->getArray("diagnostics")) {
        const auto* o = d.getAsObject();
        REQUIRE(o);
        auto code = o->getString("code");
        REQUIRE(code);
        CHECK(r.html.find(code->str()) != std::string::npos);
        CHECK(r.md.find("`" + code->str() + "`") != std::string::npos);
        auto file = o->getString("file");
        REQUIRE(file);
        if (!file->empty()) {
          std::string location = file->str() + ":" + std::to_string(*o->getInteger("line")) + ":" +
                                 std::to_string(*o->getInteger("column"));
          CHECK(r.html.find(location) != std::string::npos);
          CHECK(r.md.find(location) != std::string::npos);
        }
      }

      // Self-contained: nothing refers to the network, no scripts.
      for (const std::string* text : {&r.html, &r.md, &r.json, &r.csv}) {
        CHECK(text->find("http://") == std::string::npos);
        CHECK(text->find("https://") == std::string::npos);
      }
      CHECK(r.html.find("<script") == std::string::npos);
      CHECK(r.html.find("@import") == std::string::npos);
      CHECK(r.html.find("url(") == std::string::npos);

      // Every chart is present and draws something.
      size_t charts = CountOf(r.html, "<svg ");
      CHECK(charts >= 4 + 2 * root->getArray("plans")->size());
      CHECK(CountOf(r.html, "</svg>") == charts);
      for (size_t at = r.html.find("<svg "); at != std::string::npos;
           at = r.html.find("<svg ", at + 1)) {
        size_t end = r.html.find("</svg>", at);
        REQUIRE(end != std::string::npos);
        std::string svg = r.html.substr(at, end - at);
        CHECK(svg.find("<title>") != std::string::npos);
        CHECK((svg.find("<rect") != std::string::npos || svg.find("<line") != std::string::npos));
        for (const char* bad : {"\"nan\"", "\"-nan\"", "\"inf\"", "\"-inf\"", ">nan", ">inf"})
          CHECK(svg.find(bad) == std::string::npos);
      }
      std::string problem;
      CHECK(BalancedTags(r.html, problem));
      INFO(problem);

      // Deterministic: a second build is byte-identical.
      Reports again = BuildReports(spec);
      CHECK(again.html == r.html);
      CHECK(again.md == r.md);
      CHECK(again.json == r.json);
      CHECK(again.csv == r.csv);
    }
  }
}

TEST_CASE("the report works without diagnostics and lists the ones it is given", "[report]") {
  using namespace clusterc;
  std::string spec = std::string(CLUSTERC_SOURCE_DIR) + "/examples/colossus.cl";
  SourceManager sources;
  DiagnosticList diags;
  ir::Program program = Compile(spec, CompileOptions{}, sources, diags);
  REQUIRE(!diags.HasErrors());
  analysis::Results results = analysis::Analyze(program, analysis::Options{}, diags);
  REQUIRE(!program.plans.empty());

  backends::Context bare(program, results, "colossus.cl");
  bare.plans = {0};
  backends::OutputTree out;
  backends::EmitReport(bare, out);
  REQUIRE(out.Files().count("report/report.html"));
  REQUIRE(out.Files().count("report/report.json"));
  CHECK(out.Files().at("report/report.json").find("\"diagnostics\": []") != std::string::npos);
  CHECK(out.Files().at("report/report.html").find("Feasible") != std::string::npos);

  // A warning located in the plan: counted, listed with code and location, verdict unchanged.
  std::vector<Diagnostic> given;
  Diagnostic d = MakeDiagnostic(FindDiagCode("memory.headroom"), program.plans[0].range,
                                "memory per GPU is close to capacity");
  d.severity = Severity::kWarning;
  given.push_back(d);
  backends::Context with(program, results, "colossus.cl");
  with.plans = {0};
  with.diagnostics = &given;
  with.sources = &sources;
  backends::OutputTree out2;
  backends::EmitReport(with, out2);
  const std::string& html = out2.Files().at("report/report.html");
  const std::string& json = out2.Files().at("report/report.json");
  CHECK(html.find("memory.headroom") != std::string::npos);
  CHECK(html.find("memory per GPU is close to capacity") != std::string::npos);
  LineColumn lc = sources.Position(program.plans[0].range.file, program.plans[0].range.begin);
  CHECK(html.find("colossus.cl:" + std::to_string(lc.line) + ":" + std::to_string(lc.column)) !=
        std::string::npos);
  CHECK(json.find("\"warnings\": 1") != std::string::npos);
  CHECK(json.find("\"feasible\": true") != std::string::npos);
}

TEST_CASE("the report names a plan's shard groups and replicas", "[report]") {
  // tests/lang/explain/hybrid_sharding.cl: `per_node` shards over one node of its four, `whole`
  // over all 32 ranks.
  using namespace clusterc;
  std::string spec = std::string(CLUSTERC_SOURCE_DIR) + "/tests/lang/explain/hybrid_sharding.cl";
  SourceManager sources;
  DiagnosticList diags;
  ir::Program program = Compile(spec, CompileOptions{}, sources, diags);
  analysis::Results results = analysis::Analyze(program, analysis::Options{}, diags);
  backends::Context ctx(program, results, "hybrid_sharding.cl");
  for (uint32_t i = 0; i < program.plans.size(); ++i)
    if (program.plans[i].name == "per_node" || program.plans[i].name == "whole")
      ctx.plans.push_back(i);
  REQUIRE(ctx.plans.size() == 2);
  backends::OutputTree out;
  backends::EmitReport(ctx, out);
  const std::string& json = out.Files().at("report/report.json");
  CHECK(json.find("\"optimizer\": \"adam fsdp over shard groups of 8 ranks, 4 replicas\"") !=
        std::string::npos);
  CHECK(json.find("\"optimizer\": \"adam fsdp\"") != std::string::npos);
}
