#include "driver/output_dir.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "driver/sha256.h"

namespace clusterc {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kTempInfix = ".clusterc-tmp-";
constexpr size_t kListed = 3;  // entries a refusal names before "and N more"

std::string Errno() {
  return std::strerror(errno);
}

// Relative, '/'-separated, no `.`/`..`, no empty component, each component a legal file name.
bool SafeRelative(const std::string& path, std::string& why) {
  if (path.empty() || path.front() == '/') {
    why = "not a relative path";
    return false;
  }
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = std::min(path.find('/', start), path.size());
    std::string_view part(path.data() + start, slash - start);
    if (part.empty() || part == "." || part == "..") {
      why = "a path component is empty, `.` or `..`";
      return false;
    }
    if (part.size() > NAME_MAX) {
      why = fmt::format("a path component is {} bytes long; file systems allow {}", part.size(),
                        NAME_MAX);
      return false;
    }
    if (part.find('\0') != std::string_view::npos) {
      why = "a path component holds a NUL byte";
      return false;
    }
    start = slash + 1;
  }
  return true;
}

bool WriteAllFd(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(size_t(n));
  }
  return true;
}

bool SyncPath(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

// Removes a tree without following links; makes folders of ours writable on the way (a build
// may replace a tree in which the user made a folder read-only). False when anything is left.
bool RemoveTree(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0) return errno == ENOENT;
  if (!S_ISDIR(st.st_mode)) return ::unlink(path.c_str()) == 0;
  if ((st.st_mode & S_IRWXU) != S_IRWXU) ::chmod(path.c_str(), st.st_mode | S_IRWXU);
  bool ok = true;
  std::error_code ec;
  std::vector<std::string> children;
  for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
    children.push_back(it->path().string());
  if (ec) ok = false;
  for (const auto& child : children) ok &= RemoveTree(child);
  return ::rmdir(path.c_str()) == 0 && ok;
}

// Whether `inner` is `outer` or lies below it (both absolute and canonical).
bool IsWithin(const fs::path& inner, const fs::path& outer) {
  auto [o, i] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
  return o == outer.end();
}

std::string Listed(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size() && i < kListed; ++i)
    out += (i ? ", " : "") + std::string("`") + items[i] + "`";
  if (items.size() > kListed) out += fmt::format(" and {} more", items.size() - kListed);
  return out;
}

std::string JsonQuoted(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\')
      out += {'\\', char(c)};
    else if (c < 0x20 || c == 0x7f)
      out += fmt::format("\\u{:04x}", c);
    else
      out += char(c);
  }
  return out + "\"";
}

// Reads a JSON string starting at `at` (on the opening quote); advances `at` past it.
bool ParseJsonString(std::string_view s, size_t& at, std::string& out) {
  if (at >= s.size() || s[at] != '"') return false;
  for (++at; at < s.size(); ++at) {
    char c = s[at];
    if (c == '"') {
      ++at;
      return true;
    }
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++at >= s.size()) return false;
    c = s[at];
    if (c == 'u') {
      if (at + 4 >= s.size()) return false;
      unsigned value = 0;
      for (int i = 1; i <= 4; ++i) {
        char h = s[at + i];
        value *= 16;
        if (h >= '0' && h <= '9')
          value += unsigned(h - '0');
        else if (h >= 'a' && h <= 'f')
          value += unsigned(h - 'a' + 10);
        else
          return false;
      }
      if (value >= 0x80) return false;  // the writer escapes control characters only
      out += char(value);
      at += 4;
    } else if (c == '"' || c == '\\' || c == '/') {
      out += c;
    } else {
      return false;
    }
  }
  return false;
}

// The files a manifest lists, with their SHA-256. False when `text` is not a clusterc manifest.
bool ParseManifest(std::string_view text, std::map<std::string, std::string>& files) {
  if (text.find("\"generator\": \"clusterc\"") == std::string_view::npos ||
      text.find("\"manifest_version\": 1,") == std::string_view::npos)
    return false;
  constexpr std::string_view kPath = "{\"path\": ", kHash = "\"sha256\": \"";
  for (size_t at = text.find(kPath); at != std::string_view::npos; at = text.find(kPath, at)) {
    at += kPath.size();
    std::string path;
    if (!ParseJsonString(text, at, path)) return false;
    size_t hash = text.find(kHash, at);
    size_t line_end = text.find('\n', at);
    if (hash == std::string_view::npos || hash > line_end || hash + kHash.size() + 64 > text.size())
      return false;
    files[path] = std::string(text.substr(hash + kHash.size(), 64));
  }
  return true;
}

