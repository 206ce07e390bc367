// The ASTRA-sim backend on every example: network.yml parses back with equal-length lists whose
// npus_count product is the number of traces, bandwidths are analysis' group bandwidths in
// ASTRA-sim's GiB-based GB/s; every Chakra trace decodes with a reader written here, independent
// of the backend's encoder: metadata first (version 0.0.4), unique node ids, dependencies on
// earlier nodes only, every send matched by exactly one receive (same peers, tag and size), and
// the collectives of one communicator group equal in count, order, type and size on all ranks.
#include <yaml-cpp/yaml.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "analysis/analysis.h"
#include "backends/astra_sim/slice.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "diag/diagnostic.h"
#include "diag/source.h"
#include "driver/driver.h"
#include "frontend/compile.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::Compiled;
using clusterc::testing::CompileSpec;
using clusterc::testing::Examples;
using namespace clusterc;

namespace {

backends::OutputTree Lower(const testing::Compiled& c) {
  return testing::Lower(c, backends::EmitAstraSim);
}

// ---- an independent protobuf reader ---------------------------------------------------------

struct Reader {
  const std::string& s;
  size_t pos = 0, end = 0;
  bool ok = true;
  uint64_t Varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= end) {
        ok = false;
        return 0;
      }
      auto b = static_cast<uint8_t>(s[pos++]);
      v |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    ok = false;
    return 0;
  }
};

struct Attr {
  std::string name;
  int value_field = 0;  // the oneof member present
  uint64_t int_value = 0;
  std::string str_value;
};

struct DecodedNode {
  uint64_t id = 0;
  std::string name;
  uint64_t type = 0;
  std::vector<uint64_t> deps;
  uint64_t duration = 0;
  std::map<std::string, Attr> attrs;
};

// Calls f(field, wire_type, reader) for each field of the message in [begin, end).
template <class F>
bool Fields(const std::string& s, size_t begin, size_t end, F f) {
  Reader r{s, begin, end};
  while (r.ok && r.pos < end) {
    uint64_t key = r.Varint();
    int field = int(key >> 3), wire = int(key & 7);
    if (wire == 0) {
      uint64_t v = r.Varint();
      f(field, wire, v, std::string());
    } else if (wire == 2) {
      uint64_t len = r.Varint();
      if (r.pos + len > end) return false;
      f(field, wire, len, s.substr(r.pos, len));
      r.pos += len;
    } else {
      return false;  // the writer uses no other wire types
    }
  }
  return r.ok;
}

Attr DecodeAttr(const std::string& bytes) {
  Attr a;
  Fields(bytes, 0, bytes.size(), [&](int field, int wire, uint64_t v, const std::string& str) {
    if (field == 1) {
      a.name = str;
    } else {
      a.value_field = field;
      if (wire == 0)
        a.int_value = v;
      else
        a.str_value = str;
    }
  });
  return a;
}

struct DecodedTrace {
  bool ok = true;
  std::string version;
  std::vector<DecodedNode> nodes;
};

DecodedTrace Decode(const std::string& file) {
  DecodedTrace t;
  Reader r{file, 0, file.size()};
  bool first = true;
  while (r.pos < file.size()) {
    uint64_t len = r.Varint();
    if (!r.ok || r.pos + len > file.size()) {
      t.ok = false;
      return t;
    }
    size_t begin = r.pos, end = r.pos + len;
    r.pos = end;
    if (first) {
      first = false;
      t.ok &= Fields(file, begin, end, [&](int field, int, uint64_t, const std::string& str) {
        if (field == 1) t.version = str;
      });
      continue;
    }
    DecodedNode n;
    t.ok &= Fields(file, begin, end, [&](int field, int wire, uint64_t v, const std::string& str) {
      switch (field) {
        case 1:
          n.id = v;
          break;
        case 2:
          n.name = str;
          break;
        case 3:
          n.type = v;
          break;
        case 5:
          if (wire == 0) {
            n.deps.push_back(v);
          } else {
            Reader p{str, 0, str.size()};
            while (p.ok && p.pos < str.size()) n.deps.push_back(p.Varint());
          }
          break;
        case 7:
          n.duration = v;
          break;
        case 10: {
          Attr a = DecodeAttr(str);
          n.attrs[a.name] = a;
          break;
        }
        default:
          break;
      }
    });
    t.nodes.push_back(n);
  }
  return t;
}

// AttributeProto oneof field numbers (et_def.proto), checked against the reader's types.
constexpr int kInt32 = 7, kInt64 = 9, kBool = 27, kString = 29;

uint64_t Int(const DecodedNode& n, const std::string& name, int field) {
  auto it = n.attrs.find(name);
  REQUIRE(it != n.attrs.end());
  CHECK(it->second.value_field == field);
  return it->second.int_value;
}

}  // namespace

