// ASTRA-sim communicator groups of a slice (comm_groups.json): the tensor-, context-, data- and
// expert-parallel groups (and hybrid sharding's replica groups) of every rank, and the order
// each group's ring runs in.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backends/astra_sim/slice.h"

namespace clusterc::backends::astra {

struct Groups {
  std::vector<std::vector<int64_t>> members;  // [id - 1]
  // Per rank: the group id of each kind, 0 when the rank's group has one member.
  std::vector<int> tp, cp, dp, ep, edp;
  std::vector<int> etp;  // folded experts' tensor-parallel group (Slice::folded, etp > 1)
  // Hybrid sharding (Slice::hybrid): the ranks holding the same gradient shard in the kept
  // replicas, whose once-a-step all-reduce crosses them; g.dp is then a replica's shard group.
  std::vector<int> rdp;
  // The first and the last stage's ranks at one tp, cp and dp position (Slice::embedding_group).
  std::vector<int> emb;

  int Add(std::vector<int64_t> ranks) {
    if (ranks.size() <= 1) return 0;
    members.push_back(std::move(ranks));
    return static_cast<int>(members.size());
  }
};

Groups MakeGroups(const Slice& sl);

// The members of a group in the order its ring should visit them (see groups.cpp).
std::vector<int64_t> RingOrder(std::vector<int64_t> members, const std::vector<Dimension>& dims);

// comm_groups.json: every group, its members in ring order.
std::string CommGroupsJson(const Groups& g, const std::vector<Dimension>& dims);

}  // namespace clusterc::backends::astra
