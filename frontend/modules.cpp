// Modules and imports: loading files and standard modules, import cycles and the project root,
// scopes of declared names, and `// clusterc: allow(...)` suppression comments.
#include <fmt/format.h>

#include <sstream>

#include "diag/diagnostic.h"
#include "frontend/parse.h"
#include "frontend/sema.h"
#include "frontend/suggest.h"

namespace clusterc::semantic {

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
    if (ec || canonical.empty()) {
      // Fail closed: the lexical path may lie inside the root while the links it passes through
      // lead out of it, so a path that cannot be resolved is never trusted.
      Report(MakeDiagnostic(
          DiagCode::ImportOutsideRoot, imp.range,
          fmt::format("import \"{}\" cannot be resolved ({}), so it cannot be "
                      "shown to stay inside the project root {}",
                      imp.file, ec ? ec.message() : "empty path", DisplayPath(root_))));
      return nullptr;
    }
    path = canonical;
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

  if (stack.size() >= kMaxImportDepth) {
    Report(MakeDiagnostic(DiagCode::SyntaxTooDeep, imp.range,
                          fmt::format("imports nest more than {} files deep", kMaxImportDepth))
               .Note("each file of the chain imports the next; flatten the chain"));
    return nullptr;
  }
  if (modules_.size() >= kMaxModules) {
    Report(MakeDiagnostic(DiagCode::SyntaxTooDeep, imp.range,
                          fmt::format("the spec imports more than {} files", kMaxModules)));
    return nullptr;
  }

  uint32_t file_id;
  if (is_std) {
    const StdlibModule* sm = options_.stdlib.Find(alias);
    file_id = sources_.Add("<std>/" + alias + ".cl", sm->text);
  } else {
    std::string why;
    std::optional<std::string> text = options_.read_file
                                          ? options_.read_file(key)
                                          : ReadFile(key, options_.max_source_bytes, &why);
    std::error_code dir_ec;
    if (imp.file.empty() || !text || fs::is_directory(path, dir_ec)) {
      Report(MakeDiagnostic(
          DiagCode::ImportNotFound, imp.range,
          imp.file.empty() ? std::string("import names an empty file path")
          : why.empty()    ? fmt::format("cannot read imported file {}", DisplayPath(path))
                        : fmt::format("cannot read imported file {}: {}", DisplayPath(path), why)));
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
  for (uint32_t i = 0; i < m.ast.decls.size(); ++i) {
    const ast::Ident& name = m.ast.decls[i].name;
    // Declared names become file and folder names in `build` outputs (plans, clusters).
    if (name.text.size() > kMaxNameLength)
      Report(
          MakeDiagnostic(DiagCode::NameTooLong, name.range,
                         fmt::format("name `{}...` is {} characters long; names are at most {} "
                                     "(they become file names in build outputs)",
                                     name.text.substr(0, 24), name.text.size(), kMaxNameLength)));
    symbols.push_back({&name, {Symbol::Kind::kDecl, i, name.range}});
  }
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

}  // namespace clusterc::semantic
