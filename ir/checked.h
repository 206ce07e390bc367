// Overflow-safe integer arithmetic and conversions. Counts in the IR are bounded by their plausible
// ranges (ir/limits.h), but products of several (tp x pp x dp x cp) and doubles converted to
// integers (a size in a file format) can still leave 64 bits; these saturate instead of invoking
// undefined behaviour. Cheap enough for the hot path (no branches beyond the overflow flag).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace clusterc::ir {

inline constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
inline constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();

// a x b, saturated to the int64 range.
inline int64_t SaturatingMul(int64_t a, int64_t b) {
  int64_t out;
  if (__builtin_mul_overflow(a, b, &out)) return (a < 0) != (b < 0) ? kInt64Min : kInt64Max;
  return out;
}

// a + b, saturated to the int64 range.
inline int64_t SaturatingAdd(int64_t a, int64_t b) {
  int64_t out;
  if (__builtin_add_overflow(a, b, &out)) return a < 0 ? kInt64Min : kInt64Max;
  return out;
}

// A double as int64 (truncated toward zero), saturated; NaN gives 0. A plain cast of a value
// outside the range is undefined behaviour.
inline int64_t SaturatingInt64(double v) {
  if (std::isnan(v)) return 0;
  // 2^63 is exact as a double; every double below it converts.
  if (v >= 9223372036854775808.0) return kInt64Max;
  if (v < -9223372036854775808.0) return kInt64Min;
  return static_cast<int64_t>(v);
}

// std::llround, saturated (llround of a value out of range is unspecified).
inline int64_t SaturatingRound(double v) {
  return SaturatingInt64(std::isnan(v) ? 0 : std::round(v));
}

}  // namespace clusterc::ir
