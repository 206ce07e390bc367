// Semantic checking: modules and imports, names, `extends`, units and types, `require`.
//
// Declarations resolve lazily and at most once: a reference to a declaration resolves it (and
// what it extends) first, so any order of declarations works and cycles are found on the way.
// Every entity of the user's files is resolved; standard-library entities only when referenced.
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <type_traits>

#include "diag/format.h"
#include "frontend/compile.h"
#include "frontend/parse.h"
#include "frontend/suggest.h"
#include "frontend/units.h"
#include "ir/derived.h"
#include "ir/expr.h"
#include "ir/traits.h"

namespace clusterc {
namespace {

namespace fs = std::filesystem;
using ir::Dim;
using ir::Quantity;

using ir::IsPart;
using ir::IsQ;
using ir::IsQuantityPart;
using ir::IsRef;

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

// A path as diagnostics show it: relative to the working directory when inside it, so output does
// not depend on where a checkout lives.
std::string DisplayPath(const fs::path& path) {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  if (!ec) {
    fs::path rel = path.lexically_relative(cwd);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  return path.generic_string();
}

std::string Plural(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i) out += i + 1 == words.size() ? " or " : ", ";
    out += "`" + words[i] + "`";
  }
  return out;
}

std::string FormatNumber(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{}", int64_t(v));
  return fmt::format("{:.4g}", v);
}

// A quantity for messages: the value in the dimension's base unit, e.g. "1.2e+09 B".
std::string FormatQuantity(const Quantity& q) {
  std::string unit = ir::DimUnit(q.dim);
  return unit.empty() ? FormatNumber(q.si) : FormatNumber(q.si) + " " + unit;
}

std::string DimPhrase(Dim d) {
  if (d.IsDimensionless()) return "a count";
  std::string name = ir::DimName(d), unit = ir::DimUnit(d);
  return name == unit ? unit : fmt::format("{} ({})", name, unit);
}

// Units a person would write for dimension `d`, for hints.
std::vector<std::string> UnitsOf(Dim d) {
  namespace k = ir::dims;
  static const std::pair<Dim, std::vector<std::string>> kExamples[] = {
      {k::kInfo, {"GB", "GiB", "TB"}},
      {k::kTime, {"s", "min", "h"}},
      {k::kPower, {"W", "kW", "MW"}},
      {k::kEnergy, {"kWh", "MWh"}},
      {k::kMoney, {"USD"}},
      {k::kWork, {"TFLOP", "PFLOP"}},
      {k::kBandwidth, {"GB/s", "Gb/s", "TB/s"}},
      {k::kFlopRate, {"TFLOP/s", "PFLOP/s"}},
      {k::kEnergyPrice, {"USD/kWh"}},
      {k::kMoneyRate, {"USD/h", "USD/yr"}},
      {k::kMoney / k::kPower, {"USD/W", "million USD/MW"}},
  };
  for (const auto& [dim, units] : kExamples)
    if (dim == d) return units;
  return {ir::DimUnit(d)};
}

struct Module;

// What a name resolves to.
struct Resolved {
  enum class Kind { kNone, kEntity, kLet, kModule, kValue, kDerived } kind = Kind::kNone;
  Module* module = nullptr;
  uint32_t index = 0;  // decl or let index within module
  ir::Kind entity_kind{};
  uint32_t entity = 0;
  ir::Expr value;  // kValue, kDerived
};

struct DeclState {
  enum class State : uint8_t { kUnresolved, kResolving, kDone, kFailed } state = State::kUnresolved;
  ir::Kind kind{};
  uint32_t entity = 0;
};

struct LetState {
  enum class State : uint8_t { kUnresolved, kResolving, kDone, kFailed } state = State::kUnresolved;
  ir::Expr value;
};

struct Symbol {
  enum class Kind { kDecl, kLet, kModule } kind;
  uint32_t index;  // decl index, let index, or module index
  ir::SourceRange range;
};

struct Module {
  std::string key;    // "std.nvidia" or the canonical path
  std::string alias;  // the name other files use for it
  bool is_std = false;
  fs::path dir;
  ast::File ast;
  std::map<std::string, Symbol, std::less<>> scope;
  std::vector<DeclState> decls;
  std::vector<LetState> lets;
};

class Sema {
 public:
  Sema(const CompileOptions& options, SourceManager& sources, DiagnosticSink& sink)
      : options_(options), sources_(sources), sink_(sink) {}

