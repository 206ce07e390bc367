#include "frontend/parse.h"

#include <antlr4-runtime.h>
#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <set>

#include "ClusterLexer.h"
#include "ClusterParser.h"

namespace clusterc {
namespace {

using G = clusterc_grammar::ClusterParser;
using clusterc_grammar::ClusterLexer;

// ANTLR counts positions in code points; diagnostics and the SourceManager count bytes.
// One table converts, built once per file (BUILD-NOTES pitfall 4).
class Offsets {
 public:
  explicit Offsets(std::string_view text) {
    byte_of_cp_.reserve(text.size() + 1);
    // ANTLR's input stream drops a UTF-8 byte-order mark: its code point 0 is the byte after it.
    bom_ = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    for (size_t i = bom_; i < text.size(); ++i)
      if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) byte_of_cp_.push_back(uint32_t(i));
    byte_of_cp_.push_back(uint32_t(text.size()));
    line_starts_.push_back(0);
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') line_starts_.push_back(uint32_t(i + 1));
  }
  uint32_t Byte(size_t cp) const {
    return cp < byte_of_cp_.size() ? byte_of_cp_[cp] : byte_of_cp_.back();
  }
  // Byte offset of a 1-based line and 0-based code-point column.
  uint32_t ByteAt(std::string_view text, size_t line, size_t column) const {
    if (line == 0 || line > line_starts_.size()) return uint32_t(text.size());
    size_t b = line == 1 ? bom_ : line_starts_[line - 1];
    while (column > 0 && b < text.size()) {
      ++b;
      while (b < text.size() && (static_cast<unsigned char>(text[b]) & 0xC0) == 0x80) ++b;
      --column;
    }
    return uint32_t(b);
  }

 private:
  std::vector<uint32_t> byte_of_cp_;
  std::vector<uint32_t> line_starts_;
  size_t bom_ = 0;
};

std::string Display(const std::string& token_text) {
  if (token_text == "<EOF>") return "end of file";
  std::string shown = token_text.size() > 24 ? token_text.substr(0, 24) + "..." : token_text;
  return "`" + shown + "`";
}

class ErrorListener : public antlr4::BaseErrorListener {
 public:
  ErrorListener(uint32_t file, std::string_view text, const Offsets& offsets, DiagnosticSink& sink)
      : file_(file), text_(text), offsets_(offsets), sink_(sink) {}

  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending, size_t line,
                   size_t column, const std::string& msg, std::exception_ptr) override {
    ++errors_;
    if (offending == nullptr) {  // lexer error: nothing matched at (line, column)
      // The lexer's own index is O(1) to convert; walking the line to the column is O(line),
      // quadratic over a long line full of bad characters.
      auto* lexer = dynamic_cast<antlr4::Lexer*>(recognizer);
      uint32_t at =
          lexer ? offsets_.Byte(lexer->tokenStartCharIndex) : offsets_.ByteAt(text_, line, column);
      if (!seen_.insert(at).second) return;
      ++reported_;
      LexerError(at);
      return;
    }
    uint32_t begin = offsets_.Byte(offending->getStartIndex());
    uint32_t end = offending->getType() == antlr4::Token::EOF
                       ? begin
                       : offsets_.Byte(offending->getStopIndex() + 1);
    if (!seen_.insert(begin).second) return;  // one report per position
    // After an earlier error, "unexpected end of file" is almost always that error's echo
    // (recovery consumed a closing brace); a truncated file still reports its first error.
    if (offending->getType() == antlr4::Token::EOF && reported_ > 0) return;
    ++reported_;
    bool at_end = offending->getType() == antlr4::Token::EOF;
    std::string message =
        "unexpected " +
        (at_end ? std::string(AtEndOfFile(begin) ? "end of file" : "end of the statement")
                : Display(offending->getText()));
    Diagnostic d = MakeDiagnostic(DiagCode::SyntaxUnexpectedToken, {file_, begin, end}, "");
    if (auto* parser = dynamic_cast<antlr4::Parser*>(recognizer)) {
      std::string expected = Expected(*parser);
      antlr4::TokenStream& stream = *parser->getTokenStream();
      antlr4::Token* prev = Previous(stream, offending->getTokenIndex());
      if (at_end && AtEndOfFile(begin)) {
        // Name the brace that never closed: the parser only sees where the file ends.
        if (antlr4::Token* open = UnclosedBrace(stream, offending->getTokenIndex())) {
          uint32_t at = offsets_.Byte(open->getStartIndex());
          message += fmt::format("; the `{{` on line {} is not closed", open->getLine());
          d.Label({file_, at, at + 1}, "opened here");
        }
      } else if (offending->getText() == ",") {
        d.Note("fields are separated by `;` or new lines, not commas")
            .Fix({file_, begin, end}, ";");
      } else if (prev && IsName(prev) && StartsValue(offending) && StartsMember(stream, prev)) {
        // `memory 80 GB`: a field name followed by its value without `=`.
        uint32_t after = offsets_.Byte(prev->getStopIndex() + 1);
        expected = fmt::format("`=` or `{{` after `{}`", prev->getText());
        d.Fix({file_, after, after}, " =");
      }
      if (!expected.empty()) message += "; expected " + expected;
    }
    d.message = std::move(message);
    sink_.Report(std::move(d));
  }

