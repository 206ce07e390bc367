// Semantic checking: the entry point and the helpers its messages share. See sema.h for the map
// of the files that implement it.
#include "frontend/sema.h"

#include <fmt/format.h>

#include <cmath>
#include <fstream>

#include "diag/diagnostic.h"
#include "frontend/parse.h"

namespace clusterc {
namespace semantic {

std::string DisplayPath(const fs::path& path) {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  if (!ec) {
    fs::path rel = path.lexically_relative(cwd);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  return path.generic_string();
}

std::string Plural(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i) out += i + 1 == words.size() ? " or " : ", ";
    out += "`" + words[i] + "`";
  }
  return out;
}

std::string FormatNumber(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{}", int64_t(v));
  return fmt::format("{:.4g}", v);
}

std::string FormatQuantity(const Quantity& q) {
  std::string unit = ir::DimUnit(q.dim);
  return unit.empty() ? FormatNumber(q.si) : FormatNumber(q.si) + " " + unit;
}

std::string DimPhrase(Dim d) {
  if (d.IsDimensionless()) return "a count";
  std::string name = ir::DimName(d), unit = ir::DimUnit(d);
  return name == unit ? unit : fmt::format("{} ({})", name, unit);
}

std::vector<std::string> UnitsOf(Dim d) {
  namespace k = ir::dims;
  static const std::pair<Dim, std::vector<std::string>> kExamples[] = {
      {k::kInfo, {"GB", "GiB", "TB"}},
      {k::kTime, {"s", "min", "h"}},
      {k::kPower, {"W", "kW", "MW"}},
      {k::kEnergy, {"kWh", "MWh"}},
      {k::kMoney, {"USD"}},
      {k::kWork, {"TFLOP", "PFLOP"}},
      {k::kBandwidth, {"GB/s", "Gb/s", "TB/s"}},
      {k::kFlopRate, {"TFLOP/s", "PFLOP/s"}},
      {k::kEnergyPrice, {"USD/kWh"}},
      {k::kMoneyRate, {"USD/h", "USD/yr"}},
      {k::kMoney / k::kPower, {"USD/W", "million USD/MW"}},
  };
  for (const auto& [dim, units] : kExamples)
    if (dim == d) return units;
  return {ir::DimUnit(d)};
}

ir::Program Sema::Run(const std::string& main_path) {
  std::optional<std::string> text = options_.read_file
                                        ? options_.read_file(main_path)
                                        : ReadFile(main_path, options_.max_source_bytes);
  std::error_code ec;
  if (!text || fs::is_directory(main_path, ec)) {
    Report(
        MakeDiagnostic(DiagCode::SourceUnreadable, {}, fmt::format("cannot read {}", main_path)));
    return std::move(program_);
  }
  if (text->size() > options_.max_source_bytes) {
    Report(MakeDiagnostic(DiagCode::SourceTooLarge, {},
                          fmt::format("{} is larger than the limit of {} bytes", main_path,
                                      options_.max_source_bytes)));
    return std::move(program_);
  }
  fs::path path = fs::path(main_path).lexically_normal();
  fs::path canonical = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) canonical = fs::absolute(path);
  root_ = options_.root.empty() ? canonical.parent_path()
                                : fs::weakly_canonical(fs::absolute(options_.root, ec), ec);
  uint32_t file_id = sources_.Add(main_path, std::move(*text));
  program_.main_file = file_id;
  std::vector<std::string> stack;
  Module* main = Load(canonical.string(), canonical.stem().string(), false, canonical.parent_path(),
                      file_id, stack, {});
  if (errors_ > 0) return std::move(program_);  // syntax or import errors: stop before names
  if (main->ast.decls.empty() && main->ast.lets.empty() && main->ast.requires_.empty()) {
    uint32_t size = uint32_t(sources_.Text(file_id).size());
    Report(MakeDiagnostic(DiagCode::SourceEmpty, {file_id, size, size},
                          fmt::format("{} declares nothing", main_path)));
    return std::move(program_);
  }

  // Resolve every declaration of the user's files, and their top-level `require`s.
  for (auto& mod : modules_) {
    if (mod->is_std) continue;
    for (uint32_t i = 0; i < mod->ast.decls.size(); ++i) ResolveDecl(*mod, i);
    for (uint32_t i = 0; i < mod->ast.lets.size(); ++i) EvalLet(*mod, i);
    for (const auto& r : mod->ast.requires_) CheckRequire(*mod, r);
  }
  Flush();
  return std::move(program_);
}

}  // namespace semantic

namespace fs = std::filesystem;

std::string ast::Path::Text() const {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ".") + p.text;
  return out;
}

std::optional<std::string> ReadFile(const std::string& path, size_t limit) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string data;
  in.seekg(0, std::ios::end);
  auto size = in.tellg();
  if (size < 0) return std::nullopt;
  if (size_t(size) > limit) {
    data.resize(limit + 1);  // enough for the caller to see it is too large
    in.seekg(0);
    in.read(data.data(), std::streamsize(data.size()));
    return data;
  }
  data.resize(size_t(size));
  in.seekg(0);
  in.read(data.data(), size);
  if (!in) return std::nullopt;
  return data;
}

ir::Program Compile(const std::string& main_path, const CompileOptions& options,
                    SourceManager& sources, DiagnosticSink& sink) {
  semantic::Sema sema(options, sources, sink);
  return sema.Run(main_path);
}

}  // namespace clusterc
