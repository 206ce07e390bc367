// Applying the IR schema: binds the fields of a block to an IR struct through its `Describe`
// function (unknown, missing, duplicate and mistyped fields are diagnosed here), reads declared
// fields back by name, and fills the defaults computed from other fields. Internal to sema.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <type_traits>

#include "frontend/sema.h"
#include "frontend/suggest.h"
#include "ir/limits.h"
#include "ir/traits.h"

namespace clusterc::semantic {

using ir::IsList;
using ir::IsPart;
using ir::IsQ;
using ir::IsQuantityPart;
using ir::IsRef;
using ir::IsRefList;

// The constructor word of sub-structs without variants: `racks = rack { ... }`.
template <class S>
constexpr std::string_view StructWord() {
  if constexpr (std::is_same_v<S, ir::Rack>) return "rack";
  if constexpr (std::is_same_v<S, ir::Parallel>) return "parallel";
  if constexpr (std::is_same_v<S, ir::Batch>) return "batch";
  if constexpr (std::is_same_v<S, ir::Checkpoint>) return "checkpoint";
  if constexpr (std::is_same_v<S, ir::Moe>) return "moe";
  if constexpr (std::is_same_v<S, ir::Mla>) return "mla";
  return "";
}

class Binder {
 public:
  // `inherited` lists fields set by what this extends (their locations are kept).
  Binder(Sema& sema, Module& module, const ast::Body* body, std::string what, ir::SourceRange owner,
         std::vector<ir::FieldLocation>* locations, bool check_required)
      : sema_(sema),
        m_(module),
        body_(body),
        what_(std::move(what)),
        owner_(owner),
        locations_(locations),
        check_required_(check_required) {
    if (!body_) return;
    for (const auto& member : body_->members) {
      if (member.kind == ast::Member::Kind::kRequire) continue;
      auto [it, inserted] = members_.emplace(member.name.text, &member);
      if (!inserted) {
        sema_
            .Pending(DiagCode::FieldDuplicate, member.name.range,
                     fmt::format("field `{}` is set twice in {}", member.name.text, what_))
            .Label(it->second->name.range, "first set here");
      }
    }
  }

  // Where the block sits in the schema ("plan", "plan.batch"), for the plausible ranges.
  void SetScope(std::string scope) { scope_ = std::move(scope); }

  void SetTag(std::string_view word, ir::SourceRange range) {
    tag_word_ = word;
    tag_range_ = range;
  }

  template <class E>
  void Tag(E& kind) {
    tag_mask_ = 1u << static_cast<unsigned>(kind);
    if (tag_word_.empty()) return;
    std::vector<std::string> words;
    for (auto n : ir::EnumNames<E>::kNames) words.emplace_back(n);
    if (!ir::EnumFromName(tag_word_, kind)) {
      std::string hint = Suggest(tag_word_, words);
      auto& d = sema_.Pending(
          DiagCode::FieldUnknownValue, tag_range_,
          fmt::format("`{}` is not a kind of {}; expected {}", tag_word_, what_, Plural(words)));
      if (!hint.empty()) d.Note(fmt::format("did you mean `{}`?", hint)).Fix(tag_range_, hint);
      tag_ok_ = false;
    }
    tag_mask_ = 1u << static_cast<unsigned>(kind);
    has_tag_ = true;
  }

  template <class T, class... Only>
  void Field(std::string_view name, T& member, uint32_t flags, std::string_view doc, Only... only) {
    uint32_t applies = 0;
    ((applies |= 1u << static_cast<unsigned>(only)), ...);
    known_.emplace_back(name);
    auto it = members_.find(name);
    bool applicable = applies == 0 || (applies & tag_mask_);
    if (it == members_.end()) {
      if ((flags & ir::kRequired) && applicable && check_required_ && !Inherited(name) && tag_ok_)
        missing_.push_back({std::string(name), std::string(doc)});
      return;
    }
    const ast::Member& m = *it->second;
    used_.push_back(&m);
    if (!applicable) {
      sema_.Pending(DiagCode::FieldNotApplicable, m.name.range,
                    fmt::format("field `{}` does not apply to {} {}", name,
                                tag_word_.empty() ? std::string("this kind of")
                                                  : "`" + std::string(tag_word_) + "`",
                                what_));
      return;
    }
    if (Assign(member, m, name, flags) && Plausible(member, m, name)) Record(name, m.range);
  }

