// The Slurm backend: hostlist ranges within Slurm's limit, CPUs = sockets x cores x threads,
// every node under exactly one leaf switch, switch counts from analysis, sbatch flags matching the
// plan. The real slurmctld checks the same files in tests/integration/slurm_integration.sh.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "backends/emitters.h"
#include "diag/diagnostic.h"
#include "diag/source.h"
#include "driver/driver.h"
#include "frontend/compile.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::Compiled;
using clusterc::testing::CompileSpec;
using clusterc::testing::Examples;
using clusterc::testing::ExplainSpec;
using clusterc::testing::ValidationSpec;
using namespace clusterc;

namespace {

using testing::SbatchFlag;

backends::OutputTree LowerSlurm(const testing::Compiled& c) {
  return testing::Lower(c, backends::EmitSlurm);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The value of `key=` in a space-separated line, or "".
std::string Value(const std::string& line, const std::string& key) {
  size_t at = line.rfind(key + "=", 0) == 0 ? 0 : line.find(" " + key + "=");
  if (at == std::string::npos) return "";
  if (at != 0) ++at;
  size_t begin = at + key.size() + 1, end = line.find(' ', begin);
  return line.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

// Expands a Slurm hostlist of the forms this backend writes: comma-separated names, each a
// prefix with an optional [a-b,c,...] part. Checks every bracket range against Slurm's limit.
std::vector<std::string> Expand(const std::string& list) {
  std::vector<std::string> names;
  size_t i = 0;
  while (i < list.size()) {
    size_t open = list.find('[', i), comma = list.find(',', i);
    if (open == std::string::npos || (comma != std::string::npos && comma < open)) {
      size_t end = comma == std::string::npos ? list.size() : comma;
      names.push_back(list.substr(i, end - i));
      i = end + 1;
      continue;
    }
    std::string prefix = list.substr(i, open - i);
    size_t close = list.find(']', open);
    REQUIRE(close != std::string::npos);
    std::string ranges = list.substr(open + 1, close - open - 1);
    std::istringstream in(ranges);
    for (std::string r; std::getline(in, r, ',');) {
      size_t dash = r.find('-');
      std::string lo = r.substr(0, dash), hi = dash == std::string::npos ? lo : r.substr(dash + 1);
      CHECK(lo.size() == hi.size());
      int64_t a = std::stoll(lo), b = std::stoll(hi);
      CHECK(a <= b);
      CHECK(b - a + 1 <= 65536);  // FORMATS.md: at most 65,536 hosts per range
      for (int64_t n = a; n <= b; ++n) {
        std::string digits = std::to_string(n);
        names.push_back(prefix + std::string(lo.size() - std::min(lo.size(), digits.size()), '0') +
                        digits);
      }
    }
    i = close + 1;
    if (i < list.size() && list[i] == ',') ++i;
  }
  return names;
}

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

struct Checked {
  size_t leaves = 0, spines = 0, mids = 0, cores = 0;
};

// A cluster of several node groups: one NodeName line and one partition per group, named after its
// node type, holding exactly that group's hosts; GPU gres only on GPU groups, and gres.conf's
// device files add up to each group's GPUs per node.
void CheckMixedCluster(const Compiled& c, const backends::OutputTree& out, const std::string& dir,
                       uint32_t cluster) {
  const auto& files = out.Files();
  const ir::Cluster& cl = c.program.clusters[cluster];
  const auto& views = c.results.group_views.at(cluster);
  REQUIRE(views.size() == cl.nodes.Groups());
  std::map<std::string, std::set<std::string>> partition;  // name -> hosts
  std::map<std::string, std::string> gres_of;              // host -> Gres
  for (const auto& line : Lines(files.at(dir + "slurm.conf"))) {
    if (line.rfind("NodeName=", 0) == 0 && line.rfind("NodeName=DEFAULT ", 0) != 0) {
      CHECK(std::stoll(Value(line, "CPUs")) == std::stoll(Value(line, "SocketsPerBoard")) *
                                                   std::stoll(Value(line, "CoresPerSocket")) *
                                                   std::stoll(Value(line, "ThreadsPerCore")));
      for (const auto& n : Expand(Value(line, "NodeName")))
        CHECK(gres_of.emplace(n, Value(line, "Gres")).second);
    } else if (line.rfind("PartitionName=", 0) == 0) {
      for (const auto& n : Expand(Value(line, "Nodes")))
        partition[Value(line, "PartitionName")].insert(n);
    }
  }
  int64_t hosts = 0;
  std::map<std::string, int64_t> gpus;
  for (const auto& line : Lines(files.at(dir + "gres.conf"))) {
    if (line.empty() || line[0] == '#' || Value(line, "File").empty()) continue;
    for (const auto& n : Expand(Value(line, "NodeName")))
      gpus[n] += static_cast<int64_t>(Expand(Value(line, "File")).size());
  }
  for (size_t g = 0; g < cl.nodes.Groups(); ++g) {
    const std::string& type = c.program.Get(cl.nodes.Group(g).ref).name;
    INFO(type);
    REQUIRE(partition.count(type));
    const auto& members = partition.at(type);
    CHECK(static_cast<int64_t>(members.size()) == views[g].nodes);
    hosts += views[g].nodes;
    for (const auto& n : members) {
      INFO(n);
      REQUIRE(gres_of.count(n));
      const std::string& gres = gres_of.at(n);
      if (views[g].gpus_per_node > 0) {
        CHECK(gres.substr(gres.rfind(':') + 1) == std::to_string(views[g].gpus_per_node));
        CHECK(gpus[n] == views[g].gpus_per_node);
      } else {
        CHECK(gres.empty());
        CHECK(gpus.count(n) == 0);
      }
    }
  }
  CHECK(static_cast<int64_t>(gres_of.size()) == hosts);
}

// Checks one cluster's slurm.conf, gres.conf and topology.conf against analysis.
Checked CheckCluster(const Compiled& c, const backends::OutputTree& out, const std::string& dir,
                     uint32_t cluster) {
  const auto& files = out.Files();
  const auto& r = c.results.clusters[cluster];
  for (const char* f : {"slurm.conf", "gres.conf", "topology.conf", "cgroup.conf"}) {
    INFO(dir << f);
    REQUIRE(files.count(dir + f));
    CHECK(Lines(files.at(dir + f)).front() == "# generated by clusterc from " + c.name);
  }

  // slurm.conf
  std::set<std::string> nodes, partition, debug, spare;
  bool has_default = false;
  for (const auto& line : Lines(files.at(dir + "slurm.conf"))) {
    if (line.rfind("NodeName=DEFAULT ", 0) == 0) {
      has_default = true;
      int64_t cpus = std::stoll(Value(line, "CPUs"));
      int64_t product = std::stoll(Value(line, "SocketsPerBoard")) *
                        std::stoll(Value(line, "CoresPerSocket")) *
                        std::stoll(Value(line, "ThreadsPerCore"));
      CHECK(cpus == product);
      CHECK(Value(line, "Boards") == "1");
      std::string gres = Value(line, "Gres");
      CHECK(gres.rfind("gpu:", 0) == 0);
      CHECK(gres.substr(gres.rfind(':') + 1) == std::to_string(r.gpus_per_node));
      CHECK(Value(line, "State") == "UNKNOWN");
    } else if (line.rfind("NodeName=", 0) == 0) {
      for (const auto& n : Expand(Value(line, "NodeName"))) CHECK(nodes.insert(n).second);
      CHECK(Value(line, "NodeAddr").empty());  // test-only keys stay out of the generated file
    } else if (line.rfind("PartitionName=", 0) == 0) {
      std::string name = Value(line, "PartitionName");
      auto& into = name == "train" ? partition : name == "debug" ? debug : spare;
      for (const auto& n : Expand(Value(line, "Nodes"))) into.insert(n);
      CHECK(Value(line, "OverSubscribe") == "EXCLUSIVE");
      CHECK(Value(line, "Default") == (name == "train" ? "YES" : ""));
      if (name == "debug") CHECK(Value(line, "MaxTime") == "00:30:00");
      if (name == "spare") CHECK(Value(line, "State") == "INACTIVE");
    }
    for (const char* key : {"SlurmctldHost", "AuthType", "SlurmUser", "StateSaveLocation"})
      CHECK(line.rfind(std::string(key) + "=", 0) != 0);
  }
  CHECK(has_default);
  CHECK(static_cast<int64_t>(nodes.size()) == r.nodes);
  // Spares are in no schedulable partition; every other node is in train and debug.
  CHECK(static_cast<int64_t>(partition.size()) == r.nodes - r.spare_nodes);
  CHECK(static_cast<int64_t>(spare.size()) == r.spare_nodes);
  CHECK(debug == partition);
  for (const auto& n : spare) CHECK(partition.count(n) == 0);
  std::set<std::string> all = partition;
  all.insert(spare.begin(), spare.end());
  CHECK(all == nodes);

  // gres.conf: the GPU device files add up to the GPUs per node, on every node.
  // Without the spec's CPUs (NVIDIA, AMD): slurmd's detection, nothing else.
  std::map<std::string, int64_t> gpus;
  bool autodetect = false;
  for (const auto& line : Lines(files.at(dir + "gres.conf"))) {
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("AutoDetect=", 0) == 0) {
      autodetect = true;
      CHECK((line == "AutoDetect=nvml" || line == "AutoDetect=rsmi"));
      continue;
    }
    CHECK(Value(line, "Name") == "gpu");
    if (autodetect) continue;
    CHECK_FALSE(Value(line, "Cores").empty());
    int64_t count = static_cast<int64_t>(Expand(Value(line, "File")).size());
    for (const auto& n : Expand(Value(line, "NodeName"))) gpus[n] += count;
  }
  if (!autodetect) {
    CHECK(gpus.size() == nodes.size());
    for (const auto& [n, count] : gpus) {
      INFO(n);
      CHECK(count == r.gpus_per_node);
    }
  }

  // topology.conf: every node under exactly one leaf; every child switch defined; counts.
  std::map<std::string, int> leaf_of;
  std::set<std::string> switches, children;
  Checked k;
  for (const auto& line : Lines(files.at(dir + "topology.conf"))) {
    if (line.empty() || line[0] == '#') continue;
    std::string name = Value(line, "SwitchName");
    REQUIRE_FALSE(name.empty());
    CHECK(switches.insert(name).second);
    if (!Value(line, "Nodes").empty()) {
      ++k.leaves;
      for (const auto& n : Expand(Value(line, "Nodes"))) ++leaf_of[n];
    } else {
      std::vector<std::string> below = Expand(Value(line, "Switches"));
      CHECK_FALSE(below.empty());
      children.insert(below.begin(), below.end());
      if (name.rfind("spine", 0) == 0)
        ++k.spines;
      else if (name.rfind("superspine", 0) == 0)
        ++k.mids;
      else
        ++k.cores;  // `core...`, or a dragonfly's `global0`
    }
  }
  for (const auto& s : children) CHECK(switches.count(s));
  CHECK(leaf_of.size() == nodes.size());
  for (const auto& [n, count] : leaf_of) {
    INFO(n);
    CHECK(nodes.count(n));
    CHECK(count == 1);
  }
  // Switch counts: analysis' counts, one rail plane (backends/slurm/slurm.cpp).
  const auto& f = r.fabric;
  if (f.is_torus || f.leaf.switches == 0) {
    CHECK(k.leaves == 1);
    CHECK(k.spines + k.cores == 0);
  } else if (f.is_dragonfly) {
    // One leaf per group, one switch for the global channels above them.
    CHECK(static_cast<int64_t>(k.leaves) == std::min(r.nodes, f.dragonfly.groups));
    CHECK(k.spines + k.mids == 0);
    CHECK(k.cores == 1);
  } else {
    // One plane of one rail: every switch stands for its copies in the other rails and planes.
    int64_t copies = (f.rails > 1 && f.leaf.switches % f.rails == 0 ? f.rails : 1) * f.planes;
    CHECK(static_cast<int64_t>(k.leaves) == std::min(r.nodes, f.leaf.switches / copies));
    CHECK(static_cast<int64_t>(k.spines) == CeilDiv(f.spine.switches, copies));
    CHECK(static_cast<int64_t>(k.mids) == CeilDiv(f.mid.switches, copies));
    CHECK(static_cast<int64_t>(k.cores) == CeilDiv(f.core.switches, copies));
  }
  return k;
}

// Checks a plan's sbatch script against the plan and analysis.
void CheckSbatch(const Compiled& c, const std::string& sbatch, uint32_t plan_index) {
  const ir::Plan& plan = c.program.plans[plan_index];
  const auto& in = c.results.plan_inputs[plan_index];
  const auto& cr = c.results.plan_clusters[plan_index];  // the plan's node group
  INFO(plan.name);
  CHECK(Lines(sbatch).front() == "#!/bin/bash");
  CHECK(Lines(sbatch)[1] == "# generated by clusterc from " + c.name);
  int64_t gpus = in.tp * in.pp * in.dp * in.cp;
  CHECK(SbatchFlag(sbatch, "#SBATCH --nodes") == std::to_string(gpus / cr.gpus_per_node));
  CHECK(SbatchFlag(sbatch, "#SBATCH --gpus-per-node") == std::to_string(cr.gpus_per_node));
  CHECK(SbatchFlag(sbatch, "#SBATCH --ntasks-per-node") == std::to_string(cr.gpus_per_node));
  CHECK(SbatchFlag(sbatch, "#SBATCH --exclusive") == "true");
  CHECK(SbatchFlag(sbatch, "#SBATCH --job-name") == plan.name);
  // The NCCL backend's file: slurm/ holds one folder per cluster when the spec has several, and
  // nccl/ one folder per node type when the cluster mixes node groups.
  CHECK(std::regex_search(sbatch, std::regex(R"(\nsource (\.\./)+nccl/([a-z0-9_-]+/)?nccl\.env)")));
  // srun starts one task per GPU; the rank environment comes from Slurm, not torchrun.
  CHECK(sbatch.find("\nsrun ") != std::string::npos);
  CHECK(sbatch.find("torchrun") == std::string::npos);
  CHECK(sbatch.find("RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS") !=
        std::string::npos);
  CHECK(sbatch.find("pretrain_gpt.py") != std::string::npos);
  // Checkpoints go to CHECKPOINT_DIR, which must be set; synthetic data only when asked for.
  CHECK(SbatchFlag(sbatch, "--save") == "\"$CHECKPOINT_DIR\"");
  CHECK(SbatchFlag(sbatch, "--load") == "\"$CHECKPOINT_DIR\"");
  CHECK(sbatch.find("${CHECKPOINT_DIR:?") != std::string::npos);
  CHECK(sbatch.find("else ARGS+=(--mock-data)") == std::string::npos);
  CHECK(sbatch.find("elif [[ \"${MOCK_DATA:-0}\" == 1 ]]; then") != std::string::npos);

  CHECK(SbatchFlag(sbatch, "--tensor-model-parallel-size") == std::to_string(plan.parallel.tp));
  CHECK(SbatchFlag(sbatch, "--pipeline-model-parallel-size") == std::to_string(plan.parallel.pp));
  CHECK(SbatchFlag(sbatch, "--context-parallel-size") == std::to_string(plan.parallel.cp));
  if (plan.parallel.ep > 1)
    CHECK(SbatchFlag(sbatch, "--expert-model-parallel-size") == std::to_string(plan.parallel.ep));
  // Transformer Engine's names for the context-parallel exchange; the ring is the default.
  const char* cp_comm = plan.parallel.cp_comm == ir::CpComm::all_gather   ? "all_gather"
                        : plan.parallel.cp_comm == ir::CpComm::all_to_all ? "a2a"
                                                                          : "";
  CHECK(SbatchFlag(sbatch, "--cp-comm-type") == (plan.parallel.cp > 1 ? cp_comm : ""));
  // Megatron-LM's dropout defaults to 0.1: a model without states 0.
  CHECK(SbatchFlag(sbatch, "--hidden-dropout") == (in.dropout ? "" : "0"));
  CHECK(SbatchFlag(sbatch, "--attention-dropout") == (in.dropout ? "" : "0"));
  CHECK(SbatchFlag(sbatch, "--moe-router-num-groups") ==
        (in.moe && in.expert_groups > 0 ? std::to_string(in.expert_groups) : ""));
  CHECK(SbatchFlag(sbatch, "--moe-router-group-topk") ==
        (in.moe && in.expert_groups > 0 ? std::to_string(in.top_groups) : ""));
  if (in.moe && plan.parallel.etp > 0)
    CHECK(SbatchFlag(sbatch, "--expert-tensor-parallel-size") == std::to_string(plan.parallel.etp));
  else
    CHECK(SbatchFlag(sbatch, "--expert-tensor-parallel-size").empty());
  CHECK(SbatchFlag(sbatch, "--sequence-parallel") ==
        (plan.parallel.sequence_parallel && plan.parallel.tp > 1 ? "true" : ""));
  // Virtual stages of whole layers, or of layer slots with the embedding and the loss taking one
  // each (the split the step model then uses: StagesSplit); uneven ends are in their own test.
  const int64_t chunks = plan.parallel.pp * plan.parallel.vpp;
  const bool ends = plan.parallel.first_stage_layers > 0 || plan.parallel.last_stage_layers > 0;
  if (plan.parallel.vpp > 1 && in.layers % chunks == 0)
    CHECK(SbatchFlag(sbatch, "--num-layers-per-virtual-pipeline-stage") ==
          std::to_string(in.layers / chunks));
  else if (plan.parallel.vpp > 1 && (in.layers + 2) % chunks == 0 && !ends)
    CHECK(SbatchFlag(sbatch, "--num-layers-per-virtual-pipeline-stage") ==
          std::to_string((in.layers + 2) / chunks));
  else if (!ends)
    CHECK(SbatchFlag(sbatch, "--num-layers-per-virtual-pipeline-stage").empty());
  CHECK(SbatchFlag(sbatch, "--micro-batch-size") == std::to_string(plan.batch.micro));
  CHECK(SbatchFlag(sbatch, "--global-batch-size") == std::to_string(plan.batch.global));
  CHECK(SbatchFlag(sbatch, "--seq-length") == std::to_string(plan.batch.seq_len));
  CHECK(SbatchFlag(sbatch, "--num-layers") == std::to_string(in.layers));
  CHECK(SbatchFlag(sbatch, "--hidden-size") == std::to_string(in.hidden));
  CHECK(SbatchFlag(sbatch, "--num-attention-heads") == std::to_string(in.heads));
  // Megatron-LM's head width (`--kv-channels`) only where it is not hidden / heads.
  if (!in.mla && in.attention_head_dim > 0 && in.attention_head_dim * in.heads != in.hidden)
    CHECK(SbatchFlag(sbatch, "--kv-channels") == std::to_string(in.attention_head_dim));
  else
    CHECK(SbatchFlag(sbatch, "--kv-channels").empty());
  if (in.kv_heads < in.heads) {
    CHECK(SbatchFlag(sbatch, "--group-query-attention") == "true");
    CHECK(SbatchFlag(sbatch, "--num-query-groups") == std::to_string(in.kv_heads));
  }
  if (in.moe) {
    CHECK(SbatchFlag(sbatch, "--num-experts") == std::to_string(in.experts));
    CHECK(SbatchFlag(sbatch, "--moe-router-topk") == std::to_string(in.top_k));
    // A deduplicating dispatch is Megatron-Core's flex dispatcher (DeepEP; HybridEP across
    // multi-node NVLink domains).
    CHECK(SbatchFlag(sbatch, "--moe-token-dispatcher-type") ==
          (in.ep > 1 ? (in.ep_deduplicated ? "flex" : "alltoall") : "allgather"));
    CHECK(SbatchFlag(sbatch, "--moe-flex-dispatcher-backend").empty() ==
          !(in.ep > 1 && in.ep_deduplicated));
    CHECK(SbatchFlag(sbatch, "--moe-grouped-gemm") == "true");
    CHECK(SbatchFlag(sbatch, "--moe-router-load-balancing-type") == "aux_loss");
  } else {
    CHECK(SbatchFlag(sbatch, "--moe-token-dispatcher-type").empty());
  }
  switch (plan.recompute) {
    case ir::Recompute::none:
      CHECK(SbatchFlag(sbatch, "--recompute-granularity").empty());
      break;
    case ir::Recompute::selective:
      CHECK(SbatchFlag(sbatch, "--recompute-granularity") == "selective");
      CHECK(SbatchFlag(sbatch, "--recompute-method").empty());
      break;
    case ir::Recompute::full:
      CHECK(SbatchFlag(sbatch, "--recompute-granularity") == "full");
      CHECK(SbatchFlag(sbatch, "--recompute-method") == "uniform");
      CHECK(SbatchFlag(sbatch, "--recompute-num-layers") == "1");
      break;
  }
  CHECK(SbatchFlag(sbatch, "--use-distributed-optimizer") ==
        (plan.optimizer.sharding == ir::Sharding::none ? "" : "true"));
  CHECK(SbatchFlag(sbatch, "--bf16") ==
        (plan.precision == ir::Precision::bf16 || plan.precision == ir::Precision::fp8 ? "true"
                                                                                       : ""));
  CHECK(SbatchFlag(sbatch, "--fp16") == (plan.precision == ir::Precision::fp16 ? "true" : ""));
  CHECK(SbatchFlag(sbatch, "--fp8-format") ==
        (plan.precision == ir::Precision::fp8 ? "hybrid" : ""));
  // FP8 weights alone where Megatron-LM accepts them: FP8 under its distributed optimizer or
  // FSDP, unless the plan keeps 16-bit weights.
  CHECK(SbatchFlag(sbatch, "--fp8-param-gather") ==
        (plan.precision == ir::Precision::fp8 && plan.optimizer.sharding != ir::Sharding::none &&
                 plan.fp8_param_gather
             ? "true"
             : ""));
  if (plan.tokens > 0)
    CHECK(SbatchFlag(sbatch, "--train-samples") ==
          std::to_string(static_cast<int64_t>(std::ceil(plan.tokens / plan.batch.seq_len))));
}

}  // namespace

TEST_CASE("slurm: every example lowers to files that match analysis and the plans", "[slurm]") {
  for (const auto& file : Examples()) {
    SECTION(file.filename().string()) {
      auto c = CompileSpec(file);
      auto out = LowerSlurm(*c);
      // The clusters the main file's plans use; one cluster -> slurm/, several -> slurm/<name>/.
      std::set<uint32_t> used;
      for (uint32_t i = 0; i < c->program.plans.size(); ++i)
        if (c->program.plans[i].range.file == c->program.main_file)
          used.insert(c->program.plans[i].cluster.index);
      REQUIRE_FALSE(used.empty());
      for (uint32_t cl : used) {
        std::string dir =
            used.size() == 1 ? "slurm/" : "slurm/" + c->program.clusters[cl].name + "/";
        if (c->program.clusters[cl].nodes.Groups() > 1)
          CheckMixedCluster(*c, out, dir, cl);
        else
          CheckCluster(*c, out, dir, cl);
      }
      for (uint32_t i = 0; i < c->program.plans.size(); ++i) {
        const auto& plan = c->program.plans[i];
        if (plan.range.file != c->program.main_file) continue;
        std::string dir = used.size() == 1
                              ? "slurm/"
                              : "slurm/" + c->program.clusters[plan.cluster.index].name + "/";
        REQUIRE(out.Files().count(dir + plan.name + ".sbatch"));
        CheckSbatch(*c, out.Files().at(dir + plan.name + ".sbatch"), i);
      }
      // Deterministic: a second emission is byte-identical.
      CHECK(LowerSlurm(*c).Files() == out.Files());
    }
  }
}

TEST_CASE("slurm: a model's own head width reaches Megatron-LM as --kv-channels", "[slurm]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests/lang/explain/head_dim.cl");
  auto out = LowerSlurm(*c);
  for (uint32_t i = 0; i < c->program.plans.size(); ++i) {
    const std::string name = "slurm/" + c->program.plans[i].name + ".sbatch";
    REQUIRE(out.Files().count(name));
    CheckSbatch(*c, out.Files().at(name), i);
  }
  // Qwen3 30B-A3B's heads are 128 wide in a 2,048-wide model; the other plan's 64 are derived.
  CHECK(SbatchFlag(out.Files().at("slurm/wide.sbatch"), "--kv-channels") == "128");
  CHECK(SbatchFlag(out.Files().at("slurm/narrow.sbatch"), "--kv-channels").empty());
}

