// The syntax tree of one source file, built from ANTLR's parse tree and independent of it.
// Nodes live in per-file arenas and refer to each other by index.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/ir.h"

namespace clusterc::ast {

using ir::SourceRange;
using ExprId = uint32_t;
using BodyId = uint32_t;
inline constexpr uint32_t kNone = UINT32_MAX;

struct Ident {
  std::string text;
  SourceRange range;
};

struct Path {
  std::vector<Ident> parts;
  SourceRange range;
  std::string Text() const;
};

struct UnitAtom {
  Ident name;
  bool denominator = false;  // written after a `/`
};

enum class ExprKind : uint8_t {
  kNumber,    // number, unit
  kRatio,     // number : number2
  kString,    // text
  kBool,      // boolean
  kRef,       // path
  kCall,      // path ( args )
  kObject,    // path body
  kNegate,    // - args[0]
  kBinary,    // args[0] op args[1], op in + - * /
  kCompare,   // args[0] op args[1], op in < <= > >= == !=
  kMultiset,  // args[0] x args[1]
};

struct Expr {
  ExprKind kind = ExprKind::kNumber;
  SourceRange range;
  double number = 0;
  double number2 = 0;
  std::vector<UnitAtom> unit;
  SourceRange unit_range;
  std::string text;  // string literal contents; operator spelling for kBinary/kCompare
  bool boolean = false;
  Path path;
  std::vector<ExprId> args;
  BodyId body = kNone;
};

struct Require {
  ExprId condition = kNone;
  std::string message;
  SourceRange range;
};

struct Member {
  enum class Kind : uint8_t { kValue, kBlock, kRequire };
  Kind kind = Kind::kValue;
  Ident name;            // kValue, kBlock
  ExprId value = kNone;  // kValue
  BodyId body = kNone;   // kBlock
  Require require;       // kRequire
  SourceRange range;
};

struct Body {
  std::vector<Member> members;
  SourceRange range;
};

struct Decl {
  Ident kind;
  Ident name;
  bool has_base = false;
  Path base;
  BodyId body = kNone;
  SourceRange range;
};

struct Let {
  Ident name;
  ExprId value = kNone;
  SourceRange range;
};

struct Import {
  bool is_file = false;
  Path module;       // `import std.nvidia`
  std::string file;  // `import "parts.cl"`
  SourceRange range;
};

struct Comment {
  std::string text;
  SourceRange range;
  bool trailing = false;  // code precedes it on its line
};

struct File {
  uint32_t file_id = 0;
  std::vector<Import> imports;
  std::vector<Let> lets;
  std::vector<Decl> decls;
  std::vector<Require> requires_;
  std::vector<Comment> comments;
  std::vector<Expr> exprs;
  std::vector<Body> bodies;
  bool has_syntax_errors = false;
};

}  // namespace clusterc::ast
