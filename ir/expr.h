// Evaluation of `require` expressions, shared by the frontend (constant folding) and the
// driver (after analysis has derived what they name).
#pragma once

#include <functional>
#include <optional>

#include "ir/ir.h"

namespace clusterc::ir {

// The SI value of a derived quantity, or nothing when it is unknown.
using DerivedLookup = std::function<std::optional<double>(const Expr&)>;

// Evaluates `e`; comparisons give 1 or 0. Nothing when a derived value is unknown or the result
// is not finite.
std::optional<double> Evaluate(const Expr& e, const DerivedLookup& lookup);

inline bool IsComparison(Expr::Op op) {
  return op >= Expr::Op::kLt;
}

}  // namespace clusterc::ir
