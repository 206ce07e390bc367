// The typed model of clusters and plans: plain value types, what analysis and backends consume.
//
// Each block kind is a struct plus a `Describe` function that lists its fields once: name, member,
// flags and documentation. The frontend binds source values through it, `docs/language.md` is
// generated from it, and `require` reads declared fields through it. `extends` is flattened,
// references resolved to indices and defaults applied before anything downstream sees a struct.
//
// The entity types live in ir/entity.h (the base), ir/hardware.h and ir/workload.h; this header
// adds `require` expressions, the program that holds every table, and the table lookups.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/hardware.h"
#include "ir/workload.h"

namespace clusterc::ir {

// ---------------------------------------------------------------------------------------------
// `require` statements. Declared values are folded to constants by the frontend; what remains
// are references to quantities analysis derives.

struct Expr {
  enum class Op : uint8_t {
    kConst,
    kDerived,
    kAdd,
    kSub,
    kMul,
    kDiv,
    kNeg,
    kMin,
    kMax,
    kCeil,
    kFloor,
    kLt,
    kLe,
    kGt,
    kGe,
    kEq,
    kNe,
  };
  Op op = Op::kConst;
  Quantity value;        // kConst
  Kind entity_kind{};    // kDerived
  uint32_t entity = 0;   // kDerived: index into the table of entity_kind
  uint16_t derived = 0;  // kDerived: index into the derived-quantity registry
  std::vector<Expr> args;
  SourceRange range;
};

struct Require {
  Expr condition;
  std::string message;
  SourceRange range;
};

// A `// clusterc: allow(code)` comment: suppresses `code` in [begin, end) of `file`.
struct Suppression {
  std::string code;
  SourceRange range;    // the region it covers
  SourceRange comment;  // where it was written
};

struct Program {
  std::vector<Gpu> gpus;
  std::vector<Cpu> cpus;
  std::vector<Nic> nics;
  std::vector<Switch> switches;
  std::vector<Link> links;
  std::vector<Cooling> coolings;
  std::vector<Node> nodes;
  std::vector<Fabric> fabrics;
  std::vector<Site> sites;
  std::vector<Cluster> clusters;
  std::vector<Model> models;
  std::vector<Plan> plans;
  std::vector<Jobs> jobs;
  std::vector<Sweep> sweeps;
  std::vector<Require> requires_;
  std::vector<Suppression> suppressions;
  uint32_t main_file = 0;  // the file the user named; its entities are the ones reported

  template <class T>
  const T& Get(Ref<T> r) const;
};

// The table holding entities of type T.
template <class T>
struct TableOf;
#define CLUSTERC_TABLE_(T, member, kind_value)                             \
  template <>                                                              \
  struct TableOf<T> {                                                      \
    static constexpr Kind kKind = kind_value;                              \
    static std::vector<T>& Of(Program& p) { return p.member; }             \
    static const std::vector<T>& Of(const Program& p) { return p.member; } \
  };
CLUSTERC_TABLE_(Gpu, gpus, Kind::gpu)
CLUSTERC_TABLE_(Cpu, cpus, Kind::cpu)
CLUSTERC_TABLE_(Nic, nics, Kind::nic)
CLUSTERC_TABLE_(Switch, switches, Kind::switch_)
CLUSTERC_TABLE_(Link, links, Kind::link)
CLUSTERC_TABLE_(Cooling, coolings, Kind::cooling)
CLUSTERC_TABLE_(Node, nodes, Kind::node)
CLUSTERC_TABLE_(Fabric, fabrics, Kind::fabric)
CLUSTERC_TABLE_(Site, sites, Kind::site)
CLUSTERC_TABLE_(Cluster, clusters, Kind::cluster)
CLUSTERC_TABLE_(Model, models, Kind::model)
CLUSTERC_TABLE_(Plan, plans, Kind::plan)
CLUSTERC_TABLE_(Jobs, jobs, Kind::jobs)
CLUSTERC_TABLE_(Sweep, sweeps, Kind::sweep)
#undef CLUSTERC_TABLE_

template <class T>
const T& Program::Get(Ref<T> r) const {
  return TableOf<T>::Of(*this)[r.index];
}

// Calls f(static_cast<T*>(nullptr)) for every entity type, in Kind order.
template <class F>
void ForEachEntityType(F&& f) {
  f(static_cast<Gpu*>(nullptr));
  f(static_cast<Cpu*>(nullptr));
  f(static_cast<Nic*>(nullptr));
  f(static_cast<Switch*>(nullptr));
  f(static_cast<Link*>(nullptr));
  f(static_cast<Cooling*>(nullptr));
  f(static_cast<Node*>(nullptr));
  f(static_cast<Fabric*>(nullptr));
  f(static_cast<Site*>(nullptr));
  f(static_cast<Cluster*>(nullptr));
  f(static_cast<Model*>(nullptr));
  f(static_cast<Plan*>(nullptr));
  f(static_cast<Jobs*>(nullptr));
  f(static_cast<Sweep*>(nullptr));
}

}  // namespace clusterc::ir
