#include "diag/render.h"

#include <fmt/format.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/Unicode.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <filesystem>

namespace clusterc {
namespace {

struct Loc {
  std::string path;
  LineColumn begin, end;
  bool valid = false;
};

Loc Locate(const SourceManager& sources, SourceRange r) {
  Loc loc;
  if (!r.Valid() || r.file > sources.FileCount()) return loc;
  loc.valid = true;
  loc.path = std::string(sources.Path(r.file));
  loc.begin = sources.Position(r.file, r.begin);
  loc.end = sources.Position(r.file, std::max(r.end, r.begin));
  return loc;
}

// Display width of a UTF-8 string in terminal columns (wide CJK characters take two).
size_t DisplayWidth(std::string_view s) {
  int w = llvm::sys::unicode::columnWidthUTF8(llvm::StringRef(s.data(), s.size()));
  if (w >= 0) return size_t(w);
  return CodePointCount(s);  // non-printable or invalid: one column each
}

// The line as it may be printed: control characters and bytes that are not UTF-8 become `?`,
// byte for byte, so offsets into the line stay valid.
std::string Printable(std::string_view line) {
  std::string out(line);
  size_t i = 0;
  while (i < out.size()) {
    unsigned char c = static_cast<unsigned char>(out[i]);
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t') || c == 0x7F) out[i] = '?';
      ++i;
      continue;
    }
    size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    bool ok = len > 0 && i + len <= out.size();
    for (size_t k = 1; ok && k < len; ++k)
      ok = (static_cast<unsigned char>(out[i + k]) & 0xC0) == 0x80;
    if (!ok) {
      out[i++] = '?';
      continue;
    }
    i += len;
  }
  return out;
}

void AppendSnippet(std::string& out, const SourceManager& sources, SourceRange r) {
  if (!r.Valid()) return;
  // Only the shown window of the line is processed: a diagnostic costs O(window), not O(line).
  std::string_view line = sources.LineText(r.file, r.begin);
  LineColumn b = sources.Position(r.file, r.begin);
  const size_t kMaxShown = 200;  // huge lines are cut around the location
  size_t line_begin = r.begin - (b.byte_column - 1);
  size_t start_in_line = std::min<size_t>(b.byte_column - 1, line.size());
  size_t shown_from = 0;
  if (line.size() > kMaxShown && start_in_line > kMaxShown / 2) {
    shown_from = start_in_line - kMaxShown / 2;
    while (shown_from > 0 && (static_cast<unsigned char>(line[shown_from]) & 0xC0) == 0x80)
      --shown_from;
  }
  size_t cut = std::min(kMaxShown, line.size() - shown_from);
  while (cut > 0 && cut < line.size() - shown_from &&
         (static_cast<unsigned char>(line[shown_from + cut]) & 0xC0) == 0x80)
    --cut;
  std::string printable = Printable(line.substr(shown_from, cut));
  std::string_view shown = printable;
  std::string gutter = fmt::format("{:>5}", b.line);
  std::string prefix = shown_from > 0 ? "..." : "";
  out += fmt::format("{} | {}{}\n", gutter, prefix, shown);
  // Caret line: tabs kept so it aligns under tabs.
  std::string caret(gutter.size(), ' ');
  caret += " | " + std::string(prefix.size(), ' ');
  std::string_view before = shown.substr(0, std::min(shown.size(), start_in_line - shown_from));
  for (char c : before)
    if (c == '\t') caret += '\t';
  std::string no_tabs(before);
  no_tabs.erase(std::remove(no_tabs.begin(), no_tabs.end(), '\t'), no_tabs.end());
  caret += std::string(DisplayWidth(no_tabs), ' ');
  size_t end_in_line = std::min<size_t>(r.end - line_begin, line.size());
  size_t under = 1;
  if (end_in_line > start_in_line) {
    size_t to = std::min(end_in_line, shown_from + shown.size());
    if (to > start_in_line)
      under = std::max<size_t>(
          1, DisplayWidth(shown.substr(start_in_line - shown_from, to - start_in_line)));
  }
  caret += "^" + std::string(under - 1, '~');
  out += caret + "\n";
}

std::string Header(const Loc& loc) {
  if (!loc.valid) return "clusterc: ";
  return fmt::format("{}:{}:{}: ", loc.path, loc.begin.line, loc.begin.column);
}

llvm::json::Object JsonLocation(const SourceManager& sources, SourceRange r) {
  Loc loc = Locate(sources, r);
  if (!loc.valid) return {};
  return llvm::json::Object{{"file", loc.path},
                            {"line", loc.begin.line},
                            {"column", loc.begin.column},
                            {"end_line", loc.end.line},
                            {"end_column", loc.end.column},
                            {"offset", r.begin},
                            {"length", r.end >= r.begin ? r.end - r.begin : 0}};
}

uint64_t Fnv1a(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string ToJson(llvm::json::Value v) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", v);
  os.flush();
  return out + "\n";
}

}  // namespace

