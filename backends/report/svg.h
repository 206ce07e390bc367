// The report's charts: small SVG drawings made by hand, no scripts, no external resources.
//
// Three shapes cover the report: a horizontal stacked bar (a whole split into its parts, with
// limit lines), a horizontal bar chart (one bar per category, with reference lines) and the
// fabric's tier diagram. Every chart has a labelled axis in the unit that reads best, its numbers
// written by FormatFigure, and the Okabe-Ito palette (safe for colour-blind readers).
#pragma once

#include <string>
#include <vector>

#include "backends/report/format.h"
#include "backends/report/model.h"

namespace clusterc::backends::report {

// Okabe & Ito (2008), "Color Universal Design": eight colours distinguishable under the common
// colour-vision deficiencies.
namespace palette {
inline constexpr const char* kOrange = "#E69F00";
inline constexpr const char* kSkyBlue = "#56B4E9";
inline constexpr const char* kGreen = "#009E73";
inline constexpr const char* kYellow = "#F0E442";
inline constexpr const char* kBlue = "#0072B2";
inline constexpr const char* kVermillion = "#D55E00";
inline constexpr const char* kPurple = "#CC79A7";
inline constexpr const char* kBlack = "#000000";
inline constexpr const char* kGrey = "#999999";
inline constexpr const char* kDarkGrey = "#555555";
// Past the eight: a third grey, told apart from the others by lightness alone.
inline constexpr const char* kLightGrey = "#DDDDDD";
}  // namespace palette

struct Segment {
  std::string label;
  double value = 0;
  std::string color;
};

// A vertical reference line at `value` (a limit, a capacity, 100 %).
struct Marker {
  std::string label;
  double value = 0;
  std::string color = "#000000";
};

struct Bar {
  std::string label;
  double value = 0;
  std::string color;
};

// `quantity` names the axis ("facility power"); the unit's scale is appended ("(MW)").
std::string StackedBarChart(const std::string& title, const std::vector<Segment>& segments,
                            Unit unit, const std::string& quantity,
                            const std::vector<Marker>& markers = {});

std::string BarChart(const std::string& title, const std::vector<Bar>& bars, Unit unit,
                     const std::string& quantity, const std::vector<Marker>& markers = {});

// Tiers, switch counts per tier, cables and optics between tiers, oversubscription and rails;
// or, for a torus, its shape and links.
std::string TierDiagram(const ClusterReport& cluster);

// Text for SVG and HTML: &, <, >, " escaped.
std::string Escape(const std::string& text);

}  // namespace clusterc::backends::report
