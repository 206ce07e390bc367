// The report's data model: every figure of the four reports, gathered once from the analysis
// results, in the order the reports print them.
//
// The renderers (html.cpp, markdown.cpp, json.cpp, csv.cpp) read only this model, so the four
// files cannot disagree. Nothing here is derived: a figure is an analysis result (or a spec input
// the result is compared against, such as HBM capacity or the grid connection) copied with its
// unit. What the renderers compute for display alone (a percentage of a limit, a bar's length, a
// chart segment that is a count times a per-node figure) never enters the JSON or CSV.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "backends/backend.h"
#include "backends/report/format.h"

namespace clusterc::backends::report {

inline constexpr int kFormatVersion = 1;

struct Figure {
  std::string key;    // stable JSON/CSV name, snake_case
  std::string label;  // for people
  double value = 0;   // SI, exact
  Unit unit = Unit::kCount;
};

// A non-numeric fact: a name, an enum spelling or a flag.
struct Attribute {
  std::string key;
  std::string label;
  std::string text;
  bool is_bool = false;  // text is "true" or "false"
};

// One JSON object of figures; its CSV section is `path`.
struct Group {
  std::string key;    // the JSON member name
  std::string title;  // for people
  std::string path;   // CSV section: the dotted JSON path, array elements named by their `name`
  std::vector<Attribute> attributes;
  std::vector<Figure> figures;
  const Figure* Find(const std::string& key) const;
  double Value(const std::string& key, double fallback = 0) const;
};

// A row of the bill of materials (display only: the totals are count x per node).
struct BomRow {
  std::string part;   // "GPU", "NIC", ...
  std::string model;  // the spec's entity name
  int64_t per_node = 0;
  int64_t total = 0;
};

// A quantity compared with the limit it must stay under ("what would break first").
struct Headroom {
  std::string subject;  // "colossus", "grok1_pretrain"
  std::string what;     // "memory of the most loaded GPU vs HBM"
  double used = 0, limit = 0;
  Unit unit = Unit::kCount;
  double Utilisation() const { return limit > 0 ? used / limit : 0; }
};

struct DiagnosticRow {
  std::string code;
  std::string severity;  // "error", "warning", "note"
  std::string message;
  std::string file;  // relative to the spec's directory; empty without a location
  uint32_t line = 0, column = 0;
  bool suppressed = false;
  std::string suppressed_by;
  std::vector<std::string> notes;
  std::string Location() const;  // "colossus.cl:115:1", or "" without one
};

struct ClusterReport {
  std::string name;
  uint32_t index = 0;
  const ir::Cluster* ir = nullptr;
  const analysis::ClusterResults* results = nullptr;
  std::vector<Attribute> attributes;  // node, fabric, site names
  std::vector<Group> groups;          // counts, fabric, power, limits, reliability, cost
  std::vector<BomRow> bom;
  const Group* Find(const std::string& key) const;
};

struct PlanReport {
  std::string name;
  uint32_t index = 0;
  std::string cluster, model;
  const analysis::PlanResults* results = nullptr;
  const analysis::PlanInputs* inputs = nullptr;
  std::vector<Attribute> attributes;  // model, cluster, precision, recompute, sharding
  std::vector<Group> groups;          // parallel, params, memory, step, performance, reliability,
                                      // cost
  int errors = 0, warnings = 0;       // unsuppressed diagnostics located in the plan
  bool memory_fits = true;            // memory per GPU <= HBM (display comparison)
  const Group* Find(const std::string& key) const;
};

struct ReportData {
  std::string spec;  // the spec's file name
  bool feasible = true;
  int errors = 0, warnings = 0, notes = 0, allowed = 0;
  Group summary;  // headline figures
  std::vector<ClusterReport> clusters;
  std::vector<PlanReport> plans;
  std::vector<Headroom> headroom;  // sorted: the highest utilisation first
  std::vector<DiagnosticRow> diagnostics;
};

// The four questions a reader brings, answered in plain sentences from the figures (plain text:
// the renderers escape it).
struct Answer {
  std::string question;
  std::vector<std::string> points;
};
std::vector<Answer> Answers(const ReportData& data);

// Gathers the model from the backend context. Deterministic: program order, then sorted where
// the order is the report's own (headroom, diagnostics).
ReportData Gather(const Context& context);

// The renderers.
std::string RenderHtml(const ReportData& data);
std::string RenderMarkdown(const ReportData& data);
std::string RenderJson(const ReportData& data);
std::string RenderCsv(const ReportData& data);

}  // namespace clusterc::backends::report