TEST_CASE("slurm: a squared-ReLU model reaches Megatron-LM as --squared-relu", "[slurm]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests/lang/explain/squared_relu.cl");
  auto out = LowerSlurm(*c);
  for (uint32_t i = 0; i < c->program.plans.size(); ++i) {
    const std::string name = "slurm/" + c->program.plans[i].name + ".sbatch";
    REQUIRE(out.Files().count(name));
    CheckSbatch(*c, out.Files().at(name), i);
  }
  // Nemotron's relu(x)^2 has its flag; GeLU is Megatron-LM's default and takes none.
  const std::string& squared = out.Files().at("slurm/squared.sbatch");
  const std::string& gelu = out.Files().at("slurm/gelu.sbatch");
  CHECK(squared.find("--squared-relu") != std::string::npos);
  CHECK(squared.find("--swiglu") == std::string::npos);
  CHECK(gelu.find("--squared-relu") == std::string::npos);
  CHECK(gelu.find("--swiglu") == std::string::npos);
}

TEST_CASE("slurm: positions and biases reach Megatron-LM as the model states them", "[slurm]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests/lang/explain/position.cl");
  auto out = LowerSlurm(*c);
  auto flag = [&](const char* plan, const char* name) {
    return SbatchFlag(out.Files().at(std::string("slurm/") + plan + ".sbatch"), name);
  };
  auto has = [&](const char* plan, const char* name) {
    return out.Files().at(std::string("slurm/") + plan + ".sbatch").find(name) != std::string::npos;
  };
  // Nemotron: LayerNorm, rotary embeddings on half of each head, no biases.
  CHECK(flag("rotary", "--normalization") == "LayerNorm");
  CHECK(flag("rotary", "--position-embedding-type") == "rope");
  CHECK(flag("rotary", "--rotary-percent") == "0.5");
  CHECK(has("rotary", "--disable-bias-linear"));
  // The LayerNorm default is Megatron-LM's: learned absolute positions and biases, no flags.
  CHECK(flag("learned", "--position-embedding-type").empty());
  CHECK_FALSE(has("learned", "--rotary-percent"));
  CHECK_FALSE(has("learned", "--disable-bias-linear"));
  // ALiBi has no flag: the script trains without positions and says so.
  CHECK(flag("alibi", "--position-embedding-type") == "none");
  CHECK(has("alibi", "ALiBi has no Megatron-LM flag"));
  // GPT-OSS (RMSNorm) has attention and expert biases: Megatron's bias flag covers them, so it
  // stays on; Mistral (RMSNorm, no biases) turns it off.
  auto oss = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests/lang/explain/attention_window.cl");
  auto oss_out = LowerSlurm(*oss);
  CHECK(oss_out.Files().at("slurm/h64/windowed.sbatch").find("--disable-bias-linear") ==
        std::string::npos);
  CHECK(oss_out.Files().at("slurm/h8/mistral.sbatch").find("--disable-bias-linear") !=
        std::string::npos);
}