// Checks one plan's ASTRA-sim tree: network, groups and traces (every send has its receive).
void CheckAstraTree(const testing::Compiled& c_ref, const backends::OutputTree& out) {
  const testing::Compiled* c = &c_ref;
  const auto& files = out.Files();
  for (uint32_t pi = 0; pi < c->program.plans.size(); ++pi) {
    const ir::Plan& plan = c->program.plans[pi];
    if (plan.range.file != c->program.main_file || !c->results.plans[pi].valid) continue;
    INFO(plan.name);
    const std::string dir = "astra-sim/" + plan.name + "/";
    REQUIRE(files.count(dir + "network.yml"));
    REQUIRE(files.count(dir + "system.json"));
    REQUIRE(files.count(dir + "remote_memory.json"));
    REQUIRE(files.count(dir + "comm_groups.json"));
    REQUIRE(files.count(dir + "run.sh"));
    CHECK(files.at(dir + "network.yml").rfind("# Generated by clusterc from " + c->name, 0) == 0);

    // ---- network: equal lengths, ranks = product, bandwidth = analysis' in 2^30 B/s
    YAML::Node net = YAML::Load(files.at(dir + "network.yml"));
    size_t n = net["topology"].size();
    REQUIRE(n >= 1);
    CHECK(net["npus_count"].size() == n);
    CHECK(net["bandwidth"].size() == n);
    CHECK(net["latency"].size() == n);
    int64_t ranks = 1;
    const auto& in = c->results.plan_inputs[pi];
    for (size_t i = 0; i < n; ++i) {
      std::string topo = net["topology"][i].as<std::string>();
      CHECK((topo == "Switch" || topo == "Ring"));
      ranks *= net["npus_count"][i].as<int64_t>();
      double bw = net["bandwidth"][i].as<double>();
      CHECK(bw > 0);
      CHECK(net["latency"][i].as<double>() > 0);
    }
    // The first dimension is the scale-up domain: analysis' per-GPU scale-up bandwidth.
    CHECK(net["bandwidth"][0].as<double>() ==
          Approx(c->results.plan_clusters[pi].scale_up_bandwidth_per_gpu / 1073741824.0)
              .epsilon(1e-12));
    CHECK(net["latency"][0].as<double>() == Approx(in.scale_up_latency * 1e9));
    int64_t plan_gpus = c->results.plans[pi].gpus;
    CHECK(plan_gpus % ranks == 0);

    // ---- system, remote memory, comm groups parse as JSON with the keys ASTRA-sim reads
    YAML::Node sys = YAML::Load(files.at(dir + "system.json"));
    for (const char* key : {"scheduling-policy", "endpoint-delay", "active-chunks-per-dimension",
                            "preferred-dataset-splits", "collective-optimization", "local-mem-bw",
                            "boost-mode", "roofline-enabled", "peak-perf"})
      CHECK(sys[key].IsDefined());
    for (const char* key : {"all-reduce-implementation", "all-gather-implementation",
                            "reduce-scatter-implementation", "all-to-all-implementation"})
      CHECK(sys[key].size() == n);
    CHECK(sys["peak-perf"].as<double>() == Approx(in.peak_flops / 1e12));
    CHECK(YAML::Load(files.at(dir + "remote_memory.json"))["memory-type"].as<std::string>() ==
          "NO_MEMORY_EXPANSION");
    YAML::Node groups = YAML::Load(files.at(dir + "comm_groups.json"));
    std::map<std::string, std::set<int64_t>> members;
    for (const auto& kv : groups) {
      std::string id = kv.first.as<std::string>();
      CHECK(std::stoi(id) >= 1);
      for (const auto& r : kv.second) {
        int64_t x = r.as<int64_t>();
        CHECK(x >= 0);
        CHECK(x < ranks);
        members[id].insert(x);
      }
      CHECK(members[id].size() == kv.second.size());
      // Ring order: consecutive members differ in one network dimension only, since ASTRA-sim
      // charges a hop the lowest dimension that differs (a hop from GPU 4 of one node to GPU 0
      // of the next would run at NVLink speed).
      for (size_t j = 1; j < kv.second.size(); ++j) {
        int64_t a = kv.second[j - 1].as<int64_t>(), b = kv.second[j].as<int64_t>();
        int differ = 0;
        for (size_t d = 0; d < n; ++d) {
          int64_t k = net["npus_count"][d].as<int64_t>();
          differ += a % k != b % k;
          a /= k;
          b /= k;
        }
        CHECK(differ == 1);
      }
    }

    // ---- traces: one per rank
    std::vector<DecodedTrace> traces;
    for (int64_t r = 0; r < ranks; ++r) {
      std::string path = dir + "workload/" + plan.name + "." + std::to_string(r) + ".et";
      REQUIRE(files.count(path));
      traces.push_back(Decode(files.at(path)));
    }
    CHECK_FALSE(files.count(dir + "workload/" + plan.name + "." + std::to_string(ranks) + ".et"));
    // send (src, dst, tag) -> sizes; recv likewise
    std::map<std::tuple<int64_t, int64_t, int64_t>, std::vector<uint64_t>> sends, recvs;
    // per group: per rank the sequence of (type, size)
    std::map<std::string, std::map<int64_t, std::vector<std::pair<uint64_t, uint64_t>>>> colls;
    for (int64_t r = 0; r < ranks; ++r) {
      const DecodedTrace& t = traces[r];
      INFO("rank " << r);
      REQUIRE(t.ok);
      CHECK(t.version == "0.0.4");
      REQUIRE_FALSE(t.nodes.empty());
      std::set<uint64_t> seen;
      for (const DecodedNode& node : t.nodes) {
        CHECK(seen.insert(node.id).second);                      // unique ids
        for (uint64_t d : node.deps) CHECK(seen.count(d) == 1);  // earlier nodes only
        CHECK(Int(node, "is_cpu_op", kBool) == 0);
        switch (node.type) {
          case 4:
            CHECK(node.duration >= 1);
            break;
          case 5:
          case 6: {
            int64_t src = int64_t(Int(node, "comm_src", kInt32));
            int64_t dst = int64_t(Int(node, "comm_dst", kInt32));
            int64_t tag = int64_t(Int(node, "comm_tag", kInt32));
            uint64_t size = Int(node, "comm_size", kInt64);
            CHECK(size > 0);
            if (node.type == 5) {
              CHECK(src == r);
              sends[{src, dst, tag}].push_back(size);
            } else {
              CHECK(dst == r);
              recvs[{src, dst, tag}].push_back(size);
            }
            break;
          }
          case 7: {
            uint64_t type = Int(node, "comm_type", kInt64);
            CHECK((type == 0 || type == 2 || type == 6 || type == 7));
            uint64_t size = Int(node, "comm_size", kInt64);
            CHECK(size > 0);
            auto pg = node.attrs.find("pg_name");
            REQUIRE(pg != node.attrs.end());
            CHECK(pg->second.value_field == kString);
            const std::string& g = pg->second.str_value;
            REQUIRE(members.count(g));
            CHECK(members[g].count(r));
            colls[g][r].push_back({type, size});
            break;
          }
          default:
            FAIL("unexpected node type " << node.type);
        }
      }
    }
    // Every send has exactly one receive with the same peers, tag and size.
    CHECK(sends.size() == recvs.size());
    for (const auto& [key, sizes] : sends) {
      REQUIRE(sizes.size() == 1);
      auto it = recvs.find(key);
      REQUIRE(it != recvs.end());
      REQUIRE(it->second.size() == 1);
      CHECK(it->second[0] == sizes[0]);
    }
    // ---- the job's communicators, whole: TP, CP and EP groups keep their size; every
    // collective's bytes are analysis::MessageSizes' (summed over a block of layers).
    const auto& pr = c->results.plans[pi];
    const int64_t tp = in.tp, cp = in.cp, pp = in.pp;
    REQUIRE(ranks % (tp * cp * pp) == 0);
    const int64_t d = ranks / (tp * cp * pp);
    // One whole expert-parallel group: ep replicas, or folded (etp != tp) ep x etp ranks.
    const int64_t etp = ExpertTp(in);
    const bool folded = in.moe && etp != tp;
    if (in.moe && in.ep > 1) CHECK((folded ? tp * cp * d % (in.ep * etp) : d % in.ep) == 0);
    for (const auto& [g, per_rank] : colls) {
      const auto& seq = per_rank.begin()->second;
      int64_t size = int64_t(members[g].size());
      for (const auto& [type, bytes] : seq) {
        if (type == 6) {  // all-to-all: the EP group, whole
          CHECK(size == in.ep);
          double n = double(bytes) / pr.messages.all_to_all;
          CHECK(std::fabs(n - std::round(n)) < 1e-3 * n);
        }
      }
    }
    auto shape = backends::sim::MakePlanShape(testing::ContextOf(*c), pi);
    for (int64_t r = 0; r < ranks; ++r) {
      // Per rank: all-reduces of the TP group = n x m x layers x activation bytes.
      double tp_bytes = 0, etp_bytes = 0, cp_bytes = 0, a2a_bytes = 0, ag_dp = 0, grad_dense = 0;
      size_t grad_group = 0;  // members of the dense gradient group in the slice
      int recv = 0;
      // The expert all-to-all as point-to-point messages (PXN): the bytes that leave the
      // scale-up domain and those that stay in it, every peer a member of the rank's EP group.
      const int64_t domain = net["npus_count"][0].as<int64_t>();
      double a2a_out = 0, a2a_in = 0;
      // The rank's EP group in the slice's Megatron order (slice.h): r = t + tp (c + cp (x + d
      // p)), x = e + ep b; its members differ in e only.
      std::set<int64_t> ep_group;
      int64_t l = 0;  // of them in r's scale-up domain
      if (in.moe && in.ep > 1 && folded) {
        // Folded: the stage's ranks i = u + etp (e + ep b), an expert group varies e.
        const int64_t i = r % (tp * cp * d), u = i % etp, b = i / (etp * in.ep);
        for (int64_t e = 0; e < in.ep; ++e) ep_group.insert(r - i + u + etp * (e + in.ep * b));
        for (int64_t y : ep_group) l += y / domain == r / domain;
      } else if (in.moe && in.ep > 1) {
        const int64_t x = (r / (tp * cp)) % d, base = r - tp * cp * (x % in.ep);
        for (int64_t e = 0; e < in.ep; ++e) ep_group.insert(base + tp * cp * e);
        for (int64_t y : ep_group) l += y / domain == r / domain;
      }
      for (const DecodedNode& node : traces[r].nodes) {
        const bool p2p = node.type == 5 || node.type == 6;
        const bool expert = p2p && node.name.size() > 4 && node.name[1] == '.' &&
                            node.name[2] == 'e' && (node.name[3] == 'd' || node.name[3] == 'c');
        if (p2p && !expert) {
          if (node.type == 6) ++recv;
          // Pipeline messages: one activation of a micro-batch (MessageSizes::pipeline).
          CHECK(double(node.attrs.at("comm_size").int_value) ==
                Approx(pr.messages.pipeline).margin(1));
        }
        if (expert && node.type == 5) {
          const int64_t peer = int64_t(Int(node, "comm_dst", kInt32));
          CHECK(ep_group.count(peer) == 1);
          const double bytes = double(node.attrs.at("comm_size").int_value);
          (peer / domain == r / domain ? a2a_in : a2a_out) += bytes;
        }
        if (node.type != 7) continue;
        const std::string& g = node.attrs.at("pg_name").str_value;
        uint64_t type = node.attrs.at("comm_type").int_value;
        double bytes = double(node.attrs.at("comm_size").int_value);
        size_t size = members[g].size();
        if (node.name.rfind("f.tp", 0) == 0 || node.name.rfind("f.tq", 0) == 0) {
          CHECK(int64_t(size) == tp);
          tp_bytes += bytes;
        }
        if (node.name.rfind("f.te", 0) == 0) {
          CHECK(int64_t(size) == etp);
          etp_bytes += bytes;
        }
        if (node.name.rfind("f.cp", 0) == 0) {
          CHECK(int64_t(size) == cp);  // the whole ring
          cp_bytes += bytes;
        }
        if (type == 6) a2a_bytes += bytes;
        if (type == 2 && node.name.find("param") != std::string::npos) ag_dp += bytes;
        // Dense gradient reduction (all-reduce, or ZeRO's reduce-scatter, per block under
        // ZeRO-3/FSDP).
        if ((type == 0 || type == 7) &&
            (node.name.rfind("dp.rd.grad.dense", 0) == 0 || node.name.rfind("z3.grad.d", 0) == 0)) {
          grad_dense += bytes;
          grad_group = size;
        }
      }
      int64_t stage = r / (tp * cp * d);
      const auto& st = shape.stages[stage];
      const double m = double(pr.micro_batches);
      // Folded experts move their MoE layers' MLP all-reduce to the etp group, on etp / tp of
      // the tokens.
      const double moe_mlp = folded ? double(st.moe_layers) : 0;
      if (tp > 1)
        CHECK(tp_bytes ==
              Approx(m * (2 * double(st.layers) - moe_mlp) * pr.messages.activation).epsilon(1e-6));
      CHECK(etp_bytes ==
            Approx(etp > 1 ? m * moe_mlp * pr.messages.activation * double(etp) / double(tp) : 0)
                .epsilon(1e-6));
      // ASTRA-sim's all-gather size is each rank's input (its Ring sends it n - 1 times): the
      // CP ring gathers every rank's K/V chunk, so the trace carries one chunk per layer.
      if (cp > 1)
        CHECK(cp_bytes == Approx(m * double(st.layers) * pr.messages.context_kv).epsilon(1e-6));
      // Four all-to-alls of MessageSizes::all_to_all per MoE layer and micro-batch: (n - l) / n
      // of each leaves the domain, n the EP group and l its members in the rank's domain (one
      // all-to-all collective of the whole buffer where the domains are uneven).
      if (in.moe && in.ep > 1) {
        REQUIRE(l >= 1);
        const double ep = double(in.ep),
                     all = 4 * m * double(st.moe_layers) * pr.messages.all_to_all;
        // Point-to-point whenever every domain holds l members: ASTRA-sim's ring all-to-all on a
        // group relays n (n - 1) / 2 messages a chunk (7.6x the NIC-bound time for 64 ranks).
        std::map<int64_t, int64_t> per_domain;
        for (int64_t y : ep_group) ++per_domain[y / domain];
        bool even = true;
        for (const auto& [dom, count] : per_domain) even &= count == l;
        if (!even) {
          CHECK(a2a_bytes == Approx(all).epsilon(1e-6));
        } else {
          CHECK(a2a_bytes == 0);
          // With group-limited routing a token leaves its domain once per remote domain of its
          // experts: MessageSizes::all_to_all_leaving, not (n - l)/n of the top_k copies.
          const double out = pr.messages.all_to_all_leaving > 0
                                 ? 4 * m * double(st.moe_layers) * pr.messages.all_to_all_leaving
                                 : all * (ep - double(l)) / ep;
          CHECK(a2a_out == Approx(out).epsilon(1e-6));
          CHECK(a2a_in == Approx(all * (double(l) - 1) * (ep / double(l)) / ep).epsilon(1e-6));
        }
      }
      // ZeRO: the parameter all-gather is there.
      if (in.sharding != ir::Sharding::none && d * cp > 1) CHECK(ag_dp > 0);
      // The dense gradients: the stage's parameters x MessageSizes' bytes per parameter, per
      // micro-batch under ZeRO-3/FSDP, scaled so that each link of the slice's smaller group
      // moves what it moves in the job's: ((N-1)/N) / ((n-1)/n), and over the ring's speed-up
      // where the job has several data-parallel ranks in a domain and the slice one.
      const double N = double(in.dp * in.cp);
      if (N > 1 && grad_group > 1) {
        const double n = double(grad_group);
        const bool per_mb = in.sharding == ir::Sharding::zero3 || in.sharding == ir::Sharding::fsdp;
        const int64_t dom = c->results.plan_clusters[pi].scale_up_domain;
        const bool reduced = double(grad_group) < N;
        const double ring =
            reduced && in.cp == 1 && in.tp < dom && grad_group <= size_t(dom / in.tp)
                ? RingSpeedup(in, in.tp, in.dp)
                : 1;
        CHECK(grad_dense == Approx(st.dense_params * pr.messages.gradient_bytes_per_param *
                                   (per_mb ? m : 1) * ((N - 1) / N) / ((n - 1) / n) / ring)
                                .epsilon(1e-6));
      } else if (N > 1) {
        CHECK(files.at(dir + "network.yml").find("Not represented: the dense data-parallel") !=
              std::string::npos);
      }
      // Pipeline receives: two per micro-batch and model chunk, fewer on the end stages.
      if (pp > 2 && stage > 0 && stage < pp - 1) {
        int64_t vpp = in.vpp > 1 && pr.micro_batches % pp == 0 ? in.vpp : 1;
        CHECK(recv == 2 * pr.micro_batches * vpp);
      }
    }
    // The scale-up domain is a dimension of its own whenever a node has more than one GPU.
    if (c->results.plan_clusters[pi].gpus_per_node > 1 && ranks > 1)
      CHECK(net["npus_count"][0].as<int64_t>() <= c->results.plan_clusters[pi].scale_up_domain);

    // The collectives of one group match on all its members, in order.
    for (const auto& [g, per_rank] : colls) {
      INFO("group " << g);
      CHECK(per_rank.size() == members[g].size());
      const auto& ref = per_rank.begin()->second;
      for (const auto& [r, seq] : per_rank) CHECK(seq == ref);
    }
  }
}

