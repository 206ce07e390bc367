#include "lsp/workspace.h"

#include <filesystem>

#include "frontend/parse.h"

namespace clusterc::lsp {
namespace {

namespace fs = std::filesystem;

bool Inside(SourceRange r, uint32_t offset) {
  return r.Valid() && offset >= r.begin && offset <= r.end;
}

// Walks a file's syntax tree for the innermost word at `offset`.
class Finder {
 public:
  Finder(const ast::File& file, uint32_t offset, Hit& hit)
      : file_(file), offset_(offset), hit_(hit) {}

  void Decl(const ast::Decl& d) {
    if (!Inside(d.range, offset_) && !Inside(d.name.range, offset_)) return;
    hit_.decl = &d;
    if (Inside(d.kind.range, offset_)) return Set(Hit::Kind::kDeclKind, d.kind.range);
    if (Inside(d.name.range, offset_)) return Set(Hit::Kind::kDeclName, d.name.range);
    if (d.has_base) Path(d.base);
    if (hit_.kind == Hit::Kind::kNone) Body(d.body, {});
  }

  void Body(ast::BodyId id, std::vector<std::string> path) {
    if (id == ast::kNone || id >= file_.bodies.size()) return;
    for (const auto& m : file_.bodies[id].members) {
      if (hit_.kind != Hit::Kind::kNone) return;
      if (m.kind == ast::Member::Kind::kRequire) {
        Expr(m.require.condition, path);
        continue;
      }
      std::vector<std::string> here = path;
      here.push_back(m.name.text);
      if (Inside(m.name.range, offset_)) {
        hit_.field_path = here;
        return Set(Hit::Kind::kField, m.name.range);
      }
      if (m.kind == ast::Member::Kind::kBlock) Body(m.body, here);
      if (m.kind == ast::Member::Kind::kValue) Expr(m.value, here);
    }
  }

  void Expr(ast::ExprId id, const std::vector<std::string>& field) {
    if (id == ast::kNone || id >= file_.exprs.size() || hit_.kind != Hit::Kind::kNone) return;
    const ast::Expr& e = file_.exprs[id];
    if (!Inside(e.range, offset_) && !Inside(e.unit_range, offset_)) return;
    for (const auto& atom : e.unit) {
      if (Inside(atom.name.range, offset_)) {
        hit_.unit = &atom;
        return Set(Hit::Kind::kUnit, atom.name.range);
      }
    }
    if (e.kind == ast::ExprKind::kRef || e.kind == ast::ExprKind::kCall ||
        e.kind == ast::ExprKind::kObject)
      Path(e.path);
    for (ast::ExprId a : e.args) Expr(a, field);
    if (e.body != ast::kNone) Body(e.body, field);
  }

  void Path(const ast::Path& p) {
    for (size_t i = 0; i < p.parts.size(); ++i) {
      if (Inside(p.parts[i].range, offset_)) {
        hit_.path = &p;
        hit_.part = i;
        return Set(Hit::Kind::kPath, p.parts[i].range);
      }
    }
  }

  void Set(Hit::Kind kind, SourceRange range) {
    hit_.kind = kind;
    hit_.range = range;
  }