  template <class S>
  void Optional(std::string_view name, bool& has, S& sub, std::string_view doc) {
    known_.emplace_back(name);
    auto it = members_.find(name);
    if (it == members_.end()) return;
    used_.push_back(it->second);
    if (Assign(sub, *it->second, name, 0)) {
      has = true;
      Record(name, it->second->range);
    }
  }

  // Reports unknown and missing fields; runs nested `require`s.
  void Finish() {
    if (body_) {
      for (const auto& member : body_->members) {
        if (member.kind == ast::Member::Kind::kRequire) {
          sema_.CheckRequire(m_, member.require);
          continue;
        }
        if (std::find(used_.begin(), used_.end(), &member) != used_.end()) continue;
        auto first = members_.find(member.name.text);
        if (first != members_.end() && first->second != &member) continue;  // duplicate
        std::string hint = Suggest(member.name.text, known_);
        auto& d = sema_.Pending(DiagCode::FieldUnknown, member.name.range,
                                fmt::format("{} has no field `{}`", what_, member.name.text));
        if (!hint.empty()) {
          d.Note(fmt::format("did you mean `{}`?", hint)).Fix(member.name.range, hint);
          suggested_.push_back(hint);
        }
      }
    }
    for (const auto& [name, doc] : missing_) {
      // A misspelt field already says "did you mean" this one: no second error for it.
      if (std::find(suggested_.begin(), suggested_.end(), name) != suggested_.end()) continue;
      sema_
          .Pending(DiagCode::FieldMissing, owner_,
                   fmt::format("{} is missing required field `{}`", what_, name))
          .Note(fmt::format("`{}`: {}", name, doc));
    }
  }

 private:
  bool Inherited(std::string_view name) const {
    if (!locations_) return false;
    for (const auto& f : *locations_)
      if (f.field == name) return true;
    return false;
  }
  void Record(std::string_view name, ir::SourceRange range) {
    if (!locations_) return;
    for (auto& f : *locations_) {
      if (f.field == name) {
        f.range = range;
        return;
      }
    }
    locations_->push_back({name, range});
  }

  const ast::Expr* ValueOf(const ast::Member& m, std::string_view name, const char* expected) {
    if (m.kind == ast::Member::Kind::kValue) return &m_.ast.exprs[m.value];
    sema_.Pending(DiagCode::FieldTypeMismatch, m.name.range,
                  fmt::format("field `{}` takes {}, not a block", name, expected));
    return nullptr;
  }

  // Checks a bound value against its field's plausible range (ir/limits.h), if it has one.
  template <class T>
  bool Plausible(T& member, const ast::Member& m, std::string_view name) {
    double v;
    if constexpr (IsQ<T>::value)
      v = member.si;
    else if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, double>)
      v = double(member);
    else if constexpr (ir::IsPartSum<T>::value)
      v = double(member.TotalCount());
    else if constexpr (IsPart<T>::value || IsQuantityPart<T>::value)
      v = double(member.count);
    else if constexpr (std::is_same_v<T, ir::Ratio>)
      v = member.Factor();
    else
      return true;
    const ir::PlausibleRange* range = ir::FindPlausibleRange(scope_, name);
    if (!range || (v >= range->min && v <= range->max)) return true;
    ir::SourceRange where =
        m.kind == ast::Member::Kind::kValue ? m_.ast.exprs[m.value].range : m.range;
    std::string unit;
    if constexpr (IsQ<T>::value) unit = " " + ir::DimUnit(T::kDim);
    sema_
        .Pending(DiagCode::NumberInvalidValue, where,
                 fmt::format("field `{}` is {}{}, outside its plausible range {} to {}{}", name,
                             FormatNumber(v), unit, FormatNumber(range->min),
                             FormatNumber(range->max), unit))
        .Note(
            "the ranges bound what clusterc can analyse and generate; see \"Limits\" in "
            "docs/language.md");
    member = T{};
    return false;
  }