TEST_CASE("slurm: a plain ReLU model's script says Megatron-LM trains GeLU in its place",
          "[slurm]") {
  // OPT-175B's ReLU (validation a100.cl): Megatron-LM has no flag for it.
  auto c = ValidationSpec("a100.cl");
  auto out = LowerSlurm(*c);
  const std::string name = "slurm/a100_992/z22_opt.sbatch";
  REQUIRE(out.Files().count(name));
  CHECK(out.Files().at(name).find("ReLU has no Megatron-LM flag") != std::string::npos);
  CHECK(out.Files().at(name).find("--squared-relu") == std::string::npos);
}

TEST_CASE("slurm: Colossus has one rail plane of leaf groups, spines and cores", "[slurm]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "colossus.cl");
  auto out = LowerSlurm(*c);
  const auto& r = c->results.clusters[0];
  REQUIRE(r.fabric.rails == 8);
  Checked k = CheckCluster(*c, out, "slurm/", 0);
  CHECK(static_cast<int64_t>(k.leaves) * 8 == r.fabric.leaf.switches);
  CHECK(static_cast<int64_t>(k.spines) * 8 == r.fabric.spine.switches);
  CHECK(static_cast<int64_t>(k.cores) * 8 == r.fabric.core.switches);
  const std::string& conf = out.Files().at("slurm/slurm.conf");
  CHECK(conf.find("NodeName=colossus-[00001-12500]\n") != std::string::npos);
  CHECK(conf.find("Gres=gpu:h100:8") != std::string::npos);
  CHECK(conf.find("Feature=h100,roce") != std::string::npos);
  CHECK(conf.find("ClusterName=colossus\n") != std::string::npos);
  // No CPUs in the spec: the documented default, named in a comment.
  CHECK(conf.find("The spec gives no CPUs") != std::string::npos);
  CHECK(out.Files().count("slurm/topology-block.conf") == 0);  // 8-GPU NVLink domains
}