TEST_CASE("ASTRA-sim inputs of every example are well formed", "[astra-sim]") {
  for (const fs::path& file : Examples()) {
    INFO(file.filename().string());
    auto c = CompileSpec(file);
    CheckAstraTree(*c, Lower(*c));
  }
}

TEST_CASE("ASTRA-sim traces for every rank of a job are well formed", "[astra-sim]") {
  fs::path dir = testing::ScratchDir("all_ranks");
  fs::create_directories(dir);
  fs::path spec = dir / "moe_64.cl";
  std::ofstream(spec) << R"(import std.nvidia
import std.cooling
site s { cooling = cooling.direct_liquid }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric f { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 8 x hgx; racks = rack { nodes = 4 }; fabric = f }
model moe { layers = 8; hidden = 2048; ffn = 8192; heads = 16; kv_heads = 4; vocab = 32_000
  moe { experts = 16; top_k = 2 } }
plan p {
  model = moe; cluster = c
  parallel { tp = 2; pp = 2; dp = 16; ep = 4 }
  batch { global = 64; micro = 1; seq_len = 2048 }
  recompute = full
}
)";
  auto c = CompileSpec(spec);
  backends::Context context = testing::ContextOf(*c);
  context.all_ranks = true;
  backends::OutputTree out;
  backends::EmitAstraSim(context, out);
  size_t traces = 0;
  for (const auto& [path, contents] : out.Files())
    traces += path.size() > 3 && path.compare(path.size() - 3, 3, ".et") == 0;
  CHECK(traces == 64);  // tp 2 x pp 2 x dp 16: one trace per GPU
  CheckAstraTree(*c, out);
  fs::remove_all(dir);
}

