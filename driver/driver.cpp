#include "driver/driver.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>

#include "analysis/analysis.h"
#include "backends/backend.h"
#include "diag/format.h"
#include "diag/render.h"
#include "driver/cli.h"
#include "driver/explain.h"
#include "driver/fmt.h"
#include "driver/output_dir.h"
#include "driver/reference.h"
#include "driver/search.h"
#include "driver/session.h"
#include "frontend/compile.h"
#include "lsp/server.h"

#ifndef CLUSTERC_VERSION
#define CLUSTERC_VERSION "0.0.0"
#endif

namespace clusterc {
namespace {

namespace fs = std::filesystem;

const std::vector<cli::CommandSpec>& Commands();

std::string HelpOf(std::string_view command) {
  for (const auto& c : Commands())
    if (c.name == command) return cli::CommandHelp(c);
  return cli::MainHelp(Commands());
}

// Reports a usage problem in the requested format, so a JSON consumer still gets a document;
// text gets the command's help after it.
int UsageError(Streams& s, const std::string& message, const std::string& format,
               std::string_view command) {
  std::string help = HelpOf(command);
  Diagnostic d = MakeDiagnostic(DiagCode::DriverUsage, {}, message);
  SourceManager none;
  ToolInfo tool{"clusterc", CLUSTERC_VERSION};
  if (format == "json")
    s.out += RenderJson({d}, none, {}, tool);
  else if (format == "sarif")
    s.out += RenderSarif({d}, none, tool, /*execution_successful=*/false);
  else
    s.err += RenderText({d}, none) + help;
  return kExitUsage;
}

size_t ErrorLimit(const cli::ParsedArgs& args) {
  return args.Has("--error-limit") ? size_t(std::stoull(args.Get("--error-limit")))
                                   : kDefaultErrorLimit;
}

// A refusal or failure of the output, as `clusterc: error: ... [code]` (exit code 2).
int OutputError(Streams& s, const OutputProblem& problem) {
  s.err += fmt::format("clusterc: error: {} [{}]\n", problem.message, Info(problem.code).code);
  return kExitUsage;
}

// Every file a run read (command line and imports): never overwritten or removed by its output.
std::vector<std::string> InputsOf(const SourceManager& sources,
                                  const std::vector<std::string>& named) {
  std::vector<std::string> inputs = named;
  for (uint32_t i = 1; i <= sources.FileCount(); ++i) inputs.emplace_back(sources.Path(i));
  return inputs;
}

int Check(const cli::ParsedArgs& args, Streams& s) {
  const std::vector<std::string>& files = args.operands;
  std::string format = args.Get("--format", "text"), output = args.Get("--output");
  bool werror = args.Has("--werror");
  CompileOptions options;
  options.root = args.Get("--root");
  if (args.Has("--max-file-size"))
    options.max_source_bytes = size_t(std::stoull(args.Get("--max-file-size")));
  if (!output.empty() && format == "text")
    return UsageError(s, "--output applies to --format json, sarif or github", format, "check");

  SourceManager sources;
  std::vector<Diagnostic> all;
  bool io_failure = false;
  size_t dropped = 0;
  for (const auto& file : files) {
    Session session;
    CompileAndAnalyze(file, options, sources, session);
    io_failure |= session.io_failure;
    dropped += session.diags.DroppedErrors();
    for (auto& d : session.diags.All()) all.push_back(std::move(d));
  }
  LimitErrors(all, ErrorLimit(args), dropped);

  size_t errors = dropped, warnings = 0;
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
    document = format == "json"     ? RenderJson(all, sources, files, tool)
               : format == "github" ? RenderGithub(all, sources)
                                    : RenderSarif(all, sources, tool, !io_failure);
    if (output.empty()) {
      s.out += document;
    } else {
      OutputProblem problem;
      if (!WriteFileAtomically(output, document, InputsOf(sources, files), problem))
        return OutputError(s, problem);
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
    // Unknown is not zero: analysis leaves IT power at 0 while a switch or optic lacks a figure.
    const bool power_known = c.power.it > 0;
    rows.push_back(
        {"", power_known ? fmt::format("{} facility ({} IT), {} switches",
                                       FormatForPeople({c.power.facility, ir::dims::kPower}),
                                       FormatForPeople({c.power.it, ir::dims::kPower}),
                                       FormatCount(c.fabric.switches))
                         : fmt::format("facility and IT power unknown (see explain), {} switches",
                                       FormatCount(c.fabric.switches))});
    // Mixed node groups: one line per group.
    if (program.clusters[i].nodes.Groups() > 1)
      for (const auto& g : c.groups)
        rows.push_back({"", g.gpus > 0
                                ? fmt::format("{} x {}: {} GPUs, {} per node", FormatCount(g.nodes),
                                              program.nodes[g.node].name, FormatCount(g.gpus),
                                              FormatForPeople({g.node_power, ir::dims::kPower}))
                                : fmt::format("{} x {}: no GPUs, {} per node", FormatCount(g.nodes),
                                              program.nodes[g.node].name,
                                              FormatForPeople({g.node_power, ir::dims::kPower}))});
    // As explain decides: capex is unknown while a server, switch, optic or cable has no price,
    // or while per-watt facility prices meet an unknown IT power.
    const bool capex_unknown = c.cost.capex <= 0 && ((c.missing & analysis::kCapexNeeds) ||
                                                     (!power_known && c.cost.servers > 0));
    const bool opex_unknown = c.cost.has_energy_price && !power_known;
    if (c.cost.capex > 0 || c.cost.opex_per_year > 0 || capex_unknown || opex_unknown) {
      const std::string unknown = "unknown (see explain)";
      rows.push_back(
          {"",
           fmt::format("capex {}, opex {}",
                       capex_unknown ? unknown : FormatForPeople({c.cost.capex, ir::dims::kMoney}),
                       opex_unknown ? unknown
                       // Nothing priced (no electricity, staff or maintenance) is not 0 USD a year.
                       : c.cost.opex_per_year > 0
                           ? FormatForPeople({c.cost.opex_per_year, ir::dims::kMoney}) + " per year"
                           : std::string("not priced"))});
    }
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

// Every source's path relative to the project root (`--root`, else the spec's folder), by file
// id: what outputs show, the same from whichever folder `build` runs.
std::vector<std::string> RootRelativePaths(const SourceManager& sources, const std::string& file,
                                           const std::string& root_option) {
  std::error_code ec;
  fs::path root =
      root_option.empty() ? fs::absolute(file, ec).parent_path() : fs::absolute(root_option, ec);
  root = fs::weakly_canonical(root, ec);
  std::vector<std::string> paths(sources.FileCount() + 1);
  for (uint32_t i = 1; i <= sources.FileCount(); ++i) {
    std::string path(sources.Path(i));
    paths[i] = path;
    if (path.rfind("<std>/", 0) == 0) continue;  // the standard library's own names
    fs::path resolved = fs::weakly_canonical(fs::absolute(path, ec), ec);
    if (ec) continue;
    fs::path rel = resolved.lexically_relative(root);
    if (!rel.empty() && *rel.begin() != "..") paths[i] = rel.generic_string();
  }
  return paths;
}

// Sizes for people: bytes up to exabytes, then powers of ten (a hostile spec's estimate).
std::string ReadableBytes(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (u < 6 && bytes >= 1024) bytes /= 1024, ++u;
  if (bytes >= 1024) return fmt::format("{:.3g} EiB", bytes);
  return u == 0 ? fmt::format("{:.0f} B", bytes) : fmt::format("{:.1f} {}", bytes, units[u]);
}

// Empty when the selected backends' estimated output fits `max_bytes`; else why not, with the
// estimate per backend and the flags that change it. Each estimate is an upper bound of what its
// backend writes (backends/backend.h), so a build that passes here does not meet the limit while
// writing, where it would have spent the time to write up to the limit first.
std::string OverOutputLimit(const backends::Context& context,
                            const std::vector<const backends::BackendInfo*>& selected,
                            uint64_t max_bytes, bool all_ranks) {
  double total = 0;
  std::vector<std::pair<double, std::string_view>> parts;
  for (const auto* b : selected) {
    double bytes = b->estimate(context);
    total += bytes;
    parts.emplace_back(bytes, b->name);
  }
  if (total <= double(max_bytes)) return "";
  std::sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) { return a > b; });
  std::string by;
  for (const auto& [bytes, name] : parts)
    if (bytes >= 1024)
      by += fmt::format("{}{} {}", by.empty() ? "" : ", ", name, ReadableBytes(bytes));
  return fmt::format(
      "nothing written: the build would write up to {} ({}), above --max-output-size {}; {}raise "
      "--max-output-size to write it",
      ReadableBytes(total), by, ReadableBytes(double(max_bytes)),
      all_ranks ? "build without --traces all (the representative slice), " : "");
}

int Build(const cli::ParsedArgs& args, Streams& s) {
  const std::string& file = args.operands[0];
  std::string output = args.Get("--output", "out"), plan_name = args.Get("--plan");
  bool quiet = args.Has("--quiet"), emit_given = args.Has("--emit");
  bool all_ranks = args.Get("--traces") == "all";
  std::vector<std::string> emit = SplitCommas(args.Get("--emit"));
  uint64_t max_output = kDefaultMaxOutputBytes;
  if (args.Has("--max-output-size"))
    max_output = *cli::ParseByteSize(args.Get("--max-output-size"));
  CompileOptions options;
  options.root = args.Get("--root");

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
                          "text", "build");
      }
      selected.push_back(&*it);
    }
  } else {
    for (const auto& b : registry)
      if (b.default_on) selected.push_back(&b);
  }

  SourceManager sources;
  Session session;
  CompileAndAnalyze(file, options, sources, session);
  LimitErrors(session.diags.All(), ErrorLimit(args), session.diags.DroppedErrors());
  s.err += RenderText(session.diags.All(), sources, s.err_is_terminal);
  if (session.io_failure) return kExitUsage;
  if (session.diags.HasErrors()) {
    s.err += fmt::format("clusterc: nothing written: {} has errors\n", file);
    return kExitDiagnostics;
  }

  const ir::Program& program = session.program;
  backends::Context context(program, session.results,
                            std::filesystem::path(file).filename().string());
  context.diagnostics = &session.diags.All();
  context.sources = &sources;
  context.source_paths = RootRelativePaths(sources, file, options.root);
  context.all_ranks = all_ranks;
  context.sample_micro_batches = args.Get("--trace-micro-batches") != "all";
  context.progress = s.progress;
  context.slurm_version = args.Get("--slurm-version");
  // What backends find while lowering (host facts the deployment files need, what simulator
  // inputs leave out of the plans): suppressed like
  // the spec's own diagnostics, and reported after the spec's.
  struct BackendSink final : DiagnosticSink {
    const ir::Program& program;
    DiagnosticList found;
    explicit BackendSink(const ir::Program& p) : program(p) {}
    void Report(Diagnostic d) override {
      std::vector<Diagnostic> one{std::move(d)};
      ApplySuppressions(program, one);
      found.Report(std::move(one.front()));
    }
  } backend_sink(program);
  context.sink = &backend_sink;
  for (uint32_t i = 0; i < program.plans.size(); ++i) {
    if (program.plans[i].range.file != program.main_file) continue;
    if (!plan_name.empty() && program.plans[i].name != plan_name) continue;
    context.plans.push_back(i);
  }
  if (!plan_name.empty() && context.plans.empty())
    return UsageError(s, fmt::format("{} has no plan `{}`", file, plan_name), "text", "build");

  // The estimate first: a build above the limit is refused before anything is written.
  if (std::string too_large = OverOutputLimit(context, selected, max_output, all_ranks);
      !too_large.empty())
    return OutputError(s, {DiagCode::OutputTooLarge, too_large});

  OutputOptions output_options;
  output_options.force = args.Has("--force");
  output_options.inputs = InputsOf(sources, {file});
  output_options.tool_version = CLUSTERC_VERSION;
  OutputProblem problem;
  auto out_dir = OutputDir::Open(output, output_options, problem);
  if (!out_dir) return OutputError(s, problem);
  // Files stream to disk as the backends write them; the budget stops a runaway build.
  backends::OutputTree tree(
      [&](const std::string& path, std::string_view contents, std::string& error) {
        return out_dir->WriteFile(path, contents, error);
      },
      max_output);
  for (size_t i = 0; i < selected.size() && tree.Error().empty(); ++i) {
    if (s.progress)
      s.progress(fmt::format("[{}/{}] {}", i + 1, selected.size(), selected[i]->name));
    selected[i]->emit(context, tree);
  }
  if (s.progress) s.progress("");
  backend_sink.found.SortBySource();
  s.err += RenderText(backend_sink.found.All(), sources, s.err_is_terminal);
  if (!tree.Error().empty()) {
    problem = {tree.OverBudget() ? DiagCode::OutputTooLarge : DiagCode::OutputUnwritable,
               tree.OverBudget() ? fmt::format("nothing written: {}; raise --max-output-size "
                                               "to write it",
                                               tree.Error())
                                 : tree.Error()};
    return OutputError(s, problem);
  }
  std::string warning;
  if (!out_dir->Commit(problem, warning)) return OutputError(s, problem);
  if (!warning.empty()) s.err += "clusterc: warning: " + warning + "\n";
  if (!quiet) {
    s.out += fmt::format("wrote {} files ({}) to {}/\n", tree.Sizes().size(),
                         HumanSize(tree.TotalBytes()), output);
    // Files by folder: a line per backend folder, not per file (traces can be hundreds).
    std::map<std::string, std::pair<size_t, size_t>> folders;
    for (const auto& [path, size] : tree.Sizes()) {
      auto& f = folders[path.substr(0, path.find('/'))];
      ++f.first;
      f.second += size;
    }
    for (const auto& [folder, stats] : folders)
      s.out += fmt::format("  {:<12} {:>5} files {:>10}\n", folder + "/", stats.first,
                           HumanSize(stats.second));
    s.out += "\n" + Headlines(program, session.results, context.plans);
  }
  return kExitOk;
}