std::string ReadSmallFile(const std::string& path, bool& ok) {
  ok = false;
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return {};
  std::string out;
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = n == 0;
      break;
    }
    out.append(buffer, size_t(n));
    if (out.size() > (64u << 20)) break;  // no manifest is this large
  }
  ::close(fd);
  return out;
}

bool HashFile(const std::string& path, std::string& hex) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return false;
  Sha256 h;
  char buffer[65536];
  bool ok = true;
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) ok = false;
    if (n <= 0) break;
    h.Update(std::string_view(buffer, size_t(n)));
  }
  ::close(fd);
  hex = h.HexDigest();
  return ok;
}

// Refuses, with the reason, unless `dir` (an existing directory) is empty or holds exactly an
// unmodified tree its manifest describes (files may be missing: removing them loses nothing).
bool CheckOwnTree(const std::string& shown, const fs::path& dir, OutputProblem& problem) {
  std::error_code ec;
  std::vector<std::string> top;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    top.push_back(it->path().filename().string());
  if (ec) {
    problem = {DiagCode::OutputUnwritable, fmt::format("cannot read {}: {}", shown, ec.message())};
    return false;
  }
  if (top.empty()) return true;
  std::sort(top.begin(), top.end());
  bool read_ok = false;
  std::string manifest_text;
  struct stat st;
  fs::path manifest_path = dir / std::string(kManifestName);
  if (::lstat(manifest_path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
    manifest_text = ReadSmallFile(manifest_path.string(), read_ok);
  std::map<std::string, std::string> listed;
  if (!read_ok || !ParseManifest(manifest_text, listed)) {
    problem = {DiagCode::OutputNotOurs,
               fmt::format("{} holds {} {} that clusterc did not write ({}) and no {} manifest; "
                           "clusterc replaces only an empty directory or its own earlier output. "
                           "Choose another directory, or pass --force to replace it",
                           shown, top.size(), top.size() == 1 ? "entry" : "entries", Listed(top),
                           kManifestName)};
    return false;
  }
  std::vector<std::string> foreign, modified;
  auto ancestor_of_listed = [&](const std::string& folder) {
    auto it = listed.lower_bound(folder + "/");
    return it != listed.end() && it->first.compare(0, folder.size() + 1, folder + "/") == 0;
  };
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string rel = fs::relative(it->path(), dir).generic_string();
    if (rel == kManifestName) continue;
    auto status = it->symlink_status();
    if (fs::is_directory(status)) {
      if (!ancestor_of_listed(rel)) {
        foreign.push_back(rel + "/");
        it.disable_recursion_pending();
      }
      continue;
    }
    auto entry = listed.find(rel);
    if (!fs::is_regular_file(status) || entry == listed.end()) {
      foreign.push_back(rel);
      continue;
    }
    std::string hex;
    if (!HashFile(it->path().string(), hex) || hex != entry->second) modified.push_back(rel);
  }
  if (ec) {
    problem = {DiagCode::OutputUnwritable, fmt::format("cannot read {}: {}", shown, ec.message())};
    return false;
  }
  std::sort(foreign.begin(), foreign.end());
  if (!foreign.empty()) {
    problem = {DiagCode::OutputNotOurs,
               fmt::format("{} holds {} that clusterc did not write: {}; clusterc replaces only "
                           "its own earlier output. Move them away, choose another directory, "
                           "or pass --force to replace it",
                           shown, foreign.size() == 1 ? "an entry" : "entries", Listed(foreign))};
    return false;
  }
  std::sort(modified.begin(), modified.end());
  if (!modified.empty()) {
    problem = {DiagCode::OutputModified,
               fmt::format("{} holds {} changed since clusterc wrote {}: {}; a build would "
                           "lose the changes. Save them elsewhere, or pass --force to replace "
                           "the directory anyway",
                           shown, modified.size() == 1 ? "a file" : "files",
                           modified.size() == 1 ? "it" : "them", Listed(modified))};
    return false;
  }
  return true;
}

// The old tree is removed after the swap: every folder in it must be ours to change (writable,
// or owned so we can make it writable), else a swap would leave half a tree behind.
bool CheckRemovable(const std::string& shown, const fs::path& dir, OutputProblem& problem) {
  std::error_code ec;
  auto removable = [](const fs::path& p) {
    struct stat st;
    return ::access(p.c_str(), W_OK | X_OK) == 0 ||
           (::lstat(p.c_str(), &st) == 0 && st.st_uid == ::geteuid());
  };
  if (!removable(dir)) {
    problem = {
        DiagCode::OutputUnwritable,
        fmt::format("cannot replace {}: its files could not be removed (not writable)", shown)};
    return false;
  }
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!fs::is_directory(it->symlink_status()) || removable(it->path())) continue;
    problem = {DiagCode::OutputUnwritable,
               fmt::format("cannot replace {}: the folder {} in it is not writable, so the old "
                           "files could not be removed",
                           shown, fs::relative(it->path(), dir).generic_string())};
    return false;
  }
  return true;
}

