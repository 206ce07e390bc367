#include "driver/output_dir.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace clusterc {
namespace {

namespace fs = std::filesystem;

bool SafeRelative(const std::string& path) {
  if (path.empty() || path.front() == '/') return false;
  for (const auto& part : fs::path(path))
    if (part == ".." || part == ".") return false;
  return true;
}

bool WriteAll(const fs::path& path, const std::string& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), std::streamsize(data.size()));
  out.flush();
  return bool(out);
}

}  // namespace

bool CommitOutputTree(const backends::OutputTree& tree, const std::string& dir_name,
                      std::string& error) {
  fs::path dir = fs::path(dir_name).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  fs::path parent = dir.parent_path().empty() ? fs::path(".") : dir.parent_path();
  std::error_code ec;
  if (!fs::is_directory(parent, ec)) {
    error = fmt::format("the parent directory {} does not exist", parent.string());
    return false;
  }
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    error = fmt::format("{} exists and is not a directory", dir.string());
    return false;
  }
  fs::path temp = parent / fmt::format(".{}.tmp-{}", dir.filename().string(), ::getpid());
  fs::remove_all(temp, ec);
  if (!fs::create_directory(temp, ec)) {
    error = fmt::format("cannot create {}: {}", temp.string(), ec.message());
    return false;
  }
  auto fail = [&](std::string message) {
    error = std::move(message);
    std::error_code ignored;
    fs::remove_all(temp, ignored);
    return false;
  };
  for (const auto& [path, contents] : tree.Files()) {
    if (!SafeRelative(path))
      return fail(fmt::format("refusing to write outside the output: {}", path));
    fs::path target = temp / path;
    fs::create_directories(target.parent_path(), ec);
    if (ec)
      return fail(fmt::format("cannot create {}: {}", target.parent_path().string(), ec.message()));
    if (!WriteAll(target, contents)) return fail(fmt::format("cannot write {}", target.string()));
  }
  if (fs::exists(dir, ec)) {
    // Swap the new tree and the old one in a single step, then drop the old one.
    if (renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, dir.c_str(), RENAME_EXCHANGE) != 0)
      return fail(fmt::format("cannot replace {}: {}", dir.string(), std::strerror(errno)));
    fs::remove_all(temp, ec);
  } else {
    fs::rename(temp, dir, ec);
    if (ec) return fail(fmt::format("cannot create {}: {}", dir.string(), ec.message()));
  }
  return true;
}

}  // namespace clusterc
