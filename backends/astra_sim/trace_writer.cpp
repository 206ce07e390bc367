#include "backends/astra_sim/trace_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "backends/astra_sim/trace_size.h"

namespace clusterc::backends::astra {

using chakra::CommType;
using chakra::Node;

TraceWriter::TraceWriter(const sim::PlanShape& s, const Groups& g, int64_t rank, int64_t domain)
    : s_(s), g_(g), rank_(rank), domain_(std::max<int64_t>(1, domain)) {
  chakra::AppendDelimited(out_, chakra::EncodeMetadata());
}

void TraceWriter::AllToAll(const std::string& name, double bytes, double leaving, int group,
                           bool beside) {
  if (group == 0 || bytes <= 0) return;
  const std::vector<int64_t>& all = g_.members[static_cast<size_t>(group - 1)];
  std::vector<std::vector<int64_t>> domains;  // every domain's members, ascending
  for (int64_t m : all) {
    const int64_t dom = m / domain_;
    auto it = std::find_if(domains.begin(), domains.end(),
                           [&](const auto& v) { return v.front() / domain_ == dom; });
    if (it == domains.end())
      domains.push_back({m});
    else
      it->push_back(m);
  }
  for (auto& v : domains) std::sort(v.begin(), v.end());
  std::sort(domains.begin(), domains.end());
  const size_t l = domains.front().size(), nd = domains.size();
  // Tags must stay below 2^31: kAllToAllRounds per all-to-all.
  const bool tags_left = a2a_count_ < (int64_t(INT32_MAX) - kAllToAllTagBase) / kAllToAllRounds;
  for (const auto& v : domains)
    if (v.size() != l || !tags_left) {
      Coll(name, chakra::kAllToAll, bytes, group, beside);
      return;
    }
  size_t di = 0, li = 0;  // this rank's domain and local index
  for (size_t d = 0; d < nd; ++d)
    for (size_t i = 0; i < l; ++i)
      if (domains[d][i] == rank_) di = d, li = i;
  const double n = double(l * nd);
  struct Round {
    int64_t to, from;
    double bytes;
  };
  std::vector<Round> rounds;
  if (l > 1)
    rounds.push_back({domains[di][(li + 1) % l], domains[di][(li + l - 1) % l],
                      bytes * double(l - 1) * double(nd) / n});
  if (nd > 1)
    rounds.push_back({domains[(di + 1) % nd][li], domains[(di + nd - 1) % nd][li],
                      leaving > 0 ? leaving : bytes * double(nd - 1) * double(l) / n});
  // Tags above the pipeline's (trace_size.h Tag), one per round of this rank's all-to-alls;
  // every member writes its all-to-alls in the same order.
  // Every round starts where a collective would: after the chain (and, off a beside position,
  // after what the chain waits for); the rounds run at once (the header).
  std::vector<uint64_t> start;
  if (has_last_) start.push_back(last_);
  if (!beside) {
    start.insert(start.end(), joined_.begin(), joined_.end());
    start.insert(start.end(), pending_.begin(), pending_.end());
    joined_.clear();
    pending_.clear();
  }
  std::vector<uint64_t> ids;
  for (size_t t = 0; t < rounds.size(); ++t) {
    const int32_t tag = kAllToAllTagBase + static_cast<int32_t>(a2a_count_ * kAllToAllRounds + t);
    Node send = Peer(fmt::format("{}.x{}", name, t), chakra::kCommSendNode, rank_, rounds[t].to,
                     tag, rounds[t].bytes);
    Node recv = Peer(fmt::format("{}.y{}", name, t), chakra::kCommRecvNode, rounds[t].from, rank_,
                     tag, rounds[t].bytes);
    send.data_deps = start;
    recv.data_deps = start;
    ids.push_back(Emit(std::move(send)));
    ids.push_back(Emit(std::move(recv)));
  }
  ++a2a_count_;
  if (beside) {
    pending_.insert(pending_.end(), ids.begin(), ids.end());
    return;
  }
  // On the chain: the next node waits for every round.
  last_ = ids.back();
  has_last_ = true;
  joined_.insert(joined_.end(), ids.begin(), ids.end() - 1);
}

uint64_t TraceWriter::Chain(Node n) {
  const bool comp = n.type == chakra::kCompNode;
  if (has_last_) n.data_deps.push_back(last_);
  for (uint64_t id : joined_) n.data_deps.push_back(id);
  joined_.clear();
  if (!comp) {
    for (uint64_t id : pending_) n.data_deps.push_back(id);
    pending_.clear();
  }
  last_ = Emit(std::move(n));
  has_last_ = true;
  if (comp) joined_ = std::exchange(pending_, {});
  return last_;
}

uint64_t TraceWriter::Emit(Node n) {
  n.id = next_id_++;
  chakra::AppendDelimited(out_, chakra::EncodeNode(n));
  ++nodes_;
  return n.id;
}

void TraceWriter::Comp(std::string name, double seconds) {
  if (seconds <= 0) return;
  Node n;
  n.name = std::move(name);
  n.type = chakra::kCompNode;
  n.duration_micros = Micros(seconds);
  Chain(std::move(n));
}

void TraceWriter::Coll(std::string name, CommType type, double bytes, int group, bool beside) {
  if (group == 0 || bytes <= 0) return;
  Node n = Collective(std::move(name), type, bytes, group);
  if (!beside) {
    Chain(std::move(n));
    return;
  }
  if (has_last_) n.data_deps.push_back(last_);
  pending_.push_back(Emit(std::move(n)));
}

int64_t TraceWriter::SideColl(std::string name, CommType type, double bytes, int group,
                              int64_t after) {
  if (group == 0 || bytes <= 0) return -1;
  Node n = Collective(std::move(name), type, bytes, group);
  if (has_last_) n.data_deps.push_back(last_);
  if (after >= 0) n.data_deps.push_back(static_cast<uint64_t>(after));
  return static_cast<int64_t>(Emit(std::move(n)));
}

void TraceWriter::JoinNext(const std::vector<int64_t>& ids) {
  for (int64_t id : ids)
    if (id >= 0) joined_.push_back(static_cast<uint64_t>(id));
}

void TraceWriter::Recv(std::string name, int64_t src, int32_t tag) {
  Chain(Peer(std::move(name), chakra::kCommRecvNode, src, rank_, tag, s_.pp_bytes));
}

void TraceWriter::Send(std::string name, int64_t dst, int32_t tag) {
  Node n = Peer(std::move(name), chakra::kCommSendNode, rank_, dst, tag, s_.pp_bytes);
  if (has_last_) n.data_deps.push_back(last_);
  Emit(std::move(n));
}

Node TraceWriter::Collective(std::string name, CommType type, double bytes, int group) const {
  if (type == chakra::kAllGather)
    bytes /= double(g_.members[static_cast<size_t>(group - 1)].size());
  Node n;
  n.name = std::move(name);
  n.type = chakra::kCommCollNode;
  n.has_comm_type = true;
  n.comm_type = type;
  n.comm_size = ByteCount(bytes);
  n.pg_name = std::to_string(group);
  return n;
}

Node TraceWriter::Peer(std::string name, chakra::NodeType type, int64_t src, int64_t dst,
                       int32_t tag, double bytes) const {
  Node n;
  n.name = std::move(name);
  n.type = type;
  n.comm_size = ByteCount(bytes);
  n.has_peer = true;
  n.comm_src = static_cast<int32_t>(src);
  n.comm_dst = static_cast<int32_t>(dst);
  n.comm_tag = tag;
  return n;
}

}  // namespace clusterc::backends::astra
