// Units of the report's figures and how each is written for people and for machines.
//
// Every figure the report carries has one of these units. JSON and CSV hold the exact value in the
// SI unit named by UnitSymbol; HTML and Markdown hold FormatFigure's text: three significant
// digits, thousands separators and the unit that reads best (diag/format.h does the work).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace clusterc::backends::report {

enum class Unit {
  kCount,            // "1": GPUs, switches, degrees
  kFraction,         // "fraction": 0.412 is 41.2 %
  kBytes,            // "B"
  kSeconds,          // "s"
  kWatts,            // "W"
  kJoules,           // "J"
  kUsd,              // "USD"
  kBytesPerSecond,   // "B/s"
  kFlop,             // "FLOP"
  kFlopPerSecond,    // "FLOP/s"
  kUsdPerSecond,     // "USD/s"
  kUsdPerJoule,      // "USD/J"
  kPerDay,           // "1/day": expected events per day
  kTokens,           // "token"
  kTokensPerSecond,  // "token/s"
  kGpuSeconds,       // "GPU-s": GPU time, people read it in GPU-hours
};

// The SI unit symbol written to JSON documentation and the CSV's unit column.
std::string_view UnitSymbol(Unit u);
// The inverse of UnitSymbol; nothing for an unknown symbol.
std::optional<Unit> UnitFromSymbol(std::string_view symbol);

// The figure for people: "83.4 MW", "1.2 B USD", "54.3 days", "41.2 %", "2.79 million GPU-hours".
std::string FormatFigure(double value, Unit unit);

// The figure for machines: the shortest text that reads back as exactly `value` (integers
// without a fraction or exponent).
std::string ExactNumber(double value);

}  // namespace clusterc::backends::report
