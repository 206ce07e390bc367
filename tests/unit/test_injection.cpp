// No spec text becomes a command, directive or element: hostile strings pushed through every
// string a spec can carry (vendor of GPU and CPU, require message, the spec's file name) leave
// every generated file with the same commands, directives, keys and elements as benign strings.
#include <catch2/catch.hpp>

#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "backends/escape.h"
#include "driver/driver.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::ScratchDir;
using clusterc::testing::Slurp;

namespace {

// Everything that ends a comment, a string, a tag or a command in one of the output syntaxes.
// (No control characters: the language refuses them, see the test below.)
const std::string kHostile =
    "Acme\\\" ; touch PWNED; # $(touch PWNED2) `touch PWNED3` ' \\\\ <script>alert(1)</script> "
    "]]> --> & | *x* [a](b) \\\\";

// The file name holds what the language cannot: a line break, then a directive and a command.
const std::string kHostileFileName =
    "evil\n#SBATCH --uid=0\nPrologSlurmctld=x\ntouch PWNED; $(id) `id` <script>x.cl";

// A spec with `vendor` on its GPU; with `message`, also a failed (allowed) require, whose
// message reaches the report.
std::string Spec(const std::string& vendor, const std::string& message = "") {
  std::string spec = Slurp(fs::path(CLUSTERC_SOURCE_DIR) / "examples/h100_10k.cl");
  std::string gpu = "gpu gpu_x extends nvidia.H100_SXM5 { vendor = \"" + vendor + "\" }\n";
  spec = std::regex_replace(spec, std::regex(R"(x nvidia\.H100_SXM5)"), "x gpu_x");
  spec += "\n" + gpu;
  if (!message.empty())
    spec += "// clusterc: allow(require.failed)\nrequire 1 > 2 : \"" + message + "\"\n";
  return spec;
}

std::map<std::string, std::string> ReadTree(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) files[fs::relative(e.path(), dir).generic_string()] = Slurp(e.path());
  return files;
}

// Markdown without its code spans, where HTML is literal text (CommonMark §6.1): a span opens
// with a run of n backticks and closes at the next run of exactly n, so it may hold shorter runs
// (escape::MarkdownCode fences a text with backticks in a longer run).
std::string OutsideCode(const std::string& md) {
  auto run_at = [&](size_t i) {
    size_t j = i;
    while (j < md.size() && md[j] == '`') ++j;
    return j - i;
  };
  std::string out;
  size_t i = 0;
  while (i < md.size()) {
    if (md[i] != '`') {
      out += md[i++];
      continue;
    }
    size_t n = run_at(i), j = i + n, end = std::string::npos;
    while (j < md.size() && end == std::string::npos) {
      size_t m = md[j] == '`' ? run_at(j) : 0;
      if (m == n) end = j + m;
      j += m > 0 ? m : 1;
    }
    if (end == std::string::npos) {
      out.append(md, i, n);  // no closing run: literal backticks
      i += n;
    } else {
      i = end;
    }
  }
  return out;
}

fs::path BuildSpec(const fs::path& dir, const std::string& file_name, const std::string& text) {
  fs::create_directories(dir);
  std::ofstream(dir / file_name) << text;
  clusterc::Streams s;
  int code = clusterc::Run({"build", (dir / file_name).string(), "-o", (dir / "out").string(),
                            "--quiet", "--emit", "slurm,nccl,astra-sim,simai,calculon,report"},
                           s);
  INFO(s.err);
  REQUIRE(code == 0);
  return dir / "out";
}

// The lines that are not comments; `#SBATCH` and `#!` lines are directives and count.
std::string Commands(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) continue;
    std::string_view l(line.data() + start, line.size() - start);
    bool comment = l.front() == '#' && l.rfind("#SBATCH", 0) != 0 && l.rfind("#!", 0) != 0;
    if (!comment) out += line + "\n";
  }
  return out;
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The tags of an XML or HTML document in order (names only).
std::vector<std::string> Tags(const std::string& text) {
  std::vector<std::string> tags;
  std::regex tag(R"(<(/?[A-Za-z][A-Za-z0-9:-]*))");
  for (std::sregex_iterator it(text.begin(), text.end(), tag), end; it != end; ++it)
    tags.push_back((*it)[1]);
  return tags;
}

std::string YamlKeys(const YAML::Node& node) {
  std::string out;
  if (node.IsMap())
    for (const auto& kv : node) out += kv.first.as<std::string>() + "{" + YamlKeys(kv.second) + "}";
  else if (node.IsSequence())
    for (const auto& item : node) out += "[" + YamlKeys(item) + "]";
  return out;
}

}  // namespace

