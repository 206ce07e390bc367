#include "lsp/features.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "diag/format.h"
#include "frontend/units.h"
#include "lsp/schema.h"

namespace clusterc::lsp {
namespace {

// LSP CompletionItemKind values.
enum : int {
  kField = 5,
  kVariable = 6,
  kClass = 7,
  kModule = 9,
  kUnit = 11,
  kValue = 12,
  kKeyword = 14,
  kEnumMember = 20
};

const ExplainRow* Row(const Snapshot& s, const std::string& entity, std::string_view name) {
  for (const auto& r : s.Rows())
    if (r.entity == entity && r.name == name) return &r;
  return nullptr;
}

std::string Line(const ExplainRow& r) {
  return fmt::format("{}: {}", r.label, ReadableValue(r));
}

// The source text of a field's value, on one line.
std::string ValueText(const Snapshot& s, uint32_t file, const ast::Member& m) {
  const ast::File* f = s.Ast(file);
  if (m.kind == ast::Member::Kind::kBlock) return "{ ... }";
  if (!f || m.value >= f->exprs.size()) return "";
  std::string text(s.sources.Slice(f->exprs[m.value].range));
  std::string out;
  for (char c : text) out += (c == '\n' || c == '\r') ? ' ' : c;
  if (out.size() > 200) out = out.substr(0, 200) + " ...";
  return out;
}

std::string Where(const Snapshot& s, SourceRange r) {
  LineColumn lc = s.sources.Position(r.file, r.begin);
  std::string path(s.sources.Path(r.file));
  return fmt::format("{}:{}", std::filesystem::path(path).filename().string(), lc.line);
}

std::string DeclHover(const Snapshot& s, uint32_t file, const ast::Decl& d) {
  std::string out = fmt::format("```clusterc\n{} {}\n```\n", d.kind.text, d.name.text);
  if (file != s.main_file) out += fmt::format("defined in {}\n\n", Where(s, d.name.range));
  auto lines = Headlines(s, d);
  for (const auto& l : lines) out += "- " + l + "\n";
  if (lines.empty() && file == s.main_file && (d.kind.text == "cluster" || d.kind.text == "plan"))
    out += "_no derived values: the spec has errors_\n";
  return out;
}

// Scans `text` up to `offset` for the enclosing blocks: kind of the declaration and the path of
// block fields below it; comments and strings skipped.
struct Context {
  std::string kind;               // empty at the top level
  std::vector<std::string> path;  // block fields from the declaration down
  size_t open = 0;                // offset just after the innermost `{`
  bool in_comment_or_string = false;
};

struct Token {
  size_t begin, end;
  char punct;  // 0 for a word
};

std::vector<Token> Tokens(std::string_view text, size_t limit, bool& open_at_limit) {
  std::vector<Token> out;
  size_t i = 0;
  open_at_limit = false;
  limit = std::min(limit, text.size());
  while (i < limit) {
    char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      size_t e = text.find('\n', i);
      if (e == std::string_view::npos) e = text.size();
      if (e >= limit) open_at_limit = true;
      out.push_back({i, i, '\n'});
      i = e;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      size_t e = text.find("*/", i + 2);
      e = e == std::string_view::npos ? text.size() : e + 2;
      if (e > limit) open_at_limit = true;
      i = e;
      continue;
    }
    if (c == '"') {
      size_t e = i + 1;
      while (e < text.size() && text[e] != '"' && text[e] != '\n') e += text[e] == '\\' ? 2 : 1;
      if (e >= limit) open_at_limit = true;
      out.push_back({i, e, '"'});
      i = e + 1;
      continue;
    }
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      size_t e = i;
      while (e < text.size() && (std::isalnum(static_cast<unsigned char>(text[e])) ||
                                 text[e] == '_' || text[e] == '.'))
        ++e;
      out.push_back({i, e, 0});
      i = e;
      continue;
    }
    if (c == '\n' || c == '{' || c == '}' || c == ';' || c == '=') out.push_back({i, i + 1, c});
    ++i;
  }
  return out;
}