  int errors() const { return errors_; }
  // Only blanks follow `offset`.
  bool AtEndOfFile(uint32_t offset) const {
    return offset >= text_.size() ||
           text_.find_first_not_of(" \t\r\n\f", offset) == std::string_view::npos;
  }
  // Each declaration parsed on its own has its own end: its end-of-input error is no echo.
  void NewStatement() { reported_ = 0; }

 private:
  void LexerError(uint32_t at) {
    std::string_view rest = text_.substr(at);
    if (!rest.empty() && rest[0] == '"') {
      size_t eol = rest.find('\n');
      uint32_t end = at + uint32_t(eol == std::string_view::npos ? rest.size() : eol);
      sink_.Report(MakeDiagnostic(DiagCode::SyntaxUnterminatedString, {file_, at, end},
                                  "string is not closed before the end of the line"));
      return;
    }
    if (rest.substr(0, 2) == "/*") {
      sink_.Report(MakeDiagnostic(DiagCode::SyntaxUnterminatedComment, {file_, at, at + 2},
                                  "block comment is not closed; `*/` is missing"));
      return;
    }
    // Show the character itself, as a code point when it is not printable ASCII.
    size_t len = 1;
    unsigned char c = rest.empty() ? 0 : static_cast<unsigned char>(rest[0]);
    while (len < rest.size() && (static_cast<unsigned char>(rest[len]) & 0xC0) == 0x80) ++len;
    std::string shown;
    if (c >= 0x21 && c < 0x7F) {
      shown = fmt::format("`{}`", rest.substr(0, 1));
    } else {
      uint32_t cp = 0;
      std::string_view bytes = rest.substr(0, len);
      if (len == 1)
        cp = c;
      else if (len == 2)
        cp = ((bytes[0] & 0x1F) << 6) | (bytes[1] & 0x3F);
      else if (len == 3)
        cp = ((bytes[0] & 0x0F) << 12) | ((bytes[1] & 0x3F) << 6) | (bytes[2] & 0x3F);
      else
        cp = ((bytes[0] & 0x07) << 18) | ((bytes[1] & 0x3F) << 12) | ((bytes[2] & 0x3F) << 6) |
             (bytes[3] & 0x3F);
      shown = fmt::format("U+{:04X}", cp);
    }
    sink_.Report(
        MakeDiagnostic(DiagCode::SyntaxInvalidCharacter, {file_, at, at + uint32_t(len)},
                       fmt::format("invalid character {} outside a string or comment", shown)));
  }

