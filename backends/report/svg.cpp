// SVG charts for the HTML report (see svg.h). Coordinates are whole or half pixels of an
// 880-pixel-wide view box; the page scales it down to fit.
#include "backends/report/svg.h"
#include "backends/escape.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "diag/format.h"

namespace clusterc::backends::report {
namespace {

constexpr double kWidth = 880;
constexpr double kPadLeft = 16;
constexpr double kPadRight = 24;
constexpr double kFontSize = 12;

// Rough advance of the system sans-serif at 12 px, for layout decisions only.
double TextWidth(const std::string& s, double size = kFontSize) {
  return 0.56 * size * static_cast<double>(s.size());
}

std::string Num(double v) {
  // Coordinates: one decimal is plenty and keeps the output stable across platforms.
  double r = std::round(v * 10) / 10;
  if (r == 0) r = 0;  // no "-0"
  return fmt::format("{}", r);
}

struct AxisScale {
  double factor = 1;
  std::string suffix;
};

AxisScale PickScale(Unit unit, double max_si) {
  struct S {
    double f;
    const char* s;
  };
  static const S kBytes[] = {{1, "B"},
                             {1024.0, "KiB"},
                             {1048576.0, "MiB"},
                             {1073741824.0, "GiB"},
                             {1099511627776.0, "TiB"}};
  static const S kTime[] = {{1e-3, "ms"}, {1, "s"}, {60, "min"}, {3600, "h"}, {86400, "days"}};
  static const S kPower[] = {{1, "W"}, {1e3, "kW"}, {1e6, "MW"}, {1e9, "GW"}};
  static const S kMoney[] = {{1, "USD"}, {1e3, "k USD"}, {1e6, "M USD"}, {1e9, "B USD"}};
  static const S kBandwidth[] = {{1, "B/s"}, {1e9, "GB/s"}, {1e12, "TB/s"}, {1e15, "PB/s"}};
  static const S kCount[] = {{1, ""}, {1e3, "thousands"}, {1e6, "millions"}, {1e9, "billions"}};
  auto pick = [&](const S* table, size_t n) {
    AxisScale a{table[0].f, table[0].s};
    for (size_t i = 0; i < n; ++i)
      if (max_si >= table[i].f) a = {table[i].f, table[i].s};
    return a;
  };
#define CLUSTERC_PICK_(t) pick(t, sizeof(t) / sizeof(t[0]))
  switch (unit) {
    case Unit::kBytes:
      return CLUSTERC_PICK_(kBytes);
    case Unit::kSeconds:
      return CLUSTERC_PICK_(kTime);
    case Unit::kWatts:
      return CLUSTERC_PICK_(kPower);
    case Unit::kUsd:
      return CLUSTERC_PICK_(kMoney);
    case Unit::kBytesPerSecond:
      return CLUSTERC_PICK_(kBandwidth);
    case Unit::kFraction:
      return {0.01, "%"};
    case Unit::kPerDay:
      return {1, ""};
    case Unit::kCount:
      return CLUSTERC_PICK_(kCount);
    default:
      return {1, std::string(UnitSymbol(unit))};
  }
#undef CLUSTERC_PICK_
}

struct Axis {
  AxisScale scale;
  double step = 1;  // in scaled units
  double max = 1;   // in scaled units, a whole number of steps
  double MaxSi() const { return max * scale.factor; }
};

Axis MakeAxis(Unit unit, double max_si) {
  Axis a;
  a.scale = PickScale(unit, max_si);
  double m = max_si / a.scale.factor;
  if (!(m > 0)) m = 1;
  double raw = m / 5;
  double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double norm = raw / mag;
  double nice = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10;
  a.step = nice * mag;
  a.max = std::ceil(m / a.step - 1e-9) * a.step;
  if (a.max <= 0) a.max = a.step;
  return a;
}

std::string AxisTitle(const std::string& quantity, const Axis& axis) {
  return axis.scale.suffix.empty() ? quantity : quantity + " (" + axis.scale.suffix + ")";
}

// Ticks, tick labels and the axis title below a plot spanning [x0, x1] at height y.
std::string DrawAxis(const Axis& axis, double x0, double x1, double y, const std::string& title) {
  std::string s;
  s += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#333" stroke-width="1"/>)",
                   Num(x0), Num(y), Num(x1), Num(y));
  int n = static_cast<int>(std::llround(axis.max / axis.step));
  for (int i = 0; i <= n; ++i) {
    double v = axis.step * i;
    double x = x0 + (x1 - x0) * v / axis.max;
    s += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#333"/>)", Num(x), Num(y),
                     Num(y + 5));
    s += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle" class="tick">{}</text>)", Num(x),
                     Num(y + 18), Escape(FormatCount(v)));
  }
  s += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle" class="axis">{}</text>)",
                   Num((x0 + x1) / 2), Num(y + 36), Escape(title));
  return s;
}

