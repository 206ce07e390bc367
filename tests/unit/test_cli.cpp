// The driver's command table: every command's help is generated from it and lists every option;
// parsing follows the declared option kinds.
#include <yaml-cpp/yaml.h>

#include <catch2/catch.hpp>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "driver/cli.h"
#include "driver/driver.h"

using namespace clusterc;

namespace {

int RunArgs(std::vector<std::string> args, Streams& s) {
  return Run(args, s);
}

// The command names `clusterc --help` lists.
std::vector<std::string> CommandNames() {
  Streams s;
  REQUIRE(RunArgs({"--help"}, s) == kExitOk);
  std::vector<std::string> names;
  std::istringstream in(s.out);
  std::string line;
  bool in_commands = false;
  while (std::getline(in, line)) {
    if (line == "commands:") {
      in_commands = true;
      continue;
    }
    if (!in_commands) continue;
    if (line.empty()) break;
    std::istringstream words(line);
    std::string name;
    words >> name;
    names.push_back(name);
  }
  return names;
}

cli::CommandSpec Sample() {
  cli::CommandSpec c;
  c.name = "sample";
  c.operand = "FILE";
  c.min_operands = c.max_operands = 1;
  c.options = {cli::Flag("--quiet", "say less").Alias("-q"),
               cli::Value("--plan", "NAME", "a plan name", "the plan"),
               cli::Choice("--format", "FORMAT", {"text", "json"}, "how to print"),
               cli::PositiveInteger("--jobs", "N", "a positive number of workers", "workers")};
  c.format_option = "--format";
  return c;
}

}  // namespace

TEST_CASE("every command has generated help that lists its options", "[cli]") {
  std::vector<std::string> names = CommandNames();
  REQUIRE(names.size() >= 5);
  for (const auto& name : names) {
    INFO(name);
    Streams s;
    REQUIRE(RunArgs({name, "--help"}, s) == kExitOk);
    CHECK(s.out.rfind("usage: clusterc " + name, 0) == 0);
    std::istringstream in(s.out);
    std::string line;
    while (std::getline(in, line)) CHECK(line.size() <= 100);
    // `-h` is `--help`.
    Streams again;
    RunArgs({name, "-h"}, again);
    CHECK(again.out == s.out);
  }
}

TEST_CASE("command line parsing follows the option kinds", "[cli]") {
  cli::CommandSpec c = Sample();
  cli::ParsedArgs a;
  REQUIRE_FALSE(
      cli::Parse(c, {"spec.cl", "-q", "--plan", "p", "--format", "json", "--jobs", "4"}, a));
  CHECK(a.operands == std::vector<std::string>{"spec.cl"});
  CHECK(a.Has("--quiet"));
  CHECK(a.Get("--plan") == "p");
  CHECK(a.Get("--format") == "json");
  CHECK(a.Get("--jobs") == "4");

  cli::ParsedArgs b;
  CHECK(*cli::Parse(c, {"spec.cl", "--bogus"}, b) ==
        "unknown option `--bogus` for `clusterc sample`");
  cli::ParsedArgs d;
  CHECK(*cli::Parse(c, {"spec.cl", "--format", "yaml"}, d) ==
        "--format takes text or json; got `yaml`");
  cli::ParsedArgs e;
  CHECK(*cli::Parse(c, {"spec.cl", "--plan"}, e) == "--plan needs a plan name");
  for (const char* bad : {"0", "-1", "x", "99999999999999999999999"}) {
    cli::ParsedArgs f;
    CHECK(*cli::Parse(c, {"spec.cl", "--jobs", bad}, f) ==
          "--jobs takes a positive number of workers");
  }
  cli::ParsedArgs g;
  CHECK(*cli::Parse(c, {}, g) == "`clusterc sample` needs a FILE");
  cli::ParsedArgs h;
  CHECK(*cli::Parse(c, {"a", "b"}, h) == "`clusterc sample` takes one FILE");
  cli::ParsedArgs help;
  CHECK_FALSE(cli::Parse(c, {"--bogus", "--help"}, help));
  CHECK(help.Has("--help"));
  CHECK(cli::UsageFormat(c, {"--format", "json", "--bogus"}) == "json");
  CHECK(cli::UsageFormat(c, {"--format", "yaml"}) == "text");
}

TEST_CASE("generated help wraps the usage line between options", "[cli]") {
  cli::CommandSpec c = Sample();
  for (int i = 0; i < 8; ++i) c.options.push_back(cli::Flag("--a-rather-long-flag", "x"));
  std::string help = cli::CommandHelp(c);
  std::istringstream in(help);
  std::string line;
  std::getline(in, line);
  CHECK(line.rfind("usage: clusterc sample FILE [--quiet]", 0) == 0);
  CHECK(line.size() <= 100);
  std::getline(in, line);
  CHECK(line.rfind(std::string(23, ' ') + "[--", 0) == 0);  // aligned under the operands
  CHECK(help.find("  -q, --quiet") != std::string::npos);
  CHECK(help.find("  --jobs N ") != std::string::npos);
}

// A plan that extends another and inherits a field that does not fit has its error located in
// the base's text; explain must still mark the plan the error is about, not the base twice.
TEST_CASE("explain marks a plan infeasible by an error it inherits from the plan it extends",
          "[cli]") {
  const std::string spec =
      std::string(CLUSTERC_SOURCE_DIR) + "/tests/lang/explain/recompute_modules.cl";
  Streams s;
  REQUIRE(RunArgs({"explain", spec, "--format", "json"}, s) == kExitDiagnostics);
  const YAML::Node doc = YAML::Load(s.out);
  std::map<std::string, bool> feasible;
  for (const auto& e : doc["entities"])
    feasible[e["name"].as<std::string>()] = e["feasible"].as<bool>();
  CHECK_FALSE(feasible.at("keep"));
  CHECK_FALSE(feasible.at("attention"));  // `attention extends keep`, the overflow inherited
  CHECK(feasible.at("minimal"));
  // The text names the derived plan where the location shows the base.
  CHECK(s.err.find("about plan `attention`, which takes this from the plan it extends") !=
        std::string::npos);
}