TEST_CASE("slurm: a torus gets one virtual switch", "[slurm]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "tpu_v5p_pod.cl");
  auto out = LowerSlurm(*c);
  const std::string& topo = out.Files().at("slurm/topology.conf");
  CHECK(topo.find("SwitchName=ici0 Nodes=v5p-6144-[0001-1536]\n") != std::string::npos);
  CHECK(out.Files().at("slurm/gres.conf").find("File=/dev/accel[0-1]") != std::string::npos);
}

TEST_CASE("slurm: NVL72 domains, 70,002 nodes, ranges split at 65,536 hosts", "[slurm]") {
  fs::path dir = clusterc::testing::ScratchDir("slurm");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "big.cl") << R"(import std.nvidia
import std.cooling
site s { cooling = cooling.direct_liquid }
node gb200_tray {
  gpus            = 4 x nvidia.GB200
  scale_up        = nvidia.NVLink5
  scale_up_domain = 72
  cpus            = 1 x std_cpu
  memory          = 480 GB
  nics            = 4 x nvidia.ConnectX7
}
cpu std_cpu { cores = 72; threads_per_core = 1 }
fabric eth {
  kind     = roce_v2
  topology = fat_tree { tiers = 3; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Spectrum4_SN5600
}
cluster big {
  site   = s
  nodes  = 70_002 x gb200_tray
  racks  = rack { nodes = 9 }
  fabric = eth
}
)";
  auto c = CompileSpec(dir / "big.cl");
  auto out = LowerSlurm(*c);
  fs::remove_all(dir);
  CheckCluster(*c, out, "slurm/", 0);
  const std::string& conf = out.Files().at("slurm/slurm.conf");
  CHECK(conf.find("NodeName=big-[00001-65536,65537-70002]\n") != std::string::npos);
  CHECK(conf.find("CPUs=72 Boards=1 SocketsPerBoard=1 CoresPerSocket=72 ThreadsPerCore=1") !=
        std::string::npos);
  // 480 GB = 457,763 MiB, less 5 % (22,889 MiB) for the OS.
  CHECK(conf.find("RealMemory=434874 ") != std::string::npos);
  CHECK(conf.find("Feature=gb200,roce,nvl72") != std::string::npos);
  // topology/block: 18 nodes of 4 GPUs per block, every node in one block, marked for 24.05.
  REQUIRE(out.Files().count("slurm/topology-block.conf"));
  const std::string& block = out.Files().at("slurm/topology-block.conf");
  CHECK(block.find("Slurm >= 24.05") != std::string::npos);
  std::set<std::string> in_blocks;
  size_t blocks = 0;
  for (const auto& line : Lines(block)) {
    if (line.rfind("BlockName=", 0) != 0) continue;
    ++blocks;
    auto names = Expand(Value(line, "Nodes"));
    CHECK(names.size() <= 18);
    for (const auto& n : names) CHECK(in_blocks.insert(n).second);
  }
  CHECK(blocks == 3889);
  CHECK(in_blocks.size() == 70002);
  CHECK(block.find("BlockSizes=18\n") != std::string::npos);
}