TEST_CASE("ASTRA-sim expresses MoE parallel folding", "[astra-sim]") {
  // Folded experts (etp != tp): the expert groups are ep x etp consecutive ranks across the
  // tensor-parallel groups, the expert block's all-reduce runs over the etp group (none at
  // etp 1), and a block mixing dense and MoE layers keeps the dense layers' over tp.
  fs::path dir = testing::ScratchDir("folded");
  fs::path spec = dir / "folded.cl";
  std::ofstream(spec) << R"(import std.nvidia
import std.cooling
site s { cooling = cooling.direct_liquid }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric f { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 8 x hgx; racks = rack { nodes = 4 }; fabric = f }
model moe { layers = 8; hidden = 2048; ffn = 8192; heads = 16; kv_heads = 4; vocab = 32_000
  moe { experts = 16; top_k = 2; dense_layers = 1 } }
plan etp1 {
  model = moe; cluster = c
  parallel { tp = 2; pp = 2; dp = 16; ep = 16; etp = 1 }
  batch { global = 64; micro = 1; seq_len = 2048 }
}
plan etp2 {
  model = moe; cluster = c
  parallel { tp = 4; pp = 2; dp = 8; ep = 4; etp = 2 }
  batch { global = 64; micro = 1; seq_len = 2048 }
  recompute = full
}
)";
  auto c = CompileSpec(spec);
  REQUIRE(c->program.plans.size() == 2);
  CheckAstraTree(*c, Lower(*c));
  backends::Context context = testing::ContextOf(*c);
  context.all_ranks = true;
  backends::OutputTree out;
  backends::EmitAstraSim(context, out);
  CheckAstraTree(*c, out);
  // etp 1: EP 16 over tp 2 x dp 8 consecutive ranks; etp 2: expert tensor-parallel pairs.
  const std::string groups = out.Files().at("astra-sim/etp1/comm_groups.json");
  CHECK(groups.find("[0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8]") != std::string::npos);
  const std::string groups2 = out.Files().at("astra-sim/etp2/comm_groups.json");
  CHECK(groups2.find("[0, 1]") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("ASTRA-sim keeps the scale-up dimension with every rank and tp = 1", "[astra-sim]") {
  fs::path dir = testing::ScratchDir("all_ranks_tp1");
  fs::path spec = dir / "moe_32.cl";
  std::ofstream(spec) << R"(import std.nvidia
import std.cooling
site s { cooling = cooling.direct_liquid }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric f { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = f }
model moe { layers = 4; hidden = 2048; ffn = 8192; heads = 16; kv_heads = 4; vocab = 32_000
  moe { experts = 16; top_k = 2 } }
plan p {
  model = moe; cluster = c
  parallel { tp = 1; pp = 1; dp = 32; ep = 16 }
  batch { global = 64; micro = 1; seq_len = 2048 }
  optimizer = adam { sharding = zero1 }
}
)";
  auto c = CompileSpec(spec);
  backends::Context context = testing::ContextOf(*c);
  context.all_ranks = true;
  backends::OutputTree out;
  backends::EmitAstraSim(context, out);
  YAML::Node net = YAML::Load(out.Files().at("astra-sim/p/network.yml"));
  REQUIRE(net["npus_count"].size() >= 2);
  CHECK(net["npus_count"][0].as<int64_t>() == 8);  // the node's NVLink domain
  CHECK(net["bandwidth"][0].as<double>() == 450e9 / 1073741824.0);
  CheckAstraTree(*c, out);
}