Context ContextAt(std::string_view text, size_t offset) {
  Context ctx;
  bool open = false;
  std::vector<Token> tokens = Tokens(text, offset, open);
  ctx.in_comment_or_string = open;
  struct Frame {
    std::string name;
    size_t open;
  };
  std::vector<Frame> stack;
  std::string first;     // first word of the current statement or member
  bool at_start = true;  // the next word starts a member
  for (const Token& t : tokens) {
    if (t.punct == 0) {
      if (at_start) first = std::string(text.substr(t.begin, t.end - t.begin));
      at_start = false;
    } else if (t.punct == '{') {
      stack.push_back({first, t.end});
      at_start = true;
      first.clear();
    } else if (t.punct == '}') {
      if (!stack.empty()) stack.pop_back();
      at_start = true;
    } else if (t.punct == '\n' || t.punct == ';') {
      at_start = true;
    }
  }
  if (!stack.empty()) {
    ctx.kind = stack[0].name;
    for (size_t i = 1; i < stack.size(); ++i) ctx.path.push_back(stack[i].name);
    ctx.open = stack.back().open;
  }
  return ctx;
}

// Names of the members already written directly in the block that opens at `open`.
std::set<std::string> MembersOf(std::string_view text, size_t open) {
  std::set<std::string> out;
  bool unused = false;
  std::vector<Token> tokens = Tokens(text, text.size(), unused);
  int depth = 0;
  bool at_start = true;
  for (const Token& t : tokens) {
    if (t.begin < open) continue;
    if (t.punct == '{') {
      ++depth;
      at_start = false;
    } else if (t.punct == '}') {
      if (--depth < 0) break;
    } else if (t.punct == '\n' || t.punct == ';') {
      at_start = true;
    } else if (t.punct == 0 && at_start) {
      if (depth == 0) out.insert(std::string(text.substr(t.begin, t.end - t.begin)));
      at_start = false;
    } else {
      at_start = false;
    }
  }
  return out;
}

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

void AddModuleNames(const Snapshot& s, const ast::File& f, std::vector<CompletionItem>& out) {
  for (const auto& imp : f.imports) {
    std::string alias = imp.is_file
                            ? std::filesystem::path(imp.file).stem().string()
                            : (imp.module.parts.empty() ? "" : imp.module.parts.back().text);
    if (!alias.empty()) out.push_back({alias, kModule, "module", "", "", ""});
  }
  for (const auto& d : f.decls) out.push_back({d.name.text, kClass, d.kind.text, "", "", ""});
  for (const auto& l : f.lets) out.push_back({l.name.text, kVariable, "let", "", "", ""});
  (void)s;
}

}  // namespace

std::vector<std::string> Headlines(const Snapshot& s, const ast::Decl& d) {
  std::vector<std::string> out;
  std::string entity = d.kind.text + " " + d.name.text;
  auto add = [&](const std::string& e, std::string_view name) {
    if (const ExplainRow* r = Row(s, e, name)) out.push_back(Line(*r));
  };
  if (d.kind.text == "cluster") {
    for (auto n : {"gpu_count", "node_count", "rack_count", "switch_count", "it_power",
                   "facility_power", "capex", "opex_per_year", "failures_per_day"})
      add(entity, n);
  } else if (d.kind.text == "plan") {
    // The validation suite's record on the plan's GPU beside its speed: how far to trust it.
    for (auto n : {"gpu_count", "memory_per_gpu", "hbm", "step_time", "mfu", "tokens_per_second",
                   "training_time", "gpu_hours", "validation_runs", "validation_mean_abs_error",
                   "validation_similar_runs", "validation_similar_median_error"})
      add(entity, n);
    for (const auto& r : s.Rows())
      if (r.entity == entity && r.group == "cost") out.push_back(Line(r));
  } else if (d.kind.text == "node") {
    // A node's figures come from the clusters built of it.
    const auto& p = s.session.program;
    for (const auto& c : p.clusters) {
      if (!c.nodes.ref.Valid() || c.nodes.ref.index >= p.nodes.size()) continue;
      const ir::Node& n = p.nodes[c.nodes.ref.index];
      if (n.name != d.name.text || n.range.file != d.range.file) continue;
      std::string e = "cluster " + c.name;
      for (auto name : {"node_power", "node_gpu_power", "node_host_power", "node_net_power"})
        add(e, name);
      if (!out.empty()) {
        out.push_back(fmt::format("(in cluster {})", c.name));
        break;
      }
    }
  }
  return out;
}

