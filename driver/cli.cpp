#include "driver/cli.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace clusterc::cli {
namespace {

constexpr size_t kWidth = 100;

bool IsHelp(std::string_view a) {
  return a == "--help" || a == "-h";
}

// "a, b or c".
std::string Alternatives(const std::vector<std::string_view>& words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i) out += i + 1 == words.size() ? " or " : ", ";
    out += words[i];
  }
  return out;
}

std::string UsageToken(const OptionSpec& o) {
  switch (o.type) {
    case OptionSpec::Type::kFlag:
      return fmt::format("[{}]", o.name);
    case OptionSpec::Type::kChoice: {
      std::string joined;
      for (auto c : o.choices) joined += (joined.empty() ? "" : "|") + std::string(c);
      return fmt::format("[{} {}]", o.name, joined);
    }
    default:
      return fmt::format("[{} {}]", o.name, o.value);
  }
}

// Appends `words` to `out` as lines of at most kWidth columns; continuation lines start with
// `indent` spaces; `column` is where the first word starts.
void Wrap(std::string& out, std::string_view words, size_t column, size_t indent) {
  size_t pos = 0;
  bool first = true;
  while (pos < words.size()) {
    size_t end = words.find(' ', pos);
    if (end == std::string_view::npos) end = words.size();
    std::string_view word = words.substr(pos, end - pos);
    if (!first && column + 1 + word.size() > kWidth) {
      out += "\n" + std::string(indent, ' ');
      column = indent;
      first = true;
    }
    if (!first) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    first = false;
    pos = end + 1;
  }
}

const OptionSpec* Find(const CommandSpec& command, std::string_view arg) {
  for (const auto& o : command.options)
    if (arg == o.name || (!o.short_name.empty() && arg == o.short_name)) return &o;
  return nullptr;
}

}  // namespace

OptionSpec Flag(std::string_view name, std::string_view help) {
  OptionSpec o;
  o.name = name;
  o.help = help;
  return o;
}

OptionSpec Value(std::string_view name, std::string_view metavar, std::string_view noun,
                 std::string_view help) {
  OptionSpec o = Flag(name, help);
  o.type = OptionSpec::Type::kString;
  o.value = metavar;
  o.noun = noun;
  return o;
}

OptionSpec Choice(std::string_view name, std::string_view metavar,
                  std::vector<std::string_view> choices, std::string_view help) {
  OptionSpec o = Value(name, metavar, "", help);
  o.type = OptionSpec::Type::kChoice;
  o.choices = std::move(choices);
  return o;
}

OptionSpec PositiveInteger(std::string_view name, std::string_view metavar, std::string_view noun,
                           std::string_view help) {
  OptionSpec o = Value(name, metavar, noun, help);
  o.type = OptionSpec::Type::kPositiveInteger;
  return o;
}

OptionSpec ByteSize(std::string_view name, std::string_view metavar, std::string_view help) {
  OptionSpec o = Value(name, metavar, "a size in bytes (e.g. 500M or 2G)", help);
  o.type = OptionSpec::Type::kByteSize;
  return o;
}

std::optional<uint64_t> ParseByteSize(const std::string& text) {
  if (text.empty() || text[0] < '0' || text[0] > '9') return std::nullopt;
  char* end = nullptr;
  errno = 0;
  unsigned long long n = std::strtoull(text.c_str(), &end, 10);
  if (errno == ERANGE || n == 0) return std::nullopt;
  std::string suffix(end);
  if (suffix.size() == 3 && suffix.substr(1) == "iB") suffix.resize(1);
  static constexpr std::string_view kSuffixes = "KMGT";
  int shift = 0;
  if (!suffix.empty()) {
    size_t at = kSuffixes.find(suffix[0]);
    if (suffix.size() != 1 || at == std::string_view::npos) return std::nullopt;
    shift = 10 * int(at + 1);
  }
  if (n > (UINT64_MAX >> shift)) return std::nullopt;
  return uint64_t(n) << shift;
}

std::string CommandSpec::OperandsUsage() const {
  if (operand.empty()) return "";
  std::string name(operand);
  if (max_operands == kUnbounded) return name + "...";
  return min_operands == 0 ? "[" + name + "]" : name;
}

