// The public-cluster examples compile with zero diagnostics through the whole pipeline (frontend,
// analysis, requires), each holds a plan, and `clusterc check` on all of them prints nothing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "driver/driver.h"
#include "frontend/compile.h"

namespace fs = std::filesystem;

namespace {
std::vector<std::string> Examples() {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(fs::path(CLUSTERC_SOURCE_DIR) / "examples"))
    if (e.path().extension() == ".cl") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}
}  // namespace

TEST_CASE("the five public clusters are there", "[examples]") {
  auto files = Examples();
  std::vector<std::string> names;
  for (const auto& f : files) names.push_back(fs::path(f).filename().string());
  for (const char* want :
       {"colossus.cl", "meta_24k.cl", "deepseek_2k.cl", "tpu_v5p_pod.cl", "h100_10k.cl"}) {
    INFO(want);
    CHECK(std::find(names.begin(), names.end(), want) != names.end());
  }
}

TEST_CASE("every example checks clean and holds a plan", "[examples]") {
  for (const auto& file : Examples()) {
    DYNAMIC_SECTION(fs::path(file).filename().string()) {
      clusterc::Streams streams;
      int code = clusterc::Run({"check", file}, streams);
      INFO(streams.err);
      CHECK(code == 0);
      CHECK(streams.err.empty());
      CHECK(streams.out.empty());
      clusterc::SourceManager sources;
      clusterc::DiagnosticList diags;
      auto program = clusterc::Compile(file, {}, sources, diags);
      size_t plans = std::count_if(program.plans.begin(), program.plans.end(), [&](const auto& p) {
        return p.range.file == program.main_file;
      });
      CHECK(plans >= 1);
    }
  }
}