  bool CheckFlags(double v, uint32_t flags, const ast::Expr& e, std::string_view name) {
    if ((flags & ir::kPositive) && !(v > 0)) {
      sema_.Pending(
          DiagCode::NumberInvalidValue, e.range,
          fmt::format("field `{}` must be greater than zero; got {}", name, FormatNumber(v)));
      return false;
    }
    if ((flags & ir::kFraction) && !(v >= 0 && v <= 1)) {
      sema_.Pending(DiagCode::NumberInvalidValue, e.range,
                    fmt::format("field `{}` is a fraction between 0 and 1 (0 % to 100 %); got {}",
                                name, FormatNumber(v)));
      return false;
    }
    if (!(flags & ir::kFraction) && v < 0) {
      sema_.Pending(DiagCode::NumberInvalidValue, e.range,
                    fmt::format("field `{}` cannot be negative; got {}", name, FormatNumber(v)));
      return false;
    }
    return true;
  }

  // `memory = 2048 Gb`: a capacity in bits is almost always a `B` typed as `b` (bits are for line
  // rates). A warning with the byte spelling, since the value is legal.
  void WarnBits(const ast::Expr& e, std::string_view name) {
    if (e.kind != ast::ExprKind::kNumber || e.unit.size() != 1) return;
    const std::string& unit = e.unit[0].name.text;
    if (unit.empty() || unit.back() != 'b') return;
    std::string bytes = unit == "kb" ? "kB" : unit.substr(0, unit.size() - 1) + "B";
    sema_
        .Pending(DiagCode::UnitsCapacityInBits, e.range,
                 fmt::format("field `{}` is a capacity given in bits: {} {} = {} {}", name,
                             FormatNumber(e.number), unit, FormatNumber(e.number / 8), bytes))
        .Note(fmt::format("`{}` is bits, `{}` bytes; capacities are in bytes", unit, bytes))
        .Fix(e.unit[0].name.range, bytes);
  }

  // The terms of `a + b + c`, in order.
  void Terms(const ast::Expr& e, std::vector<const ast::Expr*>& out) {
    if (e.kind == ast::ExprKind::kBinary && e.text == "+" && e.args.size() == 2) {
      Terms(m_.ast.exprs[e.args[0]], out);
      Terms(m_.ast.exprs[e.args[1]], out);
      return;
    }
    out.push_back(&e);
  }

  // `a + b + c` as a list of references, in order.
  template <class R>
  bool RefList(const ast::Expr& e, std::vector<R>& out) {
    if (e.kind == ast::ExprKind::kBinary && e.text == "+" && e.args.size() == 2)
      return RefList(m_.ast.exprs[e.args[0]], out) & RefList(m_.ast.exprs[e.args[1]], out);
    R ref;
    if (!sema_.ResolveRef(m_, e, ref)) return false;
    out.push_back(ref);
    return true;
  }

  // Evaluates a dimensioned value and checks its dimension against the field's.
  bool Dimensioned(const ast::Expr& e, Dim want, std::string_view name, double& si) {
    Quantity q;
    ast::ExprId id = ast::ExprId(&e - m_.ast.exprs.data());
    if (!sema_.EvalConst(m_, id, q)) return false;
    if (q.dim != want) {
      auto& d = sema_.Pending(
          DiagCode::UnitsFieldDimension, e.range,
          fmt::format("field `{}` takes {}; got {}", name, DimPhrase(want), DimPhrase(q.dim)));
      if (want.IsDimensionless() && q.dim == ir::dims::kInfo && e.kind == ast::ExprKind::kNumber &&
          e.unit.size() == 1 && e.unit[0].name.text == "B") {
        d.Note(fmt::format("`B` is bytes; for a count write `{} billion`", FormatNumber(e.number)))
            .Fix(e.unit[0].name.range, "billion");
      } else if (q.dim.IsDimensionless() && !want.IsDimensionless()) {
        d.Note(fmt::format("write a unit after the number, e.g. {}", Plural(UnitsOf(want))));
      }
      return false;
    }
    si = q.si;
    return true;
  }

