// Deployment rules of the Slurm and NCCL backends (issue 12), one test per rule: the production
// keys and cgroup.conf, RealMemory and GPU bindings from the spec's host facts, partitions and
// spares, the targeted Slurm release (topology/block, --segment, IMEX on NVL72), the host-fact
// warnings, and RCCL's environment on AMD RoCE clusters.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "backends/emitters.h"
#include "driver/driver.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using namespace clusterc;

namespace {

// A spec of one cluster and one plan, written to a scratch folder and compiled.
struct Spec {
  std::unique_ptr<testing::Compiled> compiled;
  std::map<std::string, std::string> files;
  DiagnosticList found;  // what the backends reported
};

Spec Lower(const std::string& name, const std::string& text,
           const std::string& slurm_version = "") {
  fs::path dir = testing::ScratchDir("deploy_" + name);
  std::ofstream(dir / (name + ".cl")) << text;
  Spec s;
  s.compiled = testing::CompileSpec(dir / (name + ".cl"));
  REQUIRE_FALSE(s.compiled->diags.HasErrors());  // analysis' too: the spec is buildable
  backends::Context context = testing::ContextOf(*s.compiled);
  context.slurm_version = slurm_version;
  context.sink = &s.found;
  backends::OutputTree out;
  backends::EmitSlurm(context, out);
  backends::EmitNccl(context, out);
  s.files = out.Files();
  return s;
}

bool HasLine(const std::string& text, const std::string& line) {
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    if (l == line) return true;
  return false;
}

// An HGX H100 node: 2 x 56-core Xeon with SMT, 2 TB, 4 PCIe switches, 8 ConnectX-7.
const char* kHgx = R"(import std.nvidia
import std.intel
import std.cooling
import std.models
site s { cooling = cooling.direct_liquid }
node hgx {
  gpus          = 8 x nvidia.H100_SXM5
  scale_up      = nvidia.NVLink4
  cpus          = 2 x intel.Xeon_Platinum_8480
  memory        = 2 TiB
  pcie_switches = 4
  nics          = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c {
  site   = s
  nodes  = 100 x hgx
  racks  = rack { nodes = 4 }
  fabric = ib
  spares = 4 %
}
plan p {
  model    = models.llama3_8b
  cluster  = c
  parallel { tp = 8; pp = 1; dp = 96 }
  batch    { global = 768; micro = 1; seq_len = 8_192 }
}
)";

}  // namespace

TEST_CASE("deploy: slurm.conf has the production keys and cgroup.conf constrains jobs",
          "[deploy]") {
  Spec s = Lower("hgx", kHgx);
  const std::string& conf = s.files.at("slurm/slurm.conf");
  for (const char* line :
       {"ProctrackType=proctrack/cgroup", "TaskPlugin=task/cgroup,task/affinity",
        "PriorityType=priority/multifactor", "MpiDefault=pmix", "PrologFlags=Alloc,Contain",
        "SelectTypeParameters=CR_Core_Memory", "TopologyPlugin=topology/tree",
        // slurm.conf(5): the square root of the node count up to 2,500 nodes: sqrt(100) = 10.
        "TreeWidth=10",
        // 224 CPUs / 8 GPUs.
        "DefCpuPerGPU=28"}) {
    INFO(line);
    CHECK(HasLine(conf, line));
  }
  const std::string& cgroup = s.files.at("slurm/cgroup.conf");
  for (const char* line : {"ConstrainCores=yes", "ConstrainDevices=yes", "ConstrainRAMSpace=yes"}) {
    INFO(line);
    CHECK(HasLine(cgroup, line));
  }
  // No key of a release newer than the default 22.05.
  CHECK(conf.find("SwitchType=") == std::string::npos);
  CHECK(conf.find("topology/block") == std::string::npos);
}

TEST_CASE("deploy: TreeWidth is the cube root above 2,500 nodes", "[deploy]") {
  auto c = testing::CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples/colossus.cl");
  auto out = testing::Lower(*c, backends::EmitSlurm);
  // 12,500 nodes: cbrt = 23.2, rounded up.
  CHECK(HasLine(out.Files().at("slurm/slurm.conf"), "TreeWidth=24"));
}

TEST_CASE("deploy: RealMemory and DefMemPerGPU come from the spec's memory", "[deploy]") {
  Spec s = Lower("hgx", kHgx);
  const std::string& conf = s.files.at("slurm/slurm.conf");
  // 2 TiB = 2,097,152 MiB less 5 % (104,858 MiB) for the OS.
  CHECK(conf.find(" RealMemory=1992294 ") != std::string::npos);
  CHECK(HasLine(conf, "DefMemPerGPU=249036"));  // 1,992,294 / 8
  CHECK(conf.find("CPUs=224 Boards=1 SocketsPerBoard=2 CoresPerSocket=56 ThreadsPerCore=2") !=
        std::string::npos);
  CHECK(s.found.All().empty());  // every host fact given: no warning
}