std::string HoverText(const Snapshot& s, uint32_t file, uint32_t offset, SourceRange& range) {
  const ast::File* f = s.Ast(file);
  if (!f) return "";
  Hit hit = FindAt(*f, offset);
  range = hit.range;
  switch (hit.kind) {
    case Hit::Kind::kNone:
      return "";
    case Hit::Kind::kDeclKind: {
      const KindDoc* k = FindKind(hit.decl->kind.text);
      if (!k) return "";
      std::string out = fmt::format("block kind **{}**: fields ", k->kind);
      for (size_t i = 0; i < k->fields.size(); ++i)
        out += (i ? ", `" : "`") + k->fields[i].name + "`";
      return out + "\n";
    }
    case Hit::Kind::kDeclName:
      return DeclHover(s, file, *hit.decl);
    case Hit::Kind::kField: {
      std::vector<std::string> parents(hit.field_path.begin(), hit.field_path.end() - 1);
      const auto* fields = FieldsAt(hit.decl->kind.text, parents);
      if (!fields) return "";
      for (const auto& fd : *fields) {
        if (fd.name != hit.field_path.back()) continue;
        std::string where = hit.decl->kind.text;
        for (const auto& p : parents) where += "." + p;
        return FieldMarkdown(where, fd);
      }
      return "";
    }
    case Hit::Kind::kUnit: {
      const UnitInfo* u = FindUnit(hit.unit->name.text);
      if (!u) return "";
      return fmt::format("unit **{}**: {}, {} {}\n", u->name, ir::DimName(u->dim),
                         FormatCount(u->factor), ir::DimUnit(u->dim));
    }
    case Hit::Kind::kImport:
    case Hit::Kind::kPath:
      break;
  }
  Target t = TargetOf(s, file, hit);
  switch (t.kind) {
    case Target::Kind::kDecl:
      return DeclHover(s, t.file, *t.decl);
    case Target::Kind::kLet: {
      const ast::File* tf = s.Ast(t.file);
      std::string value = t.let->value < tf->exprs.size()
                              ? std::string(s.sources.Slice(tf->exprs[t.let->value].range))
                              : "";
      return fmt::format("```clusterc\nlet {} = {}\n```\n", t.let->name.text, value);
    }
    case Target::Kind::kField:
      return fmt::format("```clusterc\n{}.{} = {}\n```\n{}\n", t.decl->name.text,
                         t.member->name.text, ValueText(s, t.file, *t.member),
                         t.file == file ? "" : "defined in " + Where(s, t.name));
    case Target::Kind::kDerived: {
      std::string entity = t.decl->kind.text + " " + t.decl->name.text;
      if (const ExplainRow* r = Row(s, entity, t.derived))
        return fmt::format("**{}.{}** = {} — {} (derived)\n", t.decl->name.text, t.derived,
                           ReadableValue(*r), r->label);
      if (const KindDoc* k = FindKind(t.decl->kind.text))
        for (const auto& d : k->derived)
          if (d.name == t.derived)
            return fmt::format("**{}.{}** — {} (derived{})\n", t.decl->name.text, t.derived,
                               d.description, d.unit.empty() ? "" : ", " + d.unit);
      if (const auto* fields = FieldsAt(t.decl->kind.text, {}))
        for (const auto& fd : *fields)
          if (fd.name == t.derived) return FieldMarkdown(t.decl->kind.text, fd);
      return "";
    }
    case Target::Kind::kModule:
      return fmt::format("module `{}`\n", s.sources.Path(t.file));
    case Target::Kind::kNone:
      return "";
  }
  return "";
}

