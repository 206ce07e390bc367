#include "frontend/format.h"

#include <antlr4-runtime.h>

#include <algorithm>
#include <cctype>

#include "ClusterLexer.h"
#include "frontend/parse.h"

namespace clusterc {
namespace {

using clusterc_grammar::ClusterLexer;

enum class Kind { kWord, kNumber, kString, kPunct, kComment };

struct Tok {
  Kind kind;
  std::string text;
  size_t line, end_line;  // a block comment may span lines
  bool line_comment = false;
};

std::vector<Tok> Lex(std::string_view text) {
  std::vector<Tok> out;
  antlr4::ANTLRInputStream input(text.data(), text.size());
  ClusterLexer lexer(&input);
  lexer.removeErrorListeners();
  for (auto& t : lexer.getAllTokens()) {
    Tok tok;
    tok.text = t->getText();
    tok.line = tok.end_line = t->getLine();
    size_t type = t->getType();
    if (type == ClusterLexer::LINE_COMMENT || type == ClusterLexer::BLOCK_COMMENT ||
        type == ClusterLexer::UNTERMINATED_COMMENT) {
      tok.kind = Kind::kComment;
      tok.line_comment = type == ClusterLexer::LINE_COMMENT;
      // A line comment keeps no trailing blanks or carriage return.
      if (tok.line_comment)
        while (!tok.text.empty() &&
               (tok.text.back() == ' ' || tok.text.back() == '\t' || tok.text.back() == '\r'))
          tok.text.pop_back();
      tok.end_line += size_t(std::count(tok.text.begin(), tok.text.end(), '\n'));
    } else if (type == ClusterLexer::NUMBER) {
      tok.kind = Kind::kNumber;
    } else if (type == ClusterLexer::STRING) {
      tok.kind = Kind::kString;
    } else if (!tok.text.empty() &&
               (std::isalpha(static_cast<unsigned char>(tok.text[0])) || tok.text[0] == '_')) {
      // Identifiers and keywords, including keywords the grammar gains later.
      tok.kind = Kind::kWord;
    } else {
      tok.kind = Kind::kPunct;
    }
    out.push_back(std::move(tok));
  }
  return out;
}

bool IsPunct(const Tok* t, std::string_view p) {
  return t && t->kind == Kind::kPunct && t->text == p;
}

bool IsOperator(const Tok* t) {
  static const char* kOps[] = {"+", "-", "*", "/", "<", "<=", ">", ">=", "==", "!=", "=", ","};
  if (!t) return false;
  if (t->kind == Kind::kWord && t->text == "x") return true;
  if (t->kind != Kind::kPunct) return false;
  for (const char* op : kOps)
    if (t->text == op) return true;
  return false;
}

// One output line: its tokens, its brace depth and whether it continues an expression.
struct OutLine {
  std::vector<const Tok*> tokens;
  int depth = 0;
  bool continuation = false;
  bool blank_before = false;
};

class Formatter {
 public:
  explicit Formatter(const std::vector<Tok>& toks) : toks_(toks) {}

  std::string Run() {
    MatchBraces();
    BuildLines();
    std::vector<std::string> code(lines_.size());
    std::vector<std::string> comment(lines_.size());
    for (size_t i = 0; i < lines_.size(); ++i) Render(i, code[i], comment[i]);
    AlignEquals(code);
    AlignComments(code, comment);
    std::string out;
    for (size_t i = 0; i < lines_.size(); ++i) {
      if (lines_[i].blank_before && !out.empty()) out += "\n";
      std::string line = code[i];
      if (!comment[i].empty())
        line += (line.empty() ? "" : std::string(Pad(i, code), ' ')) + comment[i];
      std::string indent(size_t(lines_[i].depth * 2 + (lines_[i].continuation ? 4 : 0)), ' ');
      out += (line.empty() ? "" : indent) + line + "\n";
    }
    return out;
  }