int Explain(const cli::ParsedArgs& args, Streams& s) {
  const std::string& file = args.operands[0];
  std::string plan = args.Get("--plan"), format = args.Get("--format", "text");
  CompileOptions options;
  options.root = args.Get("--root");
  SourceManager sources;
  Session session;
  CompileAndAnalyze(file, options, sources, session);
  LimitErrors(session.diags.All(), ErrorLimit(args), session.diags.DroppedErrors());
  s.err += RenderText(session.diags.All(), sources, s.err_is_terminal);
  if (session.io_failure) return kExitUsage;
  if (session.diags.HasErrors() && session.results.clusters.empty()) return kExitDiagnostics;
  if (!plan.empty()) {
    bool found = false;
    for (const auto& p : session.program.plans) found |= p.name == plan;
    if (!found)
      return UsageError(s, fmt::format("{} has no plan `{}`", file, plan), format, "explain");
  }
  auto rows = ExplainRows(session.program, session.results, plan);
  // Errors make the spec infeasible: say so first, and at each entity an error lies in.
  Verdicts verdicts;
  size_t errors = 0;
  const ir::Program& program = session.program;
  for (const auto& d : session.diags.All()) {
    if (d.suppressed || d.severity != Severity::kError) continue;
    ++errors;
    if (!d.entity.empty()) {
      verdicts[d.entity].insert(std::string(Info(d.code).code));
      continue;
    }
    auto mark = [&](const ir::Entity& e, const char* kind) {
      if (e.range.file == d.range.file && d.range.begin >= e.range.begin &&
          d.range.begin < e.range.end)
        verdicts[std::string(kind) + " " + e.name].insert(std::string(Info(d.code).code));
    };
    for (const auto& c : program.clusters) mark(c, "cluster");
    for (const auto& p : program.plans) mark(p, "plan");
  }
  s.out += format == "json" ? RenderExplainJson(rows, file, verdicts, errors)
                            : RenderExplainText(rows, verdicts, errors);
  return session.diags.HasErrors() ? kExitDiagnostics : kExitOk;
}

