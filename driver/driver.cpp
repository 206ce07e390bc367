#include "driver/driver.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "analysis/analysis.h"
#include "backends/backend.h"
#include "diag/format.h"
#include "diag/render.h"
#include "driver/explain.h"
#include "driver/output_dir.h"
#include "driver/reference.h"
#include "driver/requires.h"
#include "frontend/compile.h"

#ifndef CLUSTERC_VERSION
#define CLUSTERC_VERSION "0.0.0"
#endif

namespace clusterc {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMainHelp =
    "usage: clusterc <command> [options]\n"
    "\n"
    "Compiler and linter for AI training cluster specs (.cl files).\n"
    "\n"
    "commands:\n"
    "  check FILE...      parse, check and analyse specs; report diagnostics\n"
    "  build FILE         check, then write Slurm, NCCL, simulator and report files\n"
    "  explain FILE       every derived quantity: fabric, power, memory, time, cost\n"
    "  rules              list every diagnostic code with its explanation\n"
    "  reference          print the field reference of every block kind (Markdown)\n"
    "\n"
    "options:\n"
    "  --help             show help (also `clusterc COMMAND --help`)\n"
    "  --version          show the version\n"
    "\n"
    "exit codes: 0 clean, 1 diagnostics with errors, 2 usage or I/O failure\n";

constexpr const char* kCheckHelp =
    "usage: clusterc check FILE... [--format text|json|sarif] [--werror] [--output FILE]\n"
    "                      [--root DIR]\n"
    "\n"
    "Parses, checks and analyses each FILE and reports every diagnostic.\n"
    "\n"
    "  --format FORMAT    text (default, to stderr), json or sarif (to stdout)\n"
    "  --output FILE      write the json or sarif document to FILE (atomically)\n"
    "  --werror           treat warnings as errors (exit 1)\n"
    "  --root DIR         project root; imports may not leave it (default: each file's "
    "directory)\n"
    "  --max-file-size N  refuse source files larger than N bytes (default 64 MiB)\n"
    "\n"
    "exit codes: 0 clean (warnings allowed unless --werror), 1 errors, 2 usage or I/O failure\n";

constexpr const char* kBuildHelp =
    "usage: clusterc build FILE [-o DIR] [--emit NAME,...] [--plan NAME] [--traces slice|all]\n"
    "                      [--quiet] [--root DIR]\n"
    "\n"
    "Checks FILE; when it has no errors, lowers it to deployment and simulation files under DIR\n"
    "(default: out). Nothing is written when the spec has errors. DIR is replaced as a whole:\n"
    "after any failure the previous DIR is intact.\n"
    "\n"
    "  -o, --output DIR   output directory (default: out)\n"
    "  --emit NAMES       comma-separated backends (default: all that are on by default)\n"
    "  --plan NAME        lower only this plan (default: every plan of FILE)\n"
    "  --traces MODE      ASTRA-sim traces: `slice` (default; a representative slice of at\n"
    "                     most 256 ranks, see docs) or `all` (one trace per GPU of the job)\n"
    "  --quiet            print no summary\n"
    "  --root DIR         project root; imports may not leave it\n"
    "\n"
    "exit codes: 0 written, 1 the spec has errors, 2 usage or I/O failure\n";

constexpr const char* kExplainHelp =
    "usage: clusterc explain FILE [--plan NAME] [--format text|json] [--root DIR]\n"
    "\n"
    "Prints every quantity analysis derives for the clusters and plans of FILE, grouped\n"
    "(counts, fabric, power, reliability, cost; shape, memory, time), in units chosen for\n"
    "reading; JSON gives exact SI values. Diagnostics go to stderr as in `check`.\n"
    "\n"
    "exit codes: 0 explained (warnings allowed), 1 the spec has errors, 2 usage or I/O failure\n";

constexpr const char* kRulesHelp =
    "usage: clusterc rules [--format text|json|markdown]\n"
    "\n"
    "Lists every diagnostic code with its severity and explanation.\n";

constexpr const char* kReferenceHelp =
    "usage: clusterc reference\n"
    "\n"
    "Prints the fields of every block kind, with dimension, default and description, as\n"
    "Markdown (the tables of docs/language.md are this output).\n";

bool IsHelp(const std::string& a) {
  return a == "--help" || a == "-h";
}

// Reports a usage problem in the requested format, so a JSON consumer still gets a document.
int UsageError(Streams& s, const std::string& message, const std::string& format,
               const std::string& help) {
  Diagnostic d = MakeDiagnostic(DiagCode::DriverUsage, {}, message);
  SourceManager none;
  ToolInfo tool{"clusterc", CLUSTERC_VERSION};
  if (format == "json")
    s.out += RenderJson({d}, none, {}, tool);
  else if (format == "sarif")
    s.out += RenderSarif({d}, none, tool);
  else
    s.err += RenderText({d}, none) + help;
  return kExitUsage;
}

void ApplySuppressions(const ir::Program& program, std::vector<Diagnostic>& diags) {
  for (auto& d : diags) {
    for (const auto& s : program.suppressions) {
      if (s.code != Info(d.code).code || s.range.file != d.range.file) continue;
      if (d.range.begin >= s.range.begin &&
          d.range.begin < std::max(s.range.end, s.range.begin + 1)) {
        d.suppressed = true;
        d.suppressed_by = "// clusterc: allow(" + s.code + ")";
      }
    }
  }
}

// One spec compiled and analysed: what check, build and explain share.
struct Session {
  ir::Program program;
  analysis::Results results;
  DiagnosticList diags;
  bool io_failure = false;
};

void CompileAndAnalyze(const std::string& file, const std::string& root, SourceManager& sources,
                       Session& session, size_t max_source_bytes = kMaxSourceBytes) {
  CompileOptions options;
  options.root = root;
  options.max_source_bytes = max_source_bytes;
  session.program = Compile(file, options, sources, session.diags);
  if (!session.diags.HasErrors()) {
    session.results = analysis::Analyze(session.program, analysis::Options{}, session.diags);
    EvaluateRequires(session.program, session.results, sources, session.diags);
  }
  ApplySuppressions(session.program, session.diags.All());
  session.diags.SortBySource();
  for (const auto& d : session.diags.All())
    if (d.code == DiagCode::SourceUnreadable || d.code == DiagCode::SourceTooLarge)
      session.io_failure = true;
}

int Check(const std::vector<std::string>& args, Streams& s) {
  std::vector<std::string> files;
  std::string format = "text", output, root;
  bool werror = false;
  size_t max_bytes = kMaxSourceBytes;
  // Find --format first so that usage errors come out in the requested format.
  for (size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "--format") format = args[i + 1];
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (IsHelp(a)) {
      s.out += kCheckHelp;
      return kExitOk;
    }
    auto value = [&](const char* name) -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (a == "--format") {
      auto v = value("--format");
      if (!v || (*v != "text" && *v != "json" && *v != "sarif"))
        return UsageError(s,
                          fmt::format("--format takes text, json or sarif{}",
                                      v ? fmt::format("; got `{}`", *v) : ""),
                          "text", kCheckHelp);
      format = *v;
    } else if (a == "--output" || a == "-o") {
      auto v = value("--output");
      if (!v) return UsageError(s, "--output needs a file name", format, kCheckHelp);
      output = *v;
    } else if (a == "--root") {
      auto v = value("--root");
      if (!v) return UsageError(s, "--root needs a directory", format, kCheckHelp);
      root = *v;
    } else if (a == "--max-file-size") {
      auto v = value("--max-file-size");
      char* end = nullptr;
      unsigned long long n = v ? std::strtoull(v->c_str(), &end, 10) : 0;
      if (!v || v->empty() || *end != '\0' || n == 0)
        return UsageError(s, "--max-file-size takes a positive number of bytes", format,
                          kCheckHelp);
      max_bytes = size_t(n);
    } else if (a == "--werror") {
      werror = true;
    } else if (a.size() > 1 && a[0] == '-') {
      return UsageError(s, fmt::format("unknown option `{}` for `clusterc check`", a), format,
                        kCheckHelp);
    } else {
      files.push_back(a);
    }
  }
  if (files.empty())
    return UsageError(s, "`clusterc check` needs at least one FILE", format, kCheckHelp);
  if (!output.empty() && format == "text")
    return UsageError(s, "--output applies to --format json or sarif", format, kCheckHelp);