  template <class T>
  bool Assign(T& out, const ast::Member& m, std::string_view name, uint32_t flags) {
    if constexpr (IsList<T>::value) {
      // `one_of(a, b, ...)`, or a single value: each alternative is bound as the element type.
      const ast::Expr* e = ValueOf(m, name, "alternatives: `one_of(a, b, ...)`");
      if (!e) return false;
      std::vector<ast::ExprId> items;
      if (e->kind == ast::ExprKind::kCall && e->path.Text() == "one_of") {
        items = e->args;
        if (items.empty()) {
          sema_.Pending(
              DiagCode::FieldTypeMismatch, e->range,
              fmt::format("field `{}` needs at least one alternative in `one_of()`", name));
          return false;
        }
      } else {
        items.push_back(ast::ExprId(e - m_.ast.exprs.data()));
      }
      bool ok = true;
      out.clear();
      for (ast::ExprId id : items) {
        ast::Member one = m;
        one.kind = ast::Member::Kind::kValue;
        one.value = id;
        typename IsList<T>::Element element{};
        if (Assign(element, one, name, flags))
          out.push_back(element);
        else
          ok = false;
      }
      return ok;
    } else if constexpr (IsQ<T>::value) {
      const ast::Expr* e = ValueOf(m, name, "a quantity");
      double si;
      if (!e || !Dimensioned(*e, T::kDim, name, si) || !CheckFlags(si, flags, *e, name))
        return false;
      if constexpr (T::kDim == ir::dims::kInfo) WarnBits(*e, name);
      out = T(si);
      return true;
    } else if constexpr (std::is_same_v<T, int64_t>) {
      const ast::Expr* e = ValueOf(m, name, "a whole number");
      double v;
      if (!e || !Dimensioned(*e, ir::dims::kNone, name, v)) return false;
      if (std::fabs(v) > 9.0e15) {
        sema_.Pending(DiagCode::NumberInvalidValue, e->range,
                      fmt::format("field `{}` takes a whole number up to 9e15; got {}", name,
                                  FormatNumber(v)));
        return false;
      }
      if (v != std::floor(v)) {
        sema_.Pending(
            DiagCode::NumberNotInteger, e->range,
            fmt::format("field `{}` takes a whole number; got {}", name, FormatNumber(v)));
        return false;
      }
      if (!CheckFlags(v, flags, *e, name)) return false;
      out = int64_t(v);
      return true;
    } else if constexpr (std::is_same_v<T, double>) {
      const ast::Expr* e = ValueOf(m, name, "a number");
      double v;
      if (!e || !Dimensioned(*e, ir::dims::kNone, name, v) || !CheckFlags(v, flags, *e, name))
        return false;
      out = v;
      return true;
    } else if constexpr (std::is_same_v<T, bool>) {
      const ast::Expr* e = ValueOf(m, name, "`true` or `false`");
      if (!e) return false;
      if (e->kind != ast::ExprKind::kBool) {
        sema_.Pending(DiagCode::FieldTypeMismatch, e->range,
                      fmt::format("field `{}` takes `true` or `false`", name));
        return false;
      }
      out = e->boolean;
      return true;
    } else if constexpr (std::is_same_v<T, std::string>) {
      const ast::Expr* e = ValueOf(m, name, "a string");
      if (!e) return false;
      if (e->kind != ast::ExprKind::kString) {
        sema_.Pending(DiagCode::FieldTypeMismatch, e->range,
                      fmt::format("field `{}` takes a string in double quotes", name));
        return false;
      }
      out = e->text;
      return true;
    } else if constexpr (std::is_enum_v<T>) {
      const ast::Expr* e = ValueOf(m, name, "a word");
      if (!e) return false;
      std::vector<std::string> words;
      for (auto n : ir::EnumNames<T>::kNames) words.emplace_back(n);
      if (e->kind != ast::ExprKind::kRef || e->path.parts.size() != 1) {
        sema_.Pending(DiagCode::FieldTypeMismatch, e->range,
                      fmt::format("field `{}` takes one of {}", name, Plural(words)));
        return false;
      }
      const std::string& word = e->path.parts[0].text;
      if (!ir::EnumFromName(word, out)) {
        std::string hint = Suggest(word, words);
        auto& d = sema_.Pending(
            DiagCode::FieldUnknownValue, e->range,
            fmt::format("field `{}` does not accept `{}`; expected {}", name, word, Plural(words)));
        if (!hint.empty()) d.Note(fmt::format("did you mean `{}`?", hint)).Fix(e->range, hint);
        return false;
      }
      return true;
    } else if constexpr (std::is_same_v<T, ir::Ratio>) {
      const ast::Expr* e = ValueOf(m, name, "a ratio such as `1:1`");
      if (!e) return false;
      if (e->kind != ast::ExprKind::kRatio) {
        sema_.Pending(DiagCode::FieldTypeMismatch, e->range,
                      fmt::format("field `{}` takes a ratio such as `1:1` or `1:7`", name));
        return false;
      }
      if (!(e->number > 0 && e->number2 > 0)) {
        sema_.Pending(DiagCode::NumberInvalidValue, e->range,
                      fmt::format("both sides of ratio `{}:{}` must be greater than zero",
                                  FormatNumber(e->number), FormatNumber(e->number2)));
        return false;
      }
      out = {e->number, e->number2};
      return true;
    } else if constexpr (IsRef<T>::value) {
      const ast::Expr* e = ValueOf(m, name, "a reference");
      return e && sema_.ResolveRef(m_, *e, out);
    } else if constexpr (IsRefList<T>::value) {
      const ast::Expr* e = ValueOf(m, name, "references joined by `+`");
      if (!e) return false;
      out.clear();
      return RefList(*e, out) && !out.empty();
    } else if constexpr (ir::IsPartSum<T>::value) {
      // `64 x a + 32 x b`: each term of the sum is one group.
      const ast::Expr* e = ValueOf(m, name, "groups such as `64 x a + 32 x b`");
      if (!e) return false;
      std::vector<const ast::Expr*> terms;
      Terms(*e, terms);
      out.more.clear();
      out.ranges.clear();
      bool ok = true;
      for (size_t i = 0; i < terms.size(); ++i) {
        ast::Member one = m;
        one.kind = ast::Member::Kind::kValue;
        one.value = ast::ExprId(terms[i] - m_.ast.exprs.data());
        ir::Part<typename ir::IsPart<T>::Target> part;
        if (!Assign(part, one, name, flags)) {
          ok = false;
          continue;
        }
        out.ranges.push_back(terms[i]->range);
        if (i == 0)
          static_cast<ir::Part<typename ir::IsPart<T>::Target>&>(out) = part;
        else
          out.more.push_back(part);
      }
      if (!ok) out.ranges.clear();  // a failed term would shift the ranges against the groups
      return ok;
    } else if constexpr (IsPart<T>::value || IsQuantityPart<T>::value) {
      const ast::Expr* e = ValueOf(m, name, "a multiset such as `8 x part`");
      if (!e) return false;
      if (e->kind != ast::ExprKind::kMultiset) {
        sema_.Pending(DiagCode::FieldTypeMismatch, e->range,
                      fmt::format("field `{}` takes a count and a part: `N x part`", name));
        return false;
      }
      Quantity count;
      const ast::Expr& count_expr = m_.ast.exprs[e->args[0]];
      if (!sema_.EvalConst(m_, e->args[0], count)) return false;
      if (!count.dim.IsDimensionless() || count.si != std::floor(count.si) || count.si < 1 ||
          count.si > 9.0e15) {
        sema_.Pending(DiagCode::NumberNotInteger, count_expr.range,
                      fmt::format("the count before `x` must be a whole number of at least 1; "
                                  "got {}",
                                  FormatQuantity(count)));
        return false;
      }
      out.count = int64_t(count.si);
      const ast::Expr& part = m_.ast.exprs[e->args[1]];
      if constexpr (IsPart<T>::value) {
        return sema_.ResolveRef(m_, part, out.ref);
      } else {
        double si;
        using QT = decltype(out.each);
        if (!Dimensioned(part, QT::kDim, name, si) || !CheckFlags(si, ir::kPositive, part, name))
          return false;
        out.each = QT(si);
        return true;
      }
    } else {
      // A sub-struct: `name { ... }` or `name = word { ... }`.
      const ast::Body* body = nullptr;
      std::string_view word;
      ir::SourceRange word_range;
      if (m.kind == ast::Member::Kind::kBlock) {
        body = &m_.ast.bodies[m.body];
      } else {
        const ast::Expr& e = m_.ast.exprs[m.value];
        if (e.kind != ast::ExprKind::kObject || e.path.parts.size() != 1) {
          sema_.Pending(DiagCode::FieldTypeMismatch, e.range,
                        fmt::format("field `{}` takes a block: `{} {{ ... }}`", name, name));
          return false;
        }
        body = &m_.ast.bodies[e.body];
        word = e.path.parts[0].text;
        word_range = e.path.range;
        constexpr std::string_view fixed = StructWord<T>();
        if (!fixed.empty() && word != fixed) {
          auto& d = sema_.Pending(
              DiagCode::FieldUnknownValue, word_range,
              fmt::format("field `{}` takes `{} {{ ... }}`, not `{}`", name, fixed, word));
          d.Fix(word_range, std::string(fixed));
          return false;
        }
      }
      Binder sub(sema_, m_, body, fmt::format("`{}`", name), m.range, nullptr, true);
      sub.SetScope(scope_ + "." + std::string(name));
      if (!word.empty()) sub.SetTag(word, word_range);
      Describe(out, sub);
      sub.Finish();
      return true;
    }
  }

