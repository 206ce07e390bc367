// Resource limits and hostile inputs (issue 14, sections 3 to 5): imports that would block, leave
// the root or recurse without end; inputs that would exhaust the stack; floods of diagnostics;
// values that would overflow. Each case runs the real binary in a child process under `timeout`,
// so a crash or a hang fails the case instead of the test runner.
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <catch2/catch.hpp>

#include "diag/format.h"
#include "ir/checked.h"
#include "tests/unit/support.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

namespace fs = std::filesystem;

using clusterc::testing::Slurp;

namespace {

struct Outcome {
  int exit_code = -1;
  bool crashed_or_hung = false;
  std::string err, out;
  double cpu_seconds = 0;  // the child's user + system time: robust on a busy machine
};

double ChildrenCpuSeconds() {
  struct rusage ru {};
  ::getrusage(RUSAGE_CHILDREN, &ru);
  return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

Outcome Run(const std::string& args, const fs::path& cwd = {}) {
  fs::path dir = clusterc::testing::ScratchRoot();
  fs::path err = dir / "limits_stderr.txt", out = dir / "limits_stdout.txt";
  std::string cmd = (cwd.empty() ? "" : "cd '" + cwd.string() + "' && ") + "timeout 30 '" +
                    std::string(CLUSTERC_BINARY) + "' " + args + " >'" + out.string() + "' 2>'" +
                    err.string() + "'";
  double before = ChildrenCpuSeconds();
  int status = std::system(cmd.c_str());
  Outcome o;
  o.cpu_seconds = ChildrenCpuSeconds() - before;
  // `timeout` exits 124 on a hang; the shell reports a signal as 128+N.
  o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  o.crashed_or_hung = o.exit_code < 0 || o.exit_code == 124 || o.exit_code > 128;
  o.err = Slurp(err);
  o.out = Slurp(out);
  return o;
}

void Write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

std::string Repeat(const std::string& s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

size_t Lines(const std::string& s) {
  return size_t(std::count(s.begin(), s.end(), '\n'));
}

}  // namespace

TEST_CASE("an import of a FIFO is refused without blocking", "[limits]") {
  fs::path dir = clusterc::testing::ScratchDir("fifo");
  REQUIRE(::mkfifo((dir / "parts.cl").c_str(), 0600) == 0);
  Write(dir / "main.cl", "import \"parts.cl\"\nlet x = 1\n");
  Outcome o = Run("check '" + (dir / "main.cl").string() + "'");
  INFO(o.err);
  CHECK_FALSE(o.crashed_or_hung);
  CHECK(o.exit_code == 1);
  CHECK(o.err.find("FIFO") != std::string::npos);
  CHECK(o.err.find("[import.not-found]") != std::string::npos);
  // The main file itself may not be a FIFO either (exit 2: it cannot be read).
  Outcome main = Run("check '" + (dir / "parts.cl").string() + "'");
  INFO(main.err);
  CHECK_FALSE(main.crashed_or_hung);
  CHECK(main.exit_code == 2);
  CHECK(main.err.find("[source.unreadable]") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("an import whose path cannot be resolved fails closed", "[limits]") {
  fs::path dir = clusterc::testing::ScratchDir("unresolvable");
  // A symbolic link loop: canonicalisation fails. The lexical path lies inside the root, but an
  // unresolvable path is never trusted.
  fs::create_symlink("b.cl", dir / "a.cl");
  fs::create_symlink("a.cl", dir / "b.cl");
  Write(dir / "main.cl", "import \"a.cl\"\nlet x = 1\n");
  Outcome o = Run("check '" + (dir / "main.cl").string() + "'");
  INFO(o.err);
  CHECK_FALSE(o.crashed_or_hung);
  CHECK(o.exit_code == 1);
  CHECK(o.err.find("cannot be resolved") != std::string::npos);
  CHECK(o.err.find("[import.outside-root]") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("a chain of 5,000 imported files ends in a diagnostic", "[limits]") {
  fs::path dir = clusterc::testing::ScratchDir("import_chain");
  const int n = 5000;
  for (int i = 0; i < n; ++i)
    Write(dir / ("f" + std::to_string(i) + ".cl"),
          i + 1 < n
              ? "import \"f" + std::to_string(i + 1) + ".cl\"\nlet v" + std::to_string(i) + " = 1\n"
              : "let last = 1\n");
  Outcome o = Run("check '" + (dir / "f0.cl").string() + "'");
  INFO(o.err.substr(0, 2000));
  CHECK_FALSE(o.crashed_or_hung);
  CHECK(o.exit_code == 1);
  CHECK(o.err.find("imports nest more than 100 files deep") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("deep recursion in constants and prefix operators ends in a diagnostic", "[limits]") {
  fs::path dir = clusterc::testing::ScratchDir("deep");
  SECTION("5,000 constants, each defined from the next") {
    std::string text;
    for (int i = 0; i < 5000; ++i)
      text += "let a" + std::to_string(i) + " = a" + std::to_string(i + 1) + " + 1\n";
    text += "let a5000 = 1\n";
    Write(dir / "lets.cl", text);
    Outcome o = Run("check '" + (dir / "lets.cl").string() + "'");
    INFO(o.err.substr(0, 2000));
    CHECK_FALSE(o.crashed_or_hung);
    CHECK(o.exit_code == 1);
    CHECK(o.err.find("[syntax.too-deep]") != std::string::npos);
  }
  SECTION("50,000 prefix minus signs") {
    Write(dir / "minus.cl", "let x = " + Repeat("-", 50000) + "1\n");
    Outcome o = Run("check '" + (dir / "minus.cl").string() + "'");
    INFO(o.err.substr(0, 2000));
    CHECK_FALSE(o.crashed_or_hung);
    CHECK(o.exit_code == 1);
    CHECK(o.err.find("prefix `-`") != std::string::npos);
  }
  SECTION("prefix minus signs inside nested parentheses count together") {
    Write(dir / "mixed.cl", "let x = " + Repeat("-(", 200) + "1" + Repeat(")", 200) + "\n");
    Outcome o = Run("check '" + (dir / "mixed.cl").string() + "'");
    CHECK_FALSE(o.crashed_or_hung);
    CHECK(o.err.find("[syntax.too-deep]") != std::string::npos);
  }
  SECTION("constants nesting expressions through each other") {
    // 150 constants, each 100 additions deep around the next: every one within the limits of its
    // own, 15,000 levels together.
    std::string text;
    for (int i = 0; i < 150; ++i)
      text += "let a" + std::to_string(i) + " = " + Repeat("1 + (", 100) + "a" +
              std::to_string(i + 1) + Repeat(")", 100) + "\n";
    text += "let a150 = 1\n";
    Write(dir / "nested_lets.cl", text);
    Outcome o = Run("check '" + (dir / "nested_lets.cl").string() + "'");
    INFO(o.err.substr(0, 2000));
    CHECK_FALSE(o.crashed_or_hung);
    CHECK(o.exit_code == 1);
    CHECK(o.err.find("counting through the constants") != std::string::npos);
  }
  SECTION("a short chain of subtractions is no nesting") {
    Write(dir / "ok.cl", "let x = " + Repeat("1 - ", 1000) + "1\n");
    Outcome o = Run("check '" + (dir / "ok.cl").string() + "'");
    INFO(o.err.substr(0, 2000));
    CHECK(o.err.find("prefix") == std::string::npos);
  }
  fs::remove_all(dir);
}

TEST_CASE("a 100 KB line of invalid characters stops at the error limit, in linear time",
          "[limits]") {
  fs::path dir = clusterc::testing::ScratchDir("flood");
  Write(dir / "flood.cl", Repeat("@", 100000) + "\n");
  Outcome o = Run("check '" + (dir / "flood.cl").string() + "'");
  CHECK_FALSE(o.crashed_or_hung);
  CHECK(o.exit_code == 1);
  // 20 errors of three lines each, and the note on what was left out.
  CHECK(Lines(o.err) <= 20 * 3 + 2);
  CHECK(o.err.find("more errors not shown: --error-limit 20") != std::string::npos);
  CHECK(o.err.find("[driver.error-limit]") != std::string::npos);

  // --error-limit 0 shows every error the compiler keeps (10,000), still in linear time.
  Outcome all = Run("check --error-limit 0 '" + (dir / "flood.cl").string() + "'");
  CHECK_FALSE(all.crashed_or_hung);
  CHECK(all.exit_code == 1);
  CHECK(Lines(all.err) >= 10000 * 3);
  CHECK(all.err.find("at most 10000 errors are kept") != std::string::npos);
  // Each excerpt shows a window of the line, not the whole 100 KB line (which was 42 MB of output
  // and 54 s before): 3 lines of at most 200 bytes per error.
  CHECK(all.err.size() < 10000 * 3 * 200);

  // Four times the line, about four times the CPU time: linear (quadratic would be sixteen times).
  // A ratio of two runs on the same machine, not a time limit: it holds on a slow or busy machine.
  Write(dir / "flood4.cl", Repeat("@", 400000) + "\n");
  Outcome big = Run("check '" + (dir / "flood4.cl").string() + "'");
  CHECK_FALSE(big.crashed_or_hung);
  INFO("100 KB: " << o.cpu_seconds << " s; 400 KB: " << big.cpu_seconds << " s of CPU");
  CHECK(big.cpu_seconds < 8 * o.cpu_seconds + 0.5);
  fs::remove_all(dir);
}

TEST_CASE("the error limit takes a count, 0 included", "[limits]") {
  fs::path dir = clusterc::testing::ScratchDir("error_limit");
  Write(dir / "bad.cl", Repeat("let = 1\n", 50));
  auto errors = [](const std::string& err) {
    size_t n = 0;
    for (size_t at = 0; (at = err.find(": error: ", at)) != std::string::npos; ++at) ++n;
    return n;
  };
  Outcome none = Run("check --error-limit 0 '" + (dir / "bad.cl").string() + "'");
  CHECK(none.err.find("not shown") == std::string::npos);
  size_t all = errors(none.err);
  CHECK(all >= 50);
  Outcome two = Run("check --error-limit 2 '" + (dir / "bad.cl").string() + "'");
  CHECK(two.exit_code == 1);
  CHECK(errors(two.err) == 2);
  CHECK(two.err.find(std::to_string(all - 2) + " more errors not shown") != std::string::npos);
  Outcome bad = Run("check --error-limit -1 '" + (dir / "bad.cl").string() + "'");
  CHECK(bad.exit_code == 2);
  fs::remove_all(dir);
}

TEST_CASE("huge values print in readable scientific form, never as -0", "[limits]") {
  using clusterc::FormatCount;
  using clusterc::FormatForPeople;
  namespace dims = clusterc::ir::dims;
  CHECK(FormatCount(1e300) == "1e+300");
  CHECK(FormatCount(-1e300) == "-1e+300");
  CHECK(FormatCount(9.3e18) == "9.3e+18");  // past 2^63: used to print the negated LLONG_MIN
  CHECK(FormatCount(123456) == "123,456");
  CHECK(FormatForPeople({1e300, dims::kNone}) == "1e+300");
  CHECK(FormatForPeople({-1e300, dims::kNone}) == "-1e+300");
  CHECK(FormatForPeople({1e30, dims::kPower}) == "1e+30 W");
  CHECK(FormatForPeople({5e27, dims::kMoney}) == "5e+27 USD");
  CHECK(FormatForPeople({999e12, dims::kNone}) == "999 trillion");
  CHECK(FormatForPeople({2e9, dims::kPower}) == "2 GW");
}

TEST_CASE("saturating arithmetic never wraps or casts out of range", "[limits]") {
  using namespace clusterc::ir;
  CHECK(SaturatingMul(int64_t(1) << 40, int64_t(1) << 40) == kInt64Max);
  CHECK(SaturatingMul(-(int64_t(1) << 40), int64_t(1) << 40) == kInt64Min);
  CHECK(SaturatingMul(1000000, 1000000) == 1000000000000);
  CHECK(SaturatingAdd(kInt64Max, 1) == kInt64Max);
  CHECK(SaturatingInt64(1e308) == kInt64Max);
  CHECK(SaturatingInt64(-1e308) == kInt64Min);
  CHECK(SaturatingInt64(std::numeric_limits<double>::infinity()) == kInt64Max);
  CHECK(SaturatingInt64(std::numeric_limits<double>::quiet_NaN()) == 0);
  CHECK(SaturatingInt64(9223372036854775808.0) == kInt64Max);   // 2^63 itself does not fit
  CHECK(SaturatingInt64(-9223372036854775808.0) == kInt64Min);  // -2^63 does
  CHECK(SaturatingRound(2.5) == 3);
  CHECK(SaturatingRound(1e19) == kInt64Max);
}
