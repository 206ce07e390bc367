// report.csv: one row per figure of report.json, `section,name,value,unit` (RFC 4180).
//
// `section` is the dotted JSON path of the object holding the figure, with array elements named
// by their `name` member (`clusters.colossus.power`); `value` is the same exact text as in the
// JSON; `unit` is the SI unit symbol (docs/report-format.md lists them).
#include "backends/escape.h"
#include "backends/report/model.h"

namespace clusterc::backends::report {
namespace {

std::string Field(const std::string& s) {
  return escape::CsvField(s);
}

void Rows(std::string& out, const Group& g) {
  for (const auto& f : g.figures)
    out += Field(g.path) + "," + Field(f.key) + "," + ExactNumber(f.value) + "," +
           Field(std::string(UnitSymbol(f.unit))) + "\r\n";
}

}  // namespace

std::string RenderCsv(const ReportData& d) {
  std::string out = "section,name,value,unit\r\n";
  Rows(out, d.summary);
  for (const auto& c : d.clusters)
    for (const auto& g : c.groups) Rows(out, g);
  for (const auto& p : d.plans)
    for (const auto& g : p.groups) Rows(out, g);
  return out;
}

}  // namespace clusterc::backends::report
