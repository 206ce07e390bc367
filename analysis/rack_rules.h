// The rules of one node group's racks and nodes (rack_rules.cpp), called by CheckCluster once per
// group. Internal to analysis/.
#pragma once

#include <cstddef>
#include <string>

#include "analysis/analysis.h"

namespace clusterc::analysis {

// Where and under what name a rule reports on one node group of a cluster.
struct GroupSite {
  size_t index = 0;
  bool mixed = false;              // the cluster has several groups: messages name this one
  const ir::Node* node = nullptr;  // the group's node type
  ir::SourceRange term;            // `52 x hgx_a100` in `nodes =` (the whole field for one group)
  std::string prefix;              // "node group `hgx_a100`: " when mixed, else empty
};
GroupSite GroupSiteOf(const ir::Program& p, const ir::Cluster& c, size_t group);

// `r` is the cluster as the group sees it (its group view: its nodes, racks, node power).
void CheckGroupDomains(const ir::Program& p, const ir::Cluster& c, const GroupSite& g,
                       const ClusterResults& r, DiagnosticSink& sink);
void CheckGroupRackPower(const ir::Program& p, const ir::Cluster& c, const GroupSite& g,
                         const ClusterResults& r, DiagnosticSink& sink);
void CheckGroupNodeBudget(const ir::Program& p, uint32_t index, const GroupSite& g,
                          const ClusterResults& r, DiagnosticSink& sink);

}  // namespace clusterc::analysis
