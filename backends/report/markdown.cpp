// report.md: the report's facts as GitHub-flavoured Markdown tables, for a pull-request comment.
#include <fmt/format.h>

#include "backends/escape.h"
#include "backends/report/model.h"
#include "diag/format.h"

namespace clusterc::backends::report {
namespace {

// Spec text in Markdown: escaped, so it can sit in a table cell and adds no markup.
std::string Cell(const std::string& s) {
  return escape::MarkdownText(s);
}

void GroupTable(std::string& s, const Group& g) {
  s += "**" + Cell(g.title) + "**\n\n| figure | value |\n|---|---:|\n";
  for (const auto& a : g.attributes) s += "| " + Cell(a.label) + " | " + Cell(a.text) + " |\n";
  for (const auto& f : g.figures)
    s += "| " + Cell(f.label) + " | " + Cell(FormatFigure(f.value, f.unit)) + " |\n";
  s += "\n";
}

std::string Pills(const std::vector<Attribute>& attributes) {
  std::string s;
  for (const auto& a : attributes)
    s += (s.empty() ? "" : " · ") + Cell(a.label) + ": " + escape::MarkdownCode(a.text);
  return s;
}

}  // namespace

std::string RenderMarkdown(const ReportData& d) {
  std::string s;
  s += "# " + Cell(d.spec) + ": cost and feasibility\n\n";
  s += fmt::format("**Verdict: {}** — {} error{} · {} warning{} · {} allowed in the spec\n\n",
                   d.feasible ? "feasible" : "not feasible", d.errors, d.errors == 1 ? "" : "s",
                   d.warnings, d.warnings == 1 ? "" : "s", d.allowed);
  for (const auto& a : Answers(d)) {
    s += "### " + Cell(a.question) + "\n\n";
    for (const auto& p : a.points) s += "- " + Cell(p) + "\n";
    s += "\n";
  }
  if (!d.headroom.empty()) {
    s += "### Headroom: what is closest to its limit\n\n| subject | quantity | used | limit | "
         "share |\n|---|---|---:|---:|---:|\n";
    for (const auto& h : d.headroom)
      s += "| " + Cell(h.subject) + " | " + Cell(h.what) + " | " + FormatFigure(h.used, h.unit) +
           " | " + FormatFigure(h.limit, h.unit) + " | " +
           FormatFigure(h.Utilisation(), Unit::kFraction) + " |\n";
    s += "\n";
  }
  GroupTable(s, d.summary);

  for (const auto& c : d.clusters) {
    s += "## Cluster " + Cell(c.name) + "\n\n" + Pills(c.attributes) + "\n\n";
    if (c.groups.empty()) {
      s += "Not derivable: a required reference is missing.\n\n";
      continue;
    }
    const Group* counts = c.Find("counts");
    s += "**Bill of materials**\n\n| part | model | per node | in the cluster "
         "|\n|---|---|---:|---:|\n";
    s += "| node | " + Cell(c.attributes.empty() ? "" : c.attributes[0].text) + " | 1 | " +
         FormatFigure(counts ? counts->Value("nodes") : 0, Unit::kCount) + " |\n";
    for (const auto& b : c.bom)
      s += "| " + Cell(b.part) + " | " + Cell(b.model) + " | " +
           FormatCount(static_cast<double>(b.per_node)) + " | " +
           FormatFigure(static_cast<double>(b.total), Unit::kCount) + " |\n";
    s += "\n";
    for (const auto& g : c.groups) GroupTable(s, g);
  }
  for (const auto& p : d.plans) {
    s += "## Plan " + Cell(p.name) + "\n\n" + Pills(p.attributes) + "\n\n";
    if (p.groups.empty()) {
      s += "Not evaluated: the plan's inputs are incomplete.\n\n";
      continue;
    }
    for (const auto& g : p.groups) GroupTable(s, g);
  }
  s += "## Diagnostics\n\n";
  if (d.diagnostics.empty()) {
    s += "None: the spec compiles clean.\n";
  } else {
    s += "| severity | code | location | message |\n|---|---|---|---|\n";
    for (const auto& r : d.diagnostics) {
      std::string message = r.message;
      for (const auto& n : r.notes) message += "; note: " + n;
      s += "| " + std::string(r.suppressed ? "allowed" : r.severity) + " | " +
           escape::MarkdownCode(r.code, true) + " | " +
           (r.Location().empty() ? "" : escape::MarkdownCode(r.Location(), true)) + " | " +
           Cell(message) + " |\n";
    }
  }
  return s;
}

}  // namespace clusterc::backends::report
