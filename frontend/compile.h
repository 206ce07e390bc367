// The frontend's entry point: a spec file and its imports to a checked, typed program.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "diag/diagnostic.h"
#include "diag/source.h"
#include "frontend/stdlib.h"
#include "ir/ir.h"

namespace clusterc {

// Default limit on the size of one source file.
inline constexpr size_t kMaxSourceBytes = 64u << 20;

struct CompileOptions {
  // Imports may not leave this directory; empty means the main file's directory.
  std::string root;
  StdlibModules stdlib = EmbeddedStdlib();
  // Reads a file; returns nothing when it cannot. Defaults to the file system. An editor
  // passes its unsaved buffers here.
  std::function<std::optional<std::string>(const std::string& path)> read_file;
  // Largest source file accepted, so a mistaken path cannot exhaust memory.
  size_t max_source_bytes = kMaxSourceBytes;
};

// Parses and checks `main_path` and everything it imports. Diagnostics go to `sink`; the program
// is complete only when no error was reported.
ir::Program Compile(const std::string& main_path, const CompileOptions& options,
                    SourceManager& sources, DiagnosticSink& sink);

// Reads a whole regular file, or nothing (then `error`, when given, says why); past `limit` bytes
// it stops (the result then has limit + 1). FIFOs, devices and directories are refused without
// blocking.
std::optional<std::string> ReadFile(const std::string& path, size_t limit = kMaxSourceBytes,
                                    std::string* error = nullptr);

}  // namespace clusterc