std::vector<CompletionItem> Complete(std::string_view text, uint32_t offset, const Snapshot* s) {
  std::vector<CompletionItem> out;
  offset = std::min<uint32_t>(offset, uint32_t(text.size()));
  Context ctx = ContextAt(text, offset);
  if (ctx.in_comment_or_string) return out;
  size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  line_start = (offset == 0 || line_start == std::string_view::npos) ? 0 : line_start + 1;
  std::string_view prefix = text.substr(line_start, offset - line_start);
  size_t word = prefix.size();
  while (word > 0 && IsWordChar(prefix[word - 1])) --word;
  std::string_view before = prefix.substr(0, word);
  const ast::File* main = s ? s->Ast(s->main_file) : nullptr;

  // After `name.`: a module's declarations or an entity's fields and derived quantities.
  if (!before.empty() && before.back() == '.') {
    size_t start = before.size() - 1;
    while (start > 0 && IsWordChar(before[start - 1])) --start;
    std::string owner(before.substr(start, before.size() - 1 - start));
    if (!s || !main) return out;
    ast::Path p;
    p.parts.push_back({owner, {}});
    Target t = Resolve(*s, s->main_file, p, 0);
    if (t.kind == Target::Kind::kModule) {
      if (const ast::File* m = s->Ast(t.file)) {
        for (const auto& d : m->decls)
          out.push_back({d.name.text, kClass, d.kind.text, "", "", ""});
        for (const auto& l : m->lets) out.push_back({l.name.text, kVariable, "let", "", "", ""});
      }
    } else if (t.kind == Target::Kind::kDecl) {
      if (const KindDoc* k = FindKind(t.decl->kind.text)) {
        for (const auto& f : k->fields) out.push_back({f.name, kField, f.takes, f.doc, "", ""});
        for (const auto& d : k->derived)
          out.push_back({d.name, kValue, "derived" + (d.unit.empty() ? "" : ", " + d.unit),
                         d.description, "", ""});
      }
    }
    return out;
  }

  // After a number: units, those of the field's dimension first.
  size_t end = before.size();
  while (end > 0 && before[end - 1] == ' ') --end;
  if (end < before.size() && end > 0 && std::isdigit(static_cast<unsigned char>(before[end - 1]))) {
    std::string field_dim;
    size_t eq = prefix.find('=');
    if (eq != std::string_view::npos && !ctx.kind.empty()) {
      std::string_view name = prefix.substr(0, eq);
      while (!name.empty() && !IsWordChar(name.back())) name.remove_suffix(1);
      size_t b = name.size();
      while (b > 0 && IsWordChar(name[b - 1])) --b;
      if (const auto* fields = FieldsAt(ctx.kind, ctx.path))
        for (const auto& f : *fields)
          if (f.name == name.substr(b)) field_dim = f.takes;
    }
    for (const UnitInfo* u = UnitsBegin(); u != UnitsEnd(); ++u) {
      std::string dim = ir::DimName(u->dim);
      bool fits = !field_dim.empty() && field_dim.rfind(dim, 0) == 0;
      out.push_back({std::string(u->name), kUnit, dim,
                     fmt::format("{} {}", FormatCount(u->factor), ir::DimUnit(u->dim)), "",
                     (fits ? "0" : "1") + std::string(u->name)});
    }
    return out;
  }

  // After `=`: names in scope and, for a field with fixed words, those words.
  if (end > 0 && before[end - 1] == '=') {
    std::string_view name = before.substr(0, end - 1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    size_t b = name.size();
    while (b > 0 && IsWordChar(name[b - 1])) --b;
    if (!ctx.kind.empty())
      if (const auto* fields = FieldsAt(ctx.kind, ctx.path))
        for (const auto& f : *fields)
          if (f.name == name.substr(b)) {
            for (const auto& w : f.words) out.push_back({w, kEnumMember, f.name, "", "", "0" + w});
            for (const auto& w : f.tags)
              out.push_back({w, kEnumMember, f.name, "", w + " { }", "0" + w});
          }
    if (s && main) AddModuleNames(*s, *main, out);
    return out;
  }

  // At the start of a line: block kinds and keywords, or the fields not yet set.
  // A member starts a line, or follows `{` or `;` in a block written on one line.
  size_t last = before.find_last_not_of(" \t");
  bool line_start_word =
      last == std::string_view::npos || before[last] == '{' || before[last] == ';';
  if (!line_start_word) return out;
  if (ctx.kind.empty()) {
    for (const auto& k : Schema())
      out.push_back({k.kind, kClass, "block kind", "", k.kind + " ${1:name} {\n  $0\n}", ""});
    for (auto kw : {"import", "let", "require"}) out.push_back({kw, kKeyword, "", "", "", ""});
    return out;
  }
  const auto* fields = FieldsAt(ctx.kind, ctx.path);
  if (!fields) return out;
  std::set<std::string> written = MembersOf(text, ctx.open);
  std::string typed(prefix.substr(word));
  written.erase(typed);  // the word being typed is not yet a member
  for (const auto& f : *fields) {
    if (written.count(f.name)) continue;
    std::string insert = f.fields.empty() || !f.tags.empty() ? f.name + " = " : f.name + " { $0 }";
    out.push_back({f.name, kField, f.takes + (f.required ? ", required" : ""), f.doc, insert,
                   (f.required ? "0" : "1") + f.name});
  }
  out.push_back({"require", kKeyword, "", "", "", "2require"});
  return out;
}

std::vector<InlayHint> InlayHints(const Snapshot& s) {
  std::vector<InlayHint> out;
  const ast::File* f = s.Ast(s.main_file);
  if (!f) return out;
  std::string_view text = s.sources.Text(s.main_file);
  auto line_end = [&](uint32_t offset) {
    size_t e = text.find('\n', offset);
    if (e == std::string_view::npos) e = text.size();
    if (e > 0 && text[e - 1] == '\r') --e;
    return uint32_t(e);
  };
  auto value = [&](const std::string& entity, std::string_view name) -> std::string {
    const ExplainRow* r = Row(s, entity, name);
    return r ? ReadableValue(*r) : "";
  };
  for (const auto& d : f->decls) {
    std::string entity = d.kind.text + " " + d.name.text;
    if (d.kind.text == "plan") {
      std::string mem = value(entity, "memory_per_gpu"), hbm = value(entity, "hbm");
      std::string step = value(entity, "step_time"), mfu = value(entity, "mfu");
      std::string days = value(entity, "training_time");
      const ast::Member* parallel = nullptr;
      const ast::Member* batch = nullptr;
      if (d.body < f->bodies.size())
        for (const auto& m : f->bodies[d.body].members) {
          if (m.kind == ast::Member::Kind::kRequire) continue;
          if (m.name.text == "parallel") parallel = &m;
          if (m.name.text == "batch") batch = &m;
        }
      if (!mem.empty() && parallel)
        out.push_back({line_end(parallel->name.range.begin),
                       fmt::format("// {} of {}", mem, hbm.empty() ? "?" : hbm)});
      if (!step.empty() && batch)
        out.push_back(
            {line_end(batch->name.range.begin), fmt::format("// step {}, MFU {}", step, mfu)});
      if (!days.empty())
        out.push_back({line_end(d.name.range.begin), fmt::format("// {} to train", days)});
    } else if (d.kind.text == "cluster") {
      std::string gpus = value(entity, "gpu_count"), power = value(entity, "facility_power");
      if (!gpus.empty())
        out.push_back(
            {line_end(d.name.range.begin), fmt::format("// {} GPUs, {} facility", gpus, power)});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const InlayHint& a, const InlayHint& b) { return a.offset < b.offset; });
  return out;
}

}  // namespace clusterc::lsp
