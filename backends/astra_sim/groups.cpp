#include "backends/astra_sim/groups.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace clusterc::backends::astra {

Groups MakeGroups(const Slice& sl) {
  Groups g;
  size_t n = static_cast<size_t>(sl.Ranks());
  g.tp.assign(n, 0);
  g.cp.assign(n, 0);
  g.dp.assign(n, 0);
  g.ep.assign(n, 0);
  g.edp.assign(n, 0);
  g.etp.assign(n, 0);
  g.rdp.assign(n, 0);
  g.emb.assign(n, 0);
  if (sl.embedding_group && sl.pp > 1)
    for (int64_t d = 0; d < sl.d; ++d)
      for (int64_t c = 0; c < sl.cp; ++c)
        for (int64_t t = 0; t < sl.tp; ++t) {
          const int id = g.Add({sl.Rank(t, c, d, 0), sl.Rank(t, c, d, sl.pp - 1)});
          g.emb[size_t(sl.Rank(t, c, d, 0))] = g.emb[size_t(sl.Rank(t, c, d, sl.pp - 1))] = id;
        }
  for (int64_t p = 0; p < sl.pp; ++p)
    for (int64_t d = 0; d < sl.d; ++d)
      for (int64_t c = 0; c < sl.cp; ++c) {
        std::vector<int64_t> r;
        for (int64_t t = 0; t < sl.tp; ++t) r.push_back(sl.Rank(t, c, d, p));
        int id = g.Add(r);
        for (int64_t x : r) g.tp[x] = id;
      }
  for (int64_t p = 0; p < sl.pp; ++p)
    for (int64_t d = 0; d < sl.d; ++d)
      for (int64_t t = 0; t < sl.tp; ++t) {
        std::vector<int64_t> r;
        for (int64_t c = 0; c < sl.cp; ++c) r.push_back(sl.Rank(t, c, d, p));
        int id = g.Add(r);
        for (int64_t x : r) g.cp[x] = id;
      }
  // Dense gradients reduce over data x context parallel ranks (Megatron's dp-cp group); with
  // hybrid sharding over those of one replica (its shard group), x = a + sd q.
  const int64_t sd = sl.ShardRanks();
  for (int64_t p = 0; p < sl.pp; ++p)
    for (int64_t t = 0; t < sl.tp; ++t)
      for (int64_t q = 0; q < sl.rd; ++q) {
        std::vector<int64_t> r;
        for (int64_t a = 0; a < sd; ++a)
          for (int64_t c = 0; c < sl.cp; ++c) r.push_back(sl.Rank(t, c, a + sd * q, p));
        std::sort(r.begin(), r.end());
        int id = g.Add(r);
        for (int64_t x : r) g.dp[x] = id;
      }
  if (sl.hybrid) {
    // Hybrid sharding: each rank's gradient shard all-reduces with the ranks holding the same
    // shard in the other replicas. Dense models only: no expert groups.
    for (int64_t p = 0; p < sl.pp; ++p)
      for (int64_t t = 0; t < sl.tp; ++t)
        for (int64_t c = 0; c < sl.cp; ++c)
          for (int64_t a = 0; a < sd; ++a) {
            std::vector<int64_t> r;
            for (int64_t q = 0; q < sl.rd; ++q) r.push_back(sl.Rank(t, c, a + sd * q, p));
            int id = g.Add(r);
            for (int64_t x : r) g.rdp[x] = id;
          }
    return g;
  }
  if (sl.folded) {
    // Folded experts: a stage's ranks i = t + tp (c + cp x) numbered u + etp (e + ep b). The
    // expert tensor-parallel group varies u, the expert group e, the expert-data group b.
    const int64_t per_stage = sl.tp * sl.cp * sl.d, blocks = per_stage / (sl.ep * sl.etp);
    auto rank = [&](int64_t p, int64_t u, int64_t e, int64_t b) {
      return p * per_stage + u + sl.etp * (e + sl.ep * b);
    };
    for (int64_t p = 0; p < sl.pp; ++p)
      for (int64_t b = 0; b < blocks; ++b)
        for (int64_t e = 0; e < sl.ep; ++e) {
          std::vector<int64_t> r;
          for (int64_t u = 0; u < sl.etp; ++u) r.push_back(rank(p, u, e, b));
          int id = g.Add(r);
          for (int64_t x : r) g.etp[x] = id;
        }
    for (int64_t p = 0; p < sl.pp; ++p)
      for (int64_t b = 0; b < blocks; ++b)
        for (int64_t u = 0; u < sl.etp; ++u) {
          std::vector<int64_t> r;
          for (int64_t e = 0; e < sl.ep; ++e) r.push_back(rank(p, u, e, b));
          int id = g.Add(r);
          for (int64_t x : r) g.ep[x] = id;
        }
    for (int64_t p = 0; p < sl.pp; ++p)
      for (int64_t u = 0; u < sl.etp; ++u)
        for (int64_t e = 0; e < sl.ep; ++e) {
          std::vector<int64_t> r;
          for (int64_t b = 0; b < blocks; ++b) r.push_back(rank(p, u, e, b));
          int id = g.Add(r);
          for (int64_t x : r) g.edp[x] = id;
        }
    return g;
  }
  // Expert parallelism: consecutive replicas in blocks of ep; expert gradients reduce over the
  // replicas holding the same experts (one per block), with the context-parallel ranks.
  if (sl.ep > 1) {
    for (int64_t p = 0; p < sl.pp; ++p)
      for (int64_t c = 0; c < sl.cp; ++c)
        for (int64_t t = 0; t < sl.tp; ++t)
          for (int64_t b = 0; b < sl.d / sl.ep; ++b) {
            std::vector<int64_t> r;
            for (int64_t e = 0; e < sl.ep; ++e) r.push_back(sl.Rank(t, c, b * sl.ep + e, p));
            int id = g.Add(r);
            for (int64_t x : r) g.ep[x] = id;
          }
  }
  for (int64_t p = 0; p < sl.pp; ++p)
    for (int64_t t = 0; t < sl.tp; ++t)
      for (int64_t e = 0; e < sl.ep; ++e) {
        std::vector<int64_t> r;
        for (int64_t b = 0; b < sl.d / sl.ep; ++b)
          for (int64_t c = 0; c < sl.cp; ++c) r.push_back(sl.Rank(t, c, b * sl.ep + e, p));
        std::sort(r.begin(), r.end());
        int id = g.Add(r);
        for (int64_t x : r) g.edp[x] = id;
      }
  return g;
}