// Black or white text, whichever reads better on `color` (#RRGGBB).
const char* TextOn(const std::string& color) {
  if (color.size() != 7) return "#000";
  auto h = [&](size_t i) { return std::stoi(color.substr(i, 2), nullptr, 16) / 255.0; };
  double lum = 0.2126 * h(1) + 0.7152 * h(3) + 0.0722 * h(5);
  return lum < 0.45 ? "#fff" : "#000";
}

std::string Open(double height, const std::string& title) {
  return fmt::format(
      R"(<svg class="chart" viewBox="0 0 {0} {1}" width="{0}" height="{1}" role="img"><title>{2}</title>)",
      Num(kWidth), Num(height), Escape(title));
}

std::string Percent(double part, double whole) {
  return whole > 0 ? FormatCount(100 * part / whole) + " %" : "";
}

}  // namespace

std::string Escape(const std::string& text) {
  return escape::XmlText(text);
}

std::string StackedBarChart(const std::string& title, const std::vector<Segment>& segments,
                            Unit unit, const std::string& quantity,
                            const std::vector<Marker>& markers) {
  double total = 0;
  for (const auto& s : segments) total += std::max(0.0, s.value);
  double top = total;
  for (const auto& m : markers) top = std::max(top, m.value);
  Axis axis = MakeAxis(unit, top * 1.02);
  const double x0 = kPadLeft, x1 = kWidth - kPadRight, plot = x1 - x0;
  auto X = [&](double si) { return x0 + plot * (si / axis.MaxSi()); };

  const double header = 18;
  const double bar_top = markers.empty() ? 30 : 58;
  const double bar_h = 38;
  const double axis_y = bar_top + bar_h + 10;
  const double legend_top = axis_y + 56;
  std::vector<const Segment*> shown;
  for (const auto& s : segments)
    if (s.value > 0) shown.push_back(&s);
  const int columns = 2;
  const double row_h = 22;
  const int rows = static_cast<int>((shown.size() + columns - 1) / columns);
  const double height = legend_top + rows * row_h + 6;

  std::string s = Open(height, title);
  s += fmt::format(R"(<text x="{}" y="{}" class="total">total {}</text>)", Num(x0), Num(header),
                   Escape(FormatFigure(total, unit)));
  // Bars.
  double x = x0;
  for (const Segment* seg : shown) {
    double w = plot * seg->value / axis.MaxSi();
    s += fmt::format(
        R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="#fff" stroke-width="1"><title>{}: {}</title></rect>)",
        Num(x), Num(bar_top), Num(w), Num(bar_h), seg->color, Escape(seg->label),
        Escape(FormatFigure(seg->value, unit)));
    std::string pct = Percent(seg->value, total);
    if (w > TextWidth(pct) + 8)
      s += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle" fill="{}" class="in">{}</text>)",
                       Num(x + w / 2), Num(bar_top + bar_h / 2 + 4), TextOn(seg->color),
                       Escape(pct));
    x += w;
  }
  // Limit lines, labels on two alternating lines so neighbours do not overlap.
  for (size_t i = 0; i < markers.size(); ++i) {
    const Marker& m = markers[i];
    double mx = X(m.value);
    double ly = i % 2 == 0 ? 34 : 48;
    s += fmt::format(
        R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="{3}" stroke-width="2" stroke-dasharray="5 3"/>)",
        Num(mx), Num(ly + 3), Num(bar_top + bar_h + 6), m.color);
    std::string label = m.label + " " + FormatFigure(m.value, unit);
    bool right = mx + TextWidth(label) + 4 > x1;
    s += fmt::format(R"(<text x="{}" y="{}" text-anchor="{}" class="marker" fill="{}">{}</text>)",
                     Num(right ? mx - 4 : mx + 4), Num(ly), right ? "end" : "start", m.color,
                     Escape(label));
  }
  s += DrawAxis(axis, x0, x1, axis_y, AxisTitle(quantity, axis));
  // Legend: every part with its value and share, even the ones too thin to label.
  const double col_w = plot / columns;
  for (size_t i = 0; i < shown.size(); ++i) {
    double lx = x0 + col_w * static_cast<double>(i % columns);
    double ly = legend_top + row_h * static_cast<double>(i / columns);
    s += fmt::format(
        R"(<rect x="{}" y="{}" width="12" height="12" fill="{}" stroke="#333" stroke-width="0.5"/>)",
        Num(lx), Num(ly), shown[i]->color);
    s += fmt::format(
        R"(<text x="{}" y="{}" class="legend">{}: <tspan class="v">{}</tspan> ({})</text>)",
        Num(lx + 18), Num(ly + 10.5), Escape(shown[i]->label),
        Escape(FormatFigure(shown[i]->value, unit)), Escape(Percent(shown[i]->value, total)));
  }
  s += "</svg>";
  return s;
}