  SourceManager sources;
  std::vector<Diagnostic> all;
  bool io_failure = false;
  for (const auto& file : files) {
    Session session;
    CompileAndAnalyze(file, root, sources, session, max_bytes);
    io_failure |= session.io_failure;
    for (auto& d : session.diags.All()) all.push_back(std::move(d));
  }

  size_t errors = 0, warnings = 0;
  for (const auto& d : all) {
    if (d.suppressed) continue;
    if (d.severity == Severity::kError) ++errors;
    if (d.severity == Severity::kWarning) ++warnings;
  }
  ToolInfo tool{"clusterc", CLUSTERC_VERSION};
  std::string document;
  if (format == "text") {
    s.err += RenderText(all, sources, s.err_is_terminal);
  } else {
    document =
        format == "json" ? RenderJson(all, sources, files, tool) : RenderSarif(all, sources, tool);
    if (output.empty()) {
      s.out += document;
    } else {
      std::string error;
      if (!WriteFileAtomically(output, document, error)) {
        s.err += fmt::format("clusterc: error: cannot write {}: {} [output.unwritable]\n", output,
                             error);
        return kExitUsage;
      }
    }
  }
  if (io_failure) return kExitUsage;
  if (errors > 0 || (werror && warnings > 0)) return kExitDiagnostics;
  return kExitOk;
}

