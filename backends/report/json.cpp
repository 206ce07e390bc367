// report.json: every figure, exact, in SI units; keys documented in docs/report-format.md.
//
// Written by hand rather than through a JSON library so the member order is the report's own
// (stable, documented) and numbers are the shortest text that reads back exactly.
#include <fmt/format.h>

#include "backends/escape.h"
#include "backends/report/model.h"

namespace clusterc::backends::report {
namespace {

std::string Quote(const std::string& s) {
  return escape::JsonString(s);
}

class Writer {
 public:
  // Members of the object being written; `Open`/`Close` nest.
  void Key(const std::string& key) {
    Separate();
    out_ += Quote(key) + ": ";
  }
  void Raw(const std::string& text) { out_ += text; }
  void Member(const std::string& key, const std::string& raw) {
    Key(key);
    out_ += raw;
  }
  void Open(char bracket) {
    out_ += bracket;
    first_.push_back(true);
  }
  void Close(char bracket) {
    bool empty = first_.back();
    first_.pop_back();
    if (!empty) Newline();
    out_ += bracket;
  }
  void Element() { Separate(); }
  std::string Done() { return out_ + "\n"; }

 private:
  void Separate() {
    if (!first_.back()) out_ += ",";
    first_.back() = false;
    Newline();
  }
  void Newline() { out_ += "\n" + std::string(2 * first_.size(), ' '); }
  std::string out_;
  std::vector<bool> first_;
};

void Attributes(Writer& w, const std::vector<Attribute>& attributes) {
  for (const auto& a : attributes) w.Member(a.key, a.is_bool ? a.text : Quote(a.text));
}

void WriteGroup(Writer& w, const Group& g) {
  w.Key(g.key);
  w.Open('{');
  Attributes(w, g.attributes);
  for (const auto& f : g.figures) w.Member(f.key, ExactNumber(f.value));
  w.Close('}');
}

}  // namespace

std::string RenderJson(const ReportData& d) {
  Writer w;
  w.Open('{');
  w.Member("format_version", std::to_string(kFormatVersion));
  w.Member("spec", Quote(d.spec));
  WriteGroup(w, d.summary);

  w.Key("clusters");
  w.Open('[');
  for (const auto& c : d.clusters) {
    w.Element();
    w.Open('{');
    w.Member("name", Quote(c.name));
    Attributes(w, c.attributes);
    for (const auto& g : c.groups) WriteGroup(w, g);
    w.Close('}');
  }
  w.Close(']');

  w.Key("plans");
  w.Open('[');
  for (const auto& p : d.plans) {
    w.Element();
    w.Open('{');
    w.Member("name", Quote(p.name));
    Attributes(w, p.attributes);
    for (const auto& g : p.groups) WriteGroup(w, g);
    w.Close('}');
  }
  w.Close(']');

  w.Key("diagnostics");
  w.Open('[');
  for (const auto& r : d.diagnostics) {
    w.Element();
    w.Open('{');
    w.Member("code", Quote(r.code));
    w.Member("severity", Quote(r.severity));
    w.Member("message", Quote(r.message));
    w.Member("file", Quote(r.file));
    w.Member("line", std::to_string(r.line));
    w.Member("column", std::to_string(r.column));
    w.Member("suppressed", r.suppressed ? "true" : "false");
    if (r.suppressed) w.Member("suppressed_by", Quote(r.suppressed_by));
    w.Key("notes");
    w.Open('[');
    for (const auto& n : r.notes) {
      w.Element();
      w.Raw(Quote(n));
    }
    w.Close(']');
    w.Close('}');
  }
  w.Close(']');
  w.Close('}');
  return w.Done();
}

}  // namespace clusterc::backends::report
