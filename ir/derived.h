// The registry of derived quantities (ir/derived.def) as a table.
#pragma once

#include <cstdint>
#include <string_view>

#include "ir/ir.h"

namespace clusterc::ir {

enum class DerivedId : uint16_t {
#define CLUSTERC_DERIVED(kind, name, dim, description) kind##_##name,
#include "ir/derived.def"
  kCount
};

struct DerivedInfo {
  Kind kind;
  std::string_view name;
  Dim dim;
  std::string_view description;
};

inline constexpr DerivedInfo kDerived[] = {
#define CLUSTERC_DERIVED(kind, name, dim, description) {Kind::kind, #name, dims::dim, description},
#include "ir/derived.def"
};

inline constexpr size_t kDerivedCount = static_cast<size_t>(DerivedId::kCount);

// The id of `name` on an entity of `kind`, or kCount.
constexpr DerivedId FindDerived(Kind kind, std::string_view name) {
  for (size_t i = 0; i < kDerivedCount; ++i)
    if (kDerived[i].kind == kind && kDerived[i].name == name) return static_cast<DerivedId>(i);
  return DerivedId::kCount;
}

}  // namespace clusterc::ir