TEST_CASE("deploy: GRES bindings follow the node's sockets and PCIe switches", "[deploy]") {
  Spec s = Lower("hgx", kHgx);
  const std::string& gres = s.files.at("slurm/gres.conf");
  // 4 switches over 2 sockets, 2 GPUs per switch: GPUs 0-3 on socket 0 (cores 0-55), 4-7 on
  // socket 1 (cores 56-111), Slurm's core numbering.
  CHECK(HasLine(gres, "NodeName=c-[001-100] Name=gpu Type=h100 File=/dev/nvidia[0-3] Cores=0-55"));
  CHECK(
      HasLine(gres, "NodeName=c-[001-100] Name=gpu Type=h100 File=/dev/nvidia[4-7] Cores=56-111"));
  CHECK(gres.find("AutoDetect") == std::string::npos);
}

TEST_CASE("deploy: without host facts, a warning per field and NVML detection", "[deploy]") {
  std::string text = kHgx;
  text.replace(text.find("  cpus          = 2 x intel.Xeon_Platinum_8480\n"),
               std::string("  cpus          = 2 x intel.Xeon_Platinum_8480\n").size(), "");
  text.replace(text.find("  memory        = 2 TiB\n"),
               std::string("  memory        = 2 TiB\n").size(), "");
  Spec s = Lower("bare", text);
  REQUIRE(s.found.All().size() == 2);
  for (const auto& d : s.found.All()) {
    CHECK(d.code == DiagCode::DeployHostFactsMissing);
    CHECK(d.severity == Severity::kWarning);
    CHECK(d.range.Valid());
  }
  CHECK(s.found.All()[0].message.find("`cpus`") != std::string::npos);
  CHECK(s.found.All()[1].message.find("`memory`") != std::string::npos);
  CHECK(HasLine(s.files.at("slurm/gres.conf"), "AutoDetect=nvml"));
  CHECK(s.files.at("slurm/slurm.conf").find("RealMemory=") == std::string::npos);
  CHECK(s.files.at("slurm/slurm.conf").find("DefMemPerGPU") == std::string::npos);
}

TEST_CASE("deploy: train and debug partitions, spares in none that schedules", "[deploy]") {
  Spec s = Lower("hgx", kHgx);
  const std::string& conf = s.files.at("slurm/slurm.conf");
  // 4 % of 100 nodes are spares: c-097 to c-100.
  CHECK(HasLine(conf, "NodeName=c-[001-096]"));
  CHECK(HasLine(conf, "NodeName=c-[097-100] Weight=1000 Feature=h100,ndr,spare"));
  CHECK(conf.find("PartitionName=train Nodes=c-[001-096] Default=YES") != std::string::npos);
  CHECK(conf.find("PartitionName=debug Nodes=c-[001-096] MaxTime=00:30:00") != std::string::npos);
  CHECK(conf.find("PartitionName=spare Nodes=c-[097-100] Hidden=YES State=INACTIVE") !=
        std::string::npos);
}

namespace {
// GB200 NVL72: 4-GPU trays, 72-GPU NVLink domains, 36 racks' worth.
std::string Nvl72(const std::string& extra_cluster_field) {
  return R"(import std.nvidia
import std.cooling
import std.models
site s { cooling = cooling.direct_liquid }
cpu grace { vendor = "NVIDIA"; cores = 72; threads_per_core = 1 }
node tray {
  gpus            = 4 x nvidia.GB200
  scale_up        = nvidia.NVLink5
  cpus            = 2 x grace
  memory          = 960 GB
  nics            = 4 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 3; rails = 4 }
  switch   = nvidia.Quantum2_QM9700
}
cluster nvl {
  site   = s
  nodes  = 648 x tray
  racks  = rack { nodes = 9; scale_up_domain = 72; scale_up_racks = 2 }  // NVL36x2
  fabric = ib
)" + extra_cluster_field +
         R"(
}
plan p {
  model    = models.llama3_70b
  cluster  = nvl
  parallel { tp = 4; pp = 4; dp = 162 }
  batch    { global = 1_296; micro = 1; seq_len = 8_192 }
}
)";
}
}  // namespace

TEST_CASE("deploy: NVL72 blocks are the NVLink domains, 22.05 keeps the tree", "[deploy]") {
  Spec s = Lower("nvl72", Nvl72(""));
  // Default 22.05: tree primary, the blocks beside it, no 24.x keys.
  const std::string& conf = s.files.at("slurm/slurm.conf");
  CHECK(HasLine(conf, "TopologyPlugin=topology/tree"));
  CHECK(conf.find("SwitchType") == std::string::npos);
  REQUIRE(s.files.count("slurm/topology-block.conf"));
  const std::string& blocks = s.files.at("slurm/topology-block.conf");
  // 648 trays / 18 per 72-GPU domain = 36 blocks.
  CHECK(HasLine(blocks, "BlockName=block00 Nodes=nvl-[001-018]"));
  CHECK(HasLine(blocks, "BlockName=block35 Nodes=nvl-[631-648]"));
  CHECK(blocks.find("block36") == std::string::npos);
  CHECK(HasLine(blocks, "BlockSizes=18"));
  // The debug partition holds one NVLink domain's worth of nodes.
  CHECK(conf.find("PartitionName=debug Nodes=nvl-[001-648] MaxTime=00:30:00 DefaultTime=00:10:00 "
                  "MaxNodes=18 ") != std::string::npos);
  const std::string& sbatch = s.files.at("slurm/p.sbatch");
  CHECK(sbatch.find("#SBATCH --segment") == std::string::npos);
  // Multi-node NVLink in NCCL whatever the Slurm release.
  CHECK(s.files.at("nccl/nccl.conf").find("\nNCCL_MNNVL_ENABLE=1\n") != std::string::npos);
}