// Temporaries of earlier runs that were killed: no process holds their lock any more.
void RemoveStaleTemporaries(const fs::path& parent, const std::string& prefix) {
  std::error_code ec;
  std::vector<std::string> stale;
  for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    int fd = ::open(it->path().c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) stale.push_back(it->path().string());
    ::close(fd);
  }
  for (const auto& path : stale) RemoveTree(path);
}

bool ProtectedPlace(const fs::path& target, std::string& what) {
  std::error_code ec;
  if (target == target.root_path()) {
    what = "the root of the file system";
    return true;
  }
  fs::path cwd = fs::current_path(ec);
  if (!ec && IsWithin(fs::canonical(cwd, ec), target)) {
    what = "the working directory or a folder holding it";
    return true;
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    fs::path h = fs::canonical(home, ec);
    if (!ec && IsWithin(h, target)) {
      what = "the home directory or a folder holding it";
      return true;
    }
  }
  return false;
}

// Refuses a target that is, or holds, one of the build's inputs.
bool HoldsInput(const fs::path& target, const std::vector<std::string>& inputs, std::string& which,
                bool& equal) {
  for (const auto& input : inputs) {
    std::error_code ec;
    fs::path p = fs::canonical(input, ec);
    if (ec || !IsWithin(p, target)) continue;
    which = input;
    equal = p == target;
    return true;
  }
  return false;
}

}  // namespace

