// A build killed with SIGKILL at any point (while the backends write, while the tree is synced,
// during the swap) leaves DIR holding either the previous tree, intact, or the new one, complete;
// what it leaves behind is a private temporary that the next build removes (issue 14, section 1).
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <thread>

#include "driver/driver.h"
#include "driver/output_dir.h"
#include "driver/sha256.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::ScratchDir;
using clusterc::testing::Slurp;

namespace {

using Clock = std::chrono::steady_clock;

// The manifest's entries, path -> SHA-256; empty when DIR has no manifest.
std::map<std::string, std::string> Manifest(const fs::path& dir) {
  std::map<std::string, std::string> out;
  std::string text = Slurp(dir / std::string(clusterc::kManifestName));
  std::regex entry(R"re(\{"path": "([^"]+)", "bytes": (\d+), "sha256": "([0-9a-f]{64})"\})re");
  for (std::sregex_iterator it(text.begin(), text.end(), entry), end; it != end; ++it)
    out[(*it)[1].str()] = (*it)[3].str();
  return out;
}

// True when every file the manifest lists is there with its hash and nothing else is.
bool Intact(const fs::path& dir, const std::map<std::string, std::string>& manifest) {
  size_t on_disk = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    on_disk += e.is_regular_file() && e.path().filename() != clusterc::kManifestName;
  if (on_disk != manifest.size()) return false;
  for (const auto& [path, sha] : manifest)
    if (clusterc::Sha256Hex(Slurp(dir / path)) != sha) return false;
  return true;
}

// The build's temporary in `dir`, other than `stale` (empty when there is none).
fs::path Temporary(const fs::path& dir, const fs::path& stale) {
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind(".out.clusterc-tmp-", 0) == 0 && e.path() != stale)
      return e.path();
  return {};
}

size_t Temporaries(const fs::path& dir) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    n += e.path().filename().string().rfind(".out.clusterc-tmp-", 0) == 0;
  return n;
}

size_t FilesUnder(const fs::path& dir) {
  std::error_code ec;
  size_t n = 0;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    n += it->is_regular_file(ec);
  return n;
}

// `clusterc build ARGS` in a child process, killed with SIGKILL as soon as `when()` holds.
// Returns false when the build ended first.
bool BuildKilledWhen(const std::vector<std::string>& args, const std::function<bool()>& when) {
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    std::vector<char*> argv{const_cast<char*>(CLUSTERC_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(CLUSTERC_BINARY, argv.data());
    _exit(127);
  }
  int status = 0;
  auto deadline = Clock::now() + std::chrono::minutes(5);
  while (Clock::now() < deadline) {
    if (waitpid(pid, &status, WNOHANG) == pid) return false;
    if (when()) break;
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

}  // namespace

TEST_CASE("a build killed at any point leaves the old tree or the new one complete", "[output]") {
  fs::path dir = ScratchDir("outdir_kill");
  fs::copy_file(fs::path(CLUSTERC_SOURCE_DIR) / "examples/meta_24k.cl", dir / "spec.cl");
  const std::string spec = (dir / "spec.cl").string(), out = (dir / "out").string();
  // The old tree: ASTRA-sim inputs and the report. The new one: ASTRA-sim inputs alone (2,317
  // files, 44 MB), long enough to write and sync that each phase can be caught.
  auto old_build = [&] {
    clusterc::Streams s;
    REQUIRE(clusterc::Run({"build", spec, "-o", out, "--quiet", "--emit", "astra-sim,report"}, s) ==
            0);
  };
  const std::vector<std::string> new_build = {"build",   spec,     "-o",       out,
                                              "--quiet", "--emit", "astra-sim"};
  {
    clusterc::Streams s;
    REQUIRE(clusterc::Run(
                {"build", spec, "-o", (dir / "probe").string(), "--quiet", "--emit", "astra-sim"},
                s) == 0);
  }
  const auto new_tree = Manifest(dir / "probe");
  REQUIRE(new_tree.size() > 1000);
  fs::remove_all(dir / "probe");
  old_build();
  const auto old_tree = Manifest(out);
  REQUIRE(old_tree.size() > new_tree.size());

  const size_t n = new_tree.size();
  fs::path stale;  // what the previous kill left: the next build removes it, it is not its own
  auto temp_files_at_least = [&](size_t count) {
    return [&dir, &stale, count] {
      fs::path t = Temporary(dir, stale);
      return !t.empty() && FilesUnder(t) >= count;
    };
  };
  struct Point {
    const char* phase;
    std::function<bool()> when;
    bool expect_new;
  };
  const std::vector<Point> points = {
      {"the temporary was just created", [&] { return !Temporary(dir, stale).empty(); }, false},
      {"a quarter of the files written", temp_files_at_least(n / 4), false},
      {"three quarters written", temp_files_at_least(3 * n / 4), false},
      // Commit: the manifest is written first, then every file and folder is synced, then the
      // swap.
      {"committing: manifest written, syncing",
       [&] {
         fs::path t = Temporary(dir, stale);
         return !t.empty() && fs::exists(t / std::string(clusterc::kManifestName));
       },
       false},
      // After the swap the old tree is the temporary, being removed.
      {"swapped: removing the old tree", [&] { return !fs::exists(dir / "out" / "report"); }, true},
  };
  int killed = 0, left_temporary = 0;
  for (const Point& p : points) {
    INFO("killed when " << p.phase);
    stale = Temporary(dir, {});
    bool was_killed = BuildKilledWhen(new_build, p.when);
    killed += was_killed;
    auto found = Manifest(out);
    CHECK(Intact(out, found));
    if (was_killed) CHECK(found == (p.expect_new ? new_tree : old_tree));
    CHECK((found == old_tree || found == new_tree));
    // Earlier builds' leftovers were removed by the build that followed them: one at most.
    size_t temporaries = Temporaries(dir);
    CHECK(temporaries <= 1);
    left_temporary += temporaries > 0;
    if (found == new_tree) old_build();  // back to the old tree for the next kill
  }
  CHECK(killed >= 4);
  CHECK(left_temporary >= 4);
  WARN("killed " << killed << " of " << points.size() << " builds, " << left_temporary
                 << " left a temporary; every time the output held the old tree or the new one, "
                    "intact");
  // The next build removes what the last kill left.
  old_build();
  CHECK(Temporaries(dir) == 0);
  CHECK(Intact(out, Manifest(out)));
}
