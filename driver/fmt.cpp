#include "driver/fmt.h"

#include <fmt/format.h>

#include <algorithm>

#include "diag/render.h"
#include "driver/output_dir.h"
#include "frontend/compile.h"
#include "frontend/format.h"

namespace clusterc {
namespace {

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

}  // namespace

std::string UnifiedDiff(const std::string& path, const std::string& before,
                        const std::string& after) {
  std::vector<std::string> a = SplitLines(before), b = SplitLines(after);
  // Common prefix and suffix first; the middle by longest common subsequence when small enough.
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  size_t n = a.size() - prefix - suffix, m = b.size() - prefix - suffix;
  // Edit script: ' ' keep, '-' delete, '+' insert, with indices into a and b.
  struct Op {
    char kind;
    size_t ai, bi;
  };
  std::vector<Op> ops;
  for (size_t i = 0; i < prefix; ++i) ops.push_back({' ', i, i});
  if (n * m <= 4'000'000) {
    std::vector<std::vector<uint32_t>> lcs(n + 1, std::vector<uint32_t>(m + 1, 0));
    for (size_t i = n; i-- > 0;)
      for (size_t j = m; j-- > 0;)
        lcs[i][j] = a[prefix + i] == b[prefix + j] ? lcs[i + 1][j + 1] + 1
                                                   : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[prefix + i] == b[prefix + j]) {
        ops.push_back({' ', prefix + i++, prefix + j++});
      } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
        ops.push_back({'-', prefix + i++, prefix + j});
      } else {
        ops.push_back({'+', prefix + i, prefix + j++});
      }
    }
  } else {
    for (size_t i = 0; i < n; ++i) ops.push_back({'-', prefix + i, prefix});
    for (size_t j = 0; j < m; ++j) ops.push_back({'+', prefix + n, prefix + j});
  }
  for (size_t i = 0; i < suffix; ++i)
    ops.push_back({' ', a.size() - suffix + i, b.size() - suffix + i});

  std::string out = fmt::format("--- {}\n+++ {} (formatted)\n", path, path);
  constexpr size_t kContext = 3;
  size_t k = 0;
  while (k < ops.size()) {
    if (ops[k].kind == ' ') {
      ++k;
      continue;
    }
    // A hunk: from kContext lines before this change to kContext after the last change within
    // 2 * kContext lines of the previous one.
    size_t start = k >= kContext ? k - kContext : 0, end = k;
    while (end < ops.size()) {
      size_t next = end;
      while (next < ops.size() && ops[next].kind == ' ') ++next;
      if (next == ops.size() || next - end > 2 * kContext) break;
      end = next + 1;
    }
    size_t stop = std::min(ops.size(), end + kContext);
    size_t a_count = 0, b_count = 0;
    for (size_t q = start; q < stop; ++q) {
      if (ops[q].kind != '+') ++a_count;
      if (ops[q].kind != '-') ++b_count;
    }
    out += fmt::format("@@ -{},{} +{},{} @@\n", ops[start].ai + (a_count ? 1 : 0), a_count,
                       ops[start].bi + (b_count ? 1 : 0), b_count);
    for (size_t q = start; q < stop; ++q)
      out += ops[q].kind + (ops[q].kind == '+' ? b[ops[q].bi] : a[ops[q].ai]) + "\n";
    k = stop;
  }
  return out;
}

int FormatCommand(const cli::ParsedArgs& args, Streams& s) {
  bool check = args.Has("--check"), diff = args.Has("--diff");
  int status = kExitOk;
  for (const std::string& path : args.operands) {
    std::optional<std::string> text = ReadFile(path);
    if (!text) {
      s.err += fmt::format("clusterc: error: cannot read {} [source.unreadable]\n", path);
      status = kExitUsage;
      continue;
    }
    SourceManager sources;
    uint32_t file = sources.Add(path, *text);
    DiagnosticList diags;
    std::optional<std::string> formatted = FormatSource(sources, file, diags);
    if (!formatted) {
      // Left untouched: the layout of a file that does not parse is not known.
      s.err += RenderText(diags.All(), sources, s.err_is_terminal);
      s.err += fmt::format("clusterc: {} not formatted: it has syntax errors\n", path);
      if (status == kExitOk) status = kExitDiagnostics;
      continue;
    }
    if (*formatted == *text) continue;
    if (diff) s.out += UnifiedDiff(path, *text, *formatted);
    if (check) {
      if (!diff) s.out += path + "\n";
      if (status == kExitOk) status = kExitDiagnostics;
      continue;
    }
    if (diff) continue;
    // fmt rewrites its own input: no input is protected here.
    OutputProblem problem;
    if (!WriteFileAtomically(path, *formatted, {}, problem)) {
      s.err += fmt::format("clusterc: error: {} [{}]\n", problem.message, Info(problem.code).code);
      status = kExitUsage;
    }
  }
  return status;
}

}  // namespace clusterc
