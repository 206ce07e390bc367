// clusterc fmt: idempotent and meaning-preserving on every .cl file of the repository; syntax
// errors leave a file untouched; --check and --diff.
#include "driver/driver.h"
#include "driver/explain.h"
#include "driver/fmt.h"
#include "driver/session.h"
#include "frontend/format.h"
#include "frontend/parse.h"
#include "support.h"

namespace clusterc {
namespace {

namespace fs = std::filesystem;
using testing::ScratchDir;
using testing::Slurp;

// Every .cl file in the repository: examples, stdlib, language and golden test inputs.
std::vector<fs::path> AllSpecs() {
  std::vector<fs::path> out;
  for (const char* dir : {"examples", "stdlib", "tests"})
    for (const auto& e : fs::recursive_directory_iterator(fs::path(CLUSTERC_SOURCE_DIR) / dir))
      if (e.is_regular_file() && e.path().extension() == ".cl") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<std::string> Format(const std::string& path, const std::string& text) {
  SourceManager sources;
  uint32_t id = sources.Add(path, text);
  DiagnosticList diags;
  return FormatSource(sources, id, diags);
}

// What a spec means: its diagnostics without locations, and every derived value.
std::string Meaning(const std::string& path, const std::string& text) {
  CompileOptions options;
  options.read_file = [&](const std::string& p) -> std::optional<std::string> {
    if (fs::path(p).lexically_normal() == fs::path(path).lexically_normal()) return text;
    return ReadFile(p);
  };
  SourceManager sources;
  Session session;
  CompileAndAnalyze(path, options, sources, session);
  std::vector<std::string> diags;
  for (const auto& d : session.diags.All()) {
    std::string line = std::string(Info(d.code).code) + " " + d.message;
    for (const auto& n : d.notes) line += " | " + n;
    line += d.suppressed ? " (suppressed)" : "";
    diags.push_back(line);
  }
  std::sort(diags.begin(), diags.end());
  std::string out;
  for (const auto& d : diags) out += d + "\n";
  return out + RenderExplainJson(ExplainRows(session.program, session.results, ""), path);
}

// A file with its blanks and `;` separators removed outside strings and comments (and a
// byte-order mark dropped): the formatter may change only those. Comments lose trailing blanks.
std::string Essence(const std::string& text) {
  std::string out;
  bool in_string = false, in_comment = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_comment) {
      if (c == '\n') {
        while (!out.empty() && (out.back() == ' ' || out.back() == '\r')) out.pop_back();
        out += '\n';
        in_comment = false;
      } else {
        out += c;
      }
      continue;
    }
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) out += text[++i];
      if (c == '"') in_string = false;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      out += "\n//";
      ++i;
      in_comment = true;
      continue;
    }
    if (c == '"') in_string = true;
    if (text.compare(i, 3, "\xEF\xBB\xBF") == 0) {
      i += 2;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '\f') continue;
    out += c;
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '\r')) out.pop_back();
  return out;
}

TEST_CASE("fmt is idempotent and keeps the meaning of every .cl file in the repository") {
  size_t formatted = 0, refused = 0;
  for (const auto& file : AllSpecs()) {
    INFO(file.string());
    std::string text = Slurp(file);
    auto once = Format(file.string(), text);
    if (!once) {
      ++refused;  // syntax errors: left alone (checked below)
      continue;
    }
    ++formatted;
    auto twice = Format(file.string(), *once);
    REQUIRE(twice);
    CHECK(*twice == *once);
    CHECK(Essence(*once) == Essence(text));
    // Stdlib modules compile as the modules they are (std.* imports resolve to the embedded
    // copies); the rest compile where they stand, so their relative imports resolve.
    CHECK(Meaning(file.string(), *once) == Meaning(file.string(), text));
  }
  CHECK(formatted > 100);
  CHECK(refused > 10);  // tests/malformed and the syntax tests
}