  ir::Program Run(const std::string& main_path);

  // --- used by the Binder ---
  void Report(Diagnostic d) {
    if (d.severity == Severity::kError) ++errors_;
    sink_.Report(std::move(d));
  }
  Diagnostic& Pending(DiagCode code, ir::SourceRange range, std::string message) {
    pending_.push_back(MakeDiagnostic(code, range, std::move(message)));
    return pending_.back();
  }
  void Flush() {
    for (auto& d : pending_) Report(std::move(d));
    pending_.clear();
  }
  bool EvalConst(Module& m, ast::ExprId id, Quantity& out, bool allow_derived = false);
  bool Eval(Module& m, ast::ExprId id, ir::Expr& out, bool allow_derived);
  Resolved Lookup(Module& m, const ast::Path& path);
  template <class T>
  bool ResolveRef(Module& m, const ast::Expr& e, ir::Ref<T>& out);
  template <class T>
  bool ResolveEntity(Module& m, uint32_t decl, ir::Ref<T>* out, bool report_kind = true,
                     ir::SourceRange use = {});
  void CheckRequire(Module& m, const ast::Require& r);
  ir::Program& program() { return program_; }

 private:
  Module* Load(const std::string& key, const std::string& alias, bool is_std, const fs::path& dir,
               uint32_t file_id, std::vector<std::string>& stack, ir::SourceRange import_range);
  Module* ImportModule(Module& from, const ast::Import& imp, std::vector<std::string>& stack);
  void BuildScope(Module& m);
  bool ResolveDecl(Module& m, uint32_t decl);
  template <class T>
  bool BindDecl(Module& m, uint32_t decl_index);
  bool EvalLet(Module& m, uint32_t let);
  bool ReadField(ir::Kind kind, uint32_t entity, const std::vector<ast::Ident>& fields,
                 size_t first, const ast::Path& path, bool allow_derived, ir::Expr& out);
  void CollectSuppressions(Module& m);