std::string CommandHelp(const CommandSpec& c) {
  std::string head = fmt::format("usage: clusterc {}", c.name);
  std::string usage = head;
  size_t indent = head.size() + 1;
  std::string tokens;
  tokens = c.OperandsUsage();
  for (const auto& o : c.options)
    if (o.in_usage) tokens += (tokens.empty() ? "" : " ") + UsageToken(o);
  if (!tokens.empty()) {
    usage += ' ';
    // Wrap between tokens, never inside `[--format text|json]`.
    size_t column = usage.size();
    bool first = true;
    size_t pos = 0;
    while (pos < tokens.size()) {
      size_t end = tokens[pos] == '[' ? tokens.find(']', pos) + 1 : tokens.find(' ', pos);
      if (end == std::string::npos || end > tokens.size()) end = tokens.size();
      std::string token = tokens.substr(pos, end - pos);
      if (!first && column + 1 + token.size() > kWidth) {
        usage += "\n" + std::string(indent, ' ');
        column = indent;
        first = true;
      }
      if (!first) {
        usage += ' ';
        ++column;
      }
      usage += token;
      column += token.size();
      first = false;
      pos = end;
      while (pos < tokens.size() && tokens[pos] == ' ') ++pos;
    }
  }
  std::string out = usage + "\n";
  if (!c.description.empty()) out += "\n" + std::string(c.description) + "\n";
  if (!c.options.empty()) {
    std::vector<std::string> lefts;
    size_t width = 0;
    for (const auto& o : c.options) {
      std::string left =
          o.short_name.empty() ? std::string(o.name) : fmt::format("{}, {}", o.short_name, o.name);
      if (!o.value.empty()) left += " " + std::string(o.value);
      width = std::max(width, left.size());
      lefts.push_back(std::move(left));
    }
    out += "\n";
    for (size_t i = 0; i < c.options.size(); ++i) {
      std::string line = fmt::format("  {:<{}}  ", lefts[i], width);
      size_t column = line.size();
      Wrap(line, c.options[i].help, column, column);
      out += line + "\n";
    }
  }
  if (!c.exit_codes.empty()) out += "\nexit codes: " + std::string(c.exit_codes) + "\n";
  return out;
}

std::string MainHelp(const std::vector<CommandSpec>& commands) {
  std::string out =
      "usage: clusterc <command> [options]\n"
      "\n"
      "Compiler and linter for AI training cluster specs (.cl files).\n"
      "\n"
      "commands:\n";
  size_t width = 0;
  for (const auto& c : commands)
    width = std::max(width, c.name.size() + 1 + c.OperandsUsage().size());
  for (const auto& c : commands) {
    std::string operands = c.OperandsUsage();
    std::string left = std::string(c.name) + (operands.empty() ? "" : " ") + operands;
    out += fmt::format("  {:<{}}  {}\n", left, width, c.summary);
  }
  out +=
      "\n"
      "options:\n"
      "  --help             show help (also `clusterc COMMAND --help`)\n"
      "  --version          show the version\n"
      "\n"
      "exit codes: 0 clean, 1 diagnostics with errors, 2 usage or I/O failure\n";
  return out;
}

std::optional<std::string> Parse(const CommandSpec& c, const std::vector<std::string>& args,
                                 ParsedArgs& out) {
  // Help wins over any other problem on the line.
  if (std::any_of(args.begin(), args.end(), [](const std::string& a) { return IsHelp(a); })) {
    out.values["--help"] = "";
    return std::nullopt;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() > 1 && a[0] == '-') {
      const OptionSpec* o = Find(c, a);
      if (!o) return fmt::format("unknown option `{}` for `clusterc {}`", a, c.name);
      std::string name(o->name);
      if (o->type == OptionSpec::Type::kFlag) {
        out.values[name] = "";
        continue;
      }
      bool has_value = i + 1 < args.size();
      std::string value = has_value ? args[i + 1] : "";
      switch (o->type) {
        case OptionSpec::Type::kChoice:
          if (!has_value ||
              std::find(o->choices.begin(), o->choices.end(), value) == o->choices.end())
            return fmt::format("{} takes {}{}", a, Alternatives(o->choices),
                               has_value ? fmt::format("; got `{}`", value) : "");
          break;
        case OptionSpec::Type::kPositiveInteger: {
          char* end = nullptr;
          errno = 0;
          unsigned long long n = has_value ? std::strtoull(value.c_str(), &end, 10) : 0;
          if (!has_value || value.empty() || value[0] == '-' || *end != '\0' ||
              (n == 0 && !o->allow_zero) || errno == ERANGE)
            return fmt::format("{} takes {}", a, o->noun);
          break;
        }
        case OptionSpec::Type::kByteSize:
          if (!has_value || !ParseByteSize(value)) return fmt::format("{} takes {}", a, o->noun);
          break;
        default:
          if (!has_value) return fmt::format("{} needs {}", a, o->noun);
          break;
      }
      out.values[name] = value;
      ++i;
      continue;
    }
    out.operands.push_back(a);
  }
  std::string cmd = fmt::format("`clusterc {}`", c.name);
  if (out.operands.size() < c.min_operands)
    return c.max_operands == CommandSpec::kUnbounded
               ? fmt::format("{} needs at least one {}", cmd, c.operand)
               : fmt::format("{} needs a {}", cmd, c.operand);
  if (out.operands.size() > c.max_operands) {
    if (c.max_operands == 0)
      return fmt::format("unexpected argument `{}` for {}", out.operands[0], cmd);
    return fmt::format("{} takes one {}", cmd, c.operand);
  }
  return std::nullopt;
}

std::string UsageFormat(const CommandSpec& c, const std::vector<std::string>& args) {
  if (c.format_option.empty()) return "text";
  const OptionSpec* o = Find(c, c.format_option);
  std::string format = "text";
  for (size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == c.format_option && o &&
        std::find(o->choices.begin(), o->choices.end(), args[i + 1]) != o->choices.end())
      format = args[i + 1];
  return format;
}

}  // namespace clusterc::cli