TEST_CASE("slurm: without plans, every cluster of the main file, one folder each", "[slurm]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "meta_24k.cl");
  backends::Context context = clusterc::testing::ContextOf(*c);
  context.plans.clear();  // no plans: every cluster of the main file
  backends::OutputTree out;
  backends::EmitSlurm(context, out);
  std::set<std::string> paths;
  for (const auto& [path, contents] : out.Files()) paths.insert(path);
  CHECK(paths == std::set<std::string>{"slurm/meta_16k/cgroup.conf", "slurm/meta_16k/gres.conf",
                                       "slurm/meta_16k/slurm.conf", "slurm/meta_16k/topology.conf",
                                       "slurm/meta_24k/cgroup.conf", "slurm/meta_24k/gres.conf",
                                       "slurm/meta_24k/slurm.conf",
                                       "slurm/meta_24k/topology.conf"});
  for (uint32_t i = 0; i < c->program.clusters.size(); ++i)
    CheckCluster(*c, out, "slurm/" + c->program.clusters[i].name + "/", i);
}

TEST_CASE("slurm: folded experts pass Megatron-Core their own tensor parallelism", "[slurm]") {
  // Megatron-Bridge's Qwen3 235B-A22B preset on DGX H100: TP 2, EP 32, expert tensor parallelism
  // 1 (scripts/performance/configs/qwen/, `expert_tensor_parallel_size=1`).
  auto c = ValidationSpec("h100.cl");
  auto out = LowerSlurm(*c);
  const std::string name = "slurm/dgx_256/mb2604p_qwen3_235b_a22b.sbatch";
  REQUIRE(out.Files().count(name));
  const std::string& sbatch = out.Files().at(name);
  CHECK(SbatchFlag(sbatch, "--tensor-model-parallel-size") == "2");
  CHECK(SbatchFlag(sbatch, "--expert-model-parallel-size") == "32");
  CHECK(SbatchFlag(sbatch, "--expert-tensor-parallel-size") == "1");
  CHECK(sbatch.find("ep 32 x etp 1 folded over tp x dp x cp") != std::string::npos);
  // Plans that leave `etp` unset keep Megatron's default (etp = tp) and pass no flag.
  const std::string unfolded = "slurm/dgx_16/mb26_qwen3_30b_a3b.sbatch";
  REQUIRE(out.Files().count(unfolded));
  CHECK(SbatchFlag(out.Files().at(unfolded), "--expert-tensor-parallel-size").empty());
}

