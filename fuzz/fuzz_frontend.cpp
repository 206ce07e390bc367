// Fuzz target: the frontend (parse, names, units, evaluation) on arbitrary bytes. Any input must
// end in diagnostics, never a crash, a hang or undefined behaviour. Rendering the diagnostics is
// part of the target: locations and snippets are computed from the same bytes.
#include <cstddef>
#include <cstdint>

#include "diag/render.h"
#include "frontend/compile.h"
#include "fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  clusterc::CompileOptions options = clusterc::fuzz::InMemory(text);
  clusterc::SourceManager sources;
  clusterc::DiagnosticList diags;
  clusterc::Compile(clusterc::fuzz::kMainPath, options, sources, diags);
  diags.SortBySource();
  std::string rendered = clusterc::RenderText(diags.All(), sources, false);
  // A compilation with an error reports it; one that reports nothing has none.
  if (diags.HasErrors() && rendered.find("error") == std::string::npos) __builtin_trap();
  return 0;
}
