// Semantic checking: the entry point and the helpers its messages share. See sema.h for the map
// of the files that implement it.
#include "frontend/sema.h"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

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
  std::string why;
  std::optional<std::string> text = options_.read_file
                                        ? options_.read_file(main_path)
                                        : ReadFile(main_path, options_.max_source_bytes, &why);
  std::error_code ec;
  if (!text || fs::is_directory(main_path, ec)) {
    Report(MakeDiagnostic(DiagCode::SourceUnreadable, {},
                          why.empty() ? fmt::format("cannot read {}", main_path)
                                      : fmt::format("cannot read {}: {}", main_path, why)));
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
  if (!ec && !options_.root.empty())
    root_ = fs::weakly_canonical(fs::absolute(options_.root, ec), ec);
  if (ec || canonical.empty()) {
    // The project root bounds what imports may read; an unresolvable path would leave it unknown.
    Report(MakeDiagnostic(DiagCode::SourceUnreadable, {},
                          fmt::format("cannot resolve the path of {} or of its project root: {}",
                                      main_path, ec ? ec.message() : "empty path")));
    return std::move(program_);
  }
  if (options_.root.empty()) root_ = canonical.parent_path();
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

std::optional<std::string> ReadFile(const std::string& path, size_t limit, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<std::string> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever. The type is
  // checked on the open descriptor (fstat), so the file cannot be swapped between check and read.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return fail(std::strerror(errno));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) return fail(std::strerror(errno));
  if (!S_ISREG(st.st_mode)) {
    const char* what = S_ISDIR(st.st_mode)    ? "a directory"
                       : S_ISFIFO(st.st_mode) ? "a FIFO (named pipe)"
                       : S_ISSOCK(st.st_mode) ? "a socket"
                       : S_ISCHR(st.st_mode)  ? "a character device"
                       : S_ISBLK(st.st_mode)  ? "a block device"
                                              : "not a regular file";
    return fail(fmt::format("it is {}, not a regular file", what));
  }
  // A regular file never blocks; reading stops one byte past the limit so the caller can tell.
  std::string data;
  size_t want = std::min<size_t>(size_t(st.st_size), limit + 1);
  data.resize(want);
  size_t got = 0;
  while (got < want) {
    ssize_t n = ::read(fd, data.data() + got, want - got);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n < 0) return fail(std::strerror(errno));
    if (n == 0) break;  // the file shrank while being read
    got += size_t(n);
  }
  data.resize(got);
  return data;
}

ir::Program Compile(const std::string& main_path, const CompileOptions& options,
                    SourceManager& sources, DiagnosticSink& sink) {
  semantic::Sema sema(options, sources, sink);
  return sema.Run(main_path);
}

}  // namespace clusterc