  Sema& sema_;
  Module& m_;
  const ast::Body* body_;
  std::string what_;
  ir::SourceRange owner_;
  std::vector<ir::FieldLocation>* locations_;
  bool check_required_;
  std::map<std::string, const ast::Member*, std::less<>> members_;
  std::vector<const ast::Member*> used_;
  std::vector<std::string> known_;
  std::vector<std::pair<std::string, std::string>> missing_;
  std::vector<std::string> suggested_;
  std::string scope_;
  std::string_view tag_word_;
  ir::SourceRange tag_range_;
  uint32_t tag_mask_ = ~0u;
  bool has_tag_ = false;
  bool tag_ok_ = true;
};

// Reads a declared field's value from a resolved entity, by name.
class FieldReader {
 public:
  explicit FieldReader(std::string_view name) : name_(name) {}
  template <class E>
  void Tag(E&) {}
  template <class T, class... Only>
  void Field(std::string_view name, T& member, uint32_t, std::string_view, Only...) {
    if (name != name_) return;
    found_ = true;
    if constexpr (IsQ<T>::value) {
      value_ = member.ToRuntime();
      ok_ = true;
    } else if constexpr (std::is_same_v<T, int64_t>) {
      value_ = {double(member), {}};
      ok_ = true;
    } else if constexpr (std::is_same_v<T, double>) {
      value_ = {member, {}};
      ok_ = true;
    } else if constexpr (ir::IsPartSum<T>::value) {
      value_ = {double(member.TotalCount()), {}};  // `cluster.nodes`: nodes of every group
      ok_ = true;
    } else if constexpr (IsPart<T>::value || IsQuantityPart<T>::value) {
      value_ = {double(member.count), {}};  // `node.gpus` reads as the count
      ok_ = true;
    } else if constexpr (std::is_same_v<T, ir::Ratio>) {
      value_ = {member.Factor(), {}};
      ok_ = true;
    } else if constexpr (IsRefList<T>::value) {
      value_ = {double(member.size()), {}};  // `jobs.plans` reads as the count
      ok_ = true;
    } else if constexpr (std::is_class_v<T> && !std::is_same_v<T, std::string> &&
                         !IsRef<T>::value && !IsList<T>::value) {
      sub_ = [&member](std::string_view field, FieldReader& r) {
        FieldReader inner(field);
        Describe(member, inner);
        r = inner;
      };
    }
  }
  template <class S>
  void Optional(std::string_view name, bool&, S& sub, std::string_view doc) {
    Field(name, sub, 0, doc);
  }

