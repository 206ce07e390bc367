// Benchmark: latency of the language server from a `didChange` to its `publishDiagnostics`, on
// the Colossus example and on a generated 10,000-line spec (targets: 30 ms and 300 ms at the
// median). The server runs in-process (lsp::Server::Handle is what `clusterc lsp` calls per
// message), so the figure is the server's work without the pipe (microseconds). Each change
// edits a value, so every iteration is a full recompile and re-analysis.
// It measures and prints; it asserts nothing. Usage: bench_lsp [ignored] [runs]
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lsp/server.h"
#include "lsp/text.h"

namespace {

namespace json = llvm::json;

std::string Str(const json::Value& v) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << v;
  return os.str();
}

// The same shape as bench_check's generated spec: GPUs, nodes, fabrics, clusters, lets and
// requires that reference each other and the standard library.
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

void Measure(const char* label, const std::string& path, const std::string& text, int runs) {
  clusterc::lsp::ServerOptions options;
  options.std_dir = (std::filesystem::temp_directory_path() / "clusterc_bench_std").string();
  clusterc::lsp::Server server(options);
  std::string uri = clusterc::lsp::PathToUri(path);
  server.Handle(Str(json::Object{{"jsonrpc", "2.0"},
                                 {"id", 1},
                                 {"method", "initialize"},
                                 {"params", json::Object{{"capabilities", json::Object{}}}}}));
  server.Handle(Str(
      json::Object{{"jsonrpc", "2.0"},
                   {"method", "textDocument/didOpen"},
                   {"params", json::Object{{"textDocument", json::Object{{"uri", uri},
                                                                         {"languageId", "clusterc"},
                                                                         {"version", 1},
                                                                         {"text", text}}}}}}));
  // The edit: the first `650 W` becomes `651 W` and back, in place (incremental sync).
  size_t at = text.find("650 W");
  clusterc::lsp::Position p = clusterc::lsp::LineIndex(text).ToPosition(uint32_t(at));
  std::vector<double> ms, cpu_ms;
  size_t published = 0;
  for (int r = 0; r < runs; ++r) {
    json::Object range{{"start", json::Object{{"line", p.line}, {"character", p.character + 2}}},
                       {"end", json::Object{{"line", p.line}, {"character", p.character + 3}}}};
    std::string change = Str(json::Object{
        {"jsonrpc", "2.0"},
        {"method", "textDocument/didChange"},
        {"params", json::Object{{"textDocument", json::Object{{"uri", uri}, {"version", r + 2}}},
                                {"contentChanges",
                                 json::Array{json::Object{{"range", std::move(range)},
                                                          {"text", r % 2 ? "0" : "1"}}}}}}});
    auto start = std::chrono::steady_clock::now();
    std::clock_t cpu_start = std::clock();
    std::vector<std::string> out = server.Handle(change);
    cpu_ms.push_back(double(std::clock() - cpu_start) * 1000.0 / CLOCKS_PER_SEC);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
    for (const auto& m : out) published += m.find("publishDiagnostics") != std::string::npos;
  }
  std::sort(ms.begin(), ms.end());
  std::sort(cpu_ms.begin(), cpu_ms.end());
  // CPU time too: on a loaded machine the wall time includes waiting for a core.
  std::printf(
      "%-34s lines %6ld  runs %3d  wall median %7.1f ms (min %7.1f, max %7.1f)  CPU "
      "median %7.1f ms  (%zu publishDiagnostics)\n",
      label, long(std::count(text.begin(), text.end(), '\n')), runs, ms[ms.size() / 2], ms.front(),
      ms.back(), cpu_ms[cpu_ms.size() / 2], published);
}

}  // namespace

int main(int argc, char** argv) {
  int runs = argc > 2 ? std::atoi(argv[2]) : 20;
  std::ifstream in("examples/colossus.cl");
  std::stringstream colossus;
  colossus << in.rdbuf();
  Measure("didChange -> diagnostics, colossus", std::filesystem::absolute("examples/colossus.cl"),
          colossus.str(), runs);
  std::string spec = GenerateSpec(10000);
  Measure("didChange -> diagnostics, 10k lines",
          (std::filesystem::temp_directory_path() / "clusterc_bench_lsp_10k.cl").string(), spec,
          runs);
  return 0;
}