TEST_CASE("ASTRA-sim network bandwidth is converted to 2^30-byte GB/s exactly", "[astra-sim]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "h100_10k.cl");
  backends::OutputTree out = Lower(*c);
  for (uint32_t pi = 0; pi < c->program.plans.size(); ++pi) {
    const ir::Plan& plan = c->program.plans[pi];
    if (plan.range.file != c->program.main_file) continue;
    YAML::Node net = YAML::Load(out.Files().at("astra-sim/" + plan.name + "/network.yml"));
    const auto& in = c->results.plan_inputs[pi];
    // NVLink4: 900 GB/s both directions = 450e9 B/s one direction = 419.095... GiB/s.
    CHECK(net["bandwidth"][0].as<double>() == 450e9 / 1073741824.0);
    // The last dimension spans the whole pipeline: analysis' bandwidth for that span.
    size_t last = net["bandwidth"].size() - 1;
    CHECK(net["bandwidth"][last].as<double>() ==
          analysis::GroupBandwidth(in, c->results.plans[pi].gpus) / 1073741824.0);
  }
}

TEST_CASE("ASTRA-sim output through the driver is deterministic and small", "[astra-sim]") {
  fs::path tmp = testing::ScratchDir("astra_sim_test");
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  std::string colossus = (fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "colossus.cl").string();
  Streams s1, s2;
  REQUIRE(Run({"build", colossus, "-o", (tmp / "a").string(), "--emit", "astra-sim", "--quiet"},
              s1) == kExitOk);
  REQUIRE(Run({"build", colossus, "-o", (tmp / "b").string(), "--emit", "astra-sim", "--quiet"},
              s2) == kExitOk);
  uintmax_t total = 0;
  size_t count = 0;
  for (const auto& e : fs::recursive_directory_iterator(tmp / "a")) {
    if (!e.is_regular_file()) continue;
    ++count;
    total += e.file_size();
    fs::path other = tmp / "b" / fs::relative(e.path(), tmp / "a");
    REQUIRE(fs::exists(other));
    std::ifstream x(e.path(), std::ios::binary), y(other, std::ios::binary);
    std::string a((std::istreambuf_iterator<char>(x)), {}),
        b((std::istreambuf_iterator<char>(y)), {});
    CHECK(a == b);
  }
  CHECK(count > 5);
  CHECK(total < 3u * 1024 * 1024);  // the golden tree must stay small
  fs::remove_all(tmp);
}

