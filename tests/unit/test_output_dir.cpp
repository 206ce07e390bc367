// The output directory never loses a user's files: `build -o DIR` replaces DIR only when it is
// absent, empty or clusterc's own unchanged output; never a folder holding an input, the working
// or home directory; a link stays a link; temporaries are private and stale ones are removed.
// One test per data-loss case of issue 14.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <filesystem>
#include <fstream>
#include <map>

#include <regex>

#include "driver/cli.h"
#include "driver/driver.h"
#include "driver/output_dir.h"
#include "driver/sha256.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::ScratchDir;
using clusterc::testing::Slurp;

namespace {

const fs::path kSpec = fs::path(CLUSTERC_SOURCE_DIR) / "examples/colossus.cl";

int Build(const std::vector<std::string>& extra, clusterc::Streams& s) {
  std::vector<std::string> args = {"build"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back("--quiet");
  return clusterc::Run(args, s);
}

// A project folder holding a copy of the spec.
fs::path Project(const std::string& name) {
  fs::path dir = ScratchDir("outdir_" + name);
  fs::copy_file(kSpec, dir / "spec.cl");
  return dir;
}

// Entries of `dir` whose names start with `prefix` (temporaries left behind).
size_t CountPrefixed(const fs::path& dir, const std::string& prefix) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    n += e.path().filename().string().rfind(prefix, 0) == 0;
  return n;
}

struct CwdGuard {
  fs::path saved = fs::current_path();
  explicit CwdGuard(const fs::path& to) { fs::current_path(to); }
  ~CwdGuard() { fs::current_path(saved); }
};

struct HomeGuard {
  std::string saved;
  bool had = false;
  explicit HomeGuard(const fs::path& to) {
    if (const char* h = std::getenv("HOME")) {
      saved = h;
      had = true;
    }
    setenv("HOME", to.c_str(), 1);
  }
  ~HomeGuard() {
    if (had)
      setenv("HOME", saved.c_str(), 1);
    else
      unsetenv("HOME");
  }
};

}  // namespace