std::unique_ptr<OutputDir> OutputDir::Open(const std::string& dir, const OutputOptions& options,
                                           OutputProblem& problem) {
  std::unique_ptr<OutputDir> out(new OutputDir);
  out->requested_ = dir;
  out->force_ = options.force;
  out->tool_version_ = options.tool_version;
  fs::path requested = fs::path(dir.empty() ? "." : dir).lexically_normal();
  if (requested.filename().empty()) requested = requested.parent_path();
  std::error_code ec;
  struct stat st;
  bool exists = ::stat(requested.c_str(), &st) == 0;  // follows a link: its target matters
  bool is_link = ::lstat(requested.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
  fs::path target;
  if (exists) {
    target = fs::canonical(requested, ec);
  } else if (is_link) {
    problem = {DiagCode::OutputUnwritable,
               fmt::format("{} is a symbolic link to a directory that does not exist; create it, "
                           "or choose another output directory",
                           dir)};
    return nullptr;
  } else {
    fs::path parent = requested.parent_path().empty() ? fs::path(".") : requested.parent_path();
    target = fs::canonical(parent, ec) / requested.filename();
    if (ec) {
      problem = {DiagCode::OutputUnwritable,
                 fmt::format("the parent directory {} of {} does not exist", parent.string(), dir)};
      return nullptr;
    }
  }
  if (ec) {
    problem = {DiagCode::OutputUnwritable, fmt::format("cannot resolve {}: {}", dir, ec.message())};
    return nullptr;
  }
  out->target_ = target.string();
  std::string what, input;
  bool equal = false;
  if (ProtectedPlace(target, what)) {
    problem = {DiagCode::OutputProtected,
               fmt::format("refusing to replace {}: it is {}. Choose a new folder for the output",
                           dir, what)};
    return nullptr;
  }
  if (HoldsInput(target, options.inputs, input, equal)) {
    problem = {DiagCode::OutputIsInput,
               equal ? fmt::format("the output {} is {}, an input of this build", dir, input)
                     : fmt::format("the output directory {} holds {}, an input of this build; "
                                   "replacing it would delete the input. Choose another directory",
                                   dir, input)};
    return nullptr;
  }
  fs::path parent = target.parent_path();
  std::string shown = is_link ? fmt::format("{} (a link to {})", dir, target.string()) : dir;
  if (exists) {
    if (!S_ISDIR(st.st_mode) && !(is_link && fs::is_directory(target, ec))) {
      problem = {DiagCode::OutputNotOurs,
                 fmt::format("{} exists and is not a directory; clusterc replaces only "
                             "directories it wrote",
                             dir)};
      return nullptr;
    }
    struct stat own, above;
    if (::stat(target.c_str(), &own) == 0 && ::stat(parent.c_str(), &above) == 0 &&
        own.st_dev != above.st_dev) {
      problem = {DiagCode::OutputUnwritable,
                 fmt::format("{} is a mount point, which cannot be replaced as a whole; write to "
                             "a folder inside it",
                             shown)};
      return nullptr;
    }
    if (!options.force && !CheckOwnTree(shown, target, problem)) return nullptr;
    if (!CheckRemovable(shown, target, problem)) return nullptr;
  }
  if (::access(parent.c_str(), W_OK | X_OK) != 0) {
    problem = {DiagCode::OutputUnwritable,
               fmt::format("cannot create {}: {} is not writable", dir, parent.string())};
    return nullptr;
  }
  std::string prefix = "." + target.filename().string() + std::string(kTempInfix);
  RemoveStaleTemporaries(parent, prefix);
  std::string temp = (parent / (prefix + "XXXXXX")).string();
  if (::mkdtemp(temp.data()) == nullptr) {
    problem = {DiagCode::OutputUnwritable,
               fmt::format("cannot create a temporary folder in {}: {}", parent.string(), Errno())};
    return nullptr;
  }
  out->temp_ = temp;
  out->lock_fd_ = ::open(temp.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (out->lock_fd_ < 0 || ::flock(out->lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    problem = {DiagCode::OutputUnwritable,
               fmt::format("cannot lock the temporary folder {}: {}", temp, Errno())};
    return nullptr;
  }
  return out;
}

OutputDir::~OutputDir() {
  if (!committed_ && !temp_.empty()) RemoveTree(temp_);
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

bool OutputDir::WriteFile(const std::string& path, std::string_view contents, std::string& error) {
  std::string why;
  if (!SafeRelative(path, why)) {
    error = fmt::format("refusing to write `{}`: {}", path, why);
    return false;
  }
  if (path == kManifestName && !committed_) {
    error = fmt::format("`{}` is the manifest's name", path);
    return false;
  }
  // Folders first; the temporary is private (mode 0700), so nothing in it is planted.
  for (size_t slash = path.find('/'); slash != std::string::npos;
       slash = path.find('/', slash + 1)) {
    std::string folder = temp_ + "/" + path.substr(0, slash);
    if (::mkdir(folder.c_str(), 0777) == 0) {
      folders_.push_back(folder);
    } else if (errno != EEXIST) {
      error = fmt::format("cannot create {}: {}", folder, Errno());
      return false;
    }
  }
  std::string full = temp_ + "/" + path;
  if (written_.count(path)) ::unlink(full.c_str());
  int fd = ::open(full.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) {
    error = fmt::format("cannot create {}: {}", full, Errno());
    return false;
  }
  bool ok = WriteAllFd(fd, contents) && ::fsync(fd) == 0;
  std::string reason = Errno();
  ok &= ::close(fd) == 0;
  if (!ok) {
    error = fmt::format("cannot write {}: {}", full, reason);
    return false;
  }
  written_[path] = {contents.size(), Sha256Hex(contents)};
  return true;
}

bool OutputDir::Commit(OutputProblem& problem, std::string& warning) {
  std::string manifest = fmt::format(
      "{{\n  \"generator\": \"clusterc\",\n  \"manifest_version\": 1,\n  \"clusterc_version\": "
      "{},\n  \"note\": \"clusterc replaces this directory only while every file below is "
      "unchanged\",\n  \"files\": [\n",
      JsonQuoted(tool_version_));
  size_t i = 0;
  for (const auto& [path, entry] : written_)
    manifest +=
        fmt::format("    {{\"path\": {}, \"bytes\": {}, \"sha256\": \"{}\"}}{}\n", JsonQuoted(path),
                    entry.bytes, entry.sha256, ++i < written_.size() ? "," : "");
  manifest += "  ]\n}\n";
  std::string error, manifest_name(kManifestName);
  committed_ = true;  // lets WriteFile write the manifest's name
  bool wrote = WriteFile(manifest_name, manifest, error);
  committed_ = false;
  written_.erase(manifest_name);
  if (!wrote) {
    problem = {DiagCode::OutputUnwritable, error};
    return false;
  }
  // Durable before visible: folders deepest first, then the temporary itself.
  std::sort(folders_.begin(), folders_.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const auto& folder : folders_)
    if (!SyncPath(folder)) {
      problem = {DiagCode::OutputUnwritable, fmt::format("cannot sync {}: {}", folder, Errno())};
      return false;
    }
  mode_t mask = ::umask(0);
  ::umask(mask);
  if (::chmod(temp_.c_str(), 0777 & ~mask) != 0 || !SyncPath(temp_)) {
    problem = {DiagCode::OutputUnwritable, fmt::format("cannot prepare {}: {}", temp_, Errno())};
    return false;
  }
  // DIR may have changed while the backends ran: check it once more, just before the swap.
  std::error_code ec;
  std::string shown = requested_;
  struct stat st;
  bool exists = ::lstat(target_.c_str(), &st) == 0;
  if (exists && !force_ && !CheckOwnTree(shown, target_, problem)) return false;
  std::string parent = fs::path(target_).parent_path().string();
  if (exists) {
    if (::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) != 0) {
      problem = {DiagCode::OutputUnwritable,
                 fmt::format("cannot replace {}: {}", requested_, Errno())};
      return false;
    }
  } else if (::rename(temp_.c_str(), target_.c_str()) != 0) {
    problem = {DiagCode::OutputUnwritable,
               fmt::format("cannot create {}: {}", requested_, Errno())};
    return false;
  }
  committed_ = true;
  SyncPath(parent);
  // After the exchange the temporary's name holds the old tree.
  if (exists && !RemoveTree(temp_))
    warning = fmt::format(
        "the previous contents of {} could not be removed completely; they are "
        "left in {}, which the next build removes",
        requested_, temp_);
  return true;
}

bool CommitOutputTree(const backends::OutputTree& tree, const std::string& dir,
                      const OutputOptions& options, OutputProblem& problem) {
  auto out = OutputDir::Open(dir, options, problem);
  if (!out) return false;
  for (const auto& [path, contents] : tree.Files()) {
    std::string error;
    if (!out->WriteFile(path, contents, error)) {
      problem = {DiagCode::OutputUnwritable, error};
      return false;
    }
  }
  std::string warning;
  return out->Commit(problem, warning);
}

bool WriteFileAtomically(const std::string& path, std::string_view data,
                         const std::vector<std::string>& inputs, OutputProblem& problem) {
  fs::path target(path);
  std::error_code ec;
  fs::path parent = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  fs::path resolved = fs::weakly_canonical(target, ec);
  for (const auto& input : inputs) {
    std::error_code ignored;
    if (!ec && fs::canonical(input, ignored) == resolved && !ignored) {
      problem = {DiagCode::OutputIsInput,
                 fmt::format("the output {} is {}, an input of this run", path, input)};
      return false;
    }
  }
  if (fs::is_directory(target, ec)) {
    problem = {DiagCode::OutputUnwritable, fmt::format("{} is a directory", path)};
    return false;
  }
  std::string temp =
      (parent / ("." + target.filename().string() + std::string(kTempInfix) + "XXXXXX")).string();
  int fd = ::mkstemp(temp.data());  // O_CREAT|O_EXCL, mode 0600: nothing can be planted
  if (fd < 0) {
    problem = {DiagCode::OutputUnwritable,
               fmt::format("cannot write {}: cannot create a file in {}: {}", path, parent.string(),
                           Errno())};
    return false;
  }
  mode_t mask = ::umask(0);
  ::umask(mask);
  bool ok = WriteAllFd(fd, data) && ::fchmod(fd, 0666 & ~mask) == 0 && ::fsync(fd) == 0;
  std::string reason = Errno();
  ok &= ::close(fd) == 0;
  if (ok && ::rename(temp.c_str(), path.c_str()) != 0) {
    ok = false;
    reason = Errno();
  }
  if (!ok) {
    ::unlink(temp.c_str());
    problem = {DiagCode::OutputUnwritable, fmt::format("cannot write {}: {}", path, reason)};
    return false;
  }
  SyncPath(parent.string());
  return true;
}

}  // namespace clusterc
