// Benchmark: wall time and peak memory of the clusterc command line: `check` on the Colossus
// example and on a generated 10,000-line spec, and `build` of Colossus with every backend and
// without the per-rank traces. Runs the real binary as a child process (wait4 gives its peak RSS).
// It measures and prints; it asserts nothing. Usage: bench_check [path/to/clusterc] [runs]
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

struct Sample {
  double seconds;
  long max_rss_kib;
  int exit_code;
};

Sample RunOnce(const std::string& binary, const std::vector<std::string>& args) {
  std::fflush(stdout);  // the child must not inherit (and print again) buffered output
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    FILE* null_out = freopen("/dev/null", "w", stderr);
    (void)null_out;
    FILE* null_stdout = freopen("/dev/null", "w", stdout);
    (void)null_stdout;
    std::vector<char*> argv = {const_cast<char*>(binary.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return {seconds, usage.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

// A spec of about `lines` lines: many GPU, node, fabric, cluster and plan declarations that
// reference each other and the standard library.
std::string GenerateSpec(int lines) {
  std::string s = "import std.nvidia\nimport std.cooling\nimport std.models\n\n";
  s += "site s { grid_power = 500 MW; pue = 1.2; electricity = 0.06 USD/kWh\n"
       "  cooling = cooling.direct_liquid }\n";
  int i = 0;
  while (std::count(s.begin(), s.end(), '\n') < lines) {
    std::string n = std::to_string(i++);
    s += "gpu g" + n + " extends nvidia.H100_SXM5 {\n  memory = " + std::to_string(80 + i % 64) +
         " GB\n  price = " + std::to_string(25000 + i) + " USD\n}\n";
    s += "node n" + n + " {\n  gpus = 8 x g" + n +
         "\n  scale_up = nvidia.NVLink4\n  nics = 8 x nvidia.ConnectX7\n  gpu_power = 650 W\n"
         "  host_power = 400 W\n  net_power = 200 W\n}\n";
    s += "fabric f" + n +
         " {\n  kind = infiniband_ndr\n  topology = fat_tree { tiers = 3; rails = 8 }\n"
         "  switch = nvidia.Quantum2_QM9700\n}\n";
    s += "cluster c" + n + " {\n  site = s\n  nodes = 128 x n" + n +
         "\n  racks = rack { nodes = 4 }\n  fabric = f" + n + "\n}\n";
    s += "let power" + n + " = n" + n + ".gpu_power * n" + n + ".gpus + n" + n + ".host_power\n";
    s += "require power" + n + " <= 10 kW : \"node " + n + " fits its rack share\"\n\n";
  }
  return s;
}

void Report(const char* label, const std::string& binary, const std::vector<std::string>& args,
            int runs) {
  std::vector<double> times;
  long rss = 0;
  int code = 0;
  for (int r = 0; r < runs; ++r) {
    Sample s = RunOnce(binary, args);
    times.push_back(s.seconds);
    rss = std::max(rss, s.max_rss_kib);
    code = s.exit_code;
  }
  std::sort(times.begin(), times.end());
  std::printf(
      "%-28s runs %3d  median %7.1f ms  min %7.1f ms  max %7.1f ms  peak RSS %6.1f MiB  exit %d\n",
      label, runs, times[times.size() / 2] * 1e3, times.front() * 1e3, times.back() * 1e3,
      double(rss) / 1024, code);
}

}  // namespace

int main(int argc, char** argv) {
  std::string binary = argc > 1 ? argv[1] : "build/clusterc";
  int runs = argc > 2 ? std::atoi(argv[2]) : 20;
  Report("check examples/colossus.cl", binary, {"check", "examples/colossus.cl"}, runs);
  std::string generated = "/tmp/clusterc_bench_10k.cl";
  std::string spec = GenerateSpec(10000);
  std::ofstream(generated) << spec;
  std::printf("generated %s: %ld lines, %zu bytes\n", generated.c_str(),
              long(std::count(spec.begin(), spec.end(), '\n')), spec.size());
  Report("check 10,000-line spec", binary, {"check", generated}, runs);
  std::string out = "/tmp/clusterc_bench_out";
  Report("build colossus, no traces", binary,
         {"build", "examples/colossus.cl", "-o", out, "--quiet", "--emit",
          "slurm,nccl,simai,calculon,report"},
         runs);
  Report("build colossus, all backends", binary,
         {"build", "examples/colossus.cl", "-o", out, "--quiet"}, runs);
  Report("build meta_24k, all backends", binary,
         {"build", "examples/meta_24k.cl", "-o", out, "--quiet"}, runs);
  // Trace generation rate: ASTRA-sim output alone, per-rank files counted afterwards.
  Sample traces = RunOnce(
      binary, {"build", "examples/meta_24k.cl", "-o", out, "--quiet", "--emit", "astra-sim"});
  long files = 0, bytes = 0;
  std::string list = "find " + out + " -name '*.et' -printf '%s\\n' > /tmp/clusterc_bench_et";
  if (std::system(list.c_str()) == 0) {
    std::ifstream in("/tmp/clusterc_bench_et");
    long size;
    while (in >> size) {
      ++files;
      bytes += size;
    }
  }
  std::printf(
      "traces (meta_24k, astra-sim only): %ld rank files, %.1f MiB in %.1f ms: %.0f "
      "ranks/s, %.1f MiB/s\n",
      files, bytes / 1048576.0, traces.seconds * 1e3, files / traces.seconds,
      bytes / 1048576.0 / traces.seconds);
  return 0;
}