TEST_CASE("SHA-256 reproduces the FIPS 180-4 examples", "[output]") {
  CHECK(clusterc::Sha256Hex("abc") ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(clusterc::Sha256Hex("") ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(clusterc::Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // Fed in pieces that straddle the 64-byte blocks: the same digest.
  clusterc::Sha256 h;
  std::string million(1000000, 'a');
  for (size_t at = 0; at < million.size(); at += 999)
    h.Update(std::string_view(million).substr(at, 999));
  CHECK(h.HexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("a build writes a manifest of every file with its SHA-256", "[output]") {
  fs::path dir = Project("manifest");
  clusterc::Streams s;
  REQUIRE(Build({(dir / "spec.cl").string(), "-o", (dir / "out").string()}, s) == 0);
  std::string manifest = Slurp(dir / "out" / std::string(clusterc::kManifestName));
  REQUIRE_FALSE(manifest.empty());
  size_t listed = 0;
  std::regex entry(R"re(\{"path": "([^"]+)", "bytes": (\d+), "sha256": "([0-9a-f]{64})"\})re");
  for (std::sregex_iterator it(manifest.begin(), manifest.end(), entry), end; it != end; ++it) {
    fs::path file = dir / "out" / (*it)[1].str();
    INFO(file);
    std::string contents = Slurp(file);
    CHECK(std::to_string(contents.size()) == (*it)[2].str());
    CHECK(clusterc::Sha256Hex(contents) == (*it)[3].str());
    ++listed;
  }
  size_t on_disk = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir / "out"))
    on_disk += e.is_regular_file() && e.path().filename() != clusterc::kManifestName;
  CHECK(listed == on_disk);
  CHECK(listed > 5);
  // The tree is readable by others as a normal folder is (mkdtemp made it 0700).
  mode_t mask = umask(0);
  umask(mask);
  CHECK((fs::status(dir / "out").permissions() & fs::perms::all) == fs::perms(0777 & ~mask));
}

TEST_CASE("a build replaces its own unchanged output and refuses a changed one", "[output]") {
  fs::path dir = Project("rebuild");
  std::string spec = (dir / "spec.cl").string(), out = (dir / "out").string();
  clusterc::Streams a, b, c, d;
  REQUIRE(Build({spec, "-o", out}, a) == 0);
  REQUIRE(Build({spec, "-o", out}, b) == 0);  // its own output: replaced
  fs::path edited = dir / "out/report/report.md";
  REQUIRE(fs::exists(edited));
  std::ofstream(edited, std::ios::app) << "my notes\n";
  CHECK(Build({spec, "-o", out}, c) == 2);
  CHECK(c.err.find("[output.modified]") != std::string::npos);
  CHECK(c.err.find("report/report.md") != std::string::npos);
  CHECK(Slurp(edited).find("my notes") != std::string::npos);
  CHECK(CountPrefixed(dir, ".out.clusterc-tmp-") == 0);
  // --force is the user saying they mean it.
  CHECK(Build({spec, "-o", out, "--force"}, d) == 0);
  CHECK(Slurp(edited).find("my notes") == std::string::npos);
}

TEST_CASE("build -o over a folder holding the user's files refuses and keeps them", "[output]") {
  fs::path dir = Project("thesis");
  fs::path mywork = dir / "mywork";
  fs::create_directories(mywork / "chapters");
  std::ofstream(mywork / "thesis.tex") << "\\chapter{One}";
  clusterc::Streams s;
  CHECK(Build({(dir / "spec.cl").string(), "-o", mywork.string()}, s) == 2);
  CHECK(s.err.find("[output.not-ours]") != std::string::npos);
  CHECK(s.err.find("thesis.tex") != std::string::npos);
  CHECK(Slurp(mywork / "thesis.tex") == "\\chapter{One}");
  CHECK(fs::is_directory(mywork / "chapters"));
  CHECK(CountPrefixed(dir, ".mywork.") == 0);

  SECTION("a file added to an earlier output is not ours either") {
    fs::path out = dir / "out";
    clusterc::Streams a, b;
    REQUIRE(Build({(dir / "spec.cl").string(), "-o", out.string()}, a) == 0);
    std::ofstream(out / "slurm" / "notes.txt") << "mine";
    CHECK(Build({(dir / "spec.cl").string(), "-o", out.string()}, b) == 2);
    CHECK(b.err.find("slurm/notes.txt") != std::string::npos);
    CHECK(Slurp(out / "slurm" / "notes.txt") == "mine");
  }
  SECTION("an existing file named DIR is not replaced") {
    std::ofstream(dir / "plain") << "data";
    clusterc::Streams a;
    CHECK(Build({(dir / "spec.cl").string(), "-o", (dir / "plain").string(), "--force"}, a) == 2);
    CHECK(Slurp(dir / "plain") == "data");
  }
}

TEST_CASE("build never replaces a folder holding an input, even with --force", "[output]") {
  fs::path dir = Project("input");
  clusterc::Streams s;
  // The spec's own folder, and a folder above it.
  CHECK(Build({(dir / "spec.cl").string(), "-o", dir.string(), "--force"}, s) == 2);
  CHECK(s.err.find("[output.is-input]") != std::string::npos);
  clusterc::Streams t;
  CHECK(Build({(dir / "spec.cl").string(), "-o", dir.parent_path().string(), "--force"}, t) == 2);
  CHECK(t.err.find("[output.is-input]") != std::string::npos);
  CHECK(fs::exists(dir / "spec.cl"));
}

TEST_CASE("build -o $PWD and -o ~ are refused, even with --force", "[output]") {
  fs::path dir = Project("pwd");
  fs::path work = dir / "work";
  fs::create_directories(work);
  std::ofstream(work / "keep.txt") << "keep";
  {
    CwdGuard cwd(work);
    clusterc::Streams s;
    CHECK(Build({(dir / "spec.cl").string(), "-o", fs::current_path().string(), "--force"}, s) ==
          2);
    CHECK(s.err.find("[output.protected]") != std::string::npos);
    clusterc::Streams t;
    CHECK(Build({(dir / "spec.cl").string(), "-o", ".", "--force"}, t) == 2);
  }
  CHECK(Slurp(work / "keep.txt") == "keep");
  fs::path home = dir / "home";
  fs::create_directories(home / ".ssh");
  std::ofstream(home / ".ssh/id_ed25519") << "secret";
  HomeGuard guard(home);
  clusterc::Streams s;
  CHECK(Build({(dir / "spec.cl").string(), "-o", home.string(), "--force"}, s) == 2);
  CHECK(s.err.find("[output.protected]") != std::string::npos);
  CHECK(Slurp(home / ".ssh/id_ed25519") == "secret");
}

TEST_CASE("build -o LINK replaces the linked folder and keeps the link", "[output]") {
  fs::path dir = Project("link");
  fs::create_directories(dir / "real");
  fs::create_directory_symlink("real", dir / "link");
  clusterc::Streams s, t;
  REQUIRE(Build({(dir / "spec.cl").string(), "-o", (dir / "link").string()}, s) == 0);
  CHECK(fs::is_symlink(dir / "link"));
  CHECK(fs::read_symlink(dir / "link") == "real");
  CHECK(fs::exists(dir / "real" / std::string(clusterc::kManifestName)));
  // Again, over its own output through the link.
  REQUIRE(Build({(dir / "spec.cl").string(), "-o", (dir / "link").string()}, t) == 0);
  CHECK(fs::is_symlink(dir / "link"));
  // A link to a folder of the user's is refused like the folder.
  fs::create_directories(dir / "docs");
  std::ofstream(dir / "docs/paper.md") << "text";
  fs::create_directory_symlink("docs", dir / "docslink");
  clusterc::Streams u;
  CHECK(Build({(dir / "spec.cl").string(), "-o", (dir / "docslink").string()}, u) == 2);
  CHECK(u.err.find("[output.not-ours]") != std::string::npos);
  CHECK(Slurp(dir / "docs/paper.md") == "text");
}

TEST_CASE("an earlier output with a read-only folder is replaced completely", "[output]") {
  fs::path dir = Project("readonly");
  std::string spec = (dir / "spec.cl").string(), out = (dir / "out").string();
  clusterc::Streams a, b;
  REQUIRE(Build({spec, "-o", out}, a) == 0);
  fs::permissions(dir / "out/slurm", fs::perms::owner_read | fs::perms::owner_exec);
  REQUIRE(Build({spec, "-o", out}, b) == 0);
  INFO(b.err);
  CHECK(b.err.find("clusterc: warning") == std::string::npos);  // no output warning
  // Nothing of the old tree is left beside the new one.
  CHECK(CountPrefixed(dir, ".out.") == 0);
  CHECK(fs::exists(dir / "out/slurm"));
}

TEST_CASE("stale temporaries of killed builds are removed, live ones are not", "[output]") {
  fs::path dir = Project("stale");
  fs::path stale = dir / ".out.clusterc-tmp-AbC123";
  fs::create_directories(stale / "astra-sim");
  std::ofstream(stale / "astra-sim/big.et") << std::string(4096, 'x');
  // A concurrent build holds the lock on its temporary.
  fs::path live = dir / ".out.clusterc-tmp-Live00";
  fs::create_directories(live);
  int fd = ::open(live.c_str(), O_RDONLY | O_DIRECTORY);
  REQUIRE(fd >= 0);
  REQUIRE(::flock(fd, LOCK_EX) == 0);
  clusterc::Streams s;
  REQUIRE(Build({(dir / "spec.cl").string(), "-o", (dir / "out").string()}, s) == 0);
  CHECK_FALSE(fs::exists(stale));
  CHECK(fs::exists(live));
  ::close(fd);
  clusterc::Streams t;
  REQUIRE(Build({(dir / "spec.cl").string(), "-o", (dir / "out").string()}, t) == 0);
  CHECK_FALSE(fs::exists(live));
}

TEST_CASE("check --output refuses to overwrite an input and writes through no planted link",
          "[output]") {
  fs::path dir = Project("check");
  std::string spec = (dir / "spec.cl").string(), before = Slurp(spec);
  clusterc::Streams s;
  CHECK(clusterc::Run({"check", "--format", "json", "--output", spec, spec}, s) == 2);
  CHECK(s.err.find("[output.is-input]") != std::string::npos);
  CHECK(Slurp(spec) == before);
  // The same file through another spelling.
  CwdGuard cwd(dir);
  clusterc::Streams t;
  CHECK(clusterc::Run({"check", "--format", "json", "-o", "./spec.cl", spec}, t) == 2);
  CHECK(Slurp(spec) == before);
  // The old predictable temporary name is no longer used: a link planted there is untouched.
  fs::path victim = dir / "victim.txt";
  std::ofstream(victim) << "precious";
  fs::create_symlink(victim, dir / fmt::format(".report.json.tmp-{}", ::getpid()));
  clusterc::Streams u;
  CHECK(clusterc::Run({"check", "--format", "json", "-o", "report.json", spec}, u) == 0);
  CHECK(Slurp(victim) == "precious");
  CHECK(Slurp(dir / "report.json").find("\"diagnostics\"") != std::string::npos);
  CHECK(CountPrefixed(dir, ".report.json.clusterc-tmp-") == 0);
}

TEST_CASE("a build above the output size limit is refused and writes nothing", "[output]") {
  fs::path dir = Project("maxsize");
  clusterc::Streams s;
  CHECK(Build({(dir / "spec.cl").string(), "-o", (dir / "out").string(), "--max-output-size", "4K"},
              s) == 2);
  CHECK(s.err.find("[output.too-large]") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "out"));
  CHECK(CountPrefixed(dir, ".out.") == 0);
  clusterc::Streams t;
  CHECK(
      Build({(dir / "spec.cl").string(), "-o", (dir / "out").string(), "--max-output-size", "64M"},
            t) == 0);
  CHECK(clusterc::cli::ParseByteSize("2G") == (uint64_t(2) << 30));
  CHECK(clusterc::cli::ParseByteSize("500MiB") == (uint64_t(500) << 20));
  CHECK(clusterc::cli::ParseByteSize("12") == uint64_t(12));
  CHECK_FALSE(clusterc::cli::ParseByteSize("2X"));
  CHECK_FALSE(clusterc::cli::ParseByteSize("-1"));
  CHECK_FALSE(clusterc::cli::ParseByteSize("99999999999T"));
}

TEST_CASE("outputs do not depend on the folder build runs in", "[output]") {
  fs::path dir = Project("cwd");
  fs::create_directories(dir / "parts");
  // A warning located in an imported file: reports name that file.
  std::ofstream(dir / "parts/p.cl") << "// clusterc: allow(no.such-code)\nlet unused = 1\n";
  std::ofstream(dir / "spec.cl", std::ios::app) << "\nimport \"parts/p.cl\"\n";
  std::map<std::string, std::string> trees[3];
  fs::path from[3] = {dir, dir / "parts", dir.parent_path()};
  for (int i = 0; i < 3; ++i) {
    CwdGuard cwd(from[i]);
    clusterc::Streams s;
    fs::path out = dir.parent_path() / ("cwd_out" + std::to_string(i));
    fs::remove_all(out);
    // The spec as a person in that folder names it: spec.cl, ../spec.cl, outdir_cwd/spec.cl.
    std::string spec = fs::relative(dir / "spec.cl", from[i]).string();
    REQUIRE(Build({spec, "-o", out.string()}, s) == 0);
    for (const auto& e : fs::recursive_directory_iterator(out))
      if (e.is_regular_file())
        trees[i][fs::relative(e.path(), out).generic_string()] = Slurp(e.path());
    fs::remove_all(out);
  }
  REQUIRE(trees[0].count("report/report.json") == 1);
  CHECK(trees[0]["report/report.json"].find("\"parts/p.cl\"") != std::string::npos);
  for (int i = 1; i < 3; ++i) {
    INFO("run from " << from[i]);
    CHECK(trees[i] == trees[0]);
  }
}
