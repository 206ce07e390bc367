// Malformed input: every case must end with a located diagnostic and exit code 1 or 2 — never a
// crash, a hang or an uncaught exception. Cases are the files in tests/malformed/ plus inputs
// generated here (too large to commit). Each runs the real binary in a child process with a time
// limit, so a crash or hang fails the case instead of the test runner.
#include <sys/wait.h>
#include <catch2/catch.hpp>

#include "tests/unit/support.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;

using clusterc::testing::Slurp;

namespace {

struct Outcome {
  int exit_code = -1;
  bool signalled = false;
  bool timed_out = false;
  std::string err;
};

Outcome RunBinary(const fs::path& input, const std::string& extra = "") {
  fs::path err_file = clusterc::testing::ScratchRoot() / "stderr.txt";
  // `timeout` exits 124 on a hang; the shell reports a signal as 128+N.
  std::string cmd = "timeout 30 '" + std::string(CLUSTERC_BINARY) + "' check " + extra + " '" +
                    input.string() + "' >/dev/null 2>'" + err_file.string() + "'";
  int status = std::system(cmd.c_str());
  Outcome o;
  if (WIFEXITED(status)) {
    o.exit_code = WEXITSTATUS(status);
    o.timed_out = o.exit_code == 124;
    o.signalled = o.exit_code > 128;
  } else {
    o.signalled = true;
  }
  o.err = Slurp(err_file);
  return o;
}

void Write(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
}

std::string Repeat(const std::string& s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

// Inputs generated rather than committed: large, or binary.
std::vector<std::pair<std::string, std::string>> GeneratedCases() {
  std::string gpu =
      "gpu g { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W }\n";
  std::vector<std::pair<std::string, std::string>> cases = {
      {"nested_parens_10000", "let x = " + Repeat("(", 10000) + "1" + Repeat(")", 10000) + "\n"},
      {"nested_braces_10000", "gpu g " + Repeat("{ a ", 10000) + Repeat("}", 10000) + "\n"},
      {"unclosed_parens_10000", "let x = " + Repeat("(", 10000) + "\n"},
      {"huge_line_1mb", "let x = " + Repeat("1 + ", 250000) + "1\n"},
      {"huge_identifier", "gpu " + Repeat("a", 1000000) + " { }\n"},
      {"huge_number_literal", "let x = " + Repeat("9", 100000) + "\n"},
      {"many_errors", Repeat("gpu { = }\n", 5000)},
      {"binary_zeros", std::string(4096, '\0')},
      {"binary_random",
       [] {
         std::string s;
         uint32_t x = 12345;
         for (int i = 0; i < 8192; ++i) {
           x = x * 1103515245 + 12345;
           s += char((x >> 16) & 0xFF);
         }
         return s;
       }()},
      {"utf16le_with_bom", std::string("\xFF\xFE", 2) +
                               [] {
                                 std::string s;
                                 for (char c : std::string("gpu g { }\n")) {
                                   s += c;
                                   s += '\0';
                                 }
                                 return s;
                               }()},
      {"latin1", "// caf\xE9\nlet x = 1 y\n"},
      {"truncated_utf8", "let x = 1 // \xE2\x82"},
      {"overlong_utf8", "let x = \xC0\xAF\n"},
      {"surrogate_utf8", "// \xED\xA0\x80\n"},
      {"nul_in_middle", "let x = 1\n" + std::string(1, '\0') + "let y = 2\n"},
      {"deep_extends_chain",
       [&] {
         std::string s = gpu;
         for (int i = 0; i < 1000; ++i)
           s += "gpu g" + std::to_string(i + 1) + " extends " +
                (i ? "g" + std::to_string(i) : "g") + " { }\n";
         return s + "let bad = g1000.memory + 1 W\n";
       }()},
      {"many_declarations_one_bad",
       Repeat(gpu, 1) + Repeat("let a = 1\n", 1) + "node n { gpus = 0 x g }\n"},
      {"long_string", "gpu g { vendor = \"" + Repeat("x", 500000) + "\" }\n"},
      {"only_comment_unterminated", "/*" + Repeat(" ", 1000)},
      {"crlf_errors", "gpu g {\r\n  memory = 80 GBB\r\n}\r\n"},
  };
  return cases;
}

bool HasLocatedError(std::string err) {
  err = err.substr(0, 8192);  // std::regex recurses per character: keep its input small
  // `file:line:col: error: ... [code]`, or a whole-run failure `clusterc: error: ... [code]`.
  static const std::regex located(R"((^|\n)[^\n:]+:\d+:\d+: error: [^\n]*\[[a-z]+\.[a-z0-9-]+\])");
  static const std::regex whole(R"((^|\n)clusterc: error: [^\n]*\[[a-z]+\.[a-z0-9-]+\])");
  return std::regex_search(err, located) || std::regex_search(err, whole);
}

void CheckOutcome(const std::string& name, const Outcome& o) {
  INFO("case " << name << "; stderr begins: " << o.err.substr(0, 600));
  CHECK_FALSE(o.timed_out);
  CHECK_FALSE(o.signalled);
  CHECK((o.exit_code == 1 || o.exit_code == 2));
  CHECK(o.err.find("internal error") == std::string::npos);
  CHECK(HasLocatedError(o.err));
}

}  // namespace

TEST_CASE("malformed corpus files yield located diagnostics", "[malformed]") {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(CLUSTERC_SOURCE_DIR) / "tests/malformed"))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 30);
  for (const auto& f : files) {
    DYNAMIC_SECTION(f.filename().string()) {
      CheckOutcome(f.filename().string(), RunBinary(f));
    }
  }
}

TEST_CASE("generated malformed inputs yield located diagnostics", "[malformed]") {
  fs::path dir = clusterc::testing::ScratchDir("malformed");
  fs::create_directories(dir);
  for (const auto& [name, bytes] : GeneratedCases()) {
    DYNAMIC_SECTION(name) {
      fs::path p = dir / (name + ".cl");
      Write(p, bytes);
      CheckOutcome(name, RunBinary(p));
    }
  }
  fs::remove_all(dir);
}

TEST_CASE("unreadable inputs exit 2 with a diagnostic", "[malformed]") {
  fs::path dir = clusterc::testing::ScratchDir("unreadable");
  fs::create_directories(dir);
  CheckOutcome("missing file", RunBinary(dir / "does-not-exist.cl"));
  CheckOutcome("a directory", RunBinary(dir));
  Outcome o = RunBinary(dir / "does-not-exist.cl");
  CHECK(o.exit_code == 2);
  fs::remove_all(dir);
}

TEST_CASE("malformed inputs produce a JSON document too", "[malformed]") {
  fs::path dir = clusterc::testing::ScratchDir("malformed_json");
  fs::create_directories(dir);
  fs::path p = dir / "bad.cl";
  Write(p, std::string(64, '\xFF'));
  fs::path out = dir / "out.json";
  std::string cmd = "timeout 30 '" + std::string(CLUSTERC_BINARY) + "' check --format json '" +
                    p.string() + "' > '" + out.string() + "'";
  int status = std::system(cmd.c_str());
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 1);
  std::string json = Slurp(out);
  CHECK(json.find("\"format_version\": 1") != std::string::npos);
  CHECK(json.find("\"code\": \"source.encoding\"") != std::string::npos);
  fs::remove_all(dir);
}
