// Concurrent jobs (`jobs { plans = a + b }`): analysis places every job on consecutive nodes of
// its node group (whole racks or NVLink domains, spares excluded), and the Slurm backend pins each
// job to exactly those hosts (<jobs>.jobs.sh) and reserves them (<jobs>.reserve.sh). The real
// slurmctld checks the same scripts in tests/integration/slurm_integration.sh.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "backends/emitters.h"
#include "diag/diagnostic.h"
#include "frontend/compile.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::CompileSpec;
using namespace clusterc;

namespace {

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Expands the hostlists the backend writes: prefix[a-b,c-d] or a single name.
std::vector<std::string> Expand(const std::string& list) {
  std::smatch m;
  if (!std::regex_match(list, m, std::regex(R"(([^\[]+)\[([0-9,\-]+)\])"))) return {list};
  std::vector<std::string> out;
  std::istringstream in(m[2].str());
  for (std::string r; std::getline(in, r, ',');) {
    size_t dash = r.find('-');
    std::string lo = r.substr(0, dash), hi = dash == std::string::npos ? lo : r.substr(dash + 1);
    for (int64_t n = std::stoll(lo); n <= std::stoll(hi); ++n) {
      std::string digits = std::to_string(n);
      out.push_back(m[1].str() + std::string(lo.size() - digits.size(), '0') + digits);
    }
  }
  return out;
}

// The value of `key=` in a line of space-separated settings, or "".
std::string Value(const std::string& line, const std::string& key) {
  std::smatch m;
  return std::regex_search(line, m, std::regex("(^| )" + key + "=([^ ]+)")) ? m[2].str() : "";
}

struct Submitted {
  std::string name, partition, script;
  int64_t nodes = 0;
  std::vector<std::string> hosts;
};

// The `submit NAME NODES 'HOSTS' PARTITION SCRIPT` lines of a jobs script.
std::vector<Submitted> Submits(const std::string& script) {
  std::vector<Submitted> out;
  std::regex re(R"(^submit '?([^' ]+)'? ([0-9]+) '([^']+)' '?([^' ]+)'? '?([^' ]+)'?$)");
  for (const auto& line : Lines(script)) {
    std::smatch m;
    if (!std::regex_match(line, m, re)) continue;
    Submitted s;
    s.name = m[1].str();
    s.nodes = std::stoll(m[2].str());
    s.hosts = Expand(m[3].str());
    s.partition = m[4].str();
    s.script = m[5].str();
    out.push_back(s);
  }
  return out;
}

// Checks a `jobs` block's files against analysis and slurm.conf's partitions (and blocks).
void CheckJobsFiles(const testing::Compiled& c, const backends::OutputTree& out,
                    const std::string& dir, uint32_t ji) {
  const auto& files = out.Files();
  const std::string name = c.program.jobs[ji].name;
  const analysis::JobsResults& jr = c.results.jobs[ji];
  REQUIRE(jr.placed);
  REQUIRE(files.count(dir + name + ".jobs.sh"));
  REQUIRE(files.count(dir + name + ".reserve.sh"));
  auto submits = Submits(files.at(dir + name + ".jobs.sh"));
  REQUIRE(submits.size() == jr.jobs.size());
  // Partitions and their nodes, from slurm.conf.
  std::map<std::string, std::set<std::string>> partitions;
  for (const auto& line : Lines(files.at(dir + "slurm.conf")))
    if (line.rfind("PartitionName=", 0) == 0) {
      auto hosts = Expand(Value(line, "Nodes"));
      partitions[Value(line, "PartitionName")] = {hosts.begin(), hosts.end()};
    }
  // NVLink blocks, when the domains span nodes.
  std::map<std::string, int> block_of;
  for (const char* f : {"topology-block.conf", "topology.conf"})
    if (files.count(dir + f))
      for (const auto& line : Lines(files.at(dir + f)))
        if (line.rfind("BlockName=", 0) == 0)
          for (const auto& h : Expand(Value(line, "Nodes"))) block_of[h] = int(block_of.size());
  std::set<std::string> taken;
  const std::string reserve = files.at(dir + name + ".reserve.sh");
  for (size_t k = 0; k < submits.size(); ++k) {
    const Submitted& s = submits[k];
    const analysis::JobShare& share = jr.jobs[k];
    INFO(s.name);
    CHECK(s.name == name + "-" + std::to_string(k + 1) + "-" + c.program.plans[share.plan].name);
    CHECK(s.script == c.program.plans[share.plan].name + ".sbatch");
    // As many hosts as nodes, as many as analysis gave the job.
    CHECK(s.nodes == share.nodes);
    CHECK(int64_t(s.hosts.size()) == s.nodes);
    // In the job's partition (its node group, spares excluded), and no host twice.
    REQUIRE(partitions.count(s.partition));
    for (const auto& h : s.hosts) {
      CHECK(partitions[s.partition].count(h) == 1);
      CHECK(taken.insert(h).second);
    }
    // Whole NVLink domains: every block the job touches is all the job's.
    if (!block_of.empty()) {
      std::map<int, int> per_block;
      for (const auto& h : s.hosts) ++per_block[block_of.at(h)];
      for (const auto& [b, n] : per_block) {
        int64_t size = std::count_if(block_of.begin(), block_of.end(),
                                     [&](const auto& e) { return e.second == b; });
        CHECK(n == size);
      }
    }
    // The reservation is on the same hosts, named as the job.
    CHECK(reserve.find("reserve '" + s.name + "' '") != std::string::npos);
  }
}

}  // namespace