  const CompileOptions& options_;
  SourceManager& sources_;
  DiagnosticSink& sink_;
  std::vector<std::unique_ptr<Module>> modules_;
  std::map<std::string, size_t> module_index_;
  std::vector<Diagnostic> pending_;
  ir::Program program_;
  fs::path root_;
  int errors_ = 0;
  int depth_ = 0;  // resolution depth: bounds the recursion of deeply chained references
  std::vector<std::string> resolving_;  // declarations being resolved, for cycle notes
};

// ---------------------------------------------------------------------------------------------
// Binding source values into IR structs through their Describe functions.

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
    if (Assign(member, m, name, flags)) Record(name, m.range);
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
    if constexpr (IsQ<T>::value) {
      const ast::Expr* e = ValueOf(m, name, "a quantity");
      double si;
      if (!e || !Dimensioned(*e, T::kDim, name, si) || !CheckFlags(si, flags, *e, name))
        return false;
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
    } else if constexpr (IsPart<T>::value || IsQuantityPart<T>::value) {
      value_ = {double(member.count), {}};  // `node.gpus` reads as the count
      ok_ = true;
    } else if constexpr (std::is_same_v<T, ir::Ratio>) {
      value_ = {member.Factor(), {}};
      ok_ = true;
    } else if constexpr (std::is_class_v<T> && !std::is_same_v<T, std::string> &&
                         !IsRef<T>::value) {
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

template <class T>
std::string KindName() {
  return std::string(ir::EnumName(ir::TableOf<T>::kKind));
}

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

// ---------------------------------------------------------------------------------------------

Module* Sema::Load(const std::string& key, const std::string& alias, bool is_std,
                   const fs::path& dir, uint32_t file_id, std::vector<std::string>& stack,
                   ir::SourceRange import_range) {
  auto mod = std::make_unique<Module>();
  mod->key = key;
  mod->alias = alias;
  mod->is_std = is_std;
  mod->dir = dir;
  mod->ast = Parse(sources_, file_id, sink_);
  Module* m = mod.get();
  module_index_[key] = modules_.size();
  modules_.push_back(std::move(mod));
  if (m->ast.has_syntax_errors) ++errors_;

  stack.push_back(key);
  // A file with syntax errors stops before names: its imports may be recovery fragments.
  for (const auto& imp : m->ast.has_syntax_errors ? std::vector<ast::Import>{} : m->ast.imports) {
    Module* target = ImportModule(*m, imp, stack);
    if (!target) continue;
    std::string name = target->alias;
    auto [it, inserted] = m->scope.emplace(
        name, Symbol{Symbol::Kind::kModule, uint32_t(module_index_[target->key]), imp.range});
    if (!inserted && !(it->second.kind == Symbol::Kind::kModule &&
                       it->second.index == module_index_[target->key])) {
      Report(MakeDiagnostic(DiagCode::NameDuplicate, imp.range,
                            fmt::format("import makes `{}` available twice", name))
                 .Label(it->second.range, "first here"));
    }
  }
  stack.pop_back();
  BuildScope(*m);
  CollectSuppressions(*m);
  return m;
}

Module* Sema::ImportModule(Module& from, const ast::Import& imp, std::vector<std::string>& stack) {
  std::string key, alias;
  bool is_std = false;
  fs::path path;
  if (!imp.is_file) {
    const auto& parts = imp.module.parts;
    if (parts.size() != 2 || parts[0].text != "std") {
      Report(MakeDiagnostic(DiagCode::ImportNotFound, imp.module.range,
                            fmt::format("cannot import `{}`: modules are `std.NAME`; files are "
                                        "imported with a string: import \"parts.cl\"",
                                        imp.module.Text())));
      return nullptr;
    }
    const StdlibModule* sm = options_.stdlib.Find(parts[1].text);
    if (!sm) {
      std::vector<std::string> names;
      for (const auto& s : options_.stdlib) names.emplace_back(s.name);
      std::string hint = Suggest(parts[1].text, names);
      std::string all;
      for (const auto& n : names) all += (all.empty() ? "std." : ", std.") + n;
      auto d = MakeDiagnostic(DiagCode::ImportNotFound, imp.module.range,
                              fmt::format("no standard module `{}`", imp.module.Text()));
      d.Note("the standard modules are " + all);
      if (!hint.empty()) d.Note(fmt::format("did you mean `std.{}`?", hint));
      Report(std::move(d));
      return nullptr;
    }
    key = "std." + parts[1].text;
    alias = parts[1].text;
    is_std = true;
  } else {
    path = (from.dir / imp.file).lexically_normal();
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(path, ec);
    if (!ec) path = canonical;
    auto rel = path.lexically_relative(root_);
    if (from.is_std || rel.empty() || *rel.begin() == "..") {
      Report(MakeDiagnostic(DiagCode::ImportOutsideRoot, imp.range,
                            fmt::format("import \"{}\" resolves to {}, outside the project root {}",
                                        imp.file, DisplayPath(path), DisplayPath(root_))));
      return nullptr;
    }
    key = path.string();
    alias = path.stem().string();
  }

  if (std::find(stack.begin(), stack.end(), key) != stack.end()) {
    auto shown = [&](const std::string& k) { return is_std ? k : DisplayPath(k); };
    auto d = MakeDiagnostic(DiagCode::ImportCycle, imp.range,
                            fmt::format("importing {} closes an import cycle", shown(key)));
    std::string chain;
    for (auto it = std::find(stack.begin(), stack.end(), key); it != stack.end(); ++it)
      chain += shown(*it) + " imports ";
    d.Note("cycle: " + chain + shown(key));
    Report(std::move(d));
    return nullptr;
  }
  if (auto it = module_index_.find(key); it != module_index_.end())
    return modules_[it->second].get();

  uint32_t file_id;
  if (is_std) {
    const StdlibModule* sm = options_.stdlib.Find(alias);
    file_id = sources_.Add("<std>/" + alias + ".cl", sm->text);
  } else {
    std::optional<std::string> text =
        options_.read_file ? options_.read_file(key) : ReadFile(key, options_.max_source_bytes);
    std::error_code dir_ec;
    if (imp.file.empty() || !text || fs::is_directory(path, dir_ec)) {
      Report(MakeDiagnostic(DiagCode::ImportNotFound, imp.range,
                            imp.file.empty()
                                ? std::string("import names an empty file path")
                                : fmt::format("cannot read imported file {}", DisplayPath(path))));
      return nullptr;
    }
    if (text->size() > options_.max_source_bytes) {
      Report(MakeDiagnostic(DiagCode::SourceTooLarge, imp.range,
                            fmt::format("imported file {} is larger than the limit of {} bytes",
                                        DisplayPath(path), options_.max_source_bytes)));
      return nullptr;
    }
    file_id = sources_.Add(DisplayPath(path), std::move(*text));
  }
  return Load(key, alias, is_std, path.parent_path(), file_id, stack, imp.range);
}

void Sema::BuildScope(Module& m) {
  m.decls.resize(m.ast.decls.size());
  m.lets.resize(m.ast.lets.size());
  auto add = [&](const ast::Ident& name, Symbol s) {
    auto [it, inserted] = m.scope.emplace(name.text, s);
    if (!inserted) {
      Report(MakeDiagnostic(DiagCode::NameDuplicate, name.range,
                            fmt::format("`{}` is declared twice", name.text))
                 .Label(it->second.range, "first declared here"));
    }
  };
  // In source order, so that "first declared here" points at the first one.
  std::vector<std::pair<const ast::Ident*, Symbol>> symbols;
  for (uint32_t i = 0; i < m.ast.decls.size(); ++i)
    symbols.push_back({&m.ast.decls[i].name, {Symbol::Kind::kDecl, i, m.ast.decls[i].name.range}});
  for (uint32_t i = 0; i < m.ast.lets.size(); ++i)
    symbols.push_back({&m.ast.lets[i].name, {Symbol::Kind::kLet, i, m.ast.lets[i].name.range}});
  std::stable_sort(symbols.begin(), symbols.end(), [](const auto& a, const auto& b) {
    return a.second.range.begin < b.second.range.begin;
  });
  for (const auto& [name, symbol] : symbols) add(*name, symbol);
}

void Sema::CollectSuppressions(Module& m) {
  static constexpr std::string_view kMarker = "clusterc: allow(";
  std::string_view text = sources_.Text(m.ast.file_id);
  for (const auto& c : m.ast.comments) {
    // A directive opens its comment (`// clusterc: allow(...)`); prose that mentions one is not.
    size_t at = c.text.find_first_not_of("/* \t", 0);
    if (at == std::string::npos || c.text.compare(at, kMarker.size(), kMarker) != 0) continue;
    size_t close = c.text.find(')', at);
    if (close == std::string::npos) continue;
    std::string list = c.text.substr(at + kMarker.size(), close - at - kMarker.size());
    // The region: the comment's line when code precedes it; otherwise the next declaration or
    // field, whole (a block's braces included).
    ir::SourceRange region{m.ast.file_id, 0, 0};
    if (c.trailing) {
      size_t line_begin = text.rfind('\n', c.range.begin);
      region.begin = line_begin == std::string_view::npos ? 0 : uint32_t(line_begin + 1);
      region.end = c.range.end;
    } else {
      uint32_t best = UINT32_MAX;
      auto consider = [&](ir::SourceRange r) {
        if (r.begin >= c.range.end && r.begin < best) {
          best = r.begin;
          region.begin = r.begin;
          region.end = r.end;
        }
      };
      for (const auto& d : m.ast.decls) consider(d.range);
      for (const auto& r : m.ast.requires_) consider(r.range);
      for (const auto& b : m.ast.bodies)
        for (const auto& mem : b.members) consider(mem.range);
    }
    std::stringstream ss(list);
    std::string code;
    while (std::getline(ss, code, ',')) {
      code.erase(0, code.find_first_not_of(" \t"));
      code.erase(code.find_last_not_of(" \t") + 1);
      if (code.empty()) continue;
      if (FindDiagCode(code) == DiagCode::kCount) {
        std::vector<std::string> codes;
        for (const auto& info : kDiagCodes) codes.emplace_back(info.code);
        auto d = MakeDiagnostic(DiagCode::SuppressUnknownCode, c.range,
                                fmt::format("`allow({})` names no diagnostic code", code));
        std::string hint = Suggest(code, codes);
        if (!hint.empty()) d.Note(fmt::format("did you mean `{}`?", hint));
        Report(std::move(d));
        continue;
      }
      program_.suppressions.push_back({code, region, c.range});
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Names

Resolved Sema::Lookup(Module& m, const ast::Path& path) {
  Resolved r;
  Module* scope = &m;
  size_t i = 0;
  const auto& parts = path.parts;
  // `std.models.x` spells a module the file imported with its full name.
  if (parts.size() >= 2 && parts[0].text == "std" && !m.scope.count("std")) {
    auto it = m.scope.find(parts[1].text);
    if (it != m.scope.end() && it->second.kind == Symbol::Kind::kModule) {
      scope = modules_[it->second.index].get();
      r.kind = Resolved::Kind::kModule;
      i = 2;
    } else {
      Report(MakeDiagnostic(DiagCode::NameUnknown, parts[1].range,
                            fmt::format("module `std.{}` is not imported", parts[1].text))
                 .Note(fmt::format("add `import std.{}` at the top of the file", parts[1].text)));
      return {};
    }
  }
  for (; i < parts.size(); ++i) {
    const ast::Ident& id = parts[i];
    auto it = scope->scope.find(id.text);
    // Modules expose their declarations and constants, not what they import.
    if (it != scope->scope.end() && scope != &m && it->second.kind == Symbol::Kind::kModule)
      it = scope->scope.end();
    if (it == scope->scope.end()) {
      std::vector<std::string> names;
      for (const auto& [name, sym] : scope->scope)
        if (scope == &m || sym.kind != Symbol::Kind::kModule) names.push_back(name);
      std::string hint = Suggest(id.text, names);
      std::string where = scope == &m ? "" : fmt::format(" in module `{}`", scope->alias);
      auto d = MakeDiagnostic(DiagCode::NameUnknown, id.range,
                              fmt::format("unknown name `{}`{}", id.text, where));
      if (!hint.empty()) {
        d.Note(fmt::format("did you mean `{}`?", hint));
        d.Fix(id.range, hint);
      } else if (scope == &m && i == 0 && parts.size() > 1) {
        for (const auto& s : options_.stdlib)
          if (id.text == s.name)
            d.Note(fmt::format("add `import std.{}` at the top of the file", id.text));
      }
      Report(std::move(d));
      return {};
    }
    const Symbol& sym = it->second;
    if (sym.kind == Symbol::Kind::kModule) {
      scope = modules_[sym.index].get();
      r.kind = Resolved::Kind::kModule;
      r.module = scope;
      continue;
    }
    r.module = scope;
    r.index = sym.index;
    r.kind = sym.kind == Symbol::Kind::kDecl ? Resolved::Kind::kEntity : Resolved::Kind::kLet;
    r.value.range = path.range;
    if (r.kind == Resolved::Kind::kEntity) {
      if (!ResolveDecl(*scope, sym.index)) return {};
      const DeclState& ds = scope->decls[sym.index];
      r.entity_kind = ds.kind;
      r.entity = ds.entity;
      if (i + 1 < parts.size()) {
        ir::Expr value;
        if (!ReadField(ds.kind, ds.entity, parts, i + 1, path, true, value)) return {};
        r.kind =
            value.op == ir::Expr::Op::kDerived ? Resolved::Kind::kDerived : Resolved::Kind::kValue;
        r.value = std::move(value);
      }
      return r;
    }
    // a constant
    if (i + 1 < parts.size()) {
      Report(MakeDiagnostic(DiagCode::NameUnknown, parts[i + 1].range,
                            fmt::format("`{}` is a constant and has no fields", id.text)));
      return {};
    }
    if (!EvalLet(*scope, sym.index)) return {};
    r.value = scope->lets[sym.index].value;
    r.value.range = path.range;
    return r;
  }
  r.module = scope;
  return r;  // a module
}

bool Sema::ReadField(ir::Kind kind, uint32_t entity, const std::vector<ast::Ident>& parts,
                     size_t first, const ast::Path& path, bool allow_derived, ir::Expr& out) {
  return WithEntityType(kind, [&](auto* type) -> bool {
    using T = std::remove_pointer_t<decltype(type)>;
    T copy = ir::TableOf<T>::Of(program_)[entity];
    const ast::Ident& field = parts[first];
    FieldReader reader(field.text);
    Describe(copy, reader);
    size_t i = first;
    while (reader.found() && !reader.ok() && reader.has_sub() && i + 1 < parts.size()) {
      ++i;
      reader.Descend(parts[i].text);
    }
    if (reader.found() && reader.ok() && i + 1 == parts.size()) {
      out = ir::Expr{};
      out.op = ir::Expr::Op::kConst;
      out.value = reader.value();
      out.range = path.range;
      return true;
    }
    if (!reader.found() && first + 1 == parts.size()) {
      ir::DerivedId id = ir::FindDerived(kind, field.text);
      if (id != ir::DerivedId::kCount) {
        out = ir::Expr{};
        out.op = ir::Expr::Op::kDerived;
        out.entity_kind = kind;
        out.entity = entity;
        out.derived = uint16_t(id);
        out.value.dim = ir::kDerived[size_t(id)].dim;
        out.range = path.range;
        return true;
      }
    }
    if (reader.found()) {
      Report(MakeDiagnostic(DiagCode::ExprNotAValue, path.range,
                            fmt::format("`{}` is not a number or quantity", path.Text())));
      return false;
    }
    FieldNames names;
    Describe(copy, names);
    for (size_t d = 0; d < ir::kDerivedCount; ++d)
      if (ir::kDerived[d].kind == kind) names.names.emplace_back(ir::kDerived[d].name);
    std::string hint = Suggest(field.text, names.names);
    auto d =
        MakeDiagnostic(DiagCode::NameUnknown, field.range,
                       fmt::format("{} `{}` has no field or derived quantity `{}`", KindName<T>(),
                                   ir::TableOf<T>::Of(program_)[entity].name, field.text));
    if (!hint.empty()) d.Note(fmt::format("did you mean `{}`?", hint)).Fix(field.range, hint);
    Report(std::move(d));
    return false;
  });
}

template <class T>
bool Sema::ResolveRef(Module& m, const ast::Expr& e, ir::Ref<T>& out) {
  std::string want = KindName<T>();
  if (e.kind != ast::ExprKind::kRef && e.kind != ast::ExprKind::kObject) {
    Pending(DiagCode::FieldTypeMismatch, e.range, fmt::format("expected the name of a {}", want));
    return false;
  }
  Resolved r = Lookup(m, e.path);
  if (r.kind == Resolved::Kind::kNone) return false;
  if (r.kind != Resolved::Kind::kEntity) {
    Pending(DiagCode::FieldTypeMismatch, e.path.range,
            fmt::format("`{}` is not a {}", e.path.Text(), want));
    return false;
  }
  if (r.entity_kind != ir::TableOf<T>::kKind) {
    Pending(DiagCode::NameWrongKind, e.path.range,
            fmt::format("`{}` is a {}; expected a {}", e.path.Text(), ir::EnumName(r.entity_kind),
                        want))
        .Label(r.module->ast.decls[r.index].name.range, "declared here");
    return false;
  }
  if (e.kind == ast::ExprKind::kRef) {
    out.index = r.entity;
    return true;
  }
  // An inline override: a new anonymous entity extending the referenced one.
  T entity = ir::TableOf<T>::Of(program_)[r.entity];
  entity.range = e.range;
  Binder binder(*this, m, &m.ast.bodies[e.body], fmt::format("{} `{}`", want, entity.name), e.range,
                &entity.fields, true);
  Describe(entity, binder);
  binder.Finish();
  ApplyComputedDefaults(program_, entity);
  auto& table = ir::TableOf<T>::Of(program_);
  table.push_back(std::move(entity));
  out.index = uint32_t(table.size() - 1);
  return true;
}

bool Sema::ResolveDecl(Module& m, uint32_t index) {
  DeclState& st = m.decls[index];
  const ast::Decl& decl = m.ast.decls[index];
  if (st.state == DeclState::State::kDone) return true;
  if (st.state == DeclState::State::kFailed) return false;
  if (st.state == DeclState::State::kResolving) {
    auto d = MakeDiagnostic(decl.has_base ? DiagCode::ExtendsCycle : DiagCode::ExprCycle,
                            decl.name.range,
                            fmt::format("`{}` depends on itself through `extends` or a field "
                                        "reference",
                                        decl.name.text));
    std::string chain;
    auto first = std::find(resolving_.begin(), resolving_.end(), decl.name.text);
    for (auto it = first; it != resolving_.end(); ++it) chain += "`" + *it + "` -> ";
    d.Note("cycle: " + chain + "`" + decl.name.text + "`");
    Report(std::move(d));
    st.state = DeclState::State::kFailed;
    return false;
  }
  ir::Kind kind;
  if (!ir::EnumFromName(decl.kind.text, kind)) {
    std::vector<std::string> kinds;
    for (auto n : ir::EnumNames<ir::Kind>::kNames) kinds.emplace_back(n);
    auto d = MakeDiagnostic(DiagCode::BlockUnknownKind, decl.kind.range,
                            fmt::format("unknown block kind `{}`", decl.kind.text));
    std::string hint = Suggest(decl.kind.text, kinds);
    if (!hint.empty())
      d.Note(fmt::format("did you mean `{}`?", hint)).Fix(decl.kind.range, hint);
    else
      d.Note("block kinds are " + Plural(kinds));
    Report(std::move(d));
    st.state = DeclState::State::kFailed;
    return false;
  }
  if (++depth_ > 200) {
    Report(MakeDiagnostic(DiagCode::SyntaxTooDeep, decl.name.range,
                          "declarations refer to each other more than 200 levels deep"));
    --depth_;
    st.state = DeclState::State::kFailed;
    return false;
  }
  st.state = DeclState::State::kResolving;
  st.kind = kind;
  resolving_.push_back(decl.name.text);
  bool ok = WithEntityType(kind, [&](auto* type) {
    using T = std::remove_pointer_t<decltype(type)>;
    return BindDecl<T>(m, index);
  });
  resolving_.pop_back();
  --depth_;
  // A failed binding still yields an entity (with defaults), so references to it resolve and do
  // not cascade into more errors.
  st.state = ok ? DeclState::State::kDone : DeclState::State::kFailed;
  return ok || st.state == DeclState::State::kDone;
}

template <class T>
bool Sema::BindDecl(Module& m, uint32_t index) {
  const ast::Decl& decl = m.ast.decls[index];
  std::string what = fmt::format("{} `{}`", KindName<T>(), decl.name.text);
  T entity{};
  if (decl.has_base) {
    Resolved base = Lookup(m, decl.base);
    if (base.kind == Resolved::Kind::kNone) return false;
    if (base.kind != Resolved::Kind::kEntity || base.entity_kind != ir::TableOf<T>::kKind) {
      std::string found = base.kind == Resolved::Kind::kEntity
                              ? std::string(ir::EnumName(base.entity_kind))
                              : "not a declaration";
      Report(
          MakeDiagnostic(DiagCode::NameWrongKind, decl.base.range,
                         fmt::format("{} cannot extend `{}`: it is {}", what, decl.base.Text(),
                                     base.kind == Resolved::Kind::kEntity ? "a " + found : found)));
      return false;
    }
    entity = ir::TableOf<T>::Of(program_)[base.entity];
  }
  entity.name = decl.name.text;
  entity.range = decl.range;
  size_t errors_before = errors_ + pending_.size();
  Binder binder(*this, m, &m.ast.bodies[decl.body], what, decl.name.range, &entity.fields, true);
  Describe(entity, binder);
  binder.Finish();
  ApplyComputedDefaults(program_, entity);
  bool ok = errors_ + pending_.size() == errors_before;
  Flush();
  auto& table = ir::TableOf<T>::Of(program_);
  table.push_back(std::move(entity));
  m.decls[index].entity = uint32_t(table.size() - 1);
  m.decls[index].state = DeclState::State::kDone;
  return ok || true;
}

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
  st.state = LetState::State::kResolving;
  Quantity q;
  if (!EvalConst(m, let.value, q)) {
    m.lets[index].state = LetState::State::kFailed;
    return false;
  }
  LetState& done = m.lets[index];
  done.value = ir::Expr{};
  done.value.value = q;
  done.state = LetState::State::kDone;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Expressions

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

ir::Program Sema::Run(const std::string& main_path) {
  std::optional<std::string> text = options_.read_file
                                        ? options_.read_file(main_path)
                                        : ReadFile(main_path, options_.max_source_bytes);
  std::error_code ec;
  if (!text || fs::is_directory(main_path, ec)) {
    Report(
        MakeDiagnostic(DiagCode::SourceUnreadable, {}, fmt::format("cannot read {}", main_path)));
    return std::move(program_);
  }
  if (text->size() > options_.max_source_bytes) {
    Report(MakeDiagnostic(DiagCode::SourceTooLarge, {},
                          fmt::format("{} is larger than the limit of {} bytes", main_path,
                                      options_.max_source_bytes)));
    return std::move(program_);
  }
  fs::path path = fs::path(main_path).lexically_normal();
  fs::path canonical = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) canonical = fs::absolute(path);
  root_ = options_.root.empty() ? canonical.parent_path()
                                : fs::weakly_canonical(fs::absolute(options_.root, ec), ec);
  uint32_t file_id = sources_.Add(main_path, std::move(*text));
  program_.main_file = file_id;
  std::vector<std::string> stack;
  Module* main = Load(canonical.string(), canonical.stem().string(), false, canonical.parent_path(),
                      file_id, stack, {});
  if (errors_ > 0) return std::move(program_);  // syntax or import errors: stop before names
  if (main->ast.decls.empty() && main->ast.lets.empty() && main->ast.requires_.empty()) {
    uint32_t size = uint32_t(sources_.Text(file_id).size());
    Report(MakeDiagnostic(DiagCode::SourceEmpty, {file_id, size, size},
                          fmt::format("{} declares nothing", main_path)));
    return std::move(program_);
  }

  // Resolve every declaration of the user's files, and their top-level `require`s.
  for (auto& mod : modules_) {
    if (mod->is_std) continue;
    for (uint32_t i = 0; i < mod->ast.decls.size(); ++i) ResolveDecl(*mod, i);
    for (uint32_t i = 0; i < mod->ast.lets.size(); ++i) EvalLet(*mod, i);
    for (const auto& r : mod->ast.requires_) CheckRequire(*mod, r);
  }
  Flush();
  return std::move(program_);
}

}  // namespace

std::string ast::Path::Text() const {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ".") + p.text;
  return out;
}

std::optional<std::string> ReadFile(const std::string& path, size_t limit) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string data;
  in.seekg(0, std::ios::end);
  auto size = in.tellg();
  if (size < 0) return std::nullopt;
  if (size_t(size) > limit) {
    data.resize(limit + 1);  // enough for the caller to see it is too large
    in.seekg(0);
    in.read(data.data(), std::streamsize(data.size()));
    return data;
  }
  data.resize(size_t(size));
  in.seekg(0);
  in.read(data.data(), size);
  if (!in) return std::nullopt;
  return data;
}

ir::Program Compile(const std::string& main_path, const CompileOptions& options,
                    SourceManager& sources, DiagnosticSink& sink) {
  Sema sema(options, sources, sink);
  return sema.Run(main_path);
}

}  // namespace clusterc
