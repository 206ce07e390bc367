// Shared by the fuzz targets: the input as an in-memory spec, and the structure-aware mutator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "frontend/compile.h"

namespace clusterc::fuzz {

// The spec's path; the input is its text and no other file exists (imports of files fail with a
// diagnostic; `import std.x` reads the embedded standard library). Nothing touches the disk.
inline constexpr const char* kMainPath = "/fuzz/spec.cl";

inline CompileOptions InMemory(const std::string& text) {
  CompileOptions options;
  options.root = "/fuzz";
  options.read_file = [&text](const std::string& path) -> std::optional<std::string> {
    if (path == kMainPath) return text;
    return std::nullopt;
  };
  return options;
}

// Mutates `data` in place at the level of tokens; returns the new size. mutator.cpp also defines
// LLVMFuzzerCustomMutator with it, for the libFuzzer builds.
size_t MutateTokens(uint8_t* data, size_t size, size_t max_size, unsigned seed);

}  // namespace clusterc::fuzz
