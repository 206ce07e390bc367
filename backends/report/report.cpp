// The report backend: report/report.{html,md,json,csv} from the analysis results.
//
// model.cpp gathers every figure once; html.cpp, markdown.cpp, json.cpp and csv.cpp render that
// one model, so the four files carry the same numbers. svg.cpp draws the charts, summary.cpp
// writes the plain-language answers. The format is documented in docs/report-format.md.
#include "backends/emitters.h"
#include "backends/report/model.h"

namespace clusterc::backends {

void EmitReport(const Context& context, OutputTree& out) {
  report::ReportData data = report::Gather(context);
  out.Write("report/report.html", report::RenderHtml(data));
  out.Write("report/report.md", report::RenderMarkdown(data));
  out.Write("report/report.json", report::RenderJson(data));
  out.Write("report/report.csv", report::RenderCsv(data));
}

}  // namespace clusterc::backends