TEST_CASE("fmt lays out blocks, members, units and comments canonically") {
  std::string in =
      "site s{grid_power=150 MW;pue=1.15 // seeds\n"
      "electricity=0.06 USD / kWh\n\n\n  cooling   =   cooling.air}\n"
      "fabric f { kind = roce_v2\n topology = fat_tree {tiers=3;oversubscription=1 : 1}}\n"
      "let x = -( 2+3 )*4\n"
      "require f.switch_count>=1:\"a switch\"\n";
  auto out = Format("t.cl", in);
  REQUIRE(out);
  CHECK(*out ==
        "site s {\n"
        "  grid_power  = 150 MW\n"
        "  pue         = 1.15  // seeds\n"
        "  electricity = 0.06 USD/kWh\n"
        "\n"
        "  cooling = cooling.air\n"
        "}\n"
        "fabric f {\n"
        "  kind     = roce_v2\n"
        "  topology = fat_tree { tiers = 3; oversubscription = 1:1 }\n"
        "}\n"
        "let x = -(2 + 3) * 4\n"
        "require f.switch_count >= 1 : \"a switch\"\n");
}

TEST_CASE("fmt leaves a file with syntax errors untouched and reports why") {
  fs::path dir = ScratchDir("fmt_syntax");
  fs::path bad = dir / "bad.cl";
  std::ofstream(bad) << "site s {\n  pue = = 1\n}\n";
  std::string before = Slurp(bad);
  Streams s;
  int code = Run({"fmt", bad.string()}, s);
  CHECK(code == kExitDiagnostics);
  CHECK(Slurp(bad) == before);
  CHECK(s.err.find("syntax") != std::string::npos);
  CHECK(s.err.find("bad.cl:2:") != std::string::npos);
}

TEST_CASE("fmt --check lists files that would change and exits 1, fmt rewrites them") {
  fs::path dir = ScratchDir("fmt_check");
  fs::path messy = dir / "messy.cl", tidy = dir / "tidy.cl";
  std::ofstream(messy) << "site s {pue=1.1}\n";
  std::ofstream(tidy) << "site s { pue = 1.1 }\n";
  Streams check;
  CHECK(Run({"fmt", "--check", messy.string(), tidy.string()}, check) == kExitDiagnostics);
  CHECK(check.out == messy.string() + "\n");
  CHECK(Slurp(messy) == "site s {pue=1.1}\n");

  Streams diff;
  CHECK(Run({"fmt", "--diff", messy.string()}, diff) == kExitOk);
  CHECK(diff.out.find("-site s {pue=1.1}\n+site s { pue = 1.1 }\n") != std::string::npos);

  Streams write;
  CHECK(Run({"fmt", messy.string()}, write) == kExitOk);
  CHECK(Slurp(messy) == "site s { pue = 1.1 }\n");
  Streams again;
  CHECK(Run({"fmt", "--check", messy.string(), tidy.string()}, again) == kExitOk);
  CHECK(again.out.empty());
}

TEST_CASE("fmt's unified diff has hunks with context") {
  std::string a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", b = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n";
  CHECK(UnifiedDiff("f.cl", a, b) ==
        "--- f.cl\n+++ f.cl (formatted)\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
}

}  // namespace
}  // namespace clusterc

namespace clusterc {
namespace {

TEST_CASE("the examples and the standard library are formatted") {
  std::vector<std::filesystem::path> files = testing::Examples();
  for (const auto& e :
       std::filesystem::directory_iterator(std::filesystem::path(CLUSTERC_SOURCE_DIR) / "stdlib"))
    if (e.path().extension() == ".cl") files.push_back(e.path());
  REQUIRE(files.size() >= 10);
  for (const auto& file : files) {
    INFO(file.string() << ": run `clusterc fmt` on it");
    std::string text = testing::Slurp(file);
    CHECK(Format(file.string(), text) == text);
  }
}

}  // namespace
}  // namespace clusterc