TEST_CASE("slurm: context parallelism's exchange reaches Megatron-Core as --cp-comm-type",
          "[slurm]") {
  // Llama 3's 128K-token row gathers K and V ([L24] section 3.3.2); NeMo's Llama 3 8B preset keeps
  // the ring (Megatron-Core's default, p2p).
  auto c = ValidationSpec("h100.cl");
  auto out = LowerSlurm(*c);
  const std::string gathered = "slurm/meta_16k/l24_405b_cp.sbatch";
  const std::string ring = "slurm/dgx_8/nemo24_llama3_8b.sbatch";
  REQUIRE(out.Files().count(gathered));
  REQUIRE(out.Files().count(ring));
  CHECK(SbatchFlag(out.Files().at(gathered), "--cp-comm-type") == "all_gather");
  CHECK(SbatchFlag(out.Files().at(ring), "--context-parallel-size") == "2");
  CHECK(SbatchFlag(out.Files().at(ring), "--cp-comm-type").empty());
  for (uint32_t i = 0; i < c->program.plans.size(); ++i) {
    const std::string& name = c->program.plans[i].name;
    if (name != "l24_405b_cp" && name != "nemo24_llama3_8b") continue;
    CheckSbatch(*c, out.Files().at(name == "l24_405b_cp" ? gathered : ring), i);
  }
}