// tests/sim/uneven_64.cl: uneven stages (7 + 9 + 9 + 7 layers), the zero-bubble schedule (not
// representable: named), tp_comm_overlap (the all-reduces run beside the GEMMs: the compute
// after an all-reduce does not wait for it, the node after that compute does) and dp_overlap =
// false (the data-parallel collectives are on the chain before the optimizer).
TEST_CASE("ASTRA-sim traces honour uneven stages and the overlap fields", "[astra-sim][sim]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" / "uneven_64.cl");
  backends::Context ctx = testing::ContextOf(*c);
  DiagnosticList notes;
  ctx.sink = &notes;
  backends::OutputTree out;
  backends::EmitAstraSim(ctx, out);
  CheckAstraTree(*c, out);
  const auto& files = out.Files();
  CHECK(files.at("astra-sim/uneven64/network.yml").find("# Not represented: the zero_bubble") !=
        std::string::npos);
  REQUIRE(notes.All().size() == 1);
  CHECK(notes.All()[0].message.find("astra-sim/uneven64: the zero_bubble schedule") == 0);

  backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, 0);
  const backends::astra::Slice sl = backends::astra::ChooseSlice(s, false);
  const int64_t expected_layers[4] = {7, 9, 9, 7};
  for (int64_t p = 0; p < 4; ++p) {
    INFO("stage " << p);
    const std::string trace =
        "astra-sim/uneven64/workload/uneven64." + std::to_string(sl.Rank(0, 0, 0, p)) + ".et";
    DecodedTrace t = Decode(files.at(trace));
    REQUIRE(t.ok);
    int64_t attention = 0, head = 0;
    std::map<uint64_t, size_t> index;
    for (size_t i = 0; i < t.nodes.size(); ++i) index[t.nodes[i].id] = i;
    for (size_t i = 0; i < t.nodes.size(); ++i) {
      const DecodedNode& n = t.nodes[i];
      if (n.name.rfind("f.at.", 0) == 0) ++attention;
      if (n.name.rfind("f.head.", 0) == 0) ++head;
      // A tensor-parallel all-reduce overlapped: the next compute node does not wait for it.
      if (n.name.rfind("f.tp.", 0) == 0) {
        REQUIRE(i + 1 < t.nodes.size());
        const DecodedNode& next = t.nodes[i + 1];
        CHECK(next.name.rfind("f.ml.", 0) == 0);
        CHECK(std::find(next.deps.begin(), next.deps.end(), n.id) == next.deps.end());
        REQUIRE(i + 2 < t.nodes.size());
        bool joined = false;
        for (size_t j = i + 2; j < t.nodes.size() && !joined; ++j)
          joined = std::find(t.nodes[j].deps.begin(), t.nodes[j].deps.end(), n.id) !=
                   t.nodes[j].deps.end();
        CHECK(joined);
      }
    }
    CHECK(attention == expected_layers[p] * s.micro_batches);
    CHECK(head == (p == 3 ? s.micro_batches : 0));
    // The slice's 2-replica gradient ring carries the 8-replica job's bytes per link: the
    // buffer x (7/8) / (1/2), over the job's ring speed-up (tp 2: 4 replicas in each of 2
    // nodes, 7/(2 - 1) = 7x the NIC rate, under NVLink4's cap).
    REQUIRE(sl.d == 2);
    const double ring = analysis::RingSpeedup(*s.in, s.tp, s.dp);
    CHECK(ring == Approx(7.0));
    const double grad = s.stages[size_t(p)].dense_params * s.grad_bytes_per_param / ring;
    int64_t reductions = 0;
    for (const DecodedNode& n : t.nodes)
      if (n.name == "dp.rd.grad.dense") {
        ++reductions;
        CHECK(double(Int(n, "comm_size", kInt64)) == Approx(grad * (7.0 / 8) / (1.0 / 2)));
      }
    CHECK(reductions == 1);
    // ZeRO-1's parameter all-gather: ASTRA-sim's all-gather size is each rank's input, the
    // scaled buffer over the slice's 2 members (its Ring sends it once per step and ends with
    // twice it), not the gathered buffer.
    int64_t gathers = 0;
    for (const DecodedNode& n : t.nodes)
      if (n.name == "dp.ag.param.dense") {
        ++gathers;
        CHECK(double(Int(n, "comm_size", kInt64)) == Approx(grad * (7.0 / 8) / (1.0 / 2) / 2));
      }
    CHECK(gathers == 1);
    // dp_overlap = false: the optimizer depends on the last data-parallel collective.
    REQUIRE(t.nodes.back().name == "optimizer");
    const DecodedNode& before = t.nodes[t.nodes.size() - 2];
    CHECK(before.name.rfind("dp.", 0) == 0);
    CHECK(std::find(t.nodes.back().deps.begin(), t.nodes.back().deps.end(), before.id) !=
          t.nodes.back().deps.end());
  }
}