TEST_CASE("jobs: every example's jobs land on disjoint hosts of their partitions",
          "[jobs][slurm]") {
  int checked = 0;
  for (const auto& file : testing::Examples()) {
    auto c = CompileSpec(file);
    if (c->program.jobs.empty()) continue;
    // No sections: Catch would re-enter the test, compiling every example, once per section.
    INFO(file.filename().string());
    auto out = testing::Lower(*c, backends::EmitSlurm);
    for (uint32_t ji = 0; ji < c->program.jobs.size(); ++ji) CheckJobsFiles(*c, out, "slurm/", ji);
    ++checked;
  }
  CHECK(checked >= 2);  // gb200_nvl72 and mixed_jean_zay
}

TEST_CASE("jobs: NVL72 jobs start on domain boundaries, in the order written", "[jobs]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "gb200_nvl72.cl");
  REQUIRE(c->results.jobs.size() == 1);
  const auto& jr = c->results.jobs[0];
  REQUIRE(jr.placed);
  REQUIRE(jr.jobs.size() == 2);
  // Two jobs of 36 NVL72 racks (648 trays) each: racks 1-36 and 37-72.
  CHECK(jr.jobs[0].first_node == 0);
  CHECK(jr.jobs[1].first_node == 648);
  CHECK(jr.jobs[0].first_rack == 0);
  CHECK(jr.jobs[1].first_rack == 36);
  CHECK(jr.groups[0].rack_aligned);
  auto out = testing::Lower(*c, backends::EmitSlurm);
  const std::string& jobs = out.Files().at("slurm/shared.jobs.sh");
  CHECK(jobs.find("submit 'shared-1-llama3_70b_third' 648 'nvl72-[0001-0648]' 'train' "
                  "'llama3_70b_third.sbatch'\n") != std::string::npos);
  CHECK(jobs.find("submit 'shared-2-llama3_70b_third' 648 'nvl72-[0649-1296]' 'train' "
                  "'llama3_70b_third.sbatch'\n") != std::string::npos);
  const std::string& reserve = out.Files().at("slurm/shared.reserve.sh");
  CHECK(reserve.find("reserve 'shared-2-llama3_70b_third' 'nvl72-[0649-1296]'\n") !=
        std::string::npos);
  // Deterministic.
  CHECK(testing::Lower(*c, backends::EmitSlurm).Files() == out.Files());
}