std::vector<std::string> SplitCommas(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    if (comma == std::string::npos) comma = s.size();
    if (comma > start) out.push_back(s.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

std::string HumanSize(size_t bytes) {
  if (bytes < 10 * 1024) return fmt::format("{} B", bytes);
  if (bytes < 1024 * 1024) return fmt::format("{:.1f} KiB", bytes / 1024.0);
  return fmt::format("{:.1f} MiB", bytes / 1048576.0);
}

// The compact table `build` ends with: the figures a person asks about first.
std::string Headlines(const ir::Program& program, const analysis::Results& results,
                      const std::vector<uint32_t>& plans) {
  std::vector<std::pair<std::string, std::string>> rows;
  for (uint32_t i = 0; i < program.clusters.size() && i < results.clusters.size(); ++i) {
    const auto& c = results.clusters[i];
    if (program.clusters[i].range.file != program.main_file || !c.valid) continue;
    std::string name = "cluster " + program.clusters[i].name;
    rows.push_back({name, fmt::format("{} GPUs in {} nodes, {} racks", FormatCount(c.gpus),
                                      FormatCount(c.nodes), FormatCount(c.racks))});
    rows.push_back({"", fmt::format("{} facility ({} IT), {} switches",
                                    FormatForPeople({c.power.facility, ir::dims::kPower}),
                                    FormatForPeople({c.power.it, ir::dims::kPower}),
                                    FormatCount(c.fabric.switches))});
    if (c.cost.capex > 0 || c.cost.opex_per_year > 0)
      rows.push_back({"", fmt::format("capex {}, opex {} per year",
                                      FormatForPeople({c.cost.capex, ir::dims::kMoney}),
                                      FormatForPeople({c.cost.opex_per_year, ir::dims::kMoney}))});
  }
  for (uint32_t i : plans) {
    if (i >= results.plans.size() || !results.plans[i].valid) continue;
    const auto& p = results.plans[i];
    const auto& in = results.plan_inputs[i];
    std::string name = "plan " + program.plans[i].name;
    rows.push_back(
        {name, fmt::format("memory {} of {} per GPU, step {}, MFU {:.1f} %",
                           FormatForPeople({p.memory.Total(), ir::dims::kInfo}),
                           FormatForPeople({in.hbm, ir::dims::kInfo}),
                           FormatForPeople({p.step_time, ir::dims::kTime}), p.mfu * 100)});
    if (p.training_time > 0) {
      std::string cost = p.run_cost_owned > 0
                             ? FormatForPeople({p.run_cost_owned, ir::dims::kMoney}) + " owned"
                         : p.run_cost_rented > 0
                             ? FormatForPeople({p.run_cost_rented, ir::dims::kMoney}) + " rented"
                             : "cost not priced";
      rows.push_back({"", fmt::format("{} for {} tokens, {} GPU-hours, {}",
                                      FormatForPeople({p.training_time, ir::dims::kTime}),
                                      FormatForPeople({in.tokens, {}}),
                                      FormatForPeople({p.gpu_hours / 3600, {}}), cost)});
    }
  }
  size_t width = 0;
  for (const auto& r : rows) width = std::max(width, r.first.size());
  std::string out;
  for (const auto& [label, text] : rows) out += fmt::format("  {:<{}}  {}\n", label, width, text);
  return out;
}

int Build(const std::vector<std::string>& args, Streams& s) {
  std::string file, output = "out", root, plan_name;
  std::vector<std::string> emit;
  bool quiet = false, emit_given = false, all_ranks = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (IsHelp(a)) {
      s.out += kBuildHelp;
      return kExitOk;
    } else if (a == "-o" || a == "--output") {
      auto v = value();
      if (!v) return UsageError(s, "-o needs a directory", "text", kBuildHelp);
      output = *v;
    } else if (a == "--emit") {
      auto v = value();
      if (!v) return UsageError(s, "--emit needs a list of backends", "text", kBuildHelp);
      emit = SplitCommas(*v);
      emit_given = true;
    } else if (a == "--plan") {
      auto v = value();
      if (!v) return UsageError(s, "--plan needs a plan name", "text", kBuildHelp);
      plan_name = *v;
    } else if (a == "--root") {
      auto v = value();
      if (!v) return UsageError(s, "--root needs a directory", "text", kBuildHelp);
      root = *v;
    } else if (a == "--traces") {
      auto v = value();
      if (!v || (*v != "slice" && *v != "all"))
        return UsageError(s, "--traces takes slice or all", "text", kBuildHelp);
      all_ranks = *v == "all";
    } else if (a == "--quiet" || a == "-q") {
      quiet = true;
    } else if (a.size() > 1 && a[0] == '-') {
      return UsageError(s, fmt::format("unknown option `{}` for `clusterc build`", a), "text",
                        kBuildHelp);
    } else if (file.empty()) {
      file = a;
    } else {
      return UsageError(s, "`clusterc build` takes one FILE", "text", kBuildHelp);
    }
  }
  if (file.empty()) return UsageError(s, "`clusterc build` needs a FILE", "text", kBuildHelp);

  const auto& registry = backends::Registry();
  std::vector<const backends::BackendInfo*> selected;
  if (emit_given) {
    for (const auto& name : emit) {
      auto it = std::find_if(registry.begin(), registry.end(),
                             [&](const backends::BackendInfo& b) { return b.name == name; });
      if (it == registry.end()) {
        std::string names;
        for (const auto& b : registry) names += (names.empty() ? "" : ", ") + std::string(b.name);
        return UsageError(s, fmt::format("unknown backend `{}`; the backends are {}", name, names),
                          "text", kBuildHelp);
      }
      selected.push_back(&*it);
    }
  } else {
    for (const auto& b : registry)
      if (b.default_on) selected.push_back(&b);
  }

  SourceManager sources;
  Session session;
  CompileAndAnalyze(file, root, sources, session);
  s.err += RenderText(session.diags.All(), sources, s.err_is_terminal);
  if (session.io_failure) return kExitUsage;
  if (session.diags.HasErrors()) {
    s.err += fmt::format("clusterc: nothing written: {} has errors\n", file);
    return kExitDiagnostics;
  }

  const ir::Program& program = session.program;
  backends::Context context{program,
                            session.results,
                            std::filesystem::path(file).filename().string(),
                            {},
                            &session.diags.All(),
                            &sources,
                            all_ranks,
                            s.progress};
  for (uint32_t i = 0; i < program.plans.size(); ++i) {
    if (program.plans[i].range.file != program.main_file) continue;
    if (!plan_name.empty() && program.plans[i].name != plan_name) continue;
    context.plans.push_back(i);
  }
  if (!plan_name.empty() && context.plans.empty())
    return UsageError(s, fmt::format("{} has no plan `{}`", file, plan_name), "text", kBuildHelp);

  backends::OutputTree tree;
  for (size_t i = 0; i < selected.size(); ++i) {
    if (s.progress)
      s.progress(fmt::format("[{}/{}] {}", i + 1, selected.size(), selected[i]->name));
    selected[i]->emit(context, tree);
  }
  if (s.progress) s.progress("");
  std::string error;
  if (!CommitOutputTree(tree, output, error)) {
    s.err += fmt::format("clusterc: error: {} [output.unwritable]\n", error);
    return kExitUsage;
  }
  if (!quiet) {
    size_t total = 0;
    for (const auto& [path, contents] : tree.Files()) total += contents.size();
    s.out +=
        fmt::format("wrote {} files ({}) to {}/\n", tree.Files().size(), HumanSize(total), output);
    // Files by folder: a line per backend folder, not per file (traces can be hundreds).
    std::map<std::string, std::pair<size_t, size_t>> folders;
    for (const auto& [path, contents] : tree.Files()) {
      auto& f = folders[path.substr(0, path.find('/'))];
      ++f.first;
      f.second += contents.size();
    }
    for (const auto& [folder, stats] : folders)
      s.out += fmt::format("  {:<12} {:>5} files {:>10}\n", folder + "/", stats.first,
                           HumanSize(stats.second));
    s.out += "\n" + Headlines(program, session.results, context.plans);
  }
  return kExitOk;
}

int Explain(const std::vector<std::string>& args, Streams& s) {
  std::string file, plan, format = "text", root;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (IsHelp(a)) {
      s.out += kExplainHelp;
      return kExitOk;
    } else if (a == "--plan") {
      auto v = value();
      if (!v) return UsageError(s, "--plan needs a plan name", format, kExplainHelp);
      plan = *v;
    } else if (a == "--format") {
      auto v = value();
      if (!v || (*v != "text" && *v != "json"))
        return UsageError(s, "--format takes text or json", "text", kExplainHelp);
      format = *v;
    } else if (a == "--root") {
      auto v = value();
      if (!v) return UsageError(s, "--root needs a directory", format, kExplainHelp);
      root = *v;
    } else if (a.size() > 1 && a[0] == '-') {
      return UsageError(s, fmt::format("unknown option `{}` for `clusterc explain`", a), format,
                        kExplainHelp);
    } else if (file.empty()) {
      file = a;
    } else {
      return UsageError(s, "`clusterc explain` takes one FILE", format, kExplainHelp);
    }
  }
  if (file.empty()) return UsageError(s, "`clusterc explain` needs a FILE", format, kExplainHelp);
  SourceManager sources;
  Session session;
  CompileAndAnalyze(file, root, sources, session);
  s.err += RenderText(session.diags.All(), sources, s.err_is_terminal);
  if (session.io_failure) return kExitUsage;
  if (session.diags.HasErrors() && session.results.clusters.empty()) return kExitDiagnostics;
  if (!plan.empty()) {
    bool found = false;
    for (const auto& p : session.program.plans) found |= p.name == plan;
    if (!found)
      return UsageError(s, fmt::format("{} has no plan `{}`", file, plan), format, kExplainHelp);
  }
  auto rows = ExplainRows(session.program, session.results, plan);
  s.out += format == "json" ? RenderExplainJson(rows, file) : RenderExplainText(rows);
  return session.diags.HasErrors() ? kExitDiagnostics : kExitOk;
}