  // The token before index `i` on the default channel, or null.
  static antlr4::Token* Previous(antlr4::TokenStream& s, size_t i) {
    while (i > 0 && i <= s.size()) {
      antlr4::Token* t = s.get(--i);
      if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL) return t;
    }
    return nullptr;
  }
  // The innermost `{` before index `end` that has no `}`.
  static antlr4::Token* UnclosedBrace(antlr4::TokenStream& s, size_t end) {
    std::vector<antlr4::Token*> open;
    for (size_t i = 0; i < end && i < s.size(); ++i) {
      antlr4::Token* t = s.get(i);
      if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL) continue;
      if (t->getText() == "{") open.push_back(t);
      if (t->getText() == "}" && !open.empty()) open.pop_back();
    }
    return open.empty() ? nullptr : open.back();
  }
  static bool IsName(antlr4::Token* t) {
    return t->getType() == clusterc_grammar::ClusterParser::IDENT;
  }
  static bool StartsValue(antlr4::Token* t) {
    using P = clusterc_grammar::ClusterParser;
    size_t type = t->getType();
    return type == P::NUMBER || type == P::STRING || type == P::IDENT || type == P::TRUE ||
           type == P::FALSE || t->getText() == "(";
  }
  // `name` begins a member: it follows `{`, `;` or a line break.
  static bool StartsMember(antlr4::TokenStream& s, antlr4::Token* name) {
    antlr4::Token* before = Previous(s, name->getTokenIndex());
    return before && (before->getText() == "{" || before->getText() == ";" ||
                      before->getLine() < name->getLine());
  }

  static std::string Expected(antlr4::Parser& parser) {
    antlr4::misc::IntervalSet set;
    try {
      set = parser.getExpectedTokens();
    } catch (...) {
      return {};
    }
    std::vector<std::string> names;
    bool takes_name = set.contains(size_t(clusterc_grammar::ClusterParser::IDENT));
    for (size_t t : set.toList()) {
      if (takes_name && t == size_t(clusterc_grammar::ClusterParser::X))
        continue;  // `x` is a name too
      if (t == antlr4::Token::EOF) {
        names.push_back("end of file");
        continue;
      }
      std::string name = parser.getVocabulary().getDisplayName(t);
      if (name == "IDENT")
        name = "a name";
      else if (name == "NUMBER")
        name = "a number";
      else if (name == "STRING")
        name = "a string";
      else if (name.size() >= 2 && name.front() == '\'')
        name = "`" + name.substr(1, name.size() - 2) + "`";
      names.push_back(name);
    }
    if (names.empty() || names.size() > 8) return {};
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
      if (i) out += i + 1 == names.size() ? " or " : ", ";
      out += names[i];
    }
    return out;
  }

  uint32_t file_;
  std::string_view text_;
  const Offsets& offsets_;
  DiagnosticSink& sink_;
  int errors_ = 0;
  int reported_ = 0;
  std::set<uint32_t> seen_;
};

// Converts ANTLR's parse tree to our syntax tree. Tolerates the holes error recovery leaves.
class Builder {
 public:
  Builder(ast::File& file, const Offsets& offsets, DiagnosticSink& sink, bool& failed)
      : f_(file), offsets_(offsets), sink_(sink), failed_(failed) {}

  void File(G::FileContext* ctx) {
    for (auto* item : ctx->item()) {
      if (auto* imp = item->importDecl())
        Import(imp);
      else if (auto* let = item->letDecl())
        Let(let);
      else if (auto* req = item->requireStmt())
        f_.requires_.push_back(Require(req));
      else if (auto* decl = item->blockDecl())
        Decl(decl);
    }
  }

 private:
  ir::SourceRange Range(antlr4::ParserRuleContext* ctx) const {
    if (!ctx || !ctx->getStart()) return {f_.file_id, 0, 0};
    uint32_t begin = offsets_.Byte(ctx->getStart()->getStartIndex());
    antlr4::Token* stop = ctx->getStop();
    uint32_t end = begin;
    if (stop && stop->getType() != antlr4::Token::EOF && stop->getStopIndex() + 1 > 0 &&
        stop->getStopIndex() != size_t(-1))
      end = offsets_.Byte(stop->getStopIndex() + 1);
    if (end < begin) end = begin;
    return {f_.file_id, begin, end};
  }
  ir::SourceRange Range(antlr4::tree::TerminalNode* node) const {
    if (!node) return {f_.file_id, 0, 0};
    auto* t = node->getSymbol();
    return {f_.file_id, offsets_.Byte(t->getStartIndex()), offsets_.Byte(t->getStopIndex() + 1)};
  }

  ast::Ident Ident(G::IdentContext* ctx) {
    ast::Ident id;
    if (ctx && ctx->getStart()) {
      // The token's own text: error recovery can attach stray tokens to the context.
      id.text = ctx->getStart()->getText();
      id.range = Range(ctx);
      id.range.end = offsets_.Byte(ctx->getStart()->getStopIndex() + 1);
    }
    return id;
  }