  bool found() const { return found_; }
  bool ok() const { return ok_; }
  Quantity value() const { return value_; }
  bool has_sub() const { return bool(sub_); }
  void Descend(std::string_view field) {
    auto f = sub_;
    f(field, *this);
  }

  std::vector<std::string> names;

 private:
  std::string_view name_;
  bool found_ = false, ok_ = false;
  Quantity value_;
  std::function<void(std::string_view, FieldReader&)> sub_;
};

// Lists the field names of a struct, for suggestions.
class FieldNames {
 public:
  template <class E>
  void Tag(E&) {}
  template <class T, class... Only>
  void Field(std::string_view name, T&, uint32_t, std::string_view, Only...) {
    names.emplace_back(name);
  }
  template <class S>
  void Optional(std::string_view name, bool&, S&, std::string_view) {
    names.emplace_back(name);
  }
  std::vector<std::string> names;
};

template <class F>
auto WithEntityType(ir::Kind kind, F&& f) {
  switch (kind) {
    case ir::Kind::gpu:
      return f(static_cast<ir::Gpu*>(nullptr));
    case ir::Kind::cpu:
      return f(static_cast<ir::Cpu*>(nullptr));
    case ir::Kind::nic:
      return f(static_cast<ir::Nic*>(nullptr));
    case ir::Kind::switch_:
      return f(static_cast<ir::Switch*>(nullptr));
    case ir::Kind::link:
      return f(static_cast<ir::Link*>(nullptr));
    case ir::Kind::cooling:
      return f(static_cast<ir::Cooling*>(nullptr));
    case ir::Kind::node:
      return f(static_cast<ir::Node*>(nullptr));
    case ir::Kind::fabric:
      return f(static_cast<ir::Fabric*>(nullptr));
    case ir::Kind::site:
      return f(static_cast<ir::Site*>(nullptr));
    case ir::Kind::cluster:
      return f(static_cast<ir::Cluster*>(nullptr));
    case ir::Kind::model:
      return f(static_cast<ir::Model*>(nullptr));
    case ir::Kind::plan:
      return f(static_cast<ir::Plan*>(nullptr));
    case ir::Kind::jobs:
      return f(static_cast<ir::Jobs*>(nullptr));
    case ir::Kind::sweep:
      return f(static_cast<ir::Sweep*>(nullptr));
  }
  return f(static_cast<ir::Plan*>(nullptr));
}

bool HasExplicit(const ir::Entity& e, std::string_view field) {
  for (const auto& f : e.fields)
    if (f.field == field) return true;
  return false;
}

// Defaults computed from other fields, recomputed for every entity (also one that extends another)
// unless the field was set explicitly.
void ApplyComputedDefaults(ir::Program& p, ir::Gpu& g) {
  if (!HasExplicit(g, "fp16_flops")) g.fp16_flops = g.bf16_flops;
}
void ApplyComputedDefaults(ir::Program& p, ir::Model& m) {
  if (!HasExplicit(m, "kv_heads")) m.kv_heads = m.heads;
}
void ApplyComputedDefaults(ir::Program& p, ir::Node& n) {
  if (!HasExplicit(n, "gpu_power") && n.gpus.ref.Valid()) n.gpu_power = p.Get(n.gpus.ref).tdp;
  if (!HasExplicit(n, "scale_up_domain")) {
    n.scale_up_domain = n.gpus.count;
    if (n.scale_up.Valid())
      n.scale_up_domain = std::min<int64_t>(n.gpus.count, p.Get(n.scale_up).domain_size);
  }
}
template <class T>
void ApplyComputedDefaults(ir::Program&, T&) {}

}  // namespace clusterc::semantic
