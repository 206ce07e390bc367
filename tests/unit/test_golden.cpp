// Golden language tests: every tests/lang/**/*.cl runs through the driver and its output is
// compared with the sibling `.expected` file. A first line `// ARGS: ...` sets the command line
// (`%s` is the file, `%o` a scratch output folder of its own); the default is `check %s`. Set
// CLUSTERC_UPDATE_GOLDENS=1 to rewrite the expectations after a deliberate change
// (tests/update-goldens.sh), then review the diff.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "diag/diagnostic.h"
#include "driver/driver.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;

using clusterc::testing::Slurp;

namespace {

std::vector<std::string> Split(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string word;
  while (in >> word) out.push_back(word);
  return out;
}

std::vector<fs::path> GoldenFiles() {
  std::vector<fs::path> files;
  for (const auto& e :
       fs::recursive_directory_iterator(fs::path(CLUSTERC_SOURCE_DIR) / "tests/lang"))
    if (e.is_regular_file() && e.path().extension() == ".cl" &&
        e.path().parent_path().filename() != "imports")
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Runs one golden case; returns the text its expectation holds.
std::string RunGolden(const fs::path& file) {
  std::string text = Slurp(file);
  std::string args_line = "check %s";
  if (text.rfind("// ARGS:", 0) == 0) args_line = text.substr(8, text.find('\n') - 8);
  // Paths relative to the source root keep the expectations independent of the checkout.
  std::string rel = fs::relative(file, CLUSTERC_SOURCE_DIR).string();
  std::string out_dir = (clusterc::testing::ScratchDir("golden") / file.stem()).string();
  std::vector<std::string> args;
  for (auto& a : Split(args_line)) {
    size_t at;
    while ((at = a.find("%s")) != std::string::npos) a.replace(at, 2, rel);
    while ((at = a.find("%o")) != std::string::npos) a.replace(at, 2, out_dir);
    args.push_back(a);
  }
  clusterc::Streams streams;
  int code = clusterc::Run(args, streams);
  std::string out = "exit: " + std::to_string(code) + "\n";
  if (!streams.err.empty()) out += "--- stderr\n" + streams.err;
  if (!streams.out.empty()) out += "--- stdout\n" + streams.out;
  for (size_t at = 0; (at = out.find(out_dir, at)) != std::string::npos;)
    out.replace(at, out_dir.size(), "%o");
  // clusterc's own version changes; expectations should not (SARIF's "2.1.0" stays).
  clusterc::Streams version;
  clusterc::Run({"--version"}, version);
  std::string v = version.out.substr(version.out.find(' ') + 1);
  v.erase(v.find_last_not_of("\n") + 1);
  for (const std::string key : {"\"version\": \"", "\"semanticVersion\": \"", "clusterc "}) {
    size_t at = 0;
    while ((at = out.find(key + v, at)) != std::string::npos) {
      out.replace(at + key.size(), v.size(), "X");
      at += key.size();
    }
  }
  return out;
}

struct CwdGuard {
  fs::path saved = fs::current_path();
  CwdGuard() { fs::current_path(CLUSTERC_SOURCE_DIR); }
  ~CwdGuard() { fs::current_path(saved); }
};

}  // namespace

namespace {

// The folder of tests/lang a golden case lies in (its first component: "analysis", "explain").
std::string TopFolder(const fs::path& file) {
  return fs::relative(file, fs::path(CLUSTERC_SOURCE_DIR) / "tests/lang").begin()->string();
}

// Runs (or, with CLUSTERC_UPDATE_GOLDENS, rewrites) the golden cases of the given folders, or
// of every other folder when `others`. The cases are split over four tests so that ctest runs
// them side by side.
void CheckGoldens(const std::set<std::string>& folders, bool others = false) {
  CwdGuard cwd;
  bool update = std::getenv("CLUSTERC_UPDATE_GOLDENS") != nullptr;
  std::vector<fs::path> files;
  for (const auto& file : GoldenFiles())
    if (folders.count(TopFolder(file)) != (others ? 1u : 0u)) files.push_back(file);
  REQUIRE(files.size() > 0);
  for (const auto& file : files) {
    fs::path expected_path = file;
    expected_path += ".expected";
    if (update) {
      std::ofstream(expected_path, std::ios::binary) << RunGolden(file);
      continue;
    }
    // Catch enters the test once per section and runs what lies outside the sections every
    // time: the case runs inside its own section, once, not once per section of the loop.
    DYNAMIC_SECTION(fs::relative(file, CLUSTERC_SOURCE_DIR).string()) {
      INFO("expectation: " << expected_path.string()
                           << " (run tests/update-goldens.sh after a deliberate change)");
      REQUIRE(fs::exists(expected_path));
      CHECK(RunGolden(file) == Slurp(expected_path));
    }
  }
}

const std::set<std::string> kAnalysis = {"analysis"};
const std::set<std::string> kExplain = {"explain", "search", "sweep"};
const std::set<std::string> kOutputs = {"backends", "cli", "deploy", "multi", "output"};

}  // namespace

TEST_CASE("golden language tests: analysis rules", "[golden]") {
  CheckGoldens(kAnalysis);
}

TEST_CASE("golden language tests: explain and search", "[golden]") {
  CheckGoldens(kExplain);
}

TEST_CASE("golden language tests: outputs and the command line", "[golden]") {
  CheckGoldens(kOutputs);
}

TEST_CASE("golden language tests: the language", "[golden]") {
  std::set<std::string> elsewhere = kAnalysis;
  elsewhere.insert(kExplain.begin(), kExplain.end());
  elsewhere.insert(kOutputs.begin(), kOutputs.end());
  CheckGoldens(elsewhere, true);
}

TEST_CASE("every diagnostic code has a golden test that triggers it", "[golden]") {
  std::set<std::string> seen;
  std::regex code_in_text(R"(\[([a-z]+\.[a-z0-9-]+)\])");
  std::regex code_in_json(R"re("(?:code|ruleId)": "([a-z]+\.[a-z0-9-]+)")re");
  for (const auto& file : GoldenFiles()) {
    fs::path expected_path = file;
    expected_path += ".expected";
    std::string text = Slurp(expected_path);
    // Only codes reported as diagnostics count, not the rule list of a SARIF document.
    for (std::sregex_iterator it(text.begin(), text.end(), code_in_text), end; it != end; ++it)
      seen.insert((*it)[1]);
    // JSON diagnostics and SARIF results; SARIF's rule list uses "id" and does not count.
    for (std::sregex_iterator it(text.begin(), text.end(), code_in_json), end; it != end; ++it)
      seen.insert((*it)[1]);
  }
  std::vector<std::string> missing;
  for (const auto& info : clusterc::kDiagCodes)
    if (!seen.count(std::string(info.code))) missing.emplace_back(info.code);
  INFO("codes without a golden test: " << [&] {
    std::string s;
    for (const auto& m : missing) s += m + " ";
    return s;
  }());
  CHECK(missing.empty());
}

TEST_CASE("every diagnostic code is documented in docs/rules.md", "[golden]") {
  std::string rules = Slurp(fs::path(CLUSTERC_SOURCE_DIR) / "docs/rules.md");
  for (const auto& info : clusterc::kDiagCodes) {
    INFO(info.code);
    CHECK(rules.find("`" + std::string(info.code) + "`") != std::string::npos);
  }
}