  ast::Path Path(G::PathContext* ctx) {
    ast::Path p;
    if (!ctx) return p;
    for (auto* id : ctx->ident()) p.parts.push_back(Ident(id));
    p.range = Range(ctx);
    return p;
  }

  void Import(G::ImportDeclContext* ctx) {
    ast::Import imp;
    imp.range = Range(ctx);
    if (auto* s = ctx->STRING()) {
      imp.is_file = true;
      imp.file = Unquote(s);
    } else if (auto* m = ctx->modulePath()) {
      for (auto* id : m->ident()) imp.module.parts.push_back(Ident(id));
      imp.module.range = Range(m);
    } else {
      return;
    }
    f_.imports.push_back(std::move(imp));
  }

  void Let(G::LetDeclContext* ctx) {
    ast::Let let;
    let.name = Ident(ctx->ident());
    CheckNameLength(let.name);
    let.value = Expr(ctx->expr());
    let.range = Range(ctx);
    if (!let.name.text.empty() && let.value != ast::kNone) f_.lets.push_back(std::move(let));
  }

  ast::Require Require(G::RequireStmtContext* ctx) {
    ast::Require r;
    r.condition = Expr(ctx->expr());
    if (auto* s = ctx->STRING()) r.message = Unquote(s);
    r.range = Range(ctx);
    return r;
  }

  void Decl(G::BlockDeclContext* ctx) {
    ast::Decl d;
    d.kind = Ident(ctx->kind);
    d.name = Ident(ctx->name);
    CheckNameLength(d.name);
    if (ctx->base) {
      d.has_base = true;
      d.base = Path(ctx->base);
    }
    d.body = Body(ctx->body());
    d.range = Range(ctx);
    if (!d.kind.text.empty() && !d.name.text.empty() && d.body != ast::kNone)
      f_.decls.push_back(std::move(d));
  }

  ast::BodyId Body(G::BodyContext* ctx) {
    if (!ctx) return ast::kNone;
    ast::Body body;
    body.range = Range(ctx);
    for (auto* m : ctx->member()) {
      ast::Member member;
      member.range = Range(m);
      if (auto* vf = dynamic_cast<G::ValueFieldContext*>(m)) {
        member.kind = ast::Member::Kind::kValue;
        member.name = Ident(vf->ident());
        member.value = Expr(vf->expr());
        if (member.value == ast::kNone || member.name.text.empty()) continue;
      } else if (auto* bf = dynamic_cast<G::BlockFieldContext*>(m)) {
        member.kind = ast::Member::Kind::kBlock;
        member.name = Ident(bf->ident());
        member.body = Body(bf->body());
        if (member.body == ast::kNone || member.name.text.empty()) continue;
      } else if (auto* nr = dynamic_cast<G::NestedRequireContext*>(m)) {
        member.kind = ast::Member::Kind::kRequire;
        member.require = Require(nr->requireStmt());
        if (member.require.condition == ast::kNone) continue;
      } else {
        continue;
      }
      body.members.push_back(std::move(member));
    }
    f_.bodies.push_back(std::move(body));
    return ast::BodyId(f_.bodies.size() - 1);
  }

  ast::ExprId Push(ast::Expr e) {
    f_.exprs.push_back(std::move(e));
    return ast::ExprId(f_.exprs.size() - 1);
  }

  ast::ExprId Binary(ast::ExprKind kind, antlr4::ParserRuleContext* ctx,
                     const std::vector<G::ExprContext*>& operands, std::string op) {
    if (operands.size() != 2) return ast::kNone;
    ast::ExprId a = Expr(operands[0]), b = Expr(operands[1]);
    if (a == ast::kNone || b == ast::kNone) return ast::kNone;
    ast::Expr e;
    e.kind = kind;
    e.range = Range(ctx);
    e.text = std::move(op);
    e.args = {a, b};
    return Push(std::move(e));
  }

  // Operator chains (`1 + 1 + ...`) nest in the tree without parentheses; bound them too, so no
  // later recursive pass over the tree can exhaust the stack.
  struct DepthGuard {
    int& depth;
    explicit DepthGuard(int& d) : depth(++d) {}
    ~DepthGuard() { --depth; }
  };

