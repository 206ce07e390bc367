// Names: lookup through scopes and modules, declarations and `extends`, references to entities
// (with inline overrides), and reads of declared fields and derived quantities.
#include <fmt/format.h>

#include "frontend/binder.h"
#include "frontend/sema.h"
#include "frontend/suggest.h"
#include "ir/derived.h"

namespace clusterc::semantic {

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
  if (r.kind == Resolved::Kind::kModule && r.module) {
    // `cluster = selene` after `import "selene.cl"`: the module, not what it declares.
    auto& d = Pending(DiagCode::FieldTypeMismatch, e.path.range,
                      fmt::format("`{}` is a module, not a {}", e.path.Text(), want));
    std::vector<std::string> candidates;
    for (const auto& decl : r.module->ast.decls)
      if (decl.kind.text == want) candidates.push_back(decl.name.text);
    std::string pick = Suggest(e.path.parts.back().text, candidates);
    if (pick.empty() && candidates.size() == 1) pick = candidates[0];
    if (!pick.empty()) {
      std::string full = e.path.Text() + "." + pick;
      d.Note(fmt::format("did you mean `{}`?", full)).Fix(e.path.range, full);
    } else if (!candidates.empty()) {
      d.Note(fmt::format("the module declares {} {}: name one as `{}.NAME`", candidates.size(),
                         want + (candidates.size() > 1 ? "s" : ""), e.path.Text()));
    }
    return false;
  }
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
  binder.SetScope(KindName<T>());
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
  if (++depth_ > kMaxReferenceDepth) {
    Report(MakeDiagnostic(DiagCode::SyntaxTooDeep, decl.name.range,
                          fmt::format("declarations refer to each other more than {} levels deep",
                                      kMaxReferenceDepth)));
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
  binder.SetScope(KindName<T>());
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

}  // namespace clusterc::semantic