namespace {

// A 16-node cluster of 4-node racks with `spares` and two jobs of `a` and `b` nodes.
std::unique_ptr<testing::Compiled> TwoJobs(
    const std::string& tag, int a, int b, const std::string& spares,
    const std::string& topology = "fat_tree { tiers = 2; rails = 8 }") {
  std::string spec =
      "import std.nvidia\nimport std.cooling\nimport std.models\n"
      "site s { cooling = cooling.direct_liquid }\n"
      "node hgx {\n  gpus = 8 x nvidia.H100_SXM5\n  scale_up = nvidia.NVLink4\n"
      "  nics = 8 x nvidia.ConnectX7\n}\n"
      "fabric ndr {\n  kind = infiniband_ndr\n  topology = " +
      topology +
      "\n"
      "  switch = nvidia.Quantum2_QM9700\n}\n"
      "cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = ndr; "
      "spares = " +
      spares +
      " }\n"
      "plan a {\n  model = models.llama3_8b\n  cluster = c\n  parallel { tp = 8; dp = " +
      std::to_string(a) +
      " }\n  batch { global = 1680; seq_len = 8192 }\n  recompute = selective\n}\n"
      "plan b extends a { parallel { tp = 8; dp = " +
      std::to_string(b) + " } }\njobs both { plans = a + b }\n";
  fs::path dir = testing::ScratchDir("jobs_" + tag);
  fs::path file = dir / "spec.cl";
  std::ofstream(file, std::ios::binary) << spec;
  auto c = std::make_unique<testing::Compiled>();
  c->program = Compile(file.string(), CompileOptions{}, c->sources, c->diags);
  c->results = analysis::Analyze(c->program, {}, c->diags);
  c->name = "spec.cl";
  // No error but the one under test.
  for (const auto& d : c->diags.All()) {
    INFO(d.message);
    CHECK((d.severity != Severity::kError || d.code == DiagCode::JobsOversubscribed));
  }
  return c;
}

bool Reported(const testing::Compiled& c, DiagCode code) {
  for (const auto& d : c.diags.All())
    if (d.code == code) return true;
  return false;
}

}  // namespace

TEST_CASE("jobs: node-level domains start on racks, else pack, spares are never used", "[jobs]") {
  SECTION("rack-aligned: 5 + 6 nodes on 16 start at racks 1 and 3") {
    auto c = TwoJobs("aligned", 5, 6, "0 %");
    const auto& jr = c->results.jobs.at(0);
    REQUIRE(jr.placed);
    CHECK(jr.groups[0].rack_aligned);
    CHECK(jr.jobs[0].first_node == 0);
    CHECK(jr.jobs[1].first_node == 8);
    CHECK_FALSE(Reported(*c, DiagCode::JobsOversubscribed));
  }
  SECTION("packed: 5 + 6 nodes on 12 in service share a rack") {
    auto c = TwoJobs("packed", 5, 6, "25 %");  // 4 spares: 12 nodes in service
    const auto& jr = c->results.jobs.at(0);
    REQUIRE(jr.placed);
    CHECK_FALSE(jr.groups[0].rack_aligned);
    CHECK(jr.jobs[0].first_node == 0);
    CHECK(jr.jobs[1].first_node == 5);
    CHECK(jr.jobs[1].first_node + jr.jobs[1].nodes <= 12);
    CHECK_FALSE(Reported(*c, DiagCode::JobsOversubscribed));
  }
  SECTION("over: 8 + 6 nodes on 12 in service") {
    auto c = TwoJobs("over", 8, 6, "25 %");
    CHECK_FALSE(c->results.jobs.at(0).placed);
    CHECK(Reported(*c, DiagCode::JobsOversubscribed));
  }
}

TEST_CASE("jobs: a job that fits into one fabric pod is placed within one", "[jobs]") {
  // Pods of 64 GPUs (8 nodes, two racks): b (6 nodes) would start on rack 2 (nodes 5-10) and
  // straddle pods 1 and 2; it moves to pod 2's first node.
  auto c = TwoJobs("pods", 3, 6, "0 %",
                   "fat_tree { tiers = 3; pod_size = 64; pod_oversubscription = 1:4 }");
  const auto& jr = c->results.jobs.at(0);
  REQUIRE(jr.placed);
  CHECK(jr.jobs[0].first_node == 0);
  CHECK(jr.jobs[1].first_node == 8);
  CHECK(jr.jobs[1].first_pod == 1);
  CHECK(jr.jobs[1].last_pod == 1);
  // Without pods, the same jobs start on racks 1 and 2.
  auto flat = TwoJobs("flat", 3, 6, "0 %", "fat_tree { tiers = 3 }");
  CHECK(flat->results.jobs.at(0).jobs[1].first_node == 4);
  // When moving it would not fit (12 nodes in service), the job straddles the pods on its
  // rack rather than not being placed.
  auto tight = TwoJobs("tight", 3, 7, "25 %",
                       "fat_tree { tiers = 3; pod_size = 64; pod_oversubscription = 1:4 }");
  const auto& tj = tight->results.jobs.at(0);
  REQUIRE(tj.placed);
  CHECK(tj.groups[0].rack_aligned);
  CHECK(tj.jobs[1].first_node == 4);
  CHECK(tj.jobs[1].first_pod == 0);
  CHECK(tj.jobs[1].last_pod == 1);
}

