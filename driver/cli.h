// Subcommands and their options, declared once: argument parsing, the usage line, the help text
// and usage errors all follow from one table (driver.cpp), so a new subcommand is a few lines.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "driver/driver.h"

namespace clusterc::cli {

struct OptionSpec {
  enum class Type { kFlag, kString, kChoice, kPositiveInteger, kByteSize };
  std::string_view name;        // "--format"
  std::string_view short_name;  // "-o", or empty
  Type type = Type::kFlag;
  std::string_view value;  // metavariable in help, e.g. "DIR"; empty for flags
  std::string_view noun;   // what a missing value is, for errors: "a directory"
  std::string_view help;
  std::vector<std::string_view> choices;  // kChoice: the accepted values
  bool in_usage = true;                   // listed in the usage line
  bool allow_zero = false;                // kPositiveInteger: 0 is accepted too

  OptionSpec& AllowZero() {
    allow_zero = true;
    return *this;
  }

  OptionSpec& Alias(std::string_view short_spelling) {
    short_name = short_spelling;
    return *this;
  }
  OptionSpec& NotInUsage() {
    in_usage = false;
    return *this;
  }
};

// The kinds of option, for the command table.
OptionSpec Flag(std::string_view name, std::string_view help);
OptionSpec Value(std::string_view name, std::string_view metavar, std::string_view noun,
                 std::string_view help);
OptionSpec Choice(std::string_view name, std::string_view metavar,
                  std::vector<std::string_view> choices, std::string_view help);
OptionSpec PositiveInteger(std::string_view name, std::string_view metavar, std::string_view noun,
                           std::string_view help);
// A positive number of bytes with an optional binary suffix: 500M, 2G, 2GiB.
OptionSpec ByteSize(std::string_view name, std::string_view metavar, std::string_view help);
std::optional<uint64_t> ParseByteSize(const std::string& text);

// What the command line said, by option name ("--format").
struct ParsedArgs {
  std::vector<std::string> operands;
  std::map<std::string, std::string, std::less<>> values;  // flags map to ""

  bool Has(std::string_view option) const { return values.count(option) > 0; }
  std::string Get(std::string_view option, std::string fallback = "") const {
    auto it = values.find(option);
    return it == values.end() ? fallback : it->second;
  }
};

struct CommandSpec {
  static constexpr size_t kUnbounded = std::numeric_limits<size_t>::max();
  std::string_view name;     // "check"
  std::string_view summary;  // one line for `clusterc --help`
  std::string_view operand;  // the operands' name: "FILE"; the usage line adds "..." when many
  size_t min_operands = 0, max_operands = 0;
  std::string_view description;  // paragraph(s) after the usage line
  std::vector<OptionSpec> options;
  std::string_view exit_codes;
  // The option whose value chooses how usage errors are rendered (`--format json` gets a JSON
  // document even for a bad option); empty: always text.
  std::string_view format_option;
  int (*run)(const ParsedArgs&, Streams&) = nullptr;

  // "FILE...", "FILE", "[FILE]" or "".
  std::string OperandsUsage() const;
};

// `usage: ...`, the description, the options and the exit codes, wrapped at 100 columns.
std::string CommandHelp(const CommandSpec& command);
// `clusterc --help`: every command with its summary.
std::string MainHelp(const std::vector<CommandSpec>& commands);

// Parses `args` (after the command word). Returns the problem, phrased for a usage error, or
// nothing. `--help`/`-h` anywhere sets the option "--help".
std::optional<std::string> Parse(const CommandSpec& command, const std::vector<std::string>& args,
                                 ParsedArgs& out);

// The format usage errors of `command` should use, from a pre-scan of `args` (text by default).
std::string UsageFormat(const CommandSpec& command, const std::vector<std::string>& args);

}  // namespace clusterc::cli
