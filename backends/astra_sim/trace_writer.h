// One rank's Chakra execution trace: a critical chain of compute and communication nodes,
// collectives beside the compute they overlap, pipeline sends and receives, and the expert
// all-to-all as point-to-point rounds (backends/astra_sim/astra_sim.cpp says why).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "backends/astra_sim/chakra.h"
#include "backends/astra_sim/groups.h"
#include "backends/sim/plan_shape.h"

namespace clusterc::backends::astra {

class TraceWriter {
 public:
  // `domain`: ranks of one scale-up domain (the network's first dimension), 1 without one.
  TraceWriter(const sim::PlanShape& s, const Groups& g, int64_t rank, int64_t domain);

  // The expert all-to-all of `bytes` per rank on `group`, as at most two point-to-point messages
  // (astra_sim.cpp's header): what this rank's all-to-all moves inside its scale-up domain,
  // (l - 1) x domains x bytes / n, to the next member of its domain; then what leaves the domain,
  // (domains - 1) x l x bytes / n, to the member of the same local index in the next domain
  // (NCCL's PXN: data for a GPU of another node crosses NVLink to the local GPU on that GPU's
  // rail, then that rail once). Each link carries the bytes it carries in the all-to-all, at the
  // level it crosses; the destinations are shifted rather than spread. The two run at once:
  // PXN and DeepEP pipeline the NVLink hop with the NIC's, chunk by chunk, so the exchange takes
  // the longer of the two, as analysis times it (plan_model.cpp: max(leave, forward)); until
  // round 34 the second waited for the first (ASTRA-sim's HardwareResource still sends one
  // message at a time per NPU). `beside` as Coll's. Falls back to the collective when
  // the domains hold unequal numbers of members. `leaving`, when positive, is what leaves the
  // domain instead (group-limited routing sends a token once per remote domain:
  // MessageSizes::all_to_all_leaving).
  void AllToAll(const std::string& name, double bytes, double leaving, int group, bool beside);

  // A node on the rank's critical chain: depends on the previous one.
  // Collectives running beside a compute node (Coll with `beside`) start with it; the node chained
  // after that compute waits for them. A communication node chained before any compute waits for
  // them too.
  uint64_t Chain(chakra::Node n);

  uint64_t Emit(chakra::Node n);

  void Comp(std::string name, double seconds);

  // `beside`: the collective runs beside the next compute node instead of before it: both start
  // after the previous node and the node after that compute waits for both (an overlapped
  // collective shows only where it outlasts the compute).
  void Coll(std::string name, chakra::CommType type, double bytes, int group, bool beside = false);

  // A collective off the critical chain: it starts after the previous node, nothing waits for
  // it (overlapped communication).
  // `after`: another node it also waits for (-1: none). Returns the node's id, -1 when nothing
  // was written.
  int64_t SideColl(std::string name, chakra::CommType type, double bytes, int group,
                   int64_t after = -1);

  // The next chained node also waits for `ids` (side collectives; -1: none).
  void JoinNext(const std::vector<int64_t>& ids);

  void Recv(std::string name, int64_t src, int32_t tag);

  // Sends leave the chain: the next computation does not wait for them.
  void Send(std::string name, int64_t dst, int32_t tag);

  std::string Take() { return std::move(out_); }
  int64_t nodes() const { return nodes_; }

 private:
  // `bytes` is the collective's buffer as analysis counts it: what each rank holds after an
  // all-gather, before a reduce-scatter, during an all-reduce or all-to-all (the NCCL-tests
  // convention, which SimAI also uses). ASTRA-sim's all-gather takes each rank's input instead:
  // its Ring sends `data_size` per step and ends with data_size x n (astra-sim
  // native_collectives/collective_algorithm/Ring.cc), so the trace carries the buffer / n.
  chakra::Node Collective(std::string name, chakra::CommType type, double bytes, int group) const;

  chakra::Node Peer(std::string name, chakra::NodeType type, int64_t src, int64_t dst, int32_t tag,
                    double bytes) const;

  const sim::PlanShape& s_;
  const Groups& g_;
  int64_t rank_;
  int64_t domain_ = 1;
  int64_t a2a_count_ = 0;  // all-to-alls written so far (their tags)
  std::string out_;
  uint64_t next_id_ = 0;
  uint64_t last_ = 0;
  bool has_last_ = false;
  std::vector<uint64_t> pending_;  // beside collectives waiting for their compute node
  std::vector<uint64_t> joined_;   // beside collectives the next chained node waits for
  int64_t nodes_ = 0;
};

}  // namespace clusterc::backends::astra