std::string BarChart(const std::string& title, const std::vector<Bar>& bars, Unit unit,
                     const std::string& quantity, const std::vector<Marker>& markers) {
  double top = 0;
  for (const auto& b : bars) top = std::max(top, b.value);
  for (const auto& m : markers) top = std::max(top, m.value);
  Axis axis = MakeAxis(unit, top * 1.02);
  double label_w = 0;
  for (const auto& b : bars) label_w = std::max(label_w, TextWidth(b.label));
  label_w = std::min(std::max(label_w + 12, 120.0), 320.0);
  const double x0 = kPadLeft + label_w, x1 = kWidth - kPadRight - 80, plot = x1 - x0;
  auto X = [&](double si) { return x0 + plot * (si / axis.MaxSi()); };
  const double top_y = markers.empty() ? 8 : 26;
  const double row_h = 28, bar_h = 18;
  const double axis_y = top_y + row_h * static_cast<double>(bars.size()) + 4;
  const double height = axis_y + 46;

  std::string s = Open(height, title);
  // Grid lines behind the bars.
  int n = static_cast<int>(std::llround(axis.max / axis.step));
  for (int i = 1; i <= n; ++i) {
    double gx = x0 + plot * (axis.step * i) / axis.max;
    s += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#e3e3e3"/>)", Num(gx),
                     Num(top_y), Num(axis_y));
  }
  for (size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    double y = top_y + row_h * static_cast<double>(i) + (row_h - bar_h) / 2;
    double w = std::max(0.0, X(b.value) - x0);
    s += fmt::format(R"(<text x="{}" y="{}" text-anchor="end" class="label">{}</text>)",
                     Num(x0 - 8), Num(y + bar_h / 2 + 4), Escape(b.label));
    s += fmt::format(
        R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"><title>{}: {}</title></rect>)",
        Num(x0), Num(y), Num(w), Num(bar_h), b.color, Escape(b.label),
        Escape(FormatFigure(b.value, unit)));
    s += fmt::format(R"(<text x="{}" y="{}" class="v">{}</text>)", Num(x0 + w + 6),
                     Num(y + bar_h / 2 + 4), Escape(FormatFigure(b.value, unit)));
  }
  for (const auto& m : markers) {
    double mx = X(m.value);
    s += fmt::format(
        R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="{3}" stroke-width="2" stroke-dasharray="5 3"/>)",
        Num(mx), Num(top_y - 6), Num(axis_y), m.color);
    std::string label = m.label;
    bool right = mx + TextWidth(label) + 4 > kWidth - kPadRight;
    s += fmt::format(R"(<text x="{}" y="{}" text-anchor="{}" class="marker" fill="{}">{}</text>)",
                     Num(right ? mx - 4 : mx + 4), Num(top_y - 10), right ? "end" : "start",
                     m.color, Escape(label));
  }
  s += DrawAxis(axis, x0, x1, axis_y, AxisTitle(quantity, axis));
  s += "</svg>";
  return s;
}