std::string RenderText(const std::vector<Diagnostic>& diags, const SourceManager& sources,
                       bool color) {
  std::string out;
  for (const auto& d : diags) {
    if (d.suppressed) continue;
    Loc loc = Locate(sources, d.range);
    std::string severity(SeverityName(d.severity));
    if (color) {
      const char* c = d.severity == Severity::kError     ? "\033[1;31m"
                      : d.severity == Severity::kWarning ? "\033[1;35m"
                                                         : "\033[1;36m";
      severity = std::string(c) + severity + "\033[0m";
    }
    // A pathological input (a megabyte-long name) must not make a megabyte-long message.
    std::string message = d.message.size() > 1000 ? d.message.substr(0, 1000) + "..." : d.message;
    out += fmt::format("{}{}: {} [{}]\n", Header(loc), severity, message, Info(d.code).code);
    AppendSnippet(out, sources, d.range);
    for (const auto& label : d.labels) {
      out += fmt::format("{}note: {}\n", Header(Locate(sources, label.range)), label.message);
      AppendSnippet(out, sources, label.range);
    }
    for (const auto& note : d.notes) out += fmt::format("{}note: {}\n", Header(loc), note);
  }
  return out;
}

std::string RenderJson(const std::vector<Diagnostic>& diags, const SourceManager& sources,
                       const std::vector<std::string>& inputs, const ToolInfo& tool) {
  llvm::json::Array items;
  size_t counts[3] = {0, 0, 0};
  size_t suppressed = 0;
  for (const auto& d : diags) {
    if (d.suppressed)
      ++suppressed;
    else
      ++counts[size_t(d.severity)];
    llvm::json::Array labels, notes, fixits;
    for (const auto& l : d.labels)
      labels.push_back(
          llvm::json::Object{{"message", l.message}, {"location", JsonLocation(sources, l.range)}});
    for (const auto& n : d.notes) notes.push_back(n);
    for (const auto& f : d.fixits)
      fixits.push_back(llvm::json::Object{{"replacement", f.replacement},
                                          {"location", JsonLocation(sources, f.range)}});
    llvm::json::Object item{{"code", std::string(Info(d.code).code)},
                            {"severity", std::string(SeverityName(d.severity))},
                            {"message", d.message},
                            {"labels", std::move(labels)},
                            {"notes", std::move(notes)},
                            {"fixits", std::move(fixits)},
                            {"suppressed", d.suppressed}};
    if (d.range.Valid())
      item["location"] = JsonLocation(sources, d.range);
    else
      item["location"] = nullptr;
    if (d.suppressed) item["suppressed_by"] = d.suppressed_by;
    items.push_back(std::move(item));
  }
  llvm::json::Array files;
  for (const auto& f : inputs) files.push_back(f);
  llvm::json::Object doc{
      {"format_version", 1},
      {"tool", llvm::json::Object{{"name", tool.name}, {"version", tool.version}}},
      {"inputs", std::move(files)},
      {"counts", llvm::json::Object{{"error", counts[2]},
                                    {"warning", counts[1]},
                                    {"note", counts[0]},
                                    {"suppressed", suppressed}}},
      {"diagnostics", std::move(items)}};
  return ToJson(std::move(doc));
}