int Rules(const std::vector<std::string>& args, Streams& s) {
  std::string format = "text";
  for (size_t i = 0; i < args.size(); ++i) {
    if (IsHelp(args[i])) {
      s.out += kRulesHelp;
      return kExitOk;
    }
    if (args[i] == "--format" && i + 1 < args.size() &&
        (args[i + 1] == "text" || args[i + 1] == "json" || args[i + 1] == "markdown")) {
      format = args[++i];
    } else {
      return UsageError(s, fmt::format("unexpected argument `{}` for `clusterc rules`", args[i]),
                        "text", kRulesHelp);
    }
  }
  if (format == "json") {
    std::string out = "[\n";
    for (size_t i = 0; i < kDiagCodeCount; ++i) {
      const auto& r = kDiagCodes[i];
      auto esc = [](std::string_view t) {
        std::string o;
        for (char c : t) {
          if (c == '"' || c == '\\') o += '\\';
          o += c;
        }
        return o;
      };
      out += fmt::format(
          "  {{\"code\": \"{}\", \"severity\": \"{}\", \"summary\": \"{}\", \"explanation\": "
          "\"{}\"}}{}\n",
          r.code, SeverityName(r.severity), esc(r.summary), esc(r.explanation),
          i + 1 < kDiagCodeCount ? "," : "");
    }
    s.out += out + "]\n";
    return kExitOk;
  }
  if (format == "markdown") {
    s.out += RulesMarkdown();
    return kExitOk;
  }
  for (size_t i = 0; i < kDiagCodeCount; ++i) {
    const auto& r = kDiagCodes[i];
    s.out += fmt::format("{} ({})\n  {}\n  {}\n\n", r.code, SeverityName(r.severity), r.summary,
                         r.explanation);
  }
  return kExitOk;
}

}  // namespace