TEST_CASE("slurm: a graph-launched plan reaches Megatron-Core as whole-iteration CUDA graphs",
          "[slurm]") {
  // Megatron-Bridge 26.08's Qwen3 30B-A3B MXFP8 rows replay the whole iteration from a CUDA graph
  // (`kernel_launch = graph`); Megatron-Core asserts the NaN check off with it. The eager 25.11
  // row on the same GB200s says nothing of graphs.
  auto c = ValidationSpec("blackwell.cl");
  auto out = LowerSlurm(*c);
  const std::string graph = "slurm/gb200_8/mb2608_gb200_qwen3_30b_a3b.sbatch";
  const std::string eager = "slurm/gb200_8/mb25_gb200_qwen3_30b_a3b.sbatch";
  REQUIRE(out.Files().count(graph));
  REQUIRE(out.Files().count(eager));
  CHECK(SbatchFlag(out.Files().at(graph), "--cuda-graph-impl") == "full_iteration");
  CHECK(out.Files().at(graph).find("--no-check-for-nan-in-loss-and-grad") != std::string::npos);
  CHECK(SbatchFlag(out.Files().at(eager), "--cuda-graph-impl").empty());
  CHECK(out.Files().at(eager).find("--no-check-for-nan") == std::string::npos);
}

TEST_CASE("slurm: the fused grouped MLP reaches Megatron-Core as the op fuser and TE's variable",
          "[slurm]") {
  // The same 26.08 rows run their experts as Transformer Engine's fused grouped MLP (the recipe
  // sets use_transformer_engine_op_fuser and NVTE_CUTEDSL_FUSED_GROUPED_MLP=1); 25.11's do not.
  auto c = ValidationSpec("blackwell.cl");
  auto out = LowerSlurm(*c);
  const std::string& fused = out.Files().at("slurm/gb200_8/mb2608_gb200_qwen3_30b_a3b.sbatch");
  const std::string& plain = out.Files().at("slurm/gb200_8/mb25_gb200_qwen3_30b_a3b.sbatch");
  CHECK(fused.find("\nexport NVTE_CUTEDSL_FUSED_GROUPED_MLP=1\n") != std::string::npos);
  CHECK(fused.find("--use-transformer-engine-op-fuser") != std::string::npos);
  CHECK(plain.find("NVTE_CUTEDSL") == std::string::npos);
  CHECK(plain.find("--use-transformer-engine-op-fuser") == std::string::npos);
}

TEST_CASE("slurm: a plan without FSDP prefetch says the Megatron-FSDP run prefetches", "[slurm]") {
  // tests/lang/explain/fsdp_prefetch.cl: Megatron-FSDP has no flag that turns prefetch off, so
  // the script cannot run the plan's `prefetch = none`; it says so rather than stay silent.
  auto c = ExplainSpec("fsdp_prefetch.cl");
  auto out = LowerSlurm(*c);
  for (const char* plan : {"pre", "post", "none"}) {
    const std::string name = std::string("slurm/") + plan + ".sbatch";
    REQUIRE(out.Files().count(name));
    const std::string& sbatch = out.Files().at(name);
    CHECK(SbatchFlag(sbatch, "--use-megatron-fsdp") == "true");
    CHECK((sbatch.find("`prefetch = none` has no Megatron-FSDP flag") != std::string::npos) ==
          (std::string(plan) == "none"));
  }
}

TEST_CASE("slurm: a plan that keeps FSDP's gathered parameters says the Megatron-FSDP run does not",
          "[slurm]") {
  // tests/lang/explain/fsdp_reshard.cl: the script's Megatron-FSDP flags shard parameters as
  // FULL_SHARD does; a plan with `reshard_after_forward = false` is told so, and its `prefetch =
  // none`, which changes nothing without a backward gather, is not mentioned.
  auto c = ExplainSpec("fsdp_reshard.cl");
  auto out = LowerSlurm(*c);
  for (const char* plan : {"full", "kept", "kept_none"}) {
    const std::string name = std::string("slurm/") + plan + ".sbatch";
    REQUIRE(out.Files().count(name));
    const std::string& sbatch = out.Files().at(name);
    CHECK(SbatchFlag(sbatch, "--use-megatron-fsdp") == "true");
    CHECK((sbatch.find("`reshard_after_forward = false`") != std::string::npos) ==
          (std::string(plan) != "full"));
    CHECK(sbatch.find("`prefetch = none`") == std::string::npos);
  }
}