// examples/tpu_v5p_pod.cl: FSDP with one micro-batch. Each block of layers gathers its share of
// the parameters before its forward and before its backward and reduce-scatters its gradients
// after its backward, beside the compute (nothing on the chain waits for them); the all-gather
// carries each rank's input, ASTRA-sim's convention (buffer / slice members).
TEST_CASE("ASTRA-sim FSDP collectives follow the blocks of layers", "[astra-sim][sim]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "tpu_v5p_pod.cl");
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitAstraSim(ctx, out);
  backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, 0);
  REQUIRE(s.in->sharding == ir::Sharding::fsdp);
  const backends::astra::Slice sl = backends::astra::ChooseSlice(s, false);
  REQUIRE(sl.pp == 1);
  const double n = double(sl.d * sl.cp), job = double(s.dp * s.cp);
  const double scale = ((job - 1) / job) / ((n - 1) / n);
  const double buffer = s.stages[0].dense_params * s.grad_bytes_per_param * scale;
  DecodedTrace t = Decode(out.Files().at("astra-sim/llama3_70b_v5p/workload/llama3_70b_v5p.0.et"));
  REQUIRE(t.ok);
  std::set<uint64_t> fsdp;
  double gathered = 0, scattered = 0;
  int64_t gathers = 0, scatters = 0, forward_blocks = 0;
  for (const DecodedNode& node : t.nodes) {
    if (node.name.rfind("f.at.", 0) == 0) ++forward_blocks;
    if (node.name.rfind("z3.", 0) != 0) continue;
    fsdp.insert(node.id);
    const double bytes = double(node.attrs.at("comm_size").int_value);
    if (node.attrs.at("comm_type").int_value == 2) {
      ++gathers;
      gathered += bytes;
    } else {
      CHECK(node.attrs.at("comm_type").int_value == 7);
      ++scatters;
      scattered += bytes;
    }
  }
  const double m = double(s.micro_batches);
  CHECK(forward_blocks > 1);
  CHECK(gathers == 2 * forward_blocks);
  CHECK(scatters == forward_blocks);
  CHECK(gathered == Approx(2 * m * buffer / n).epsilon(1e-6));
  CHECK(scattered == Approx(m * buffer).epsilon(1e-6));
  // Off the critical chain: no node depends on an FSDP collective.
  for (const DecodedNode& node : t.nodes)
    for (uint64_t d : node.deps) CHECK(fsdp.count(d) == 0);
}

