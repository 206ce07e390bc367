// One escaping function per output syntax. Every string that comes from a spec (names, vendor,
// require messages, diagnostics quoting source, the spec's file name) passes through the one for
// the place it lands in, so no spec text can end a comment, open a tag or add a command.
//
// The frontend already rejects control characters in strings (`syntax.control-character`); these
// functions still make any byte sequence safe, because a file name is not checked by the frontend
// and defence should not rest on one layer.
#pragma once

#include <string>
#include <string_view>

namespace clusterc::backends::escape {

// Text after `#` on one line of a shell script, slurm.conf, gres.conf, topology.conf or YAML:
// control characters (line breaks included) and a final backslash (a continuation to Slurm's
// parser) are written as `\xNN`.
std::string CommentText(std::string_view text);

// One shell word, single-quoted: the shell expands nothing in it.
std::string ShellWord(std::string_view text);

// A JSON string literal, quotes included (RFC 8259: `"`, `\` and control characters escaped).
std::string JsonString(std::string_view text);

// A YAML double-quoted scalar, quotes included (YAML 1.2 §7.3.1; line separators escaped too).
std::string YamlString(std::string_view text);

// XML character data or a double-quoted attribute value: `&<>"` as entities; characters XML 1.0
// does not allow (C0 controls but tab, LF, CR) as U+FFFD.
std::string XmlText(std::string_view text);

// HTML text or a quoted attribute value (HTML has XML's five significant characters).
inline std::string HtmlText(std::string_view text) {
  return XmlText(text);
}

// Markdown inline text: punctuation Markdown or inline HTML would interpret is backslash-escaped
// (`<` `>` `&` as entities), `|` too so it can sit in a table cell, line breaks become spaces.
std::string MarkdownText(std::string_view text);

// A Markdown code span, backticks included: delimited by one more backtick than the longest run
// inside, line breaks as spaces (CommonMark §6.1). In a table cell `|` is escaped as well (GFM
// splits cells on it even inside code).
std::string MarkdownCode(std::string_view text, bool in_table = false);

// A CSV field (RFC 4180): quoted when it holds a comma, quote or line break.
std::string CsvField(std::string_view text);

}  // namespace clusterc::backends::escape