int Rules(const cli::ParsedArgs& args, Streams& s) {
  std::string format = args.Get("--format", "text");
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

namespace {

int Reference(const cli::ParsedArgs&, Streams& s) {
  s.out += FieldReference();
  return kExitOk;
}

// Where the language server puts the standard library for editors to open:
// $XDG_CACHE_HOME/clusterc/std-VERSION, else ~/.cache/..., else the temporary folder.
std::string DefaultStdlibDir() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  fs::path base = xdg && *xdg     ? fs::path(xdg)
                  : home && *home ? fs::path(home) / ".cache"
                                  : fs::temp_directory_path();
  return (base / "clusterc" / ("std-" + std::string(CLUSTERC_VERSION))).string();
}

int Lsp(const cli::ParsedArgs& args, Streams&) {
  lsp::ServerOptions options;
  options.version = CLUSTERC_VERSION;
  options.std_dir = args.Get("--stdlib-dir", DefaultStdlibDir());
  return lsp::Serve(STDIN_FILENO, STDOUT_FILENO, std::move(options));
}

cli::OptionSpec ErrorLimitOption() {
  return cli::PositiveInteger("--error-limit", "N", "a number of errors",
                              "show at most N errors (default 20; 0: all)")
      .AllowZero();
}

cli::OptionSpec RootOption() {
  return cli::Value("--root", "DIR", "a directory",
                    "project root; imports may not leave it (default: the file's directory)");
}

// The subcommands. `help` texts and usage lines are generated from this table.
const std::vector<cli::CommandSpec>& Commands() {
  using cli::Choice;
  using cli::Flag;
  using cli::Value;
  static const std::vector<cli::CommandSpec> kCommands = [] {
    std::vector<cli::CommandSpec> c(7);
    c[0].name = "check";
    c[0].summary = "parse, check and analyse specs; report diagnostics";
    c[0].operand = "FILE";
    c[0].min_operands = 1;
    c[0].max_operands = cli::CommandSpec::kUnbounded;
    c[0].description = "Parses, checks and analyses each FILE and reports every diagnostic.";
    c[0].options = {
        Choice("--format", "FORMAT", {"text", "json", "sarif", "github"},
               "text (default, to stderr), json, sarif or github (Actions workflow commands; "
               "to stdout)"),
        Value("--output", "FILE", "a file name",
              "write the json, sarif or github output to FILE (atomically)")
            .Alias("-o"),
        Flag("--werror", "treat warnings as errors (exit 1)"),
        RootOption(),
        ErrorLimitOption(),
        cli::PositiveInteger("--max-file-size", "N", "a positive number of bytes",
                             "refuse source files larger than N bytes (default 64 MiB)")
            .NotInUsage(),
    };
    c[0].exit_codes =
        "0 clean (warnings allowed unless --werror), 1 errors, 2 usage or I/O failure";
    c[0].format_option = "--format";
    c[0].run = Check;

    c[1].name = "build";
    c[1].summary = "check, then write Slurm, NCCL, simulator and report files";
    c[1].operand = "FILE";
    c[1].min_operands = c[1].max_operands = 1;
    c[1].description =
        "Checks FILE; when it has no errors, lowers it to deployment and simulation files under\n"
        "DIR (default: out). Nothing is written when the spec has errors. DIR is replaced as a\n"
        "whole: after any failure the previous DIR is intact. DIR is replaced only when it is\n"
        "absent, empty, or an unchanged earlier output (see its .clusterc-build.json manifest).";
    c[1].options = {
        Value("--output", "DIR", "a directory", "output directory (default: out)").Alias("-o"),
        Value("--emit", "NAMES", "a list of backends",
              "comma-separated backends (default: all that are on by default)"),
        Value("--plan", "NAME", "a plan name", "lower only this plan (default: every plan)"),
        Choice("--traces", "MODE", {"slice", "all"},
               "ASTRA-sim traces: `slice` (default; a representative slice: whole tensor, "
               "context, expert and pipeline groups, data parallelism reduced; see "
               "docs/astra-sim.md) or `all` (one trace per GPU of the job)"),
        Choice(
            "--trace-micro-batches", "MODE", {"sample", "all"},
            "ASTRA-sim traces: `sample` (default; where a step has many micro-batches, two short "
            "runs from which run.sh extrapolates the step; see docs/astra-sim.md) or `all` "
            "(every micro-batch of the step)"),
        Value("--slurm-version", "VERSION", "a Slurm release",
              "Slurm release the Slurm files target, e.g. 24.11 (default: each cluster's "
              "`slurm_version`, else 22.05)"),
        Flag("--quiet", "print no summary").Alias("-q"),
        Flag("--force",
             "replace DIR even when it holds files clusterc did not write, or changed ones "
             "(never a folder holding an input, the working or home directory)"),
        cli::ByteSize("--max-output-size", "SIZE",
                      "refuse to write more than SIZE bytes in all (default 2G; suffixes K, M, "
                      "G, T are powers of 1024)"),
        RootOption(),
        ErrorLimitOption(),
    };
    c[1].exit_codes = "0 written, 1 the spec has errors, 2 usage or I/O failure";
    c[1].run = Build;

    c[2].name = "explain";
    c[2].summary = "every derived quantity: fabric, power, memory, time, cost";
    c[2].operand = "FILE";
    c[2].min_operands = c[2].max_operands = 1;
    c[2].description =
        "Prints every quantity analysis derives for the clusters and plans of FILE, grouped\n"
        "(counts, fabric, power, reliability, cost; shape, memory, time, how far the step\n"
        "model has been from published runs on the plan's GPU and from those nearest the\n"
        "plan's shape, the kernels of one layer), in\n"
        "units chosen for reading; JSON gives exact SI values. Diagnostics go to stderr as in\n"
        "`check`.";
    c[2].options = {
        Value("--plan", "NAME", "a plan name", "explain only this plan"),
        Choice("--format", "FORMAT", {"text", "json"}, "text (default) or json"),
        RootOption(),
        ErrorLimitOption(),
    };
    c[2].exit_codes =
        "0 explained (warnings allowed), 1 the spec has errors, 2 usage or I/O failure";
    c[2].format_option = "--format";
    c[2].run = Explain;

    c[3].name = "rules";
    c[3].summary = "list every diagnostic code with its explanation";
    c[3].description = "Lists every diagnostic code with its severity and explanation.";
    c[3].options = {
        Choice("--format", "FORMAT", {"text", "json", "markdown"},
               "text (default), json or markdown"),
    };
    c[3].run = Rules;

    c[4].name = "reference";
    c[4].summary = "print the field reference of every block kind (Markdown)";
    c[4].description =
        "Prints the fields of every block kind, with dimension, default and description, as\n"
        "Markdown (the tables of docs/language.md are this output).";
    c[4].run = Reference;

    c[5].name = "fmt";
    c[5].summary = "rewrite specs in the canonical layout";
    c[5].operand = "FILE";
    c[5].min_operands = 1;
    c[5].max_operands = cli::CommandSpec::kUnbounded;
    c[5].description =
        "Rewrites each FILE in place in the canonical layout: two-space indentation, one member\n"
        "per line, `=` and trailing comments aligned, single spaces around operators and units.\n"
        "Comments stay where they are and the meaning never changes. A file with syntax errors\n"
        "is left untouched and its diagnostics are reported.";
    c[5].options = {
        Flag("--check", "write nothing; list the files that would change (exit 1 if any)"),
        Flag("--diff", "write nothing; print a unified diff of the changes"),
    };
    c[5].exit_codes =
        "0 done, 1 files would change (--check) or have syntax errors, 2 usage or I/O failure";
    c[5].run = FormatCommand;

    c[6].name = "lsp";
    c[6].summary = "language server (LSP 3.17) on stdin/stdout, for editors";
    c[6].description =
        "Serves the Language Server Protocol on stdin and stdout: diagnostics as you type,\n"
        "hover with derived values, definition, references, symbols, completion, fix-its,\n"
        "formatting and inlay hints. See docs/editors.md.";
    c[6].options = {
        Value("--stdlib-dir", "DIR", "a directory",
              "where the standard library is written for editors to open (default: "
              "$XDG_CACHE_HOME/clusterc/std-VERSION)"),
        Flag("--stdio", "accepted for editor clients that pass it; stdio is the only transport")
            .NotInUsage(),
    };
    c[6].exit_codes = "0 after shutdown and exit, 1 when the client went away without them";
    c[6].run = Lsp;

    c.push_back(SearchCommand());
    return c;
  }();
  return kCommands;
}

}  // namespace

int Run(const std::vector<std::string>& args, Streams& s) {
  if (args.empty()) {
    s.err += cli::MainHelp(Commands());
    return kExitUsage;
  }
  const std::string& command = args[0];
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--help" || command == "-h" || command == "help") {
    s.out += cli::MainHelp(Commands());
    return kExitOk;
  }
  if (command == "--version" || command == "version") {
    s.out += fmt::format("clusterc {}\n", CLUSTERC_VERSION);
    return kExitOk;
  }
  for (const auto& c : Commands()) {
    if (c.name != command) continue;
    std::string format = cli::UsageFormat(c, rest);
    cli::ParsedArgs parsed;
    if (auto problem = cli::Parse(c, rest, parsed)) return UsageError(s, *problem, format, c.name);
    if (parsed.Has("--help")) {
      s.out += cli::CommandHelp(c);
      return kExitOk;
    }
    return c.run(parsed, s);
  }
  std::string format = "text";
  for (size_t i = 0; i + 1 < rest.size(); ++i)
    if (rest[i] == "--format") format = rest[i + 1];
  return UsageError(s, fmt::format("unknown command `{}`", command), format, "");
}

}  // namespace clusterc
