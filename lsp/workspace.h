// One open document compiled with what it imports: the program, analysis results, diagnostics
// and the syntax trees of every file, plus the name lookups hover, definition and references
// share. A snapshot is rebuilt from scratch on every edit (the frontend is re-entrant).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "diag/source.h"
#include "driver/explain.h"
#include "driver/session.h"
#include "frontend/ast.h"
#include "lsp/text.h"

namespace clusterc::lsp {

struct Snapshot {
  std::string path;  // the document's absolute path
  SourceManager sources;
  Session session;
  uint32_t main_file = 0;

  // The syntax tree of a file, parsed on first use: diagnostics need none, so an edit's
  // diagnostics do not wait for them.
  const ast::File* Ast(uint32_t file) const;
  // What `explain` prints, for hover and inlay hints; computed on first use.
  const std::vector<ExplainRow>& Rows() const;
  // Line index of a file, built on first use.
  const LineIndex& Lines(uint32_t file) const {
    auto& slot = lines_[file];
    if (!slot) slot = std::make_unique<LineIndex>(sources.Text(file));
    return *slot;
  }

 private:
  mutable std::map<uint32_t, std::unique_ptr<LineIndex>> lines_;
  mutable std::map<uint32_t, std::unique_ptr<ast::File>> asts_;
  mutable std::unique_ptr<std::vector<ExplainRow>> rows_;
};

// Compiles `path` (absolute); `read` supplies every file by absolute path (the server's reader
// gives unsaved buffers before the disk).
std::unique_ptr<Snapshot> BuildSnapshot(
    const std::string& path, std::function<std::optional<std::string>(const std::string&)> read);

// What a name at a position refers to.
struct Target {
  enum class Kind { kNone, kDecl, kLet, kField, kModule, kDerived } kind = Kind::kNone;
  uint32_t file = 0;
  const ast::Decl* decl = nullptr;      // kDecl; kField and kDerived: the entity holding it
  const ast::Let* let = nullptr;        // kLet
  const ast::Member* member = nullptr;  // kField
  std::string derived;                  // kDerived: the quantity's name
  SourceRange name;                     // where the name is declared (kModule: the file start)
  bool Same(const Target& o) const {
    return kind == o.kind && name.file == o.name.file && name.begin == o.name.begin &&
           derived == o.derived;
  }
};

// What is under the cursor in a file.
struct Hit {
  enum class Kind { kNone, kDeclKind, kDeclName, kField, kPath, kUnit, kImport } kind = Kind::kNone;
  const ast::Decl* decl = nullptr;      // the enclosing declaration
  std::vector<std::string> field_path;  // kField: from the declaration to the field
  const ast::Path* path = nullptr;      // kPath
  size_t part = 0;                      // kPath: the part under the cursor
  const ast::UnitAtom* unit = nullptr;  // kUnit
  const ast::Import* import = nullptr;  // kImport
  SourceRange range;                    // the word under the cursor
};

Hit FindAt(const ast::File& file, uint32_t offset);

// Resolves `path.parts[0..=part]` as written in `file`.
Target Resolve(const Snapshot& s, uint32_t file, const ast::Path& path, size_t part);
// The file an import brings in, or 0.
uint32_t ImportedFile(const Snapshot& s, uint32_t file, const ast::Import& imp);
// Target of a hit: a declaration's own name, a path part or an import.
Target TargetOf(const Snapshot& s, uint32_t file, const Hit& hit);

// Every place in the snapshot's files naming `target` (declaration excluded).
std::vector<SourceRange> References(const Snapshot& s, const Target& target);

// Calls `f` for every path written in `file` (references, calls, objects, `extends`).
void ForEachPath(const ast::File& file, const std::function<void(const ast::Path&)>& f);

}  // namespace clusterc::lsp
