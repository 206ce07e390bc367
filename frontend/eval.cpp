// Expressions: constants (`let`), arithmetic with dimensions and units, functions, and `require`
// (folded here when constant; kept for analysis when it names a derived quantity).
#include <fmt/format.h>

#include <cmath>

#include "diag/format.h"
#include "frontend/sema.h"
#include "frontend/suggest.h"
#include "frontend/units.h"
#include "ir/expr.h"

namespace clusterc::semantic {

bool Sema::EvalLet(Module& m, uint32_t index) {
  LetState& st = m.lets[index];
  if (st.state == LetState::State::kDone) return true;
  if (st.state == LetState::State::kFailed) return false;
  const ast::Let& let = m.ast.lets[index];
  if (st.state == LetState::State::kResolving) {
    Report(MakeDiagnostic(DiagCode::ExprCycle, let.name.range,
                          fmt::format("constant `{}` depends on itself", let.name.text)));
    st.state = LetState::State::kFailed;
    return false;
  }
  if (depth_ >= kMaxReferenceDepth) {
    Report(MakeDiagnostic(DiagCode::SyntaxTooDeep, let.name.range,
                          fmt::format("constants and declarations refer to each other more than "
                                      "{} levels deep",
                                      kMaxReferenceDepth)));
    st.state = LetState::State::kFailed;
    return false;
  }
  st.state = LetState::State::kResolving;
  Quantity q;
  ++depth_;
  bool ok = EvalConst(m, let.value, q);
  --depth_;
  if (!ok) {
    m.lets[index].state = LetState::State::kFailed;
    return false;
  }
  LetState& done = m.lets[index];
  done.value = ir::Expr{};
  done.value.value = q;
  done.state = LetState::State::kDone;
  return true;
}

bool Sema::EvalConst(Module& m, ast::ExprId id, Quantity& out, bool allow_derived) {
  ir::Expr e;
  if (!Eval(m, id, e, allow_derived)) return false;
  if (ir::IsComparison(e.op)) {
    Report(MakeDiagnostic(DiagCode::ExprNotAValue, m.ast.exprs[id].range,
                          "a comparison is not a value; comparisons belong in `require`"));
    return false;
  }
  if (e.op != ir::Expr::Op::kConst) {
    Report(MakeDiagnostic(DiagCode::ExprDerivedInField, m.ast.exprs[id].range,
                          "a derived quantity is known only after analysis; use it in `require`, "
                          "not in a field or constant"));
    return false;
  }
  out = e.value;
  return true;
}

bool Sema::Eval(Module& m, ast::ExprId id, ir::Expr& out, bool allow_derived) {
  // Each expression nests at most kMaxNesting deep, but constants chain expressions: bound the sum.
  struct Depth {
    int& d;
    ~Depth() { --d; }
  } depth{++eval_depth_};
  if (eval_depth_ > kMaxEvalDepth) {
    if (!eval_too_deep_reported_)
      Report(MakeDiagnostic(DiagCode::SyntaxTooDeep, m.ast.exprs[id].range,
                            fmt::format("expressions nest more than {} levels deep, counting "
                                        "through the constants they use",
                                        kMaxEvalDepth)));
    eval_too_deep_reported_ = true;
    return false;
  }
  return EvalNode(m, id, out, allow_derived);
}

bool Sema::EvalNode(Module& m, ast::ExprId id, ir::Expr& out, bool allow_derived) {
  const ast::Expr& e = m.ast.exprs[id];
  out = ir::Expr{};
  out.range = e.range;
  using K = ast::ExprKind;
  using Op = ir::Expr::Op;
  auto fold = [&]() -> bool {
    for (const auto& a : out.args)
      if (a.op != Op::kConst) return true;
    auto v = ir::Evaluate(out, nullptr);
    if (!v) {
      Report(MakeDiagnostic(DiagCode::NumberOutOfRange, e.range,
                            "the expression's value is not a finite number"));
      return false;
    }
    out.args.clear();
    out.op = Op::kConst;
    out.value.si = *v;
    return true;
  };
  switch (e.kind) {
    case K::kNumber: {
      double factor = 1;
      Dim dim;
      for (const auto& atom : e.unit) {
        const UnitInfo* u = FindUnit(atom.name.text);
        if (!u) {
          const std::string& word = atom.name.text;
          std::vector<std::string> names;
          for (const UnitInfo* k = UnitsBegin(); k != UnitsEnd(); ++k)
            if (k->name.size() > 1) names.emplace_back(k->name);
          std::string hint = word.size() > 1 ? Suggest(word, names) : "";
          // `Gbps`, `GBps`, `TFLOPS`: a rate spelled as one word.
          for (std::string_view sfx : {"ps", "PS", "S"}) {
            std::string_view w(word);
            if (w.size() > sfx.size() && w.substr(w.size() - sfx.size()) == sfx &&
                FindUnit(w.substr(0, w.size() - sfx.size())))
              hint = std::string(w.substr(0, w.size() - sfx.size())) + "/s";
          }
          auto d = MakeDiagnostic(DiagCode::UnitsUnknown, atom.name.range,
                                  fmt::format("unknown unit `{}`", atom.name.text));
          if (!hint.empty())
            d.Note(fmt::format("did you mean `{}`?", hint)).Fix(atom.name.range, hint);
          if (atom.denominator)
            d.Note("to divide by a name, put the quantity in parentheses: `(80 GB) / n`");
          Report(std::move(d));
          return false;
        }
        factor = atom.denominator ? factor / u->factor : factor * u->factor;
        dim = atom.denominator ? dim / u->dim : dim * u->dim;
      }
      out.value = {e.number * factor, dim};
      if (!std::isfinite(out.value.si)) {
        Report(MakeDiagnostic(DiagCode::NumberOutOfRange, e.range,
                              "the quantity overflows: its value in base units is not finite"));
        return false;
      }
      return true;
    }
    case K::kRef: {
      Resolved r = Lookup(m, e.path);
      switch (r.kind) {
        case Resolved::Kind::kNone:
          return false;
        case Resolved::Kind::kValue:
        case Resolved::Kind::kLet:
          out = r.value;
          out.range = e.range;
          return true;
        case Resolved::Kind::kDerived:
          out = r.value;
          out.range = e.range;
          return true;
        case Resolved::Kind::kEntity:
          Report(MakeDiagnostic(
              DiagCode::ExprNotAValue, e.range,
              fmt::format("`{}` is a {}, not a value; name one of its fields, "
                          "e.g. `{}.FIELD`",
                          e.path.Text(), ir::EnumName(r.entity_kind), e.path.Text())));
          return false;
        case Resolved::Kind::kModule:
          Report(MakeDiagnostic(DiagCode::ExprNotAValue, e.range,
                                fmt::format("`{}` is a module, not a value", e.path.Text())));
          return false;
      }
      return false;
    }
    case K::kNegate: {
      out.op = Op::kNeg;
      out.args.resize(1);
      if (!Eval(m, e.args[0], out.args[0], allow_derived)) return false;
      out.value.dim = out.args[0].value.dim;
      return fold();
    }
    case K::kBinary:
    case K::kCompare: {
      out.args.resize(2);
      if (!Eval(m, e.args[0], out.args[0], allow_derived)) return false;
      if (!Eval(m, e.args[1], out.args[1], allow_derived)) return false;
      for (const auto& a : out.args) {
        if (ir::IsComparison(a.op)) {
          Report(MakeDiagnostic(DiagCode::ExprNotAValue, a.range,
                                "a comparison cannot be an operand"));
          return false;
        }
      }
      Dim a = out.args[0].value.dim, b = out.args[1].value.dim;
      const std::string& op = e.text;
      if (op == "*" || op == "/") {
        out.op = op == "*" ? Op::kMul : Op::kDiv;
        out.value.dim = op == "*" ? a * b : a / b;
        if (op == "/" && out.args[1].op == Op::kConst && out.args[1].value.si == 0) {
          Report(MakeDiagnostic(DiagCode::ExprDivisionByZero, m.ast.exprs[e.args[1]].range,
                                "division by zero"));
          return false;
        }
        return fold();
      }
      if (a != b) {
        const char* verb = op == "+" ? "add" : op == "-" ? "subtract" : "compare";
        Report(MakeDiagnostic(DiagCode::UnitsMismatch, e.range,
                              fmt::format("cannot {} {} and {}", verb, DimPhrase(a), DimPhrase(b)))
                   .Label(out.args[0].range, DimPhrase(a))
                   .Label(out.args[1].range, DimPhrase(b)));
        return false;
      }
      static const std::pair<const char*, Op> kOps[] = {
          {"+", Op::kAdd}, {"-", Op::kSub}, {"<", Op::kLt},  {"<=", Op::kLe},
          {">", Op::kGt},  {">=", Op::kGe}, {"==", Op::kEq}, {"!=", Op::kNe}};
      for (auto [spelling, o] : kOps)
        if (op == spelling) out.op = o;
      out.value.dim = ir::IsComparison(out.op) ? Dim{} : a;
      if (ir::IsComparison(out.op)) return true;  // kept unfolded so `require` can show sides
      return fold();
    }
    case K::kCall: {
      std::string name = e.path.Text();
      static const std::pair<const char*, Op> kFns[] = {
          {"min", Op::kMin}, {"max", Op::kMax}, {"ceil", Op::kCeil}, {"floor", Op::kFloor}};
      bool known = false;
      for (auto [spelling, o] : kFns)
        if (name == spelling) {
          out.op = o;
          known = true;
        }
      if (!known) {
        std::string hint = Suggest(name, {"min", "max", "ceil", "floor"});
        auto d = MakeDiagnostic(DiagCode::ExprBadCall, e.path.range,
                                fmt::format("unknown function `{}`; the functions are `min`, "
                                            "`max`, `ceil` and `floor`",
                                            name));
        if (!hint.empty()) d.Note(fmt::format("did you mean `{}`?", hint)).Fix(e.path.range, hint);
        Report(std::move(d));
        return false;
      }
      bool unary = out.op == Op::kCeil || out.op == Op::kFloor;
      if ((unary && e.args.size() != 1) || (!unary && e.args.empty())) {
        Report(MakeDiagnostic(
            DiagCode::ExprBadCall, e.range,
            fmt::format("`{}` takes {}; got {} argument(s)", name,
                        unary ? "one argument" : "one or more arguments", e.args.size())));
        return false;
      }
      out.args.resize(e.args.size());
      for (size_t i = 0; i < e.args.size(); ++i)
        if (!Eval(m, e.args[i], out.args[i], allow_derived)) return false;
      Dim d0 = out.args[0].value.dim;
      for (size_t i = 1; i < out.args.size(); ++i) {
        if (out.args[i].value.dim != d0) {
          Report(MakeDiagnostic(DiagCode::UnitsMismatch, e.range,
                                fmt::format("`{}` of {} and {}", name, DimPhrase(d0),
                                            DimPhrase(out.args[i].value.dim))));
          return false;
        }
      }
      if (unary && !d0.IsDimensionless()) {
        Report(MakeDiagnostic(
                   DiagCode::ExprBadCall, e.range,
                   fmt::format("`{}` rounds counts; its argument is {}", name, DimPhrase(d0)))
                   .Note("divide by a unit first: `ceil(x / (1 GB))`"));
        return false;
      }
      out.value.dim = d0;
      return fold();
    }
    case K::kObject:
    case K::kMultiset:
    case K::kString:
    case K::kBool:
    case K::kRatio: {
      const char* what = e.kind == K::kObject     ? "a block"
                         : e.kind == K::kMultiset ? "a multiset (`N x part`)"
                         : e.kind == K::kString   ? "a string"
                         : e.kind == K::kBool     ? "a boolean"
                                                  : "a ratio";
      Report(MakeDiagnostic(DiagCode::ExprNotAValue, e.range,
                            fmt::format("{} cannot be used in arithmetic or as this value", what)));
      return false;
    }
  }
  return false;
}

std::string FormatSide(const ir::Expr& e, const SourceManager& sources) {
  std::string text(sources.Slice(e.range));
  if (e.op == ir::Expr::Op::kConst) {
    std::string shown = FormatForPeople(e.value);
    if (text != shown) return fmt::format("{} = {}", text, shown);
  }
  return text;
}

void Sema::CheckRequire(Module& m, const ast::Require& r) {
  ir::Expr cond;
  if (!Eval(m, r.condition, cond, true)) return;
  if (!ir::IsComparison(cond.op)) {
    Report(MakeDiagnostic(DiagCode::RequireNotComparison, cond.range,
                          "`require` takes a comparison such as `a <= b`"));
    return;
  }
  bool constant =
      cond.args[0].op == ir::Expr::Op::kConst && cond.args[1].op == ir::Expr::Op::kConst;
  if (!constant) {
    program_.requires_.push_back({std::move(cond), r.message, r.range});
    return;
  }
  auto holds = ir::Evaluate(cond, nullptr);
  if (holds && *holds == 0) {
    Report(MakeDiagnostic(DiagCode::RequireFailed, r.range, r.message)
               .Note(fmt::format("left: {}", FormatSide(cond.args[0], sources_)))
               .Note(fmt::format("right: {}", FormatSide(cond.args[1], sources_))));
  }
}

}  // namespace clusterc::semantic