bool WriteFileAtomically(const std::string& path, const std::string& data, std::string& error) {
  fs::path target(path);
  fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  fs::path temp = dir / fmt::format(".{}.tmp-{}", target.filename().string(), ::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) {
      error = "cannot create a file in " + dir.string();
      return false;
    }
    out.write(data.data(), std::streamsize(data.size()));
    out.flush();
    if (!out) {
      error = "write failed";
      std::error_code ec;
      fs::remove(temp, ec);
      return false;
    }
  }
  std::error_code ec;
  fs::rename(temp, target, ec);
  if (ec) {
    error = ec.message();
    fs::remove(temp, ec);
    return false;
  }
  return true;
}

int Run(const std::vector<std::string>& args, Streams& s) {
  if (args.empty()) {
    s.err += kMainHelp;
    return kExitUsage;
  }
  const std::string& command = args[0];
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (IsHelp(command)) {
    s.out += kMainHelp;
    return kExitOk;
  }
  if (command == "--version" || command == "version") {
    s.out += fmt::format("clusterc {}\n", CLUSTERC_VERSION);
    return kExitOk;
  }
  if (command == "check") return Check(rest, s);
  if (command == "build") return Build(rest, s);
  if (command == "explain") return Explain(rest, s);
  if (command == "rules") return Rules(rest, s);
  if (command == "reference") {
    if (!rest.empty() && IsHelp(rest[0])) {
      s.out += kReferenceHelp;
      return kExitOk;
    }
    if (!rest.empty())
      return UsageError(s, fmt::format("unexpected argument `{}`", rest[0]), "text",
                        kReferenceHelp);
    s.out += FieldReference();
    return kExitOk;
  }
  std::string format = "text";
  for (size_t i = 0; i + 1 < rest.size(); ++i)
    if (rest[i] == "--format") format = rest[i + 1];
  return UsageError(s, fmt::format("unknown command `{}`", command), format, kMainHelp);
}

}  // namespace clusterc
