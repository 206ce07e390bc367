// `clusterc build`: golden output trees for every example, determinism, and all-or-nothing
// output. Golden trees live in tests/golden/<example>/; CLUSTERC_UPDATE_GOLDENS=1 rewrites them
// (tests/update-goldens.sh), and the diff is reviewed before it is committed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "driver/driver.h"
#include "driver/output_dir.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::CompileSpec;
using clusterc::testing::Examples;

using clusterc::testing::Slurp;

namespace {

std::map<std::string, std::string> ReadTree(const fs::path& dir) {
  std::map<std::string, std::string> files;
  if (!fs::exists(dir)) return files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) files[fs::relative(e.path(), dir).generic_string()] = Slurp(e.path());
  return files;
}

void WriteTree(const fs::path& dir, const std::map<std::string, std::string>& files) {
  fs::remove_all(dir);
  for (const auto& [path, contents] : files) {
    fs::create_directories((dir / path).parent_path());
    std::ofstream(dir / path, std::ios::binary) << contents;
  }
}

// Binary files (Chakra traces) are kept in the golden tree as one digest listing: path, size and
// FNV-1a hash. Their structure is checked by the backend's own decoder tests; here, that they do
// not change.
std::map<std::string, std::string> Digested(const std::map<std::string, std::string>& tree) {
  std::map<std::string, std::string> out;
  std::string listing;
  for (const auto& [path, contents] : tree) {
    if (path == clusterc::kManifestName) continue;  // hashes of the others: test_output_dir.cpp
    if (contents.find('\0') == std::string::npos) {
      out[path] = contents;
      continue;
    }
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : contents) {
      h ^= c;
      h *= 1099511628211ull;
    }
    char line[64];
    std::snprintf(line, sizeof line, " %zu %016llx\n", contents.size(),
                  static_cast<unsigned long long>(h));
    listing += path + line;
  }
  if (!listing.empty()) out["binary-files.digest"] = listing;
  return out;
}

fs::path TempDir(const std::string& name) {
  return clusterc::testing::ScratchDir("build_" + name);
}

int Build(const std::vector<std::string>& extra, clusterc::Streams& s) {
  std::vector<std::string> args = {"build"};
  args.insert(args.end(), extra.begin(), extra.end());
  return clusterc::Run(args, s);
}

}  // namespace

TEST_CASE("build output matches the golden tree of every example", "[build][golden]") {
  bool update = std::getenv("CLUSTERC_UPDATE_GOLDENS") != nullptr;
  fs::path tmp = TempDir("golden");
  for (const auto& example : Examples()) {
    std::string stem = example.stem().string();
    DYNAMIC_SECTION(stem) {
      clusterc::Streams s;
      fs::path out = tmp / stem;
      int code = Build({example.string(), "-o", out.string(), "--quiet"}, s);
      INFO(s.err);
      REQUIRE(code == 0);
      auto actual = Digested(ReadTree(out));
      REQUIRE_FALSE(actual.empty());
      fs::path golden_dir = fs::path(CLUSTERC_SOURCE_DIR) / "tests/golden" / stem;
      if (update) {
        WriteTree(golden_dir, actual);
        continue;
      }
      auto expected = ReadTree(golden_dir);
      for (const auto& [path, contents] : expected) {
        INFO("golden file " << path << " (tests/update-goldens.sh after a deliberate change)");
        REQUIRE(actual.count(path) == 1);
        CHECK(actual.at(path) == contents);
      }
      for (const auto& [path, contents] : actual) {
        INFO("file written but not in the golden tree: " << path);
        CHECK(expected.count(path) == 1);
      }
    }
  }
  fs::remove_all(tmp);
}

TEST_CASE("build is deterministic", "[build]") {
  fs::path tmp = TempDir("determinism");
  for (const auto& example : Examples()) {
    DYNAMIC_SECTION(example.stem().string()) {
      clusterc::Streams a, b;
      REQUIRE(Build({example.string(), "-o", (tmp / "a").string(), "--quiet"}, a) == 0);
      REQUIRE(Build({example.string(), "-o", (tmp / "b").string(), "--quiet"}, b) == 0);
      CHECK(ReadTree(tmp / "a") == ReadTree(tmp / "b"));
    }
  }
  fs::remove_all(tmp);
}

TEST_CASE("a spec with errors writes nothing and leaves the old output intact", "[build]") {
  fs::path tmp = TempDir("atomic");
  fs::path out = tmp / "out";
  fs::create_directories(out);
  std::ofstream(out / "previous.txt") << "from an earlier build";
  fs::path bad = tmp / "bad.cl";
  std::ofstream(bad) << "gpu g { memory = 80 GBB }\n";
  clusterc::Streams s;
  CHECK(Build({bad.string(), "-o", out.string()}, s) == 1);
  CHECK(s.err.find("nothing written") != std::string::npos);
  auto tree = ReadTree(out);
  CHECK(tree.size() == 1);
  CHECK(tree["previous.txt"] == "from an earlier build");
  // No temporary sibling is left behind.
  size_t entries = std::distance(fs::directory_iterator(tmp), fs::directory_iterator());
  CHECK(entries == 2);
  fs::remove_all(tmp);
}

TEST_CASE("a successful build replaces the output directory as a whole", "[build]") {
  fs::path tmp = TempDir("replace");
  fs::path out = tmp / "out";
  fs::create_directories(out);
  std::ofstream(out / "stale.txt") << "stale";
  clusterc::Streams s;
  REQUIRE(Build({(fs::path(CLUSTERC_SOURCE_DIR) / "examples/colossus.cl").string(), "-o",
                 out.string(), "--quiet", "--force"},
                s) == 0);
  CHECK_FALSE(fs::exists(out / "stale.txt"));
  CHECK_FALSE(ReadTree(out).empty());
  size_t entries = std::distance(fs::directory_iterator(tmp), fs::directory_iterator());
  CHECK(entries == 1);
  fs::remove_all(tmp);
}

TEST_CASE("the output tree never writes outside its directory", "[build]") {
  fs::path tmp = TempDir("escape");
  for (const char* path : {"../escape.txt", "/etc/escape.txt", "a/../../escape.txt", ""}) {
    clusterc::backends::OutputTree tree;
    tree.Write("fine.txt", "ok");
    tree.Write(path, "escaped");
    clusterc::OutputProblem problem;
    CHECK_FALSE(clusterc::CommitOutputTree(tree, (tmp / "out").string(), {}, problem));
    CHECK_FALSE(fs::exists(tmp / "out"));
    CHECK_FALSE(fs::exists(tmp / "escape.txt"));
  }
  fs::remove_all(tmp);
}

TEST_CASE("build refuses unknown backends and plans", "[build]") {
  clusterc::Streams s;
  std::string colossus = (fs::path(CLUSTERC_SOURCE_DIR) / "examples/colossus.cl").string();
  CHECK(Build({colossus, "--emit", "nope"}, s) == 2);
  CHECK(s.err.find("unknown backend `nope`") != std::string::npos);
  clusterc::Streams t;
  CHECK(Build({colossus, "--plan", "nope", "-o",
               (clusterc::testing::ScratchRoot() / "never").string()},
              t) == 2);
  CHECK_FALSE(fs::exists((clusterc::testing::ScratchRoot() / "never").string()));
}