TEST_CASE("jobs: NVL72 trays beside login nodes keep their NVLink blocks, jobs whole blocks",
          "[jobs][slurm]") {
  // gb200_nvl72 with four CPU-only login nodes as a second node group.
  std::string spec = testing::Slurp(fs::path(CLUSTERC_SOURCE_DIR) / "examples/gb200_nvl72.cl");
  const std::string nodes = "nodes    = 2_016 x gb200_tray";
  REQUIRE(spec.find(nodes) != std::string::npos);
  spec.replace(spec.find(nodes), nodes.size(), "nodes    = 2_016 x gb200_tray + 4 x login");
  spec +=
      "node login {\n  cpus = 2 x nvidia.Grace\n  memory = 512 GB\n"
      "  nics = 1 x nvidia.ConnectX7\n}\n";
  fs::path file = testing::ScratchDir("jobs_nvl72_login") / "nvl72_login.cl";
  std::ofstream(file, std::ios::binary) << spec;
  auto c = CompileSpec(file);
  for (const char* version : {"22.05", "24.11"}) {
    {  // not a section: Catch would re-enter the test, compiling the spec again, once per section
      INFO("Slurm " << version);
      backends::Context ctx = testing::ContextOf(*c);
      ctx.slurm_version = version;
      backends::OutputTree out;
      backends::EmitSlurm(ctx, out);
      const auto& files = out.Files();
      const bool block_primary = std::string(version) == "24.11";
      const std::string block_file =
          block_primary ? "slurm/topology.conf" : "slurm/topology-block.conf";
      REQUIRE(files.count(block_file));
      // 112 blocks of 18 trays, over the trays only: the login nodes are in none.
      std::set<std::string> in_blocks;
      int blocks = 0;
      for (const auto& line : Lines(files.at(block_file)))
        if (line.rfind("BlockName=", 0) == 0) {
          ++blocks;
          auto hosts = Expand(Value(line, "Nodes"));
          CHECK(hosts.size() == 18);
          in_blocks.insert(hosts.begin(), hosts.end());
        }
      CHECK(blocks == 112);
      CHECK(in_blocks.size() == 2016);
      CHECK(in_blocks.count("nvl72-2017") == 0);
      CHECK(in_blocks.count("nvl72-2016") == 1);
      const std::string& conf = files.at("slurm/slurm.conf");
      CHECK(conf.find("Feature=gb200,ndr,nvl72 ") != std::string::npos);
      CHECK(conf.find("Feature=cpu,ndr ") != std::string::npos);
      CHECK(conf.find("MaxNodes=18 ") != std::string::npos);  // debug: one NVLink domain
      CHECK((conf.find("TopologyPlugin=topology/block") != std::string::npos) == block_primary);
      CHECK((conf.find("SwitchType=switch/nvidia_imex") != std::string::npos) == block_primary);
      CHECK((files.at("slurm/llama3_70b_third.sbatch").find("#SBATCH --segment=18\n") !=
             std::string::npos) == block_primary);
      // Slurm 24.11 refuses --segment with a node list of several segments: the jobs script
      // submits the plan's script without it (the node list is whole blocks).
      CHECK((files.at("slurm/shared.jobs.sh").find("sed '/^#SBATCH --segment=/d'") !=
             std::string::npos) == block_primary);
      CheckJobsFiles(*c, out, "slurm/", 0);
    }
  }
}