 private:
  // For each `{`: whether its `}` is on the same source line (an inline body).
  void MatchBraces() {
    inline_.assign(toks_.size(), false);
    std::vector<size_t> stack;
    for (size_t i = 0; i < toks_.size(); ++i) {
      if (IsPunct(&toks_[i], "{")) stack.push_back(i);
      if (IsPunct(&toks_[i], "}") && !stack.empty()) {
        size_t open = stack.back();
        stack.pop_back();
        bool same_line = toks_[open].line == toks_[i].line;
        // Only code between them: a comment inside forces the block open.
        for (size_t k = open + 1; k < i && same_line; ++k)
          if (toks_[k].kind == Kind::kComment) same_line = false;
        inline_[open] = inline_[i] = same_line;
      }
    }
  }

  void NewLine(bool blank) {
    if (!current_.tokens.empty()) lines_.push_back(current_);
    current_ = OutLine{};
    current_.blank_before = blank;
  }

  void BuildLines() {
    std::vector<bool> block_inline;  // per open brace: inline?
    int paren = 0;
    size_t last_line = 0;
    const Tok* prev = nullptr;
    for (size_t i = 0; i < toks_.size(); ++i) {
      const Tok& t = toks_[i];
      bool in_inline = !block_inline.empty() && block_inline.back();
      // Source line breaks are kept (at most one blank line); a trailing comment stays put.
      if (prev && t.line > last_line) {
        bool blank = t.line > last_line + 1;
        NewLine(blank);
      }
      if (current_.tokens.empty()) {
        int depth = int(block_inline.size());
        if (IsPunct(&t, "}") && !in_inline) --depth;
        current_.depth = std::max(depth, 0);
        current_.continuation = paren > 0 ||
                                (prev && prev->kind != Kind::kComment && IsOperator(prev)) ||
                                (t.kind != Kind::kComment && IsOperator(&t) && !IsPunct(&t, "-"));
        if (IsPunct(&t, "}")) current_.continuation = false;
      }
      if (IsPunct(&t, ";") && !in_inline && paren == 0) {
        // A separator in a multi-line block or at the top level: the member ends the line.
        NewLine(false);
        prev = &t;
        last_line = t.end_line;
        pending_break_ = true;
        continue;
      }
      if (pending_break_ && t.kind == Kind::kComment && t.line == last_line && !lines_.empty() &&
          current_.tokens.empty()) {
        // `a = 1; // note`: the note stays on its member's line.
        lines_.back().tokens.push_back(&t);
        prev = &t;
        last_line = t.end_line;
        continue;
      }
      pending_break_ = false;
      if (IsPunct(&t, "}") && !inline_[i]) {
        NewLine(false);
        current_.depth = std::max(int(block_inline.size()) - 1, 0);
      }
      current_.tokens.push_back(&t);
      if (IsPunct(&t, "(")) ++paren;
      if (IsPunct(&t, ")") && paren > 0) --paren;
      if (IsPunct(&t, "{")) {
        block_inline.push_back(inline_[i]);
        if (!inline_[i]) {
          // The block's members start on the next line; a comment may stay on the `{` line.
          if (i + 1 < toks_.size() && toks_[i + 1].kind == Kind::kComment &&
              toks_[i + 1].line == t.line) {
            current_.tokens.push_back(&toks_[++i]);
          }
          NewLine(false);
          prev = &toks_[i];
          last_line = toks_[i].end_line;
          after_open_ = true;
          continue;
        }
      }
      if (IsPunct(&t, "}")) {
        if (!block_inline.empty()) block_inline.pop_back();
        if (!inline_[i] && i + 1 < toks_.size() && toks_[i + 1].line == t.line &&
            toks_[i + 1].kind != Kind::kComment && !IsPunct(&toks_[i + 1], ")") &&
            !IsPunct(&toks_[i + 1], ",") && !IsPunct(&toks_[i + 1], "}"))
          NewLine(false);
      }
      prev = &t;
      last_line = t.end_line;
    }
    NewLine(false);
    // No blank line after `{`, before `}` or at the start.
    for (size_t i = 0; i < lines_.size(); ++i) {
      if (!lines_[i].blank_before) continue;
      bool after_open =
          i == 0 || IsPunct(lines_[i - 1].tokens.back(), "{") ||
          (lines_[i - 1].tokens.size() > 1 && lines_[i - 1].tokens.back()->kind == Kind::kComment &&
           IsPunct(lines_[i - 1].tokens[lines_[i - 1].tokens.size() - 2], "{"));
      bool before_close = IsPunct(lines_[i].tokens.front(), "}") && !inline_.empty() &&
                          lines_[i].tokens.size() >= 1;
      if (after_open || before_close) lines_[i].blank_before = false;
    }
  }