 private:
  const ast::File& file_;
  uint32_t offset_;
  Hit& hit_;
};

std::string AbsolutePath(std::string_view path) {
  std::error_code ec;
  fs::path p = fs::absolute(fs::path(path), ec);
  if (ec) return std::string(path);
  fs::path canonical = fs::weakly_canonical(p, ec);
  return (ec ? p.lexically_normal() : canonical).string();
}

const ast::Decl* FindDecl(const ast::File& f, std::string_view name) {
  for (const auto& d : f.decls)
    if (d.name.text == name) return &d;
  return nullptr;
}

const ast::Let* FindLet(const ast::File& f, std::string_view name) {
  for (const auto& l : f.lets)
    if (l.name.text == name) return &l;
  return nullptr;
}

const ast::Member* FindMember(const ast::File& f, ast::BodyId body, std::string_view name) {
  if (body == ast::kNone || body >= f.bodies.size()) return nullptr;
  for (const auto& m : f.bodies[body].members)
    if (m.kind != ast::Member::Kind::kRequire && m.name.text == name) return &m;
  return nullptr;
}

// A member named `name` of `decl` or of what it extends (in the same file or an import).
Target FieldOf(const Snapshot& s, uint32_t file, const ast::Decl& decl, std::string_view name,
               int depth = 0) {
  const ast::File* f = s.Ast(file);
  if (const ast::Member* m = FindMember(*f, decl.body, name)) {
    Target t;
    t.kind = Target::Kind::kField;
    t.file = file;
    t.decl = &decl;
    t.member = m;
    t.name = m->name.range;
    return t;
  }
  if (decl.has_base && !decl.base.parts.empty() && depth < 32) {
    Target base = Resolve(s, file, decl.base, decl.base.parts.size() - 1);
    if (base.kind == Target::Kind::kDecl) return FieldOf(s, base.file, *base.decl, name, depth + 1);
  }
  return {};
}

}  // namespace

std::unique_ptr<Snapshot> BuildSnapshot(
    const std::string& path, std::function<std::optional<std::string>(const std::string&)> read) {
  auto s = std::make_unique<Snapshot>();
  s->path = path;
  CompileOptions options;
  options.read_file = [read](const std::string& p) { return read(AbsolutePath(p)); };
  CompileAndAnalyze(path, options, s->sources, s->session);
  s->main_file = s->session.program.main_file;
  if (s->main_file == 0 && s->sources.FileCount() > 0) s->main_file = 1;
  // A document with a syntax error (`gpus = 8 x nvidia.` while typing) loads no imports; load
  // the standard modules it names anyway, so completion and definition still see them.
  if (s->session.diags.HasErrors()) {
    if (const ast::File* main = s->Ast(s->main_file)) {
      std::vector<ast::Import> imports = main->imports;
      for (const auto& imp : imports) {
        if (imp.is_file || imp.module.parts.size() != 2 || imp.module.parts[0].text != "std")
          continue;
        if (ImportedFile(*s, s->main_file, imp) != 0) continue;
        if (const StdlibModule* m = options.stdlib.Find(imp.module.parts[1].text))
          s->sources.Add("<std>/" + std::string(m->name) + ".cl", m->text);
      }
    }
  }
  return s;
}

const ast::File* Snapshot::Ast(uint32_t file) const {
  if (file == 0 || file > sources.FileCount()) return nullptr;
  auto& slot = asts_[file];
  if (!slot) {
    // The frontend keeps no syntax trees; parsing again costs less than analysis.
    DiagnosticList ignored;
    slot = std::make_unique<ast::File>(Parse(sources, file, ignored));
  }
  return slot.get();
}

const std::vector<ExplainRow>& Snapshot::Rows() const {
  if (!rows_) {
    rows_ = std::make_unique<std::vector<ExplainRow>>();
    if (!session.results.clusters.empty() || !session.results.plans.empty())
      *rows_ = ExplainRows(session.program, session.results, "");
  }
  return *rows_;
}

Hit FindAt(const ast::File& file, uint32_t offset) {
  Hit hit;
  Finder finder(file, offset, hit);
  for (const auto& imp : file.imports) {
    if (Inside(imp.range, offset)) {
      hit.kind = Hit::Kind::kImport;
      hit.import = &imp;
      hit.range = imp.range;
      return hit;
    }
  }
  for (const auto& d : file.decls) {
    finder.Decl(d);
    if (hit.kind != Hit::Kind::kNone) return hit;
  }
  hit.decl = nullptr;
  for (const auto& l : file.lets) {
    if (Inside(l.name.range, offset)) {
      hit.kind = Hit::Kind::kPath;  // a let's own name: handled like a reference to it
      hit.range = l.name.range;
      return hit;
    }
    finder.Expr(l.value, {});
    if (hit.kind != Hit::Kind::kNone) return hit;
  }
  for (const auto& r : file.requires_) {
    finder.Expr(r.condition, {});
    if (hit.kind != Hit::Kind::kNone) return hit;
  }
  return hit;
}

uint32_t ImportedFile(const Snapshot& s, uint32_t file, const ast::Import& imp) {
  std::string want;
  if (!imp.is_file) {
    if (imp.module.parts.size() != 2 || imp.module.parts[0].text != "std") return 0;
    want = "<std>/" + imp.module.parts[1].text + ".cl";
  } else {
    fs::path from(AbsolutePath(s.sources.Path(file)));
    want = AbsolutePath((from.parent_path() / imp.file).string());
  }
  for (uint32_t id = 1; id <= s.sources.FileCount(); ++id) {
    std::string_view p = s.sources.Path(id);
    if (imp.is_file ? (p.substr(0, 6) != "<std>/" && AbsolutePath(p) == want) : p == want)
      return id;
  }
  return 0;
}

Target Resolve(const Snapshot& s, uint32_t file, const ast::Path& path, size_t part) {
  const ast::File* f = s.Ast(file);
  if (!f || part >= path.parts.size()) return {};
  const std::string& first = path.parts[0].text;
  Target t;
  size_t next = 1;
  if (const ast::Decl* d = FindDecl(*f, first)) {
    t.kind = Target::Kind::kDecl;
    t.file = file;
    t.decl = d;
    t.name = d->name.range;
  } else if (const ast::Let* l = FindLet(*f, first)) {
    t.kind = Target::Kind::kLet;
    t.file = file;
    t.let = l;
    t.name = l->name.range;
  } else {
    // A module: `nvidia` after `import std.nvidia`, `parts` after `import "parts.cl"`.
    for (const auto& imp : f->imports) {
      std::string alias = imp.is_file
                              ? fs::path(imp.file).stem().string()
                              : (imp.module.parts.empty() ? "" : imp.module.parts.back().text);
      if (alias != first) continue;
      uint32_t target = ImportedFile(s, file, imp);
      if (target == 0) return {};
      t.kind = Target::Kind::kModule;
      t.file = target;
      t.name = {target, 0, 0};
      if (part == 0) return t;
      const ast::File* m = s.Ast(target);
      const std::string& name = path.parts[1].text;
      if (const ast::Decl* d = FindDecl(*m, name)) {
        t = {};
        t.kind = Target::Kind::kDecl;
        t.file = target;
        t.decl = d;
        t.name = d->name.range;
      } else if (const ast::Let* l = FindLet(*m, name)) {
        t = {};
        t.kind = Target::Kind::kLet;
        t.file = target;
        t.let = l;
        t.name = l->name.range;
      } else {
        return {};
      }
      next = 2;
      break;
    }
    if (t.kind == Target::Kind::kNone) return {};
  }
  for (size_t i = next; i <= part; ++i) {
    const std::string& name = path.parts[i].text;
    if (t.kind == Target::Kind::kDecl) {
      Target field = FieldOf(s, t.file, *t.decl, name);
      if (field.kind == Target::Kind::kNone) {
        // Not written: a derived quantity (`colossus.facility_power`) or a defaulted field.
        Target d;
        d.kind = Target::Kind::kDerived;
        d.file = t.file;
        d.decl = t.decl;
        d.derived = name;
        d.name = t.name;
        t = d;
      } else {
        t = field;
      }
    } else if (t.kind == Target::Kind::kField && t.member->kind == ast::Member::Kind::kBlock) {
      const ast::Member* m = FindMember(*s.Ast(t.file), t.member->body, name);
      if (!m) return {};
      t.member = m;
      t.name = m->name.range;
    } else {
      return {};
    }
  }
  return t;
}

Target TargetOf(const Snapshot& s, uint32_t file, const Hit& hit) {
  const ast::File* f = s.Ast(file);
  if (!f) return {};
  switch (hit.kind) {
    case Hit::Kind::kDeclName: {
      Target t;
      t.kind = Target::Kind::kDecl;
      t.file = file;
      t.decl = hit.decl;
      t.name = hit.decl->name.range;
      return t;
    }
    case Hit::Kind::kPath: {
      if (hit.path) return Resolve(s, file, *hit.path, hit.part);
      for (const auto& l : f->lets) {  // a let's own name
        if (l.name.range.begin == hit.range.begin) {
          Target t;
          t.kind = Target::Kind::kLet;
          t.file = file;
          t.let = &l;
          t.name = l.name.range;
          return t;
        }
      }
      return {};
    }
    case Hit::Kind::kImport: {
      uint32_t target = ImportedFile(s, file, *hit.import);
      if (target == 0) return {};
      Target t;
      t.kind = Target::Kind::kModule;
      t.file = target;
      t.name = {target, 0, 0};
      return t;
    }
    case Hit::Kind::kField: {
      if (!hit.decl || hit.field_path.size() != 1) return {};
      Target t = FieldOf(s, file, *hit.decl, hit.field_path[0]);
      return t;
    }
    default:
      return {};
  }
}

void ForEachPath(const ast::File& file, const std::function<void(const ast::Path&)>& f) {
  for (const auto& e : file.exprs)
    if (e.kind == ast::ExprKind::kRef || e.kind == ast::ExprKind::kCall ||
        e.kind == ast::ExprKind::kObject)
      f(e.path);
  for (const auto& d : file.decls)
    if (d.has_base) f(d.base);
}

std::vector<SourceRange> References(const Snapshot& s, const Target& target) {
  std::vector<SourceRange> out;
  if (target.kind == Target::Kind::kNone) return out;
  for (uint32_t id = 1; id <= s.sources.FileCount(); ++id) {
    ForEachPath(*s.Ast(id), [&](const ast::Path& p) {
      for (size_t i = 0; i < p.parts.size(); ++i) {
        Target t = Resolve(s, id, p, i);
        if (t.Same(target)) out.push_back(p.parts[i].range);
      }
    });
  }
  return out;
}

}  // namespace clusterc::lsp