TEST_CASE("hostile strings and file names change no command, directive, key or element",
          "[injection]") {
  fs::path root = ScratchDir("injection");
  fs::path benign = BuildSpec(root / "benign", "spec.cl", Spec("Acme"));
  fs::path hostile = BuildSpec(root / "hostile", kHostileFileName, Spec(kHostile));
  auto expected = ReadTree(benign), actual = ReadTree(hostile);
  REQUIRE(expected.size() == actual.size());
  bool have_bash = std::system("bash -c true >/dev/null 2>&1") == 0;
  size_t scripts = 0, configs = 0, yamls = 0, xmls = 0, jsons = 0;
  for (const auto& [path, text] : actual) {
    INFO(path);
    REQUIRE(expected.count(path) == 1);
    const std::string& base = expected.at(path);
    CHECK(text.find("PWNED\n") == std::string::npos);
    if (EndsWith(path, ".sh") || EndsWith(path, ".sbatch")) {
      ++scripts;
      CHECK(Commands(text) == Commands(base));
      if (have_bash) {
        fs::path copy = root / "script.sh";
        std::ofstream(copy, std::ios::binary) << text;
        CHECK(std::system(("bash -n " + copy.string()).c_str()) == 0);
      }
    } else if (EndsWith(path, ".conf")) {
      ++configs;
      CHECK(Commands(text) == Commands(base));
    } else if (EndsWith(path, ".yml") || EndsWith(path, ".yaml")) {
      ++yamls;
      YAML::Node a, b;
      REQUIRE_NOTHROW(a = YAML::Load(text));
      REQUIRE_NOTHROW(b = YAML::Load(base));
      CHECK(YamlKeys(a) == YamlKeys(b));
    } else if (EndsWith(path, ".xml") || EndsWith(path, ".html") || EndsWith(path, ".svg")) {
      ++xmls;
      CHECK(Tags(text) == Tags(base));
      CHECK(text.find("<script>alert") == std::string::npos);
      CHECK(text.find("<script>x") == std::string::npos);
    } else if (EndsWith(path, ".json")) {
      ++jsons;
      YAML::Node a, b;  // JSON is YAML 1.2: yaml-cpp parses it
      REQUIRE_NOTHROW(a = YAML::Load(text));
      REQUIRE_NOTHROW(b = YAML::Load(base));
      CHECK(YamlKeys(a) == YamlKeys(b));
    } else if (EndsWith(path, ".md")) {
      CHECK(OutsideCode(text).find("<script") == std::string::npos);
      CHECK(Tags(OutsideCode(text)) == Tags(OutsideCode(base)));
    }
  }
  CHECK(scripts >= 3);
  CHECK(configs >= 3);
  CHECK(yamls >= 1);
  CHECK(xmls >= 1);
  CHECK(jsons >= 3);
  // The strings survive, escaped, where a reader looks for them.
  YAML::Node report = YAML::Load(actual.at("report/report.json"));
  CHECK(report["spec"].as<std::string>() == kHostileFileName);

  // A require's message reaches the report's diagnostics. The failed require is allowed, so every
  // backend still writes its files (an allowed error once stopped analysis: nothing but the
  // report was written, with exit code 0).
  auto with_message = ReadTree(BuildSpec(root / "message", "spec.cl", Spec("Acme", kHostile)));
  auto plain = ReadTree(BuildSpec(root / "plain", "spec.cl", Spec("Acme", "a plain message")));
  CHECK(with_message.size() == expected.size());
  CHECK(with_message.count("slurm/slurm.conf") == 1);
  for (const char* path : {"report/report.html", "report/report.md"}) {
    INFO(path);
    const std::string& text = with_message.at(path);
    CHECK(OutsideCode(text).find("<script>alert") == std::string::npos);
    CHECK(Tags(OutsideCode(text)) == Tags(OutsideCode(plain.at(path))));
  }
  YAML::Node json = YAML::Load(with_message.at("report/report.json"));
  bool found = false;
  for (const auto& d : json["diagnostics"])
    found |= d["message"].as<std::string>() ==
             "Acme\" ; touch PWNED; # $(touch PWNED2) `touch PWNED3` ' \\ "
             "<script>alert(1)</script> ]]> --> & | *x* [a](b) \\";
  CHECK(found);
}

TEST_CASE("the language refuses control characters in strings", "[injection]") {
  for (const std::string& literal :
       {std::string("\"Acme\\ntouch PWNED\""), std::string("\"tab\\there\""),
        std::string("\"raw\x01"
                    "control\""),
        std::string("\"raw\x7f"
                    "del\""),
        std::string("\"line\xe2\x80\xa8separator\""), std::string("\"next\xc2\x85line\"")}) {
    INFO(literal);
    fs::path dir = ScratchDir("control");
    std::ofstream(dir / "spec.cl")
        << "gpu g extends nvidia.H100_SXM5 { vendor = " << literal << " }\nimport std.nvidia\n";
    clusterc::Streams s;
    CHECK(clusterc::Run({"check", (dir / "spec.cl").string()}, s) == 1);
    CHECK(s.err.find("[syntax.control-character]") != std::string::npos);
  }
}

TEST_CASE("escaping functions", "[injection]") {
  using namespace clusterc::backends::escape;
  CHECK(CommentText("a\nb\\") == "a\\x0ab\\x5c");
  CHECK(ShellWord("it's $(x)") == "'it'\\''s $(x)'");
  CHECK(JsonString("\"\\\n\x01") == "\"\\\"\\\\\\n\\u0001\"");
  CHECK(YamlString("a\"b\xe2\x80\xa8") == "\"a\\\"b\\L\"");
  CHECK(XmlText("<a href=\"x\">&]]>") == "&lt;a href=&quot;x&quot;&gt;&amp;]]&gt;");
  CHECK(MarkdownText("<b>*x*|y") == "&lt;b&gt;\\*x\\*\\|y");
  CHECK(MarkdownCode("a`b") == "``a`b``");
  CHECK(MarkdownCode("x|y", true) == "`x\\|y`");
  CHECK(CsvField("a,\"b\"") == "\"a,\"\"b\"\"\"");
}