  // The spacing between two tokens on one line.
  static bool Space(const Tok* a, const Tok* b, const Tok* before_a) {
    if (IsPunct(b, ",") || IsPunct(b, ";") || IsPunct(b, ")") || IsPunct(b, ".")) return false;
    if (IsPunct(a, ".") || IsPunct(a, "(")) return false;
    if (IsPunct(a, "-") &&
        (before_a == nullptr || IsOperator(before_a) || IsPunct(before_a, "(") ||
         IsPunct(before_a, ":") || IsPunct(before_a, "{") || IsPunct(before_a, ";") ||
         (before_a->kind == Kind::kWord && before_a->text == "require")))
      return false;  // unary minus
    if (IsPunct(b, "(")) return !(a->kind == Kind::kWord);
    if (IsPunct(a, "{") && IsPunct(b, "}")) return false;
    return true;
  }

  void Render(size_t index, std::string& code, std::string& comment) {
    const OutLine& line = lines_[index];
    const Tok* prev = nullptr;
    const Tok* before_prev = nullptr;
    bool in_unit = false;  // after a number, unit words and `/` between them are tight
    std::vector<const Tok*> toks = line.tokens;
    for (size_t k = 0; k < toks.size(); ++k) {
      const Tok* t = toks[k];
      if (t->kind == Kind::kComment && k + 1 == toks.size() && t->line_comment && k > 0) {
        comment = t->text;
        break;
      }
      if (t->kind == Kind::kComment && k + 1 == toks.size() && k > 0 && t->line == t->end_line) {
        comment = t->text;
        break;
      }
      bool unit_slash = IsPunct(t, "/") && in_unit && k + 1 < toks.size() &&
                        (toks[k + 1]->kind == Kind::kWord || IsPunct(toks[k + 1], "%"));
      bool after_unit_slash = prev && IsPunct(prev, "/") && unit_slash_prev_;
      if (prev) {
        bool space;
        if (IsPunct(t, ":") || IsPunct(prev, ":")) {
          const Tok* left = IsPunct(t, ":") ? prev : before_prev;
          const Tok* right = IsPunct(t, ":") ? (k + 1 < toks.size() ? toks[k + 1] : nullptr) : t;
          space = !(left && left->kind == Kind::kNumber && right && right->kind == Kind::kNumber);
        } else if (unit_slash || after_unit_slash) {
          space = false;
        } else {
          space = Space(prev, t, before_prev);
        }
        if (space) code += ' ';
      }
      code += t->text;
      unit_slash_prev_ = unit_slash;
      // Unit state: a number starts it; words, `%` and unit slashes continue it.
      if (t->kind == Kind::kNumber)
        in_unit = true;
      else if (!(in_unit && (t->kind == Kind::kWord || IsPunct(t, "%") || unit_slash)) ||
               (t->kind == Kind::kWord && t->text == "x"))
        in_unit = false;
      before_prev = prev;
      prev = t;
    }
    if (line.tokens.size() == 1 && line.tokens[0]->kind == Kind::kComment) comment.clear();
  }