TEST_CASE("deploy: Slurm 24.11 makes topology/block primary, segments jobs, sets up IMEX",
          "[deploy]") {
  for (std::string how : {"spec", "build"}) {
    DYNAMIC_SECTION(how) {
      Spec s = how == "spec" ? Lower("nvl72", Nvl72("  slurm_version = \"24.11\""))
                             : Lower("nvl72", Nvl72(""), "24.11");
      const std::string& conf = s.files.at("slurm/slurm.conf");
      CHECK(HasLine(conf, "TopologyPlugin=topology/block"));
      CHECK(HasLine(conf, "SwitchType=switch/nvidia_imex"));
      CHECK(conf.find("targets Slurm 24.11") != std::string::npos);
      // topology.conf is now the blocks; the tree sits beside it.
      CHECK(s.files.at("slurm/topology.conf").find("BlockSizes=18") != std::string::npos);
      CHECK(s.files.at("slurm/topology-tree.conf").find("SwitchName=") != std::string::npos);
      CHECK(s.files.count("slurm/topology-block.conf") == 0);
      // 648 nodes; tp 4 groups of one tray: segments of 18 trays, one NVLink domain each.
      CHECK(HasLine(s.files.at("slurm/p.sbatch"), "#SBATCH --segment=18"));
      CHECK(s.found.All().empty());
    }
  }
  // 24.05: blocks and segments, but no IMEX switch plugin (24.11).
  Spec s = Lower("nvl72", Nvl72(""), "24.05");
  CHECK(HasLine(s.files.at("slurm/slurm.conf"), "TopologyPlugin=topology/block"));
  CHECK(s.files.at("slurm/slurm.conf").find("SwitchType") == std::string::npos);
}

TEST_CASE("deploy: an unknown Slurm version is reported and 22.05 targeted", "[deploy]") {
  Spec s = Lower("nvl72", Nvl72("  slurm_version = \"24.x\""));
  REQUIRE(s.found.All().size() == 1);
  CHECK(s.found.All()[0].code == DiagCode::DeploySlurmVersion);
  CHECK(s.found.All()[0].range.Valid());
  CHECK(HasLine(s.files.at("slurm/slurm.conf"), "TopologyPlugin=topology/tree"));
}

TEST_CASE("deploy: AMD on RoCE gets RCCL's environment and ROCm GRES", "[deploy]") {
  const char* amd = R"(import std.amd
import std.nvidia
import std.cooling
import std.models
site s { cooling = cooling.direct_liquid }
node mi300x {
  gpus     = 8 x amd.MI300X
  scale_up = amd.InfinityFabric
  cpus     = 2 x amd.EPYC_9654
  memory   = 1.5 TiB
  nics     = 8 x nvidia.ConnectX7
}
fabric roce {
  kind     = roce_v2
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Spectrum4_SN5600
}
cluster amdc {
  site   = s
  nodes  = 512 x mi300x
  racks  = rack { nodes = 4 }
  fabric = roce
}
plan p {
  model    = models.llama3_70b
  cluster  = amdc
  parallel { tp = 8; pp = 4; dp = 128 }
  batch    { global = 1_024; micro = 1; seq_len = 8_192 }
}
)";
  Spec s = Lower("amd", amd);
  const std::string& conf = s.files.at("nccl/nccl.conf");
  CHECK(conf.find("Nothing is set") == std::string::npos);
  CHECK(conf.find("RCCL") != std::string::npos);
  for (const char* line :
       {"NCCL_IB_HCA==mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1,mlx5_4:1,mlx5_5:1,mlx5_6:1,mlx5_7:1",
        "NCCL_IB_TC=106", "NCCL_IB_ROCE_VERSION_NUM=2", "NCCL_IB_ADDR_FAMILY=AF_INET",
        "NCCL_CROSS_NIC=0"}) {
    INFO(line);
    CHECK(HasLine(conf, line));
  }
  // The GID index is chosen by NCCL/RCCL from version and family, never hard-coded.
  CHECK(conf.find("NCCL_IB_GID_INDEX=") == std::string::npos);
  CHECK(conf.find("NCCL_MNNVL_ENABLE") == std::string::npos);
  // No topology file: RCCL's GPU elements need facts the spec lacks.
  CHECK(s.files.count("nccl/topology/mi300x.xml") == 0);
  const std::string& gres = s.files.at("slurm/gres.conf");
  CHECK(gres.find("File=/dev/dri/renderD[128-131] Cores=0-95 Flags=amd_gpu_env") !=
        std::string::npos);
  CHECK(gres.find("File=/dev/dri/renderD[132-135] Cores=96-191 Flags=amd_gpu_env") !=
        std::string::npos);
}