  ast::ExprId Expr(G::ExprContext* ctx) {
    if (!ctx) return ast::kNone;
    DepthGuard guard(depth_);
    if (depth_ > kMaxNesting) {
      if (!too_deep_reported_) {
        too_deep_reported_ = true;
        sink_.Report(MakeDiagnostic(DiagCode::SyntaxTooDeep, Range(ctx),
                                    fmt::format("expression nests deeper than {} levels; split it "
                                                "with `let` constants",
                                                kMaxNesting)));
      }
      failed_ = true;
      return ast::kNone;
    }
    if (auto* c = dynamic_cast<G::NegateContext*>(ctx)) {
      ast::ExprId inner = Expr(c->expr());
      if (inner == ast::kNone) return ast::kNone;
      ast::Expr e;
      e.kind = ast::ExprKind::kNegate;
      e.range = Range(ctx);
      e.args = {inner};
      return Push(std::move(e));
    }
    if (auto* c = dynamic_cast<G::MulDivContext*>(ctx))
      return Binary(ast::ExprKind::kBinary, ctx, c->expr(), c->op ? c->op->getText() : "");
    if (auto* c = dynamic_cast<G::AddSubContext*>(ctx))
      return Binary(ast::ExprKind::kBinary, ctx, c->expr(), c->op ? c->op->getText() : "");
    if (auto* c = dynamic_cast<G::MultisetContext*>(ctx))
      return Binary(ast::ExprKind::kMultiset, ctx, c->expr(), "x");
    if (auto* c = dynamic_cast<G::CompareContext*>(ctx))
      return Binary(ast::ExprKind::kCompare, ctx, c->expr(), c->op ? c->op->getText() : "");
    if (auto* c = dynamic_cast<G::AtomContext*>(ctx)) return Primary(c->primary());
    return ast::kNone;
  }

  double Number(antlr4::tree::TerminalNode* node) {
    std::string digits;
    for (char c : node->getText())
      if (c != '_') digits += c;
    errno = 0;
    double v = std::strtod(digits.c_str(), nullptr);
    if (errno == ERANGE || !std::isfinite(v)) {
      bool underflow = std::isfinite(v) && std::abs(v) < 1;
      sink_.Report(MakeDiagnostic(
          DiagCode::NumberOutOfRange, Range(node),
          underflow ? fmt::format("number `{}` is too small: it rounds to zero (the smallest "
                                  "normal value is about 2.2e-308)",
                                  node->getText().substr(0, 40))
                    : fmt::format("number `{}` is out of range; the largest finite value is "
                                  "about 1.8e308",
                                  node->getText().substr(0, 40))));
      failed_ = true;
    }
    return v;
  }

  ast::ExprId Primary(G::PrimaryContext* ctx) {
    if (!ctx) return ast::kNone;
    ast::Expr e;
    e.range = Range(ctx);
    if (auto* c = dynamic_cast<G::RatioContext*>(ctx)) {
      auto nums = c->NUMBER();
      if (nums.size() != 2) return ast::kNone;
      e.kind = ast::ExprKind::kRatio;
      e.number = Number(nums[0]);
      e.number2 = Number(nums[1]);
    } else if (auto* c = dynamic_cast<G::NumberContext*>(ctx)) {
      if (!c->NUMBER()) return ast::kNone;
      e.kind = ast::ExprKind::kNumber;
      e.number = Number(c->NUMBER());
      if (auto* unit = c->unit()) {
        e.unit_range = Range(unit);
        bool after_slash = false;
        for (auto* child : unit->children) {
          if (auto* atom = dynamic_cast<G::UnitAtomContext*>(child)) {
            e.unit.push_back({{atom->getText(), Range(atom)}, after_slash});
          } else if (child->getText() == "/") {
            after_slash = true;
          }
        }
      }
    } else if (auto* c = dynamic_cast<G::StringContext*>(ctx)) {
      e.kind = ast::ExprKind::kString;
      e.text = Unquote(c->STRING());
    } else if (auto* c = dynamic_cast<G::BoolContext*>(ctx)) {
      e.kind = ast::ExprKind::kBool;
      e.boolean = c->TRUE() != nullptr;
    } else if (auto* c = dynamic_cast<G::CallContext*>(ctx)) {
      e.kind = ast::ExprKind::kCall;
      e.path = Path(c->path());
      for (auto* arg : c->expr()) {
        ast::ExprId a = Expr(arg);
        if (a == ast::kNone) return ast::kNone;
        e.args.push_back(a);
      }
    } else if (auto* c = dynamic_cast<G::ObjectContext*>(ctx)) {
      e.kind = ast::ExprKind::kObject;
      e.path = Path(c->path());
      e.body = Body(c->body());
      if (e.body == ast::kNone) return ast::kNone;
    } else if (auto* c = dynamic_cast<G::RefContext*>(ctx)) {
      e.kind = ast::ExprKind::kRef;
      e.path = Path(c->path());
    } else if (auto* c = dynamic_cast<G::ParenContext*>(ctx)) {
      ast::ExprId inner = Expr(c->expr());
      if (inner == ast::kNone) return ast::kNone;
      f_.exprs[inner].range = e.range;  // a parenthesised expression is located with its parens
      return inner;
    } else {
      return ast::kNone;
    }
    if ((e.kind == ast::ExprKind::kRef || e.kind == ast::ExprKind::kCall ||
         e.kind == ast::ExprKind::kObject) &&
        e.path.parts.empty())
      return ast::kNone;
    return Push(std::move(e));
  }

