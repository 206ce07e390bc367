// A structure-aware mutator: most byte flips turn a spec into a syntax error the parser rejects
// at once, so the deeper phases (names, units, analysis, backends) would see few inputs. This one
// mutates whole tokens (replace, delete, duplicate, swap, move), swaps numbers for boundary values,
// and splices lines of valid declarations from the embedded standard library; one mutation in
// eight is libFuzzer's own byte-level one, so the lexer still meets arbitrary bytes. The spec
// targets use it as their mutator (spec_mutator.cpp); the language server's target mutates the
// text of the documents it opens with it (lsp_mutator.cpp).
#include <algorithm>
#include <cctype>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/stdlib.h"
#include "fuzz/fuzz_common.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace clusterc::fuzz {
namespace {

// Words and punctuation of the language (fuzz/clusterc.dict holds the same for libFuzzer).
constexpr const char* kWords[] = {"import",
                                  "let",
                                  "require",
                                  "extends",
                                  "true",
                                  "false",
                                  " x ",
                                  "std.nvidia",
                                  "std.models",
                                  "std.amd",
                                  "std.intel",
                                  "std.google",
                                  "std.cooling",
                                  "gpu",
                                  "cpu",
                                  "nic",
                                  "switch",
                                  "link",
                                  "cooling",
                                  "node",
                                  "fabric",
                                  "site",
                                  "cluster",
                                  "model",
                                  "plan",
                                  "rack",
                                  "fat_tree",
                                  "torus",
                                  "adam",
                                  "direct_liquid",
                                  "infiniband_ndr",
                                  "roce_v2",
                                  "ici",
                                  "bf16",
                                  "fp8",
                                  "selective",
                                  "full",
                                  "zero1",
                                  "zero3",
                                  "fsdp",
                                  "min",
                                  "max",
                                  "ceil",
                                  "floor",
                                  "memory",
                                  "memory_bandwidth",
                                  "bf16_flops",
                                  "tdp",
                                  "cores",
                                  "bandwidth",
                                  "ports",
                                  "radix",
                                  "port_bandwidth",
                                  "domain_size",
                                  "rack_limit",
                                  "gpus",
                                  "cpus",
                                  "nics",
                                  "storage",
                                  "scale_up",
                                  "scale_up_domain",
                                  "kind",
                                  "topology",
                                  "tiers",
                                  "rails",
                                  "oversubscription",
                                  "pod_size",
                                  "pod_oversubscription",
                                  "link_bandwidth",
                                  "nodes",
                                  "racks",
                                  "spares",
                                  "layers",
                                  "hidden",
                                  "ffn",
                                  "heads",
                                  "kv_heads",
                                  "head_dim",
                                  "attention_window",
                                  "full_attention_every",
                                  "dropout",
                                  "vocab",
                                  "moe",
                                  "experts",
                                  "top_k",
                                  "mla",
                                  "parallel",
                                  "tp",
                                  "pp",
                                  "dp",
                                  "ep",
                                  "ep_dispatch",
                                  "etp",
                                  "cp",
                                  "cp_comm",
                                  "all_gather",
                                  "vpp",
                                  "batch",
                                  "global",
                                  "micro",
                                  "seq_len",
                                  "tokens",
                                  "checkpoint",
                                  "every",
                                  "precision",
                                  "optimizer",
                                  "recompute",
                                  "kernel_launch",
                                  "graph",
                                  "price",
                                  "gpu_count",
                                  "capex",
                                  "mfu",
                                  "step_time",
                                  "B",
                                  "GB",
                                  "TB",
                                  "GiB",
                                  "Gb/s",
                                  "GB/s",
                                  "TB/s",
                                  "TFLOP/s",
                                  "W",
                                  "kW",
                                  "MW",
                                  "USD",
                                  "USD/kWh",
                                  "USD/h",
                                  "h",
                                  "min",
                                  "s",
                                  "yr",
                                  "%",
                                  "million",
                                  "billion",
                                  "trillion",
                                  "{",
                                  "}",
                                  "(",
                                  ")",
                                  "=",
                                  ";",
                                  ":",
                                  ",",
                                  ".",
                                  "/",
                                  "*",
                                  "+",
                                  "-",
                                  "<",
                                  "<=",
                                  ">=",
                                  "==",
                                  "!=",
                                  "\n",
                                  "\"text\"",
                                  "// c\n",
                                  "/* c */"};

// Numbers at the edges: zero, one, the plausible-range bounds, overflow, underflow.
constexpr const char* kNumbers[] = {"0",      "1",     "2",     "3",       "4",
                                    "7",      "8",     "64",    "100",     "1024",
                                    "4096",   "65536", "1e6",   "1e9",     "1e15",
                                    "1e18",   "1e19",  "1e300", "1e308",   "1e-9",
                                    "1e-300", "0.5",   "0.999", "1.5",     "9_007_199_254_740_993",
                                    "2e400",  "1:1",   "1:7",   "1e308:1", "0:1"};

struct Token {
  size_t begin, end;
};

// Splits into tokens the way the lexer roughly does: names and numbers, strings, comments, runs
// of blanks, and single punctuation characters. Exactness does not matter; boundaries do.
std::vector<Token> Tokenize(std::string_view s) {
  std::vector<Token> out;
  size_t i = 0;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  while (i < s.size()) {
    size_t j = i + 1;
    char c = s[i];
    if (word(c) || c == '.') {
      while (j < s.size() && (word(s[j]) || s[j] == '.')) ++j;
    } else if (c == '"') {
      while (j < s.size() && s[j] != '"' && s[j] != '\n') ++j;
      if (j < s.size() && s[j] == '"') ++j;
    } else if (c == '/' && j < s.size() && s[j] == '/') {
      while (j < s.size() && s[j] != '\n') ++j;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      while (j < s.size() && std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    }
    out.push_back({i, j});
    i = j;
  }
  return out;
}

// A few consecutive lines of a standard-library module: declarations known to be valid.
std::string StdlibLines(std::mt19937& rng) {
  StdlibModules modules = EmbeddedStdlib();
  if (modules.count == 0) return "gpu g { }\n";
  std::string_view text = modules.modules[rng() % modules.count].text;
  std::vector<size_t> starts{0};
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts.push_back(i + 1);
  size_t first = rng() % starts.size();
  size_t last = std::min(starts.size() - 1, first + 1 + rng() % 12);
  size_t end = last < starts.size() ? starts[last] : text.size();
  return std::string(text.substr(starts[first], end - starts[first]));
}

}  // namespace

size_t MutateTokens(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  std::mt19937 rng(seed);
  unsigned choice = rng() % 8;
  if (choice == 0 || size == 0) return LLVMFuzzerMutate(data, size, max_size);
  std::string s(reinterpret_cast<const char*>(data), size);
  std::vector<Token> tokens = Tokenize(s);
  auto pick = [&]() { return tokens[rng() % tokens.size()]; };
  auto word = [&]() { return std::string(kWords[rng() % std::size(kWords)]); };
  std::string out;
  switch (choice) {
    case 1: {  // replace a token with a word of the language
      Token t = pick();
      out = s.substr(0, t.begin) + word() + s.substr(t.end);
      break;
    }
    case 2: {  // delete one to three tokens
      size_t i = rng() % tokens.size(), j = std::min(tokens.size() - 1, i + rng() % 3);
      out = s.substr(0, tokens[i].begin) + s.substr(tokens[j].end);
      break;
    }
    case 3: {  // copy a span of up to 16 tokens to another token boundary
      size_t i = rng() % tokens.size(), j = std::min(tokens.size() - 1, i + rng() % 16);
      std::string span = s.substr(tokens[i].begin, tokens[j].end - tokens[i].begin);
      size_t at = pick().begin;
      out = s.substr(0, at) + span + s.substr(at);
      break;
    }
    case 4: {  // splice valid declarations from the standard library at a line start
      std::vector<size_t> lines{0};
      for (size_t i = 0; i < s.size(); ++i)
        if (s[i] == '\n') lines.push_back(i + 1);
      size_t at = lines[rng() % lines.size()];
      out = s.substr(0, at) + StdlibLines(rng) + s.substr(at);
      break;
    }
    case 5: {  // a number (or any token) becomes a boundary value
      std::vector<Token> numbers;
      for (const Token& t : tokens)
        if (std::isdigit(static_cast<unsigned char>(s[t.begin]))) numbers.push_back(t);
      Token t = numbers.empty() ? pick() : numbers[rng() % numbers.size()];
      out = s.substr(0, t.begin) + kNumbers[rng() % std::size(kNumbers)] + s.substr(t.end);
      break;
    }
    case 6: {  // swap two tokens
      size_t i = rng() % tokens.size(), j = rng() % tokens.size();
      if (i > j) std::swap(i, j);
      if (i == j) return LLVMFuzzerMutate(data, size, max_size);
      Token a = tokens[i], b = tokens[j];
      out = s.substr(0, a.begin) + s.substr(b.begin, b.end - b.begin) +
            s.substr(a.end, b.begin - a.end) + s.substr(a.begin, a.end - a.begin) + s.substr(b.end);
      break;
    }
    default: {  // insert a word of the language at a token boundary
      size_t at = pick().begin;
      out = s.substr(0, at) + word() + " " + s.substr(at);
      break;
    }
  }
  if (out.size() > max_size) out.resize(max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

}  // namespace clusterc::fuzz
