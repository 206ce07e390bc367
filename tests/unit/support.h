// Shared by the unit tests: compile and analyse a spec in-process, lower it with one backend, and
// list the examples.
#pragma once

#include <catch2/catch.hpp>

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "backends/backend.h"
#include "diag/diagnostic.h"
#include "diag/source.h"
#include "frontend/compile.h"

namespace clusterc::testing {

struct Compiled {
  SourceManager sources;
  DiagnosticList diags;
  ir::Program program;
  analysis::Results results;
  std::string name;  // the spec's file name
};

// Compiles and analyses `file`; the test fails when the spec has errors.
inline std::unique_ptr<Compiled> CompileSpec(const std::filesystem::path& file) {
  auto c = std::make_unique<Compiled>();
  c->program = Compile(file.string(), CompileOptions{}, c->sources, c->diags);
  REQUIRE_FALSE(c->diags.HasErrors());
  c->results = analysis::Analyze(c->program, analysis::Options{}, c->diags);
  c->name = file.filename().string();
  return c;
}

// A spec of the explain golden tests (tests/lang/explain/), compiled and analysed.
inline std::unique_ptr<Compiled> ExplainSpec(const char* name) {
  return CompileSpec(std::filesystem::path(CLUSTERC_SOURCE_DIR) / "tests" / "lang" / "explain" /
                     name);
}

// A spec of the validation suite (tests/validation/), compiled and analysed.
inline std::unique_ptr<Compiled> ValidationSpec(const char* name) {
  return CompileSpec(std::filesystem::path(CLUSTERC_SOURCE_DIR) / "tests" / "validation" / name);
}

// The plan inputs of the plan `name` of a compiled spec.
inline analysis::PlanInputs PlanNamed(const Compiled& c, const char* name) {
  for (uint32_t i = 0; i < c.program.plans.size(); ++i)
    if (c.program.plans[i].name == name) return c.results.plan_inputs[i];
  FAIL("no plan " << name);
  return {};
}

// The index of the plan `name` of a compiled spec (what backends::sim::MakePlanShape takes).
inline uint32_t PlanIndex(const Compiled& c, const char* name) {
  for (uint32_t i = 0; i < c.program.plans.size(); ++i)
    if (c.program.plans[i].name == name) return i;
  FAIL("no plan " << name);
  return 0;
}

// The backend context `clusterc build` would pass: every plan of the main file.
inline backends::Context ContextOf(const Compiled& c) {
  backends::Context context(c.program, c.results, c.name);
  context.diagnostics = &c.diags.All();
  context.sources = &c.sources;
  for (uint32_t i = 0; i < c.program.plans.size(); ++i)
    if (c.program.plans[i].range.file == c.program.main_file) context.plans.push_back(i);
  return context;
}

inline backends::OutputTree Lower(const Compiled& c, backends::EmitFn emit) {
  backends::OutputTree out;
  emit(ContextOf(c), out);
  return out;
}

// A folder of this test process's own under the system's temporary folder, removed when the
// process exits: tests running in parallel (ctest -j, other checkouts) never share a path. Its
// name holds the process id, so a later run removes the folders of processes that were killed
// (a ctest timeout runs no destructor).
inline const std::filesystem::path& ScratchRoot() {
  struct Root {
    std::filesystem::path path;
    Root() {
      const std::filesystem::path tmp = std::filesystem::temp_directory_path();
      const std::string prefix = "clusterc_test_";
      std::error_code ec;
      for (const auto& e : std::filesystem::directory_iterator(tmp, ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind(prefix, 0) != 0) continue;
        const long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
        if (pid > 0 && kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
          std::filesystem::remove_all(e.path(), ec);
      }
      std::string tmpl = (tmp / (prefix + std::to_string(getpid()) + "_XXXXXX")).string();
      REQUIRE(mkdtemp(tmpl.data()) != nullptr);
      path = tmpl;
    }
    ~Root() {
      std::error_code ec;
      std::filesystem::remove_all(path, ec);
    }
  };
  static Root root;
  return root.path;
}

// An empty folder `name` inside ScratchRoot().
inline std::filesystem::path ScratchDir(const std::string& name) {
  std::filesystem::path p = ScratchRoot() / name;
  std::filesystem::remove_all(p);
  std::filesystem::create_directories(p);
  return p;
}

// The value of a launcher argument `--flag value` (or `--flag=value`) in an sbatch script:
// "true" when present without a value, "" when absent.
inline std::string SbatchFlag(const std::string& sbatch, const std::string& flag) {
  std::istringstream lines(sbatch);
  for (std::string line; std::getline(lines, line);) {
    const size_t at = line.find_first_not_of(' ');
    if (at == std::string::npos || line.compare(at, flag.size(), flag) != 0) continue;
    const std::string rest = line.substr(at + flag.size());
    if (rest.empty()) return "true";
    if (rest[0] == '=' || rest[0] == ' ') return rest.substr(1);
  }
  return "";
}

// A whole file as bytes ("" when it cannot be read).
inline std::string Slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// examples/*.cl, sorted.
inline std::vector<std::filesystem::path> Examples() {
  std::vector<std::filesystem::path> files;
  for (const auto& e :
       std::filesystem::directory_iterator(std::filesystem::path(CLUSTERC_SOURCE_DIR) / "examples"))
    if (e.path().extension() == ".cl") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace clusterc::testing