// ASTRA-sim runs a collective on a group smaller than the simulated system as one ring over the
// group's members in the order comm_groups.json lists them (CommunicatorGroup.cc), and its
// analytical network charges a message the bandwidth of the *lowest* dimension in which source
// and destination differ (MultiDimTopology::get_dim_to_transfer). A ring hop from GPU 4 of one
// node to GPU 0 of the next would be charged NVLink. So each group is listed in reflected
// (boustrophedon) order over the network's dimensions: within a node ascending, the next node
// descending, so consecutive members differ in one dimension only and every hop is charged the
// level it really crosses (including the wrap-around when the outer count is even).
std::vector<int64_t> RingOrder(std::vector<int64_t> members, const std::vector<Dimension>& dims) {
  auto digit = [&](int64_t rank, size_t dim) {
    for (size_t d = 0; d < dim; ++d) rank /= std::max<int64_t>(1, dims[d].npus);
    return rank % std::max<int64_t>(1, dims[dim].npus);
  };
  std::sort(members.begin(), members.end());
  // Members sorted ascending are grouped by their highest digits already; reverse every other
  // block, dimension by dimension from the outermost.
  auto order = [&](auto& self, std::vector<int64_t>& v, size_t begin, size_t end,
                   size_t dim) -> void {
    if (dim == 0 || end - begin <= 1) return;
    const size_t d = dim - 1;
    size_t block = 0;
    for (size_t i = begin; i < end;) {
      size_t j = i;
      while (j < end && digit(v[j], d) == digit(v[i], d)) ++j;
      self(self, v, i, j, d);
      if (block++ % 2 == 1) std::reverse(v.begin() + long(i), v.begin() + long(j));
      i = j;
    }
  };
  order(order, members, 0, members.size(), dims.size());
  return members;
}

std::string CommGroupsJson(const Groups& g, const std::vector<Dimension>& dims) {
  std::string out = "{";
  for (size_t i = 0; i < g.members.size(); ++i) {
    out += fmt::format("{}\n  \"{}\": [", i ? "," : "", i + 1);
    std::vector<int64_t> ring = RingOrder(g.members[i], dims);
    for (size_t j = 0; j < ring.size(); ++j) out += fmt::format("{}{}", j ? ", " : "", ring[j]);
    out += "]";
  }
  out += g.members.empty() ? "}\n" : "\n}\n";
  return out;
}

}  // namespace clusterc::backends::astra