  // A string literal's value. Control characters, raw or escaped, are refused: strings reach
  // generated scripts and configuration files, where a line break would start a new command.
  std::string Unquote(antlr4::tree::TerminalNode* node) {
    std::string s = node->getText(), out;
    for (size_t i = 1; i + 1 < s.size(); ++i) {
      if (s[i] == '\\' && i + 2 < s.size()) {
        char n = s[++i];
        out += n == 'n' ? '\n' : n == 't' ? '\t' : n;
      } else {
        out += s[i];
      }
    }
    if (std::string what = ControlCharacterIn(out); !what.empty())
      sink_.Report(MakeDiagnostic(
          DiagCode::SyntaxControlCharacter, Range(node),
          fmt::format("this string holds a control character ({}); strings are copied into "
                      "generated scripts and configuration files, where it would start a new "
                      "line or command. Remove it",
                      what)));
    return out;
  }

  // The first control character of `s` by name (C0, DEL, C1, and the Unicode line and paragraph
  // separators); empty when there is none.
  static std::string ControlCharacterIn(std::string_view s) {
    for (size_t i = 0; i < s.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(s[i]);
      unsigned char next = i + 1 < s.size() ? static_cast<unsigned char>(s[i + 1]) : 0;
      unsigned char third = i + 2 < s.size() ? static_cast<unsigned char>(s[i + 2]) : 0;
      if (c == '\n') return "a line feed, `\\n`";
      if (c == '\t') return "a tab, `\\t`";
      if (c == '\r') return "a carriage return";
      if (c < 0x20 || c == 0x7f) return fmt::format("U+{:04X}", c);
      if (c == 0xc2 && next >= 0x80 && next <= 0x9f) return fmt::format("U+{:04X}", next);
      if (c == 0xe2 && next == 0x80 && (third == 0xa8 || third == 0xa9))
        return fmt::format("U+{:04X}", 0x2000 + (third - 0x80));
    }
    return "";
  }

  // Names become file names (`<plan>.sbatch`): bounded well below the file systems' 255 bytes.
  void CheckNameLength(const ast::Ident& name) {
    if (name.text.size() <= kMaxNameLength) return;
    sink_.Report(MakeDiagnostic(DiagCode::NamesTooLong, name.range,
                                fmt::format("this name is {} characters long; names may have at "
                                            "most {}, because they become file names",
                                            name.text.size(), kMaxNameLength)));
  }

  ast::File& f_;
  const Offsets& offsets_;
  DiagnosticSink& sink_;
  bool& failed_;
  int depth_ = 0;
  bool too_deep_reported_ = false;
};

