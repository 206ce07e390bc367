#include "ir/expr.h"

#include <cmath>

namespace clusterc::ir {

std::optional<double> Evaluate(const Expr& e, const DerivedLookup& lookup) {
  using Op = Expr::Op;
  if (e.op == Op::kConst) return e.value.si;
  if (e.op == Op::kDerived) return lookup ? lookup(e) : std::nullopt;
  double a[8];  // operands; min/max with more arguments fold pairwise
  if (e.op == Op::kMin || e.op == Op::kMax) {
    std::optional<double> acc;
    for (const auto& arg : e.args) {
      auto v = Evaluate(arg, lookup);
      if (!v) return std::nullopt;
      acc = !acc ? *v : (e.op == Op::kMin ? std::fmin(*acc, *v) : std::fmax(*acc, *v));
    }
    return acc;
  }
  if (e.args.empty() || e.args.size() > 2) return std::nullopt;
  for (size_t i = 0; i < e.args.size(); ++i) {
    auto v = Evaluate(e.args[i], lookup);
    if (!v) return std::nullopt;
    a[i] = *v;
  }
  double r = 0;
  switch (e.op) {
    case Op::kAdd:
      r = a[0] + a[1];
      break;
    case Op::kSub:
      r = a[0] - a[1];
      break;
    case Op::kMul:
      r = a[0] * a[1];
      break;
    case Op::kDiv:
      if (a[1] == 0) return std::nullopt;
      r = a[0] / a[1];
      break;
    case Op::kNeg:
      r = -a[0];
      break;
    case Op::kCeil:
      r = std::ceil(a[0]);
      break;
    case Op::kFloor:
      r = std::floor(a[0]);
      break;
    case Op::kLt:
      r = a[0] < a[1];
      break;
    case Op::kLe:
      r = a[0] <= a[1];
      break;
    case Op::kGt:
      r = a[0] > a[1];
      break;
    case Op::kGe:
      r = a[0] >= a[1];
      break;
    case Op::kEq:
      r = a[0] == a[1];
      break;
    case Op::kNe:
      r = a[0] != a[1];
      break;
    default:
      return std::nullopt;
  }
  if (!std::isfinite(r)) return std::nullopt;
  return r;
}

}  // namespace clusterc::ir
