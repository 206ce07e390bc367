// report.html: one self-contained page (inline CSS and SVG, no scripts, nothing fetched), laid out
// to answer four questions first (does it fit, how long, what does it cost, what breaks first) and
// to show every figure of report.json below, section by section. Prints on A4/Letter.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "backends/report/model.h"
#include "backends/report/svg.h"
#include "diag/format.h"

namespace clusterc::backends::report {
namespace {

constexpr const char* kStyle = R"(
:root { --ink:#1b1f24; --muted:#5b6570; --line:#d9dee3; --bg:#ffffff; --panel:#f6f8fa;
  --ok:#009E73; --warn:#E69F00; --bad:#D55E00; --accent:#0072B2; }
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink); background: var(--bg); font-size: 15px; line-height: 1.45; }
body { margin: 0 auto; max-width: 1040px; padding: 24px 28px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 36px 0 12px; padding-bottom: 6px; border-bottom: 2px solid var(--ink); }
h3 { font-size: 16px; margin: 24px 0 8px; }
p.sub, .muted { color: var(--muted); margin: 0; }
nav { margin: 14px 0 0; font-size: 14px; }
nav a { color: var(--accent); text-decoration: none; margin-right: 14px; }
.verdict { display: flex; align-items: center; gap: 16px; margin: 20px 0 12px; padding: 14px 18px;
  border-radius: 8px; border: 2px solid var(--ok); background: #e8f6f1; }
.verdict.bad { border-color: var(--bad); background: #fbece4; }
.verdict .word { font-size: 24px; font-weight: 700; }
.verdict.ok .word { color: #00694d; }
.verdict.bad .word { color: #a34500; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 10px; margin: 12px 0; }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
.card .k { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.card .v { font-size: 21px; font-weight: 650; font-variant-numeric: tabular-nums; }
.card .s { font-size: 12px; color: var(--muted); }
.answers { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; margin: 16px 0; align-items: start; }
.answer { border: 1px solid var(--line); border-left: 5px solid var(--accent); border-radius: 6px; padding: 10px 14px; }
.answer h3 { margin: 0 0 6px; font-size: 15px; }
.answer ul { margin: 0; padding-left: 18px; font-size: 14px; }
.answer li { margin: 3px 0; }
table { border-collapse: collapse; width: 100%; font-size: 13.5px; margin: 6px 0 10px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { background: var(--panel); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tbody th { font-weight: 400; }
.tables { columns: 3 290px; column-gap: 24px; }
.tables > div { break-inside: avoid; page-break-inside: avoid; }
.tables h4 { margin: 12px 0 2px; font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
figure { margin: 10px 0 18px; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-size: 13px; color: var(--muted); margin-top: 2px; }
svg.chart { display: block; max-width: 100%; height: auto; font-family: inherit; }
svg .tick { font-size: 11px; fill: #333; }
svg .axis { font-size: 12px; fill: #333; font-weight: 600; }
svg .total { font-size: 13px; font-weight: 650; fill: #1b1f24; }
svg .marker { font-size: 12px; font-weight: 600; }
svg .legend, svg .label, svg .sub, svg .v, svg .node { font-size: 12px; fill: #1b1f24; }
svg .legend .v, svg text.v { font-weight: 600; }
svg .in { font-size: 12px; font-weight: 600; }
svg .tier { font-size: 14px; font-weight: 700; fill: #1b1f24; }
svg .caption { font-size: 12px; fill: #5b6570; }
svg .ellipsis { font-size: 16px; fill: #333; }
.sev { display: inline-block; padding: 0 6px; border-radius: 4px; font-size: 12px; font-weight: 600; color: #fff; }
.sev.error { background: var(--bad); } .sev.warning { background: var(--warn); color: #000; }
.sev.note { background: var(--muted); } .sev.allowed { background: #999; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; }
.pill { display: inline-block; padding: 1px 8px; border-radius: 10px; background: var(--panel); border: 1px solid var(--line); font-size: 12.5px; margin: 0 4px 4px 0; }
footer { margin-top: 40px; font-size: 12px; color: var(--muted); }
@media (max-width: 760px) { .answers { grid-template-columns: 1fr; } }
@media print {
  @page { size: A4; margin: 14mm 12mm; }
  html { font-size: 12px; }
  body { max-width: none; padding: 0; }
  nav { display: none; }
  h2 { break-after: avoid; page-break-after: avoid; }
  section.plan, section.cluster, section#diagnostics { break-before: page; page-break-before: always; }
  .answer, .card, table { break-inside: avoid; page-break-inside: avoid; }
}
)";

std::string E(const std::string& s) {
  return Escape(s);
}

std::string Id(const std::string& prefix, const std::string& name) {
  std::string out = prefix + "-";
  for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '-';
  return out;
}

std::string Value(const Figure& f) {
  return FormatFigure(f.value, f.unit);
}

std::string V(const Group* g, const std::string& key) {
  const Figure* f = g ? g->Find(key) : nullptr;
  return f ? Value(*f) : std::string("n/a");
}

// One group as a two-column table; every figure of the JSON appears in exactly such a cell.
std::string GroupTable(const Group& g) {
  std::string s = "<div><h4>" + E(g.title) + "</h4><table><tbody>";
  for (const auto& a : g.attributes)
    s += "<tr><th scope=\"row\">" + E(a.label) + "</th><td class=\"num\">" + E(a.text) +
         "</td></tr>";
  for (const auto& f : g.figures)
    s += "<tr><th scope=\"row\">" + E(f.label) + "</th><td class=\"num\">" + E(Value(f)) +
         "</td></tr>";
  s += "</tbody></table></div>";
  return s;
}

std::string Card(const std::string& key, const std::string& value, const std::string& sub = "") {
  std::string s = "<div class=\"card\"><div class=\"k\">" + E(key) + "</div><div class=\"v\">" +
                  E(value) + "</div>";
  if (!sub.empty()) s += "<div class=\"s\">" + E(sub) + "</div>";
  return s + "</div>";
}

std::string FigureBlock(const std::string& svg, const std::string& caption) {
  if (svg.empty()) return "";
  return "<figure>" + svg + "<figcaption>" + E(caption) + "</figcaption></figure>";
}

void Summary(const ReportData& d, std::string& s) {
  s += "<section id=\"summary\"><h2>Summary</h2>";
  s += fmt::format(
      "<div class=\"verdict {}\"><div class=\"word\">{}</div><div>{} error{} · {} warning{} · "
      "{} allowed in the spec · {} cluster{} · {} plan{}</div></div>",
      d.feasible ? "ok" : "bad", d.feasible ? "Feasible" : "Not feasible", d.errors,
      d.errors == 1 ? "" : "s", d.warnings, d.warnings == 1 ? "" : "s", d.allowed,
      d.clusters.size(), d.clusters.size() == 1 ? "" : "s", d.plans.size(),
      d.plans.size() == 1 ? "" : "s");

  s += "<div class=\"cards\">";
  for (const auto& c : d.clusters) {
    const Group* counts = c.Find("counts");
    const Group* power = c.Find("power");
    const Group* cost = c.Find("cost");
    if (!counts) continue;
    s += Card(c.name + " · GPUs", V(counts, "gpus"),
              V(counts, "nodes") + " nodes · " + V(counts, "racks") + " racks");
    s += Card(c.name + " · facility power", V(power, "facility"), "IT " + V(power, "it"));
    if (cost && cost->Value("capex") > 0)
      s += Card(c.name + " · capex", V(cost, "capex"), "opex " + V(cost, "opex_per_year") + "/yr");
  }
  for (const auto& p : d.plans) {
    const Group* perf = p.Find("performance");
    const Group* k = p.Find("cost");
    const Group* mem = p.Find("memory");
    if (!perf) continue;
    if (perf->Find("training_time"))
      s += Card(p.name + " · training", V(perf, "training_time"),
                V(perf, "tokens") + " · " + V(perf, "gpu_time"));
    else
      s += Card(p.name + " · step", V(perf, "step_time"), V(perf, "tokens_per_second"));
    s += Card(p.name + " · MFU", V(perf, "mfu"), V(perf, "tokens_per_second"));
    if (k && k->Find("run_cost_owned"))
      s += Card(p.name + " · run cost", V(k, "run_cost_owned"),
                k->Find("run_cost_rented") ? "rented " + V(k, "run_cost_rented") : "owned");
    else if (k && k->Find("run_cost_rented"))
      s += Card(p.name + " · run cost (rented)", V(k, "run_cost_rented"));
    if (mem)
      s += Card(p.name + " · memory per GPU", V(mem, "total"), "of " + V(mem, "hbm") + " HBM");
  }
  s += "</div>";

  s += "<div class=\"answers\">";
  for (const auto& a : Answers(d)) {
    s += "<div class=\"answer\"><h3>" + E(a.question) + "</h3><ul>";
    for (const auto& p : a.points) s += "<li>" + E(p) + "</li>";
    s += "</ul></div>";
  }
  s += "</div>";

  if (!d.headroom.empty()) {
    std::vector<Bar> bars;
    for (const auto& h : d.headroom) {
      double u = h.Utilisation();
      const char* color = u > 1     ? palette::kVermillion
                          : u > 0.9 ? palette::kOrange
                                    : palette::kBlue;
      bars.push_back({h.subject + ": " + h.what, u, color});
    }
    s += "<h3>Headroom: what is closest to its limit</h3>";
    s += FigureBlock(
        BarChart("headroom", bars, Unit::kFraction, "share of the limit",
                 {{"limit", 1.0, palette::kVermillion}}),
        "Each quantity as a share of the limit it must stay under; the longest bar breaks first.");
    s += "<table><thead><tr><th>subject</th><th>quantity</th><th class=\"num\">used</th><th "
         "class=\"num\">limit</th><th class=\"num\">share</th></tr></thead><tbody>";
    for (const auto& h : d.headroom)
      s += "<tr><td>" + E(h.subject) + "</td><td>" + E(h.what) + "</td><td class=\"num\">" +
           E(FormatFigure(h.used, h.unit)) + "</td><td class=\"num\">" +
           E(FormatFigure(h.limit, h.unit)) + "</td><td class=\"num\">" +
           E(FormatFigure(h.Utilisation(), Unit::kFraction)) + "</td></tr>";
    s += "</tbody></table>";
  }
  s += "<div class=\"tables\">" + GroupTable(d.summary) + "</div>";
  s += "</section>";
}

void Cluster(const ClusterReport& c, std::string& s) {
  s += "<section class=\"cluster\" id=\"" + Id("cluster", c.name) + "\"><h2>Cluster " + E(c.name) +
       "</h2><p>";
  for (const auto& a : c.attributes)
    s += "<span class=\"pill\">" + E(a.label + ": " + a.text) + "</span>";
  s += "</p>";
  if (c.groups.empty()) {
    s += "<p class=\"muted\">Not derivable: a required reference is missing.</p></section>";
    return;
  }
  const Group* counts = c.Find("counts");
  const Group* fabric = c.Find("fabric");
  const Group* power = c.Find("power");
  const Group* limits = c.Find("limits");
  const Group* rel = c.Find("reliability");
  const Group* cost = c.Find("cost");

  // Bill of materials.
  s += "<h3>Bill of materials</h3><table><thead><tr><th>part</th><th>model</th><th "
       "class=\"num\">per node</th><th class=\"num\">in the cluster</th></tr></thead><tbody>";
  s += "<tr><td>node</td><td>" + E(c.attributes.empty() ? "" : c.attributes[0].text) +
       "</td><td class=\"num\">1</td><td class=\"num\">" + E(V(counts, "nodes")) + "</td></tr>";
  for (const auto& b : c.bom)
    s += "<tr><td>" + E(b.part) + "</td><td>" + E(b.model) + "</td><td class=\"num\">" +
         E(FormatCount(static_cast<double>(b.per_node))) + "</td><td class=\"num\">" +
         E(FormatFigure(static_cast<double>(b.total), Unit::kCount)) + "</td></tr>";
  if (fabric && !fabric->Find("torus_x")) {
    std::string sw;
    for (const auto& a : fabric->attributes)
      if (a.key == "switch") sw = a.text;
    for (const char* tier : {"leaf", "spine", "core"}) {
      double n = fabric->Value(std::string(tier) + "_switches");
      if (n > 0)
        s += "<tr><td>" + std::string(tier) + " switch</td><td>" + E(sw) +
             "</td><td class=\"num\">–</td><td class=\"num\">" + E(FormatFigure(n, Unit::kCount)) +
             "</td></tr>";
    }
    s += "<tr><td>transceiver</td><td></td><td class=\"num\">–</td><td class=\"num\">" +
         E(V(fabric, "transceivers")) + "</td></tr>";
    s += "<tr><td>cable</td><td></td><td class=\"num\">–</td><td class=\"num\">" +
         E(V(fabric, "cables")) + "</td></tr>";
  }
  s += "<tr><td>rack</td><td></td><td class=\"num\">–</td><td class=\"num\">" +
       E(V(counts, "racks")) + "</td></tr>";
  s += "</tbody></table>";

  // Fabric.
  s += "<h3>Fabric</h3>";
  bool torus = fabric && fabric->Find("torus_x");
  s += FigureBlock(TierDiagram(c),
                   torus ? "Chips link directly to their neighbours on each torus axis; dashed "
                           "arcs are the wraparound links."
                         : "Switch tiers with their counts; lines between tiers stand for the "
                           "cables counted on the right. Colours mark the rails.");

  // Power.
  if (power && counts) {
    s += "<h3>Power</h3>";
    double nodes = counts->Value("nodes");
    double gpus = nodes * power->Value("gpu_per_node");
    double hosts = nodes * power->Value("host_per_node");
    double it = power->Value("it"), facility = power->Value("facility");
    std::vector<Segment> segs = {
        {"GPUs", gpus, palette::kBlue},
        {"hosts", hosts, palette::kSkyBlue},
        {"network", std::max(0.0, it - gpus - hosts), palette::kOrange},
        {"cooling and facility overhead (PUE)", std::max(0.0, facility - it), palette::kGrey}};
    std::vector<Marker> markers;
    if (limits && limits->Find("grid_power"))
      markers.push_back({"grid connection", limits->Value("grid_power"), palette::kVermillion});
    s += FigureBlock(StackedBarChart("facility power of " + c.name, segs, Unit::kWatts,
                                     "facility power", markers),
                     "Facility power: GPUs and hosts are the node count times the per-node "
                     "figures; network is the rest of the IT power; the overhead is facility minus "
                     "IT (PUE).");
    double per_rack = counts->Value("nodes_per_rack");
    std::vector<Segment> rack = {
        {"GPUs", per_rack * power->Value("gpu_per_node"), palette::kBlue},
        {"hosts", per_rack * power->Value("host_per_node"), palette::kSkyBlue},
        {"node network", per_rack * power->Value("net_per_node"), palette::kOrange}};
    std::vector<Marker> rack_markers;
    if (limits && limits->Find("cooling_rack_limit"))
      rack_markers.push_back(
          {"cooling limit", limits->Value("cooling_rack_limit"), palette::kVermillion});
    if (limits && limits->Find("rack_power_limit"))
      rack_markers.push_back(
          {"rack power limit", limits->Value("rack_power_limit"), palette::kPurple});
    s += FigureBlock(StackedBarChart("draw of one rack of " + c.name, rack, Unit::kWatts,
                                     "power of one full rack", rack_markers),
                     "One full rack (" + FormatCount(per_rack) +
                         " nodes) against the cooling method's limit per rack.");
  }

  // Reliability.
  if (rel && rel->Value("failures_per_day") > 0) {
    s += "<h3>Reliability</h3>";
    std::vector<Bar> bars = {{"GPUs", rel->Value("gpu_failures_per_day"), palette::kBlue}};
    if (rel->Find("node_mtbf"))
      bars.push_back({"other node parts", rel->Value("node_failures_per_day"), palette::kSkyBlue});
    bars.push_back({"all components", rel->Value("failures_per_day"), palette::kVermillion});
    s += FigureBlock(
        BarChart("failures per day of " + c.name, bars, Unit::kPerDay, "expected failures per day"),
        "Expected failures per day by component (independent exponential "
        "failures).");
  }

  // Cost.
  if (cost && cost->Value("capex") > 0) {
    s += "<h3>Cost</h3>";
    std::vector<Bar> parts;
    const char* colors[] = {palette::kBlue,   palette::kOrange,   palette::kSkyBlue,
                            palette::kGreen,  palette::kPurple,   palette::kVermillion,
                            palette::kYellow, palette::kDarkGrey, palette::kGrey};
    int i = 0;
    for (const char* key : {"servers", "switches", "transceivers", "cables", "racks",
                            "power_infrastructure", "cooling", "building", "storage"}) {
      const Figure* f = cost->Find(key);
      if (f && f->value > 0) parts.push_back({f->label, f->value, colors[i % 9]});
      ++i;
    }
    std::stable_sort(parts.begin(), parts.end(),
                     [](const Bar& a, const Bar& b) { return a.value > b.value; });
    s += FigureBlock(BarChart("capex of " + c.name, parts, Unit::kUsd, "capital cost"),
                     "Capital cost by part; total " + V(cost, "capex") + ".");
    int opex_parts = (cost->Value("energy_per_year") > 0) + (cost->Value("staff_per_year") > 0) +
                     (cost->Value("maintenance_per_year") > 0);
    if (opex_parts > 1) {
      std::vector<Segment> opex = {
          {"energy", cost->Value("energy_per_year"), palette::kOrange},
          {"staff", cost->Value("staff_per_year"), palette::kBlue},
          {"maintenance", cost->Value("maintenance_per_year"), palette::kGreen}};
      s += FigureBlock(StackedBarChart("opex per year of " + c.name, opex, Unit::kUsd,
                                       "operating cost per year"),
                       "Operating cost per year.");
    }
  }

  s += "<h3>All figures</h3><div class=\"tables\">";
  for (const auto& g : c.groups) s += GroupTable(g);
  s += "</div></section>";
}

void Plan(const PlanReport& p, std::string& s) {
  s += "<section class=\"plan\" id=\"" + Id("plan", p.name) + "\"><h2>Plan " + E(p.name) +
       "</h2><p>";
  for (const auto& a : p.attributes)
    s += "<span class=\"pill\">" + E(a.label + ": " + a.text) + "</span>";
  s += "</p>";
  if (p.groups.empty()) {
    s += "<p class=\"muted\">Not evaluated: the plan's inputs are incomplete.</p></section>";
    return;
  }
  const Group* par = p.Find("parallel");
  const Group* mem = p.Find("memory");
  const Group* step = p.Find("step");
  const Group* perf = p.Find("performance");
  const Group* cost = p.Find("cost");

  s += "<div class=\"cards\">";
  s += Card("layout", "tp " + V(par, "tp") + " · pp " + V(par, "pp") + " · dp " + V(par, "dp"),
            "ep " + V(par, "ep") + " · cp " + V(par, "cp") + " · vpp " + V(par, "vpp") + " · " +
                V(par, "gpus") + " GPUs");
  s += Card("MFU", V(perf, "mfu"), "HFU " + V(perf, "hfu"));
  s += Card("throughput", V(perf, "tokens_per_second"), "step " + V(perf, "step_time"));
  if (perf && perf->Find("training_time"))
    s += Card("training time", V(perf, "training_time"), V(perf, "gpu_time"));
  if (cost && cost->Find("run_cost_owned"))
    s += Card("run cost, owned", V(cost, "run_cost_owned"),
              cost->Find("cost_per_million_tokens")
                  ? V(cost, "cost_per_million_tokens") + " per million tokens"
                  : "");
  if (cost && cost->Find("run_cost_rented"))
    s += Card("run cost, rented", V(cost, "run_cost_rented"));
  s += "</div>";

  if (mem) {
    std::vector<Segment> segs = {{"weights", mem->Value("weights"), palette::kBlue},
                                 {"gradients", mem->Value("gradients"), palette::kSkyBlue},
                                 {"optimizer states", mem->Value("optimizer"), palette::kGreen},
                                 {"activations", mem->Value("activations"), palette::kOrange},
                                 {"framework reserve", mem->Value("reserve"), palette::kGrey}};
    std::vector<Marker> markers = {{"HBM", mem->Value("hbm"), palette::kVermillion}};
    if (mem->Value("headroom_threshold") > 0 && mem->Value("headroom_threshold") < 1)
      markers.push_back({"warning at " + V(mem, "headroom_threshold"),
                         mem->Value("headroom_threshold") * mem->Value("hbm"), palette::kPurple});
    s += "<h3>Memory per GPU</h3>";
    s += FigureBlock(StackedBarChart("memory per GPU of " + p.name, segs, Unit::kBytes,
                                     "memory of the most loaded GPU", markers),
                     "The most loaded GPU (pipeline stage " + V(mem, "stage") + ") against its " +
                         V(mem, "hbm") + " of HBM.");
  }
  if (step) {
    std::vector<Segment> segs = {
        {"compute", step->Value("compute"), palette::kBlue},
        {"recompute", step->Value("recompute"), palette::kSkyBlue},
        {"pipeline bubble", step->Value("bubble"), palette::kGrey},
        {"exposed TP", step->Value("tp_exposed"), palette::kOrange},
        {"exposed PP", step->Value("pp_exposed"), palette::kYellow},
        {"exposed DP", step->Value("dp_exposed"), palette::kVermillion},
        {"exposed EP", step->Value("ep_exposed"), palette::kPurple},
        {"exposed CP", step->Value("cp_exposed"), palette::kGreen},
        {"optimizer", step->Value("optimizer"), palette::kBlack},
        {"gradient accumulation", step->Value("grad_accumulation"), palette::kLightGrey},
        {"contention", step->Value("contention"), palette::kDarkGrey}};
    s += "<h3>Step time</h3>";
    s += FigureBlock(StackedBarChart("step time of " + p.name, segs, Unit::kSeconds,
                                     "time of one optimizer step"),
                     "One optimizer step: compute, what communication is not hidden behind it, "
                     "the pipeline bubble, the optimizer update and the compute that overlapped "
                     "communication takes.");
  }
  if (cost && !cost->figures.empty()) {
    std::vector<Bar> bars;
    if (cost->Find("run_cost_owned"))
      bars.push_back(
          {"owned (depreciation and opex)", cost->Value("run_cost_owned"), palette::kBlue});
    if (cost->Find("run_cost_rented"))
      bars.push_back({"rented (GPU rental)", cost->Value("run_cost_rented"), palette::kOrange});
    if (!bars.empty()) {
      s += "<h3>Cost of the run</h3>";
      s += FigureBlock(BarChart("run cost of " + p.name, bars, Unit::kUsd, "cost of the run"),
                       "The whole training run on owned hardware against renting the GPUs.");
    }
  }
  s += "<h3>All figures</h3><div class=\"tables\">";
  for (const auto& g : p.groups) s += GroupTable(g);
  s += "</div></section>";
}

void Diagnostics(const ReportData& d, std::string& s) {
  s += "<section id=\"diagnostics\"><h2>Diagnostics</h2>";
  if (d.diagnostics.empty()) {
    s += "<p>None: the spec compiles clean.</p></section>";
    return;
  }
  s += "<table><thead><tr><th>severity</th><th>code</th><th>location</th><th>message</th></tr>"
       "</thead><tbody>";
  for (const auto& r : d.diagnostics) {
    std::string sev = r.suppressed ? "allowed" : r.severity;
    s += "<tr><td><span class=\"sev " + sev + "\">" + E(sev) + "</span></td><td><code>" +
         E(r.code) + "</code></td><td><code>" + E(r.Location()) + "</code></td><td>" + E(r.message);
    for (const auto& n : r.notes) s += "<br><span class=\"muted\">note: " + E(n) + "</span>";
    if (r.suppressed && !r.suppressed_by.empty())
      s += "<br><span class=\"muted\">allowed by " + E(r.suppressed_by) + "</span>";
    s += "</td></tr>";
  }
  s += "</tbody></table></section>";
}

}  // namespace

std::string RenderHtml(const ReportData& d) {
  std::string s;
  s += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  s += "<title>" + E(d.spec) + " · cost and feasibility report</title>";
  s += "<style>" + std::string(kStyle) + "</style></head><body>\n";
  s += "<header><h1>" + E(d.spec) + ": cost and feasibility</h1>";
  s += fmt::format(
      "<p class=\"sub\">clusterc report, format version {}. Figures come from "
      "clusterc's analysis; docs/model.md gives every formula and its source.</p>",
      kFormatVersion);
  s += "<nav><a href=\"#summary\">Summary</a>";
  for (const auto& c : d.clusters)
    s += "<a href=\"#" + Id("cluster", c.name) + "\">Cluster " + E(c.name) + "</a>";
  for (const auto& p : d.plans)
    s += "<a href=\"#" + Id("plan", p.name) + "\">Plan " + E(p.name) + "</a>";
  s += "<a href=\"#diagnostics\">Diagnostics</a></nav></header>\n<main>\n";
  Summary(d, s);
  s += "\n";
  for (const auto& c : d.clusters) {
    Cluster(c, s);
    s += "\n";
  }
  for (const auto& p : d.plans) {
    Plan(p, s);
    s += "\n";
  }
  Diagnostics(d, s);
  s += "\n</main>\n<footer>Generated by clusterc from " + E(d.spec) +
       ". Machine-readable figures: report.json and report.csv (exact, SI units); "
       "report.md carries the same facts as tables.</footer>\n</body></html>\n";
  return s;
}

}  // namespace clusterc::backends::report
