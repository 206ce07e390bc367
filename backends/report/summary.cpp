// The report's plain-language answers (see model.h: Answers). Sentences built from the figures;
// the only arithmetic is a share of a limit, for display.
#include <fmt/format.h>

#include "backends/report/model.h"
#include "diag/format.h"

namespace clusterc::backends::report {
namespace {

std::string F(const Group* g, const std::string& key) {
  const Figure* f = g ? g->Find(key) : nullptr;
  // Unknown is not zero: a figure analysis could not derive is absent, and reads "unknown".
  return f ? FormatFigure(f->value, f->unit) : std::string("unknown");
}

bool Has(const Group* g, const std::string& key) {
  return g && g->Find(key);
}

std::string Share(double part, double whole) {
  return whole > 0 ? FormatCount(100 * part / whole) + " %" : "n/a";
}

const ClusterReport* ClusterOf(const ReportData& d, const std::string& name) {
  for (const auto& c : d.clusters)
    if (c.name == name) return &c;
  return nullptr;
}

}  // namespace

std::vector<Answer> Answers(const ReportData& d) {
  std::vector<Answer> out;

  Answer fit{"Does it fit?", {}};
  fit.points.push_back(
      d.feasible ? fmt::format("Yes: no errors; {} warning{}, {} finding{} allowed in the spec.",
                               d.warnings, d.warnings == 1 ? "" : "s", d.allowed,
                               d.allowed == 1 ? "" : "s")
                 : fmt::format("No: {} error{}.", d.errors, d.errors == 1 ? "" : "s"));
  for (const auto& p : d.plans) {
    const Group* mem = p.Find("memory");
    const Group* par = p.Find("parallel");
    const ClusterReport* c = ClusterOf(d, p.cluster);
    const Group* counts = c ? c->Find("counts") : nullptr;
    if (!mem || !par) {
      fit.points.push_back(p.name + ": not evaluated (incomplete inputs).");
      continue;
    }
    double total = mem->Value("total"), hbm = mem->Value("hbm"),
           threshold = mem->Value("headroom_threshold");
    std::string s = fmt::format("{}: {} of {} HBM per GPU ({}), on {} of {} usable GPUs of {}.",
                                p.name, F(mem, "total"), F(mem, "hbm"), Share(total, hbm),
                                F(par, "gpus"), F(counts, "usable_gpus"), p.cluster);
    if (total > hbm)
      s += " It does not fit in memory.";
    else if (threshold > 0 && total > threshold * hbm)
      s += fmt::format(" Above the {} warning threshold: little room for fragmentation.",
                       FormatFigure(threshold, Unit::kFraction));
    fit.points.push_back(s);
  }
  for (const auto& c : d.clusters) {
    const Group* power = c.Find("power");
    const Group* limits = c.Find("limits");
    if (!power || !limits) continue;
    std::string s = c.name + ": facility " + F(power, "facility");
    if (Has(limits, "grid_power"))
      s += " of a " + F(limits, "grid_power") + " grid connection (" +
           Share(power->Value("facility"), limits->Value("grid_power")) + ")";
    s += "; racks draw " + F(power, "rack");
    if (Has(limits, "cooling_rack_limit"))
      s += " against a cooling limit of " + F(limits, "cooling_rack_limit");
    fit.points.push_back(s + ".");
  }
  out.push_back(std::move(fit));

  Answer time{"How long will it take?", {}};
  for (const auto& p : d.plans) {
    const Group* perf = p.Find("performance");
    const Group* rel = p.Find("reliability");
    if (!perf) continue;
    if (Has(perf, "training_time"))
      time.points.push_back(fmt::format(
          "{}: {} for {} at {} (MFU {}, one step {}, goodput {}); {}.", p.name,
          F(perf, "training_time"), F(perf, "tokens"), F(perf, "tokens_per_second"), F(perf, "mfu"),
          F(perf, "step_time"), F(rel, "goodput"), F(perf, "gpu_time")));
    else
      time.points.push_back(
          fmt::format("{}: the plan gives no token budget; one step takes {} at {} (MFU {}).",
                      p.name, F(perf, "step_time"), F(perf, "tokens_per_second"), F(perf, "mfu")));
  }
  if (time.points.empty()) time.points.push_back("No plan to time.");
  out.push_back(std::move(time));

  Answer cost{"What does it cost?", {}};
  for (const auto& c : d.clusters) {
    const Group* k = c.Find("cost");
    if (!k) continue;
    std::string unknown_because;
    for (const auto& a : k->attributes)
      if (a.key == "unknown_because") unknown_because = a.text;
    if (k->Value("capex") <= 0 && !unknown_because.empty()) {
      // A partly priced cluster: a partial sum would read as the capex.
      std::string opex = k->Value("opex_per_year") > 0
                             ? fmt::format("; opex {} per year (energy {} per year)",
                                           F(k, "opex_per_year"), F(k, "energy_per_year"))
                             : "";
      cost.points.push_back(fmt::format("{}: capex unknown until the spec sets {}{}.", c.name,
                                        unknown_because, opex));
      continue;
    }
    if (k->Value("capex") <= 0 && k->Value("opex_per_year") <= 0) {
      cost.points.push_back(c.name + ": no prices in the spec.");
      continue;
    }
    cost.points.push_back(fmt::format("{}: capex {}, opex {} per year (energy {} per year).",
                                      c.name, F(k, "capex"), F(k, "opex_per_year"),
                                      F(k, "energy_per_year")));
  }
  for (const auto& p : d.plans) {
    const Group* k = p.Find("cost");
    if (!k || k->figures.empty()) continue;
    std::string s = p.name + ":";
    if (Has(k, "run_cost_owned")) s += " " + F(k, "run_cost_owned") + " on owned hardware";
    if (Has(k, "run_cost_rented"))
      s += std::string(Has(k, "run_cost_owned") ? "," : "") + " " + F(k, "run_cost_rented") +
           " rented";
    if (Has(k, "cost_per_million_tokens"))
      s += ", " + F(k, "cost_per_million_tokens") + " per million tokens";
    cost.points.push_back(s + ".");
  }
  if (cost.points.empty()) cost.points.push_back("No prices in the spec.");
  out.push_back(std::move(cost));

  Answer breaks{"What would break first?", {}};
  for (size_t i = 0; i < d.headroom.size() && i < 3; ++i) {
    const Headroom& h = d.headroom[i];
    breaks.points.push_back(fmt::format("{}: {} at {} ({} of {}).", h.subject, h.what,
                                        Share(h.used, h.limit), FormatFigure(h.used, h.unit),
                                        FormatFigure(h.limit, h.unit)));
  }
  for (const auto& c : d.clusters) {
    const Group* rel = c.Find("reliability");
    if (!rel || rel->Value("failures_per_day") <= 0) continue;
    std::string s = fmt::format("{}: {} failures per day ({} of GPUs", c.name,
                                FormatCount(rel->Value("failures_per_day")),
                                FormatCount(rel->Value("gpu_failures_per_day")));
    s += Has(rel, "node_mtbf")
             ? ", " + FormatCount(rel->Value("node_failures_per_day")) + " of other node parts)"
             : "; no node MTBF given)";
    if (Has(rel, "cluster_mtbf")) s += "; a failure every " + F(rel, "cluster_mtbf");
    breaks.points.push_back(s + ".");
  }
  for (const auto& p : d.plans) {
    const Group* rel = p.Find("reliability");
    const Group* step = p.Find("step");
    if (!rel || !step) continue;
    std::string s = p.name + ":";
    if (Has(rel, "job_mtbf")) s += " the job is interrupted every " + F(rel, "job_mtbf") + ";";
    if (Has(rel, "checkpoint_interval"))
      s += " checkpoints every " + F(rel, "checkpoint_interval") +
           (Has(rel, "optimal_checkpoint_interval")
                ? " (optimum " + F(rel, "optimal_checkpoint_interval") + ")"
                : std::string()) +
           ";";
    s += " goodput " + F(rel, "goodput") + "; exposed communication " + F(step, "exposed_comm") +
         " of a " + F(step, "total") + " step (" +
         Share(step->Value("exposed_comm"), step->Value("total")) + ").";
    breaks.points.push_back(s);
  }
  int listed = 0;
  for (const auto& diag : d.diagnostics) {
    if (diag.suppressed || diag.severity == "note" || listed >= 3) continue;
    breaks.points.push_back(diag.severity + " " + diag.code + ": " + diag.message +
                            (diag.Location().empty() ? "" : " (" + diag.Location() + ")"));
    ++listed;
  }
  for (const auto& diag : d.diagnostics) {
    if (!diag.suppressed || listed >= 5) continue;
    breaks.points.push_back("allowed in the spec, " + diag.code + ": " + diag.message +
                            (diag.Location().empty() ? "" : " (" + diag.Location() + ")"));
    ++listed;
  }
  out.push_back(std::move(breaks));
  return out;
}

}  // namespace clusterc::backends::report
