#include "backends/escape.h"

#include <fmt/format.h>

#include <algorithm>

namespace clusterc::backends::escape {
namespace {

bool IsControl(unsigned char c) {
  return c < 0x20 || c == 0x7f;
}

}  // namespace

std::string CommentText(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (IsControl(c) || (c == '\\' && i + 1 == text.size()))
      out += fmt::format("\\x{:02x}", c);
    else
      out += char(c);
  }
  return out;
}

std::string ShellWord(std::string_view text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string JsonString(std::string_view text) {
  std::string out = "\"";
  for (char ch : text) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (IsControl(c))
          out += fmt::format("\\u{:04x}", c);
        else
          out += ch;
    }
  }
  return out + "\"";
}

std::string YamlString(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    // U+0085, U+2028, U+2029 are line breaks to YAML 1.1 readers.
    if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x85) {
      out += "\\N";
      ++i;
    } else if (c == 0xe2 && i + 2 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(text[i + 2]) == 0xa8 ||
                static_cast<unsigned char>(text[i + 2]) == 0xa9)) {
      out += static_cast<unsigned char>(text[i + 2]) == 0xa8 ? "\\L" : "\\P";
      i += 2;
    } else if (c == '"' || c == '\\') {
      out += {'\\', char(c)};
    } else if (IsControl(c)) {
      out += fmt::format("\\x{:02x}", c);
    } else {
      out += char(c);
    }
  }
  return out + "\"";
}

std::string XmlText(std::string_view text) {
  std::string out;
  for (char ch : text) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        if (IsControl(c) && c != '\t' && c != '\n' && c != '\r')
          out += "\xef\xbf\xbd";  // U+FFFD: XML 1.0 allows no other C0 control
        else
          out += ch;
    }
  }
  return out;
}

std::string MarkdownText(std::string_view text) {
  std::string out;
  for (char ch : text) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '\n':
      case '\r':
        out += ' ';
        break;
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '|':
      case '#':
      case '!':
      case '~':
        out += {'\\', ch};
        break;
      default:
        out += IsControl(c) ? ' ' : ch;
    }
  }
  return out;
}

std::string MarkdownCode(std::string_view text, bool in_table) {
  size_t longest = 0, run = 0;
  std::string body;
  for (char ch : text) {
    run = ch == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
    if (in_table && ch == '|')
      body += "\\|";
    else
      body += IsControl(static_cast<unsigned char>(ch)) ? ' ' : ch;
  }
  std::string fence(longest + 1, '`');
  // A space on each side keeps a backtick at either end from joining the fence.
  bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string CsvField(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace clusterc::backends::escape