TEST_CASE("slurm: hybrid sharding is Megatron's distributed optimizer instances", "[slurm]") {
  // tests/lang/explain/hybrid_sharding.cl: four replicas of a node each, under Megatron-FSDP with
  // an unsharded outer group (its HSDP) and under the distributed optimizer; the whole group
  // needs neither flag.
  auto c = ExplainSpec("hybrid_sharding.cl");
  auto out = LowerSlurm(*c);
  for (const char* plan : {"whole", "per_node", "zero1_nodes"}) {
    const std::string name = std::string("slurm/") + plan + ".sbatch";
    REQUIRE(out.Files().count(name));
    const std::string& sbatch = out.Files().at(name);
    const bool hybrid = std::string(plan) != "whole";
    CHECK(SbatchFlag(sbatch, "--num-distributed-optimizer-instances") == (hybrid ? "4" : ""));
    CHECK(SbatchFlag(sbatch, "--outer-dp-sharding-strategy") ==
          (std::string(plan) == "per_node" ? "no_shard" : ""));
    CHECK(SbatchFlag(sbatch, "--use-distributed-optimizer") == "true");
  }
}

TEST_CASE("slurm: the rank order tp-cp-ep-pp-dp is Megatron's --use-tp-pp-dp-mapping", "[slurm]") {
  // tests/lang/explain/rank_order.cl: the default order needs no flag.
  auto c = ExplainSpec("rank_order.cl");
  auto out = LowerSlurm(*c);
  for (const char* plan : {"dp_inside", "pp_inside"}) {
    const std::string& sbatch = out.Files().at(std::string("slurm/") + plan + ".sbatch");
    CHECK((SbatchFlag(sbatch, "--use-tp-pp-dp-mapping") == "true") ==
          (std::string(plan) == "pp_inside"));
  }
}

TEST_CASE("slurm: a plan with PyTorch FSDP's fp32 parameters says Megatron keeps 16-bit weights",
          "[slurm]") {
  // tests/lang/explain/fp32_params.cl: Megatron-LM has no mode in which the fp32 parameters are
  // the master copy, so the script runs with 2 bytes a parameter more than the plan counts
  // (ZeRO-2 counts the same either way: nothing to say).
  auto c = ExplainSpec("fp32_params.cl");
  auto out = LowerSlurm(*c);
  for (const char* plan : {"zero3", "pytorch_fsdp", "ddp_amp", "zero2_amp"}) {
    const std::string name = std::string("slurm/") + plan + ".sbatch";
    REQUIRE(out.Files().count(name));
    const bool says = out.Files().at(name).find("`fp32_params`") != std::string::npos;
    CHECK(says == (std::string(plan) == "pytorch_fsdp" || std::string(plan) == "ddp_amp"));
  }
}

TEST_CASE("slurm: the sbatch script splits the layers over the stages as the plan does",
          "[slurm]") {
  // tests/lang/explain/pipeline_split.cl. Megatron-LM takes the embedding and the loss as a
  // layer's slot each (--account-for-*-in-pipeline-split), or the first and last stages' layers
  // (--decoder-*-pipeline-num-layers), which it interleaves only with
  // --num-virtual-stages-per-pipeline-rank and when every stage's layers divide by it; else
  // the layout string names each chunk's layers (--pipeline-model-parallel-layout).
  auto c = testing::ExplainSpec("pipeline_split.cl");
  auto out = LowerSlurm(*c);
  auto script = [&](const char* plan) {
    return out.Files().at(std::string("slurm/") + plan + ".sbatch");
  };
  for (const char* plan : {"slots", "slots_implied"}) {
    INFO(plan);
    const std::string s = script(plan);
    CHECK(SbatchFlag(s, "--account-for-embedding-in-pipeline-split") == "true");
    CHECK(SbatchFlag(s, "--account-for-loss-in-pipeline-split") == "true");
    CHECK(SbatchFlag(s, "--num-layers-per-virtual-pipeline-stage") == "2");  // 128 slots / 64
    CHECK(SbatchFlag(s, "--decoder-first-pipeline-num-layers").empty());
    CHECK(s.find("left out") == std::string::npos);
  }
  for (const char* plan : {"ends", "ends_vpp", "ends_vpp_left_out"}) {
    INFO(plan);
    const std::string s = script(plan);
    CHECK(SbatchFlag(s, "--decoder-first-pipeline-num-layers") == "2");
    CHECK(SbatchFlag(s, "--decoder-last-pipeline-num-layers") == "6");
    CHECK(SbatchFlag(s, "--account-for-embedding-in-pipeline-split").empty());
  }
  CHECK(SbatchFlag(script("ends"), "--num-virtual-stages-per-pipeline-rank").empty());
  CHECK(script("ends").find("# 32 layers over 4 stages: 12 per middle stage") != std::string::npos);
  CHECK(SbatchFlag(script("ends_only"), "--decoder-first-pipeline-num-layers") == "14");
  CHECK(SbatchFlag(script("ends_only"), "--decoder-last-pipeline-num-layers") == "18");
  CHECK(script("ends_only").find("# 32 layers over 2 stages: 14 and 18") != std::string::npos);
  CHECK(SbatchFlag(script("ends_vpp"), "--num-virtual-stages-per-pipeline-rank") == "2");
  CHECK(SbatchFlag(script("ends_vpp_left_out"), "--num-virtual-stages-per-pipeline-rank").empty());
  CHECK(
      script("ends_vpp_left_out")
          .find("vpp 4 left out: Megatron needs each stage's layers (2, 12, 6) to divide by it") !=
      std::string::npos);
  // 3, 12, 12 and 5 layers in two chunks a stage: the layout string (test_slurm_launch.cpp).
  CHECK(!SbatchFlag(script("ends_layout"), "--pipeline-model-parallel-layout").empty());
  CHECK(SbatchFlag(script("ends_vpp"), "--pipeline-model-parallel-layout").empty());
}