namespace {

const char* const kRailColors[] = {palette::kBlue,   palette::kOrange,  palette::kGreen,
                                   palette::kPurple, palette::kSkyBlue, palette::kVermillion,
                                   palette::kYellow, palette::kDarkGrey};

std::string Count(double v) {
  return FormatFigure(v, Unit::kCount);
}

// A row of switch boxes centred in [x0, x1]; returns their centres. At most `max_boxes` are
// drawn; a gap with an ellipsis stands for the rest.
std::vector<double> SwitchRow(std::string& s, int64_t count, double x0, double x1, double y,
                              const std::vector<std::string>& colors, int max_boxes) {
  std::vector<double> centres;
  if (count <= 0) return centres;
  int shown = static_cast<int>(std::min<int64_t>(count, max_boxes));
  bool elided = count > max_boxes;
  const double box_w = 26, box_h = 16;
  int slots = shown + (elided ? 1 : 0);
  double gap = (x1 - x0) / slots;
  int slot = 0;
  for (int i = 0; i < shown; ++i, ++slot) {
    if (elided && i == shown / 2) {
      double ex = x0 + gap * (slot + 0.5);
      s += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle" class="ellipsis">…</text>)",
                       Num(ex), Num(y + 4));
      ++slot;
    }
    double cx = x0 + gap * (slot + 0.5);
    const std::string& fill = colors[static_cast<size_t>(i) % colors.size()];
    s += fmt::format(
        R"(<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{}" stroke="#222" stroke-width="0.8"/>)",
        Num(cx - box_w / 2), Num(y - box_h / 2), Num(box_w), Num(box_h), fill);
    centres.push_back(cx);
  }
  return centres;
}

void Mesh(std::string& s, const std::vector<double>& upper, double uy,
          const std::vector<double>& lower, double ly) {
  for (double a : upper)
    for (double b : lower)
      s += fmt::format(
          R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#8a8a8a" stroke-width="0.6" stroke-opacity="0.7"/>)",
          Num(a), Num(uy + 8), Num(b), Num(ly - 8));
}

std::string TorusDiagram(const ClusterReport& c, const Group& fabric) {
  const double height = 250;
  std::string s = Open(height, "torus of " + c.name);
  int64_t x = static_cast<int64_t>(fabric.Value("torus_x")),
          y = static_cast<int64_t>(fabric.Value("torus_y")),
          z = static_cast<int64_t>(fabric.Value("torus_z"));
  bool wrap = false;
  for (const auto& a : fabric.attributes)
    if (a.key == "wraparound") wrap = a.text == "true";
  // A 6 x 4 patch of one plane of chips, links to the four neighbours, and wraparound arcs.
  const int cols = 6, rows = 4;
  const double gx = 330, gy = 40, step_x = 52, step_y = 44;
  for (int r = 0; r < rows; ++r)
    for (int col = 0; col < cols; ++col) {
      double cx = gx + col * step_x, cy = gy + r * step_y;
      if (col + 1 < cols)
        s += fmt::format(
            R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#555" stroke-width="1.5"/>)", Num(cx),
            Num(cy), Num(cx + step_x), Num(cy));
      if (r + 1 < rows)
        s += fmt::format(
            R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#555" stroke-width="1.5"/>)", Num(cx),
            Num(cy), Num(cx), Num(cy + step_y));
    }
  if (wrap) {
    for (int r = 0; r < rows; ++r) {
      double cy = gy + r * step_y;
      s += fmt::format(
          R"(<path d="M {} {} C {} {} {} {} {} {}" fill="none" stroke="{}" stroke-width="1.2" stroke-dasharray="4 3"/>)",
          Num(gx), Num(cy), Num(gx - 40), Num(cy - 18), Num(gx + step_x * (cols - 1) + 40),
          Num(cy - 18), Num(gx + step_x * (cols - 1)), Num(cy), palette::kOrange);
    }
  }
  for (int r = 0; r < rows; ++r)
    for (int col = 0; col < cols; ++col)
      s += fmt::format(
          R"(<rect x="{}" y="{}" width="22" height="16" rx="3" fill="{}" stroke="#222" stroke-width="0.8"/>)",
          Num(gx + col * step_x - 11), Num(gy + r * step_y - 8), palette::kBlue);
  s += fmt::format(R"(<text x="{}" y="{}" class="tier">3D torus {} × {} × {}</text>)",
                   Num(kPadLeft), Num(50), x, y, z);
  s += fmt::format(R"(<text x="{}" y="{}" class="sub">{} chips, no switches</text>)", Num(kPadLeft),
                   Num(70), Count(fabric.Value("endpoints")));
  s += fmt::format(R"(<text x="{}" y="{}" class="sub">{} per link, one direction</text>)",
                   Num(kPadLeft), Num(90),
                   FormatFigure(fabric.Value("torus_link_bandwidth"), Unit::kBytesPerSecond));
  s += fmt::format(R"(<text x="{}" y="{}" class="sub">wraparound: {}</text>)", Num(kPadLeft),
                   Num(110), wrap ? "yes (dashed)" : "no");
  s +=
      fmt::format(R"(<text x="{}" y="{}" class="sub">bisection {}</text>)", Num(kPadLeft), Num(130),
                  FormatFigure(fabric.Value("bisection_bandwidth"), Unit::kBytesPerSecond));
  s += fmt::format(
      R"(<text x="{}" y="{}" class="caption">one {} × {} patch of a plane shown</text>)",
      Num(gx - 11), Num(gy + rows * step_y + 10), cols, rows);
  s += "</svg>";
  return s;
}

}  // namespace

