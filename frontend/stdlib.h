// The standard library: stdlib/*.cl, embedded in the binary at build time.
#pragma once

#include <cstddef>
#include <string_view>

namespace clusterc {

struct StdlibModule {
  const char* name;  // `nvidia` for stdlib/nvidia.cl, imported as `std.nvidia`
  const char* text;
};

struct StdlibModules {
  const StdlibModule* modules = nullptr;
  size_t count = 0;
  const StdlibModule* Find(std::string_view name) const {
    for (size_t i = 0; i < count; ++i)
      if (name == modules[i].name) return &modules[i];
    return nullptr;
  }
  const StdlibModule* begin() const { return modules; }
  const StdlibModule* end() const { return modules + count; }
};

StdlibModules EmbeddedStdlib();

}  // namespace clusterc
