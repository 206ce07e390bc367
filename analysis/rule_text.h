// How the feasibility rules write numbers in their messages: one place, so every rule reads alike.
#pragma once

#include <fmt/format.h>

#include <cstdint>

#include <string>
#include <string_view>

#include "ir/ir.h"

namespace clusterc::analysis::text {

// One decimal, without a trailing ".0": 92.8, 80.
inline std::string Num(double v) {
  std::string s = fmt::format("{:.1f}", v);
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

inline std::string Bytes(double b) {
  if (b >= 1099511627776.0) return Num(b / 1099511627776.0) + " TiB";
  if (b >= 1073741824.0) return Num(b / 1073741824.0) + " GiB";
  return fmt::format("{:.0f} MiB", b / 1048576.0);
}

inline std::string Power(double w) {
  if (w >= 1e6) return Num(w / 1e6) + " MW";
  if (w >= 1e3) return Num(w / 1e3) + " kW";
  return fmt::format("{:.0f} W", w);
}

inline std::string Time(double s) {
  if (s >= 3600) return fmt::format("{:.1f} h", s / 3600);
  if (s >= 60) return fmt::format("{:.1f} min", s / 60);
  if (s >= 1) return fmt::format("{:.2f} s", s);
  return fmt::format("{:.1f} ms", s * 1e3);
}

inline std::string Bandwidth(double bps) {
  return fmt::format("{:.0f} GB/s", bps / 1e9);
}

// "1 tier", "3 tiers": a count with its noun, singular for one.
inline std::string Count(int64_t n, std::string_view noun) {
  return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

// Whether the rules report on an entity: those of the main file only (not the stdlib's).
inline bool Reported(const ir::Program& p, const ir::Entity& e) {
  return p.main_file == 0 || e.range.file == p.main_file;
}

}  // namespace clusterc::analysis::text