std::string RuleHelpUri(std::string_view code) {
  // GitHub's heading anchor of "## `code`": punctuation other than `-` dropped.
  std::string anchor;
  for (char c : code)
    if (c != '.' && c != '`') anchor += c;
  return std::string(kRulesDocument) + "#" + anchor;
}

namespace {

std::string PercentEncode(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '/' || c == '-' || c == '.' || c == '_' || c == '~';
    if (plain) {
      out += char(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

// Where a source file is, for SARIF: relative to %SRCROOT% (the directory the check ran in)
// when inside it, the standard library relative to CLUSTERC_STDLIB, anything else absolute.
llvm::json::Object ArtifactLocation(std::string_view path) {
  namespace fs = std::filesystem;
  constexpr std::string_view kStd = "<std>/";
  if (path.substr(0, kStd.size()) == kStd)
    return llvm::json::Object{{"uri", PercentEncode(path.substr(kStd.size()))},
                              {"uriBaseId", "CLUSTERC_STDLIB"}};
  std::error_code ec;
  fs::path absolute = fs::absolute(fs::path(path), ec).lexically_normal();
  fs::path cwd = fs::current_path(ec);
  fs::path relative = absolute.lexically_relative(cwd);
  if (!ec && !relative.empty() && *relative.begin() != "..")
    return llvm::json::Object{{"uri", PercentEncode(relative.generic_string())},
                              {"uriBaseId", "%SRCROOT%"}};
  return llvm::json::Object{{"uri", "file://" + PercentEncode(absolute.generic_string())}};
}

llvm::json::Object Region(const Loc& loc) {
  // An empty range still covers one column, so viewers have something to underline.
  return llvm::json::Object{
      {"startLine", loc.begin.line},
      {"startColumn", loc.begin.column},
      {"endLine", loc.end.line},
      {"endColumn",
       std::max(loc.end.column, loc.begin.column + (loc.end.line == loc.begin.line ? 1u : 0u))}};
}

const char* LevelOf(Severity s) {
  return s == Severity::kError ? "error" : s == Severity::kWarning ? "warning" : "note";
}

// GitHub workflow commands escape `%`, CR and LF in the message; properties also `:` and `,`.
std::string GithubEscape(std::string_view s, bool property) {
  std::string out;
  for (char c : s) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else if (property && c == ':')
      out += "%3A";
    else if (property && c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

}  // namespace

std::string RenderSarif(const std::vector<Diagnostic>& diags, const SourceManager& sources,
                        const ToolInfo& tool, bool execution_successful) {
  llvm::json::Array rules;
  for (size_t i = 0; i < kDiagCodeCount; ++i) {
    const auto& info = kDiagCodes[i];
    rules.push_back(llvm::json::Object{
        {"id", std::string(info.code)},
        {"name", std::string(info.code)},
        {"shortDescription", llvm::json::Object{{"text", std::string(info.summary)}}},
        {"fullDescription", llvm::json::Object{{"text", std::string(info.explanation)}}},
        {"help", llvm::json::Object{{"text", std::string(info.explanation)}}},
        {"helpUri", RuleHelpUri(info.code)},
        {"defaultConfiguration", llvm::json::Object{{"level", LevelOf(info.severity)}}}});
  }
  llvm::json::Array results;
  for (const auto& d : diags) {
    llvm::json::Object result{{"ruleId", std::string(Info(d.code).code)},
                              {"ruleIndex", int64_t(d.code)},
                              {"level", LevelOf(d.severity)},
                              {"message", llvm::json::Object{{"text", d.message}}}};
    Loc loc = Locate(sources, d.range);
    llvm::json::Array related;
    int64_t id = 1;
    if (loc.valid) {
      llvm::json::Array locations;
      locations.push_back(llvm::json::Object{
          {"physicalLocation", llvm::json::Object{{"artifactLocation", ArtifactLocation(loc.path)},
                                                  {"region", Region(loc)}}}});
      result["locations"] = std::move(locations);
      std::string line(sources.LineText(d.range.file, d.range.begin));
      line.erase(0, line.find_first_not_of(" \t"));
      result["partialFingerprints"] = llvm::json::Object{
          {"primaryLocationLineHash",
           fmt::format("{:016x}:1", Fnv1a(std::string(Info(d.code).code) + "|" + line))}};
    } else {
      result["locations"] = llvm::json::Array{};
    }
    for (const auto& l : d.labels) {
      Loc ll = Locate(sources, l.range);
      if (!ll.valid) continue;
      related.push_back(llvm::json::Object{
          {"id", id++},
          {"message", llvm::json::Object{{"text", l.message}}},
          {"physicalLocation", llvm::json::Object{{"artifactLocation", ArtifactLocation(ll.path)},
                                                  {"region", Region(ll)}}}});
    }
    // Notes (hints, breakdowns) are about the primary location, as the text renderer shows.
    for (const auto& n : d.notes) {
      llvm::json::Object note{{"id", id++}, {"message", llvm::json::Object{{"text", n}}}};
      if (loc.valid)
        note["physicalLocation"] = llvm::json::Object{
            {"artifactLocation", ArtifactLocation(loc.path)}, {"region", Region(loc)}};
      related.push_back(std::move(note));
    }
    if (!related.empty()) result["relatedLocations"] = std::move(related);
    if (d.suppressed) {
      result["suppressions"] = llvm::json::Array{
          llvm::json::Object{{"kind", "inSource"}, {"justification", d.suppressed_by}}};
    }
    results.push_back(std::move(result));
  }
  llvm::json::Object run{
      {"tool", llvm::json::Object{{"driver", llvm::json::Object{{"name", tool.name},
                                                                {"semanticVersion", tool.version},
                                                                {"informationUri", kRulesDocument},
                                                                {"rules", std::move(rules)}}}}},
      {"originalUriBaseIds",
       llvm::json::Object{
           {"%SRCROOT%",
            llvm::json::Object{
                {"description",
                 llvm::json::Object{{"text", "the directory clusterc check ran in"}}}}},
           {"CLUSTERC_STDLIB",
            llvm::json::Object{
                {"uri", kStdlibSources},
                {"description", llvm::json::Object{{"text",
                                                    "clusterc's standard library (embedded in the "
                                                    "binary; `import std.NAME` is NAME.cl)"}}}}}}},
      {"invocations",
       llvm::json::Array{llvm::json::Object{{"executionSuccessful", execution_successful}}}},
      {"columnKind", "unicodeCodePoints"},
      {"results", std::move(results)}};
  llvm::json::Object doc{{"version", "2.1.0"},
                         {"$schema",
                          "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
                          "sarif-schema-2.1.0.json"},
                         {"runs", llvm::json::Array{std::move(run)}}};
  return ToJson(std::move(doc));
}

std::string RenderGithub(const std::vector<Diagnostic>& diags, const SourceManager& sources) {
  std::string out;
  for (const auto& d : diags) {
    if (d.suppressed) continue;
    const char* command = d.severity == Severity::kError     ? "error"
                          : d.severity == Severity::kWarning ? "warning"
                                                             : "notice";
    std::string properties;
    Loc loc = Locate(sources, d.range);
    // Annotations attach to files of the repository; a standard-library location has none.
    if (loc.valid && loc.path.rfind("<std>/", 0) != 0)
      properties = fmt::format("file={},line={},col={},endLine={},endColumn={},",
                               GithubEscape(loc.path, true), loc.begin.line, loc.begin.column,
                               loc.end.line, loc.end.column);
    std::string message = d.message;
    for (const auto& n : d.notes) message += "\n" + n;
    out += fmt::format("::{} {}title={}::{}\n", command, properties,
                       GithubEscape(Info(d.code).code, true), GithubEscape(message, false));
  }
  return out;
}

}  // namespace clusterc