  // A member line `name = ...` or an inline block field `name { ... }`: where its `=` (or `{`) is.
  bool MemberName(size_t i, size_t& name_width) const {
    const auto& t = lines_[i].tokens;
    if (t.size() < 2 || t[0]->kind != Kind::kWord || lines_[i].continuation) return false;
    if (IsPunct(t[1], "=")) {
      name_width = t[0]->text.size();
      return true;
    }
    if (IsPunct(t[1], "{") && lines_[i].depth > 0 && IsPunct(t.back(), "}")) {
      name_width = t[0]->text.size();
      return true;
    }
    if (IsPunct(t[1], "{") && lines_[i].depth > 0 && t.size() > 2 &&
        t.back()->kind == Kind::kComment && IsPunct(t[t.size() - 2], "}")) {
      name_width = t[0]->text.size();
      return true;
    }
    return false;
  }

  // `=` aligned across a run of member lines of one block: broken by a blank line, a line of
  // another depth, or a multi-line member; comment lines do not break it.
  void AlignEquals(std::vector<std::string>& code) {
    size_t i = 0;
    while (i < lines_.size()) {
      size_t w;
      if (!MemberName(i, w) || lines_[i].depth == 0) {
        ++i;
        continue;
      }
      size_t j = i, width = 0;
      std::vector<size_t> members;
      while (j < lines_.size()) {
        if (j > i && lines_[j].blank_before) break;
        bool comment_only =
            lines_[j].tokens.size() == 1 && lines_[j].tokens[0]->kind == Kind::kComment;
        if (comment_only && lines_[j].depth == lines_[i].depth) {
          ++j;
          continue;
        }
        size_t wj;
        if (lines_[j].depth != lines_[i].depth || !MemberName(j, wj)) break;
        members.push_back(j);
        width = std::max(width, wj);
        ++j;
      }
      for (size_t m : members) {
        size_t name = lines_[m].tokens[0]->text.size();
        code[m].insert(name, width - name, ' ');
      }
      i = std::max(j, i + 1);
    }
  }

  // Trailing comments aligned across consecutive lines that have them.
  void AlignComments(const std::vector<std::string>& code,
                     const std::vector<std::string>& comment) {
    pad_.assign(lines_.size(), 2);
    size_t i = 0;
    while (i < lines_.size()) {
      if (comment[i].empty() || code[i].empty()) {
        ++i;
        continue;
      }
      size_t j = i, column = 0;
      while (j < lines_.size() && !comment[j].empty() && !code[j].empty() &&
             (j == i || !lines_[j].blank_before)) {
        column = std::max(column, Width(j, code[j]));
        ++j;
      }
      for (size_t k = i; k < j; ++k) pad_[k] = column + 2 - Width(k, code[k]);
      i = j;
    }
  }

  size_t Width(size_t i, const std::string& code) const {
    size_t w = size_t(lines_[i].depth * 2 + (lines_[i].continuation ? 4 : 0));
    for (unsigned char c : code)
      if ((c & 0xC0) != 0x80) ++w;
    return w;
  }

  size_t Pad(size_t i, const std::vector<std::string>&) const { return pad_[i]; }

  const std::vector<Tok>& toks_;
  std::vector<bool> inline_;
  std::vector<OutLine> lines_;
  OutLine current_;
  std::vector<size_t> pad_;
  bool pending_break_ = false;
  bool after_open_ = false;
  bool unit_slash_prev_ = false;
};

}  // namespace

std::optional<std::string> FormatSource(const SourceManager& sources, uint32_t file,
                                        DiagnosticSink& sink) {
  DiagnosticList found;
  ast::File tree = Parse(sources, file, found);
  if (tree.has_syntax_errors) {
    for (auto& d : found.All()) sink.Report(std::move(d));
    return std::nullopt;
  }
  std::string_view text = sources.Text(file);
  try {
    std::vector<Tok> toks = Lex(text);
    if (toks.empty()) return std::string();
    return Formatter(toks).Run();
  } catch (const std::exception&) {
    return std::nullopt;  // the lexer ran clean in Parse; this cannot happen on valid input
  }
}

}  // namespace clusterc