// Refuses input nested deeper than kMaxNesting before the recursive-descent parser sees it. The
// parser recurses once per open bracket and once per prefix `-` (`- - - 1`), so both count: a run
// of `-` stays open until an operand ends it, a bracket until it closes.
bool CheckNesting(antlr4::CommonTokenStream& tokens, uint32_t file, const Offsets& offsets,
                  DiagnosticSink& sink) {
  std::vector<int> minuses(1, 0);  // open `-` per bracket level
  int depth = 0;                   // brackets open plus `-` open, over all levels
  for (antlr4::Token* t : tokens.getTokens()) {
    if (t->getType() == antlr4::Token::EOF) break;
    if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL) continue;
    std::string text = t->getText();
    bool opens = text == "(" || text == "{";
    if (opens || text == "-") {
      if (opens)
        minuses.push_back(0);
      else
        ++minuses.back();
      if (++depth > kMaxNesting) {
        uint32_t at = offsets.Byte(t->getStartIndex());
        sink.Report(MakeDiagnostic(
            DiagCode::SyntaxTooDeep, {file, at, at + 1},
            fmt::format("nesting deeper than {} levels{}", kMaxNesting,
                        opens ? "" : " (each prefix `-` is a level; write the sign once)")));
        return false;
      }
    } else if (text == ")" || text == "}") {
      if (minuses.size() > 1) {
        depth -= minuses.back() + 1;
        minuses.pop_back();
      }
      // The bracketed operand ends the `-` run before it.
      depth -= minuses.back();
      minuses.back() = 0;
    } else {
      // Any other token ends a `-` run: an operand, or an operator after which a new run starts.
      depth -= minuses.back();
      minuses.back() = 0;
    }
  }
  return true;
}

void CollectComments(antlr4::CommonTokenStream& tokens, ast::File& file, const Offsets& offsets,
                     DiagnosticSink& sink) {
  uint32_t last_code_line = 0;
  for (antlr4::Token* t : tokens.getTokens()) {
    if (t->getType() == antlr4::Token::EOF) break;
    if (t->getType() == ClusterLexer::UNTERMINATED_COMMENT) {
      uint32_t at = offsets.Byte(t->getStartIndex());
      sink.Report(MakeDiagnostic(DiagCode::SyntaxUnterminatedComment, {file.file_id, at, at + 2},
                                 "block comment is not closed; `*/` is missing"));
      file.has_syntax_errors = true;
      continue;
    }
    if (t->getChannel() == antlr4::Token::HIDDEN_CHANNEL) {
      ast::Comment c;
      c.text = t->getText();
      c.range = {file.file_id, offsets.Byte(t->getStartIndex()),
                 offsets.Byte(t->getStopIndex() + 1)};
      c.trailing = last_code_line == t->getLine();
      file.comments.push_back(std::move(c));
    } else {
      // A token spanning lines (a string cannot) ends on the line it starts.
      last_code_line = uint32_t(t->getLine());
    }
  }
}

// Splits the token stream where a top-level statement starts on a new line: `import` or `let`
// anywhere, `require` outside braces, and `KIND NAME {` / `KIND NAME extends` anywhere (neither
// can appear inside a block, so they mark a new declaration even after an unclosed brace).
std::vector<std::vector<antlr4::Token*>> SplitAtDeclarations(antlr4::CommonTokenStream& tokens) {
  std::vector<antlr4::Token*> code;
  for (antlr4::Token* t : tokens.getTokens())
    if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL && t->getType() != antlr4::Token::EOF)
      code.push_back(t);
  std::vector<std::vector<antlr4::Token*>> chunks(1);
  int depth = 0;
  for (size_t i = 0; i < code.size(); ++i) {
    antlr4::Token* t = code[i];
    bool first_on_line = i == 0 || code[i - 1]->getLine() != t->getLine();
    size_t type = t->getType();
    auto type_at = [&](size_t k) { return k < code.size() ? code[k]->getType() : 0; };
    bool declaration = type == ClusterLexer::IDENT && type_at(i + 1) == ClusterLexer::IDENT &&
                       (code[i + 2 < code.size() ? i + 2 : i]->getText() == "{" ||
                        type_at(i + 2) == ClusterLexer::EXTENDS);
    bool starts = first_on_line && i > 0 &&
                  (declaration || type == ClusterLexer::IMPORT || type == ClusterLexer::LET ||
                   (type == ClusterLexer::REQUIRE && depth == 0));
    if (starts) {
      chunks.emplace_back();
      depth = 0;
    }
    std::string text = t->getText();
    if (text == "{" || text == "(") ++depth;
    if ((text == "}" || text == ")") && depth > 0) --depth;
    chunks.back().push_back(t);
  }
  return chunks;
}

