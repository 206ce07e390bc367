// What the Slurm backend's files share: the node as Slurm sees it, host names, the targeted
// Slurm release, and the sbatch writer (sbatch.cpp) that slurm.cpp calls.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backends/backend.h"

namespace clusterc::backends::slurm {

// A Slurm release, YY.MM. Keys a release lacks are fatal to its slurmctld ("Unknown key"), so
// every key newer than 22.05 is written only when the target has it, and marked in the file.
struct SlurmVersion {
  int major = 22, minor = 5;
  bool AtLeast(int m, int n) const { return major > m || (major == m && minor >= n); }
  std::string Text() const;
};
// Parses "24.11" or "24.11.1"; false for anything else (or a release before 20.02).
bool ParseSlurmVersion(const std::string& text, SlurmVersion& out);

// The node as Slurm sees it.
struct NodeShape {
  int64_t sockets = 0, cores = 0, threads = 0;
  bool cpus_from_spec = false;
  int64_t real_memory_mib = 0;  // 0: the spec gives no memory
  int64_t memory_mib = 0;
  int64_t gpus = 0;
  std::string gres_type, gpu_vendor;
  int64_t CPUs() const { return sockets * cores * threads; }
  bool Amd() const;
  bool Nvidia() const;
};

// Names prefix<number>, numbered with a fixed width; Range(first, last) is a Slurm hostlist
// expression for the inclusive span, split so no bracket range exceeds Slurm's 65,536 hosts.
struct Names {
  std::string prefix;
  int width = 1;
  int64_t base = 0;  // number of index 0
  std::string One(int64_t i) const;
  std::string Range(int64_t first, int64_t last) const;
};

// One cluster being lowered: what every file of its folder needs.
struct ClusterJob {
  uint32_t index = 0;
  std::string dir;  // "slurm/" or "slurm/<cluster>/"
  std::vector<uint32_t> plans;
  NodeShape shape;
  SlurmVersion version;
  int64_t nodes_per_block = 0;  // nodes per scale-up domain when it spans nodes (NVL72), else 0
  bool block_primary = false;   // topology/block is slurm.conf's topology (>= 24.05)
  bool imex = false;            // switch/nvidia_imex (>= 24.11, multi-node NVLink)
  // Mixed node groups (`64 x a + 32 x b`): one NodeName line and one partition per group, named
  // after its node type; hosts are numbered across the groups in the order written.
  bool mixed = false;
  std::vector<NodeShape> group_shapes;  // [group]
  std::vector<std::string> partitions;  // [group]
  std::vector<int64_t> group_first;     // [group] index of its first host; size groups + 1
  Names hosts;                          // the cluster's host names
  // Index of the first host of node group `g` (0 for a single-group cluster).
  int64_t GroupFirst(int32_t g) const {
    return mixed && g >= 0 && size_t(g) < group_first.size() ? group_first[size_t(g)] : 0;
  }
};

// The partition of the node group a plan runs on ("train" on a single-group cluster).
std::string PlanPartition(const Context& ctx, const ClusterJob& job, uint32_t plan_index);

constexpr const char* kTrainPartition = "train";
constexpr const char* kDebugPartition = "debug";

std::string Lower(std::string s);
std::string Thousands(int64_t n);
int64_t CeilDiv(int64_t a, int64_t b);

// The sbatch script of one plan (sbatch.cpp).
std::string Sbatch(const Context& ctx, const ClusterJob& job, uint32_t plan_index,
                   const std::string& nccl_env);

// The files of a `jobs` block (jobs.cpp): the submit script, which pins every job to the nodes
// analysis placed it on, and the administrator's script reserving those nodes.
std::string JobsScript(const Context& ctx, const ClusterJob& job, uint32_t jobs_index);
std::string ReserveScript(const Context& ctx, const ClusterJob& job, uint32_t jobs_index);

}  // namespace clusterc::backends::slurm