std::string TierDiagram(const ClusterReport& c) {
  const Group* fabric = c.Find("fabric");
  const Group* counts = c.Find("counts");
  if (!fabric || !counts) return "";
  if (fabric->Find("torus_x")) return TorusDiagram(c, *fabric);

  const int64_t tiers = static_cast<int64_t>(fabric->Value("tiers"));
  const int64_t rails = std::max<int64_t>(1, static_cast<int64_t>(fabric->Value("rails")));
  const double left = kPadLeft, mid0 = 190, mid1 = 610, right = 630;
  const double row_gap = 78;
  // Rows from the top: core, spine, leaf, nodes.
  struct Row {
    const char* name;
    std::string count_key;
  };
  std::vector<Row> rows;
  if (tiers >= 3) rows.push_back({"core", "core_switches"});
  if (tiers >= 2) rows.push_back({"spine", "spine_switches"});
  rows.push_back({"leaf", "leaf_switches"});
  const double top = 34;
  const double nodes_y = top + row_gap * static_cast<double>(rows.size());
  const double height = nodes_y + 96;

  std::string s = Open(height, "fabric tiers of " + c.name);
  s += fmt::format(
      R"(<text x="{}" y="{}" class="total">{}-tier fat tree, {} rail{}, radix {} at the NIC's line rate</text>)",
      Num(left), 16, tiers, rails, rails == 1 ? "" : "s", Count(fabric->Value("radix")));

  std::vector<std::vector<double>> centres;
  std::vector<double> ys;
  for (size_t i = 0; i < rows.size(); ++i) {
    double y = top + row_gap * static_cast<double>(i) + 10;
    ys.push_back(y);
    int64_t n = static_cast<int64_t>(fabric->Value(rows[i].count_key));
    std::vector<std::string> colors{palette::kGrey};
    int max_boxes = 14;
    if (std::string(rows[i].name) == "leaf" && rails > 1) {
      colors.clear();
      for (int64_t r = 0; r < std::min<int64_t>(rails, 8); ++r) colors.push_back(kRailColors[r]);
      max_boxes = static_cast<int>(std::min<int64_t>(rails, 8)) * (rails <= 4 ? 3 : 2);
    }
    centres.push_back(SwitchRow(s, n, mid0, mid1, y, colors, max_boxes));
    s += fmt::format(R"(<text x="{}" y="{}" class="tier">{}</text>)", Num(left), Num(y - 2),
                     rows[i].name);
    s += fmt::format(R"(<text x="{}" y="{}" class="sub">{} switches</text>)", Num(left),
                     Num(y + 13), Count(static_cast<double>(n)));
  }
  for (size_t i = 0; i + 1 < rows.size(); ++i)
    Mesh(s, centres[i], ys[i], centres[i + 1], ys[i + 1]);

  // Links annotated on the right: between core and spine, spine and leaf, leaf and nodes.
  auto annotate = [&](double y, const std::string& line1, const std::string& line2,
                      const std::string& line3) {
    double y0 = line3.empty() ? y - 2 : y - 9;
    s += fmt::format(R"(<text x="{}" y="{}" class="sub">{}</text>)", Num(right), Num(y0),
                     Escape(line1));
    if (!line2.empty())
      s += fmt::format(R"(<text x="{}" y="{}" class="sub">{}</text>)", Num(right), Num(y0 + 15),
                       Escape(line2));
    if (!line3.empty())
      s += fmt::format(R"(<text x="{}" y="{}" class="sub">{}</text>)", Num(right), Num(y0 + 30),
                       Escape(line3));
  };
  for (size_t i = 0; i + 1 < rows.size(); ++i) {
    std::string lower = rows[i + 1].name, upper = rows[i].name;
    std::string key = upper;  // cables from the upper tier down are counted on the upper tier
    double cables = fabric->Value(key + "_cables"), optics = fabric->Value(key + "_transceivers");
    std::string over;
    if (upper == "spine" || (upper == "core" && rows.size() == 2))
      over = "oversubscription " + FormatCount(fabric->Value("leaf_oversubscription")) + ":1";
    if (upper == "core" && fabric->Value("pods") > 1)
      over = "pod oversubscription " + FormatCount(fabric->Value("pod_oversubscription")) + ":1";
    annotate((ys[i] + ys[i + 1]) / 2, lower + "–" + upper + ": " + Count(cables) + " cables",
             Count(optics) + " transceivers", over);
  }

  // Nodes with one NIC port per rail, each rail wired to the leaves of its colour.
  const std::vector<double>& leaves = centres.back();
  const double leaf_y = ys.back();
  const int node_boxes = 6;
  const double node_w = 52, node_h = 22;
  const double span = (mid1 - mid0) / node_boxes;
  const int64_t shown_rails = std::min<int64_t>(rails, 8);
  for (int n = 0; n < node_boxes; ++n) {
    double cx = mid0 + span * (n + 0.5);
    for (int64_t r = 0; r < shown_rails; ++r) {
      double px = cx - node_w / 2 +
                  node_w * (static_cast<double>(r) + 0.5) / static_cast<double>(shown_rails);
      // The nearest leaf of this rail.
      double best = -1;
      for (size_t l = 0; l < leaves.size(); ++l)
        if (rails == 1 || static_cast<int64_t>(l) % shown_rails == r)
          if (best < 0 || std::fabs(leaves[l] - px) < std::fabs(best - px)) best = leaves[l];
      if (best >= 0)
        s += fmt::format(
            R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="1" stroke-opacity="0.8"/>)",
            Num(px), Num(nodes_y - node_h / 2), Num(best), Num(leaf_y + 8),
            rails > 1 ? kRailColors[r] : "#8a8a8a");
    }
    s += fmt::format(
        R"(<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="#f4f4f4" stroke="#222" stroke-width="0.8"/>)",
        Num(cx - node_w / 2), Num(nodes_y - node_h / 2), Num(node_w), Num(node_h));
    s += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle" class="node">node</text>)",
                     Num(cx), Num(nodes_y + 4));
  }
  s += fmt::format(R"(<text x="{}" y="{}" class="tier">nodes</text>)", Num(left), Num(nodes_y - 2));
  s += fmt::format(R"(<text x="{}" y="{}" class="sub">{} × {} GPUs</text>)", Num(left),
                   Num(nodes_y + 13), Count(counts->Value("nodes")),
                   Count(counts->Value("gpus_per_node")));
  annotate((leaf_y + nodes_y) / 2, "node–leaf: " + Count(fabric->Value("leaf_cables")) + " cables",
           Count(fabric->Value("endpoints")) + " NIC ports",
           Count(fabric->Value("leaf_downlinks")) + " downlinks per leaf");
  std::string pods = fabric->Value("pods") > 1 ? Count(fabric->Value("pods")) + " pods of " +
                                                     Count(fabric->Value("pod_gpus")) + " GPUs · "
                                               : "";
  double capacity = fabric->Value("capacity");
  s += fmt::format(
      R"(<text x="{}" y="{}" class="caption">{}{} switches · {} cables · {} transceivers · capacity {} endpoints ({} used) · bisection {}</text>)",
      Num(left), Num(nodes_y + 42), Escape(pods), Count(fabric->Value("switches")),
      Count(fabric->Value("cables")), Count(fabric->Value("transceivers")), Count(capacity),
      Escape(Percent(fabric->Value("endpoints"), capacity)),
      Escape(FormatFigure(fabric->Value("bisection_bandwidth"), Unit::kBytesPerSecond)));
  if (rails > 1) {
    double lx = left;
    double ly = nodes_y + 66;
    s += fmt::format(R"(<text x="{}" y="{}" class="sub">rails:</text>)", Num(lx), Num(ly + 10));
    lx += 40;
    for (int64_t r = 0; r < shown_rails; ++r) {
      s += fmt::format(R"(<rect x="{}" y="{}" width="12" height="12" fill="{}"/>)", Num(lx),
                       Num(ly), kRailColors[r]);
      s += fmt::format(R"(<text x="{}" y="{}" class="sub">{}</text>)", Num(lx + 16), Num(ly + 10),
                       r + 1);
      lx += 40;
    }
    if (rails > 8)
      s += fmt::format(R"(<text x="{}" y="{}" class="sub">… {} rails in all</text>)", Num(lx),
                       Num(ly + 10), rails);
  }
  s += "</svg>";
  return s;
}

}  // namespace clusterc::backends::report