std::vector<std::unique_ptr<antlr4::Token>> CopyTokens(const std::vector<antlr4::Token*>& chunk) {
  std::vector<std::unique_ptr<antlr4::Token>> out;
  out.reserve(chunk.size());
  for (antlr4::Token* t : chunk) out.push_back(std::make_unique<antlr4::CommonToken>(t));
  return out;
}

}  // namespace

size_t FirstInvalidUtf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len;
    uint32_t cp;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      cp = c & 0x07;
    } else {
      return i;
    }
    if (i + len > s.size()) return i;
    for (size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (cc & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
        (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
      return i;
    i += len;
  }
  return std::string_view::npos;
}

ast::File Parse(const SourceManager& sources, uint32_t file_id, DiagnosticSink& sink) {
  ast::File file;
  file.file_id = file_id;
  std::string_view text = sources.Text(file_id);

  if (size_t bad = FirstInvalidUtf8(text); bad != std::string_view::npos) {
    sink.Report(MakeDiagnostic(DiagCode::SourceEncoding,
                               {file_id, uint32_t(bad), uint32_t(bad + 1)},
                               fmt::format("file is not valid UTF-8: byte 0x{:02X} at offset {}",
                                           static_cast<unsigned char>(text[bad]), bad)));
    file.has_syntax_errors = true;
    return file;
  }
  if (size_t nul = text.find('\0'); nul != std::string_view::npos) {
    // Valid UTF-8 may hold NUL bytes, text specs never do: this is UTF-16 or a binary file.
    sink.Report(MakeDiagnostic(
        DiagCode::SourceEncoding, {file_id, uint32_t(nul), uint32_t(nul + 1)},
        fmt::format("file holds a NUL byte at offset {}: it is binary or UTF-16, not UTF-8 text",
                    nul)));
    file.has_syntax_errors = true;
    return file;
  }

  Offsets offsets(text);
  try {
    antlr4::ANTLRInputStream input(text.data(), text.size());
    ClusterLexer lexer(&input);
    ErrorListener listener(file_id, text, offsets, sink);
    lexer.removeErrorListeners();
    lexer.addErrorListener(&listener);
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();
    if (!CheckNesting(tokens, file_id, offsets, sink)) {
      file.has_syntax_errors = true;
      return file;
    }
    CollectComments(tokens, file, offsets, sink);
    bool failed = false;
    // First the whole file. When it has syntax errors, parse it again declaration by
    // declaration, so that an error in one cannot swallow the rest of the file.
    DiagnosticList attempt;
    ErrorListener attempt_listener(file_id, text, offsets, attempt);
    G parser(&tokens);
    parser.removeErrorListeners();
    parser.addErrorListener(&attempt_listener);
    // The fast SLL prediction first (ANTLR's two-stage strategy): on a clean file it gives the
    // same tree; when it reports anything, the full-LL pass below decides what is really wrong.
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
        antlr4::atn::PredictionMode::SLL);
    G::FileContext* tree = parser.file();
    if (attempt_listener.errors() == 0) {
      Builder(file, offsets, sink, failed).File(tree);
    } else {
      for (const auto& chunk : SplitAtDeclarations(tokens)) {
        antlr4::ListTokenSource source(CopyTokens(chunk));
        antlr4::CommonTokenStream chunk_tokens(&source);
        G chunk_parser(&chunk_tokens);
        chunk_parser.removeErrorListeners();
        chunk_parser.addErrorListener(&listener);
        listener.NewStatement();
        Builder(file, offsets, sink, failed).File(chunk_parser.file());
      }
    }
    file.has_syntax_errors =
        file.has_syntax_errors || listener.errors() > 0 || attempt_listener.errors() > 0 || failed;
  } catch (const std::exception& e) {
    sink.Report(MakeDiagnostic(DiagCode::SyntaxUnexpectedToken, {file_id, 0, 0},
                               fmt::format("the parser stopped: {}", e.what())));
    file.has_syntax_errors = true;
  }
  return file;
}

}  // namespace clusterc
