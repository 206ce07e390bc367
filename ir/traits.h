// Type traits over the IR's field types, for the visitors that walk `Describe` (the frontend's
// binder and field reader, the generated field reference).
#pragma once

#include <type_traits>
#include <vector>

#include "ir/ir.h"

namespace clusterc::ir {

template <class T>
struct IsQ : std::false_type {};
template <int I, int T, int E, int M, int W>
struct IsQ<Q<I, T, E, M, W>> : std::true_type {};

template <class T>
struct IsRef : std::false_type {};
template <class T>
struct IsRef<Ref<T>> : std::true_type {
  using Target = T;
};

template <class T>
struct IsPart : std::false_type {};
template <class T>
struct IsPart<Part<T>> : std::true_type {
  using Target = T;
};

template <class T>
struct IsPart<PartSum<T>> : std::true_type {
  using Target = T;
};

// `N x a + M x b`: node groups.
template <class T>
struct IsPartSum : std::false_type {};
template <class T>
struct IsPartSum<PartSum<T>> : std::true_type {};

template <class T>
struct IsQuantityPart : std::false_type {};
template <class T>
struct IsQuantityPart<QuantityPart<T>> : std::true_type {
  using Each = T;
};

// `a + b + c`: several references to entities of one kind (a distinct type, so that a
// `sweep`'s lists of alternatives, plain vectors, never read as one).
template <class T>
struct IsRefList : std::false_type {};
template <class T>
struct IsRefList<RefSum<T>> : std::true_type {
  using Target = T;
};

// A list of alternatives (`one_of(a, b)` in a `sweep`).
template <class T>
struct IsList : std::false_type {};
template <class T>
struct IsList<std::vector<T>> : std::true_type {
  using Element = T;
};

}  // namespace clusterc::ir