// tests/lang/explain/fsdp_prefetch.cl: without backward prefetch each unit's backward waits for
// its gather and the reduce-scatter before it (analysis' blocking backward collectives); with
// either prefetch the FSDP collectives stay off the chain. The forward's gathers are off it in
// both.
TEST_CASE("ASTRA-sim puts FSDP's backward collectives on the chain without prefetch",
          "[astra-sim][sim]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "lang" / "explain" /
                       "fsdp_prefetch.cl");
  backends::OutputTree out;
  backends::EmitAstraSim(testing::ContextOf(*c), out);
  auto waited_on = [&](const std::string& plan, int64_t* blocks) {
    DecodedTrace t = Decode(out.Files().at("astra-sim/" + plan + "/workload/" + plan + ".0.et"));
    REQUIRE(t.ok);
    std::set<uint64_t> fsdp, depended;
    *blocks = 0;
    for (const DecodedNode& node : t.nodes) {
      if (node.name.rfind("f.at.", 0) == 0) ++*blocks;
      if (node.name.rfind("z3.", 0) == 0) fsdp.insert(node.id);
      for (uint64_t d : node.deps) depended.insert(d);
    }
    REQUIRE(fsdp.size() == size_t(3 * *blocks));
    int64_t n = 0;
    for (uint64_t id : fsdp) n += depended.count(id);
    return n;
  };
  int64_t blocks = 0;
  CHECK(waited_on("pre", &blocks) == 0);
  CHECK(waited_on("post", &blocks) == 0);
  CHECK(waited_on("none", &blocks) == 2 * blocks);
  CHECK(blocks > 1);
}
