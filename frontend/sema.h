// Internal to the frontend: the semantic checker's state, shared by the files that implement it.
//
//   sema.cpp     the entry point (`Compile`) and message helpers
//   modules.cpp  modules and imports, scopes, suppression comments
//   names.cpp    name lookup, declarations, `extends`, references and field reads
//   eval.cpp     constants, expressions and units, `require`
//   binder.h     applying the IR schema (`Describe`) to a block's fields
//
// Declarations resolve lazily and at most once: a reference to a declaration resolves it (and
// what it extends) first, so any order of declarations works and cycles are found on the way.
// Every entity of the user's files is resolved; standard-library entities only when referenced.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/compile.h"
#include "ir/ir.h"
#include "ir/quantity.h"

namespace clusterc::semantic {

namespace fs = std::filesystem;
using ir::Dim;
using ir::Quantity;

// A path as diagnostics show it: relative to the working directory when inside it.
std::string DisplayPath(const fs::path& path);
// `a`, `b` or `c`.
std::string Plural(const std::vector<std::string>& words);
std::string FormatNumber(double v);
// A quantity for messages: the value in the dimension's base unit, e.g. "1.2e+09 B".
std::string FormatQuantity(const Quantity& q);
// "information (B)", "a count".
std::string DimPhrase(Dim d);
// Units a person would write for dimension `d`, for hints.
std::vector<std::string> UnitsOf(Dim d);

// Bounds on what one compilation may nest, so that no input exhausts the stack (see "Limits" in
// docs/language.md). Real specs stay far below each.
inline constexpr size_t kMaxImportDepth = 100;  // files in one chain of imports
inline constexpr size_t kMaxModules = 10000;    // files and modules in one compilation
inline constexpr int kMaxReferenceDepth = 200;  // declarations and constants resolving others
inline constexpr int kMaxEvalDepth = 256;       // nested expressions, across constants
inline constexpr size_t kMaxNameLength = 100;   // a declared name: a file name in outputs

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
  bool EvalNode(Module& m, ast::ExprId id, ir::Expr& out, bool allow_derived);
  Resolved Lookup(Module& m, const ast::Path& path);
  template <class T>
  bool ResolveRef(Module& m, const ast::Expr& e, ir::Ref<T>& out);
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
  int depth_ = 0;       // resolution depth: bounds the recursion of deeply chained references
  int eval_depth_ = 0;  // expression depth, summed over the constants being evaluated
  bool eval_too_deep_reported_ = false;
  std::vector<std::string> resolving_;  // declarations being resolved, for cycle notes
};

template <class T>
std::string KindName() {
  return std::string(ir::EnumName(ir::TableOf<T>::kKind));
}

}  // namespace clusterc::semantic
