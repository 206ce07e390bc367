#include "analysis/requires.h"

#include <fmt/format.h>

#include "diag/format.h"
#include "ir/derived.h"
#include "ir/expr.h"

namespace clusterc::analysis {
namespace {

using D = ir::DerivedId;

// What a spec sets so that analysis can derive `id`; empty when it is always derived.
std::string_view FieldsToSet(D id) {
  switch (id) {
    case D::cluster_capex:
      return "a `price` on the node (or on its GPUs, CPUs and NICs), the switch, and the fabric's "
             "`transceiver_price` and `cable_price` (`0 USD` where another price includes them)";
    case D::cluster_network_power:
    case D::cluster_it_power:
    case D::cluster_facility_power:
    case D::cluster_energy_per_year:
      return "the switch's `power` and the fabric's `transceiver_power` (or the node's "
             "`net_power`)";
    case D::cluster_energy_cost_per_year:
      return "the site's `electricity` price, and the switch's and optics' `power`";
    case D::cluster_opex_per_year:
      return "the site's `electricity` price, the cluster's `staff` and `maintenance`";
    case D::cluster_gpu_failures_per_day:
    case D::cluster_failures_per_day:
    case D::cluster_cluster_mtbf:
      return "the cluster's `gpu_mtbf` (or the GPU's `mtbf`) and `node_mtbf`";
    case D::cluster_leaf_switches:
    case D::cluster_spine_switches:
    case D::cluster_core_switches:
    case D::cluster_switch_count:
    case D::cluster_cables:
    case D::cluster_transceivers:
    case D::cluster_fabric_capacity:
      return "the fabric's `switch` (its port count and speed)";
    case D::cluster_scale_up_bandwidth_per_gpu:
      return "the node's `scale_up`";
    case D::plan_training_time:
    case D::plan_gpu_hours:
      return "the plan's `tokens`";
    case D::plan_checkpoint_write_time:
    case D::plan_optimal_checkpoint_interval:
      return "the cluster's `checkpoint_bandwidth` and `gpu_mtbf`";
    case D::plan_run_cost_owned:
    case D::plan_cost_per_million_tokens:
      return "the plan's `tokens`, the cluster's prices (see `capex`) and `depreciation`";
    case D::plan_run_cost_rented:
      return "the plan's `tokens` and the cluster's `gpu_rental`";
    default:
      return "";
  }
}

// The derived quantities `e` reads that analysis could not derive, in source order.
void Unknowns(const ir::Expr& e, const ir::DerivedLookup& lookup,
              std::vector<const ir::Expr*>& out) {
  if (e.op == ir::Expr::Op::kDerived && !lookup(e)) out.push_back(&e);
  for (const auto& a : e.args) Unknowns(a, lookup, out);
}

}  // namespace

void EvaluateRequires(const ir::Program& program, const Results& results,
                      const SourceManager& sources, DiagnosticSink& sink) {
  ir::DerivedLookup lookup = [&](const ir::Expr& e) {
    return results.Lookup(e.entity_kind, e.entity, static_cast<ir::DerivedId>(e.derived));
  };
  for (const auto& r : program.requires_) {
    auto holds = ir::Evaluate(r.condition, lookup);
    if (!holds) {
      // Unknown is not zero: a require that cannot be checked must not pass silently.
      std::vector<const ir::Expr*> unknown;
      Unknowns(r.condition, lookup, unknown);
      if (unknown.empty()) continue;  // not finite: reported where it overflowed
      const ir::Expr& first = *unknown.front();
      Diagnostic d = MakeDiagnostic(
          DiagCode::RequireUnknown, r.range,
          fmt::format("this `require` cannot be checked: `{}` is unknown, because the spec lacks "
                      "what it is derived from (\"{}\")",
                      sources.Slice(first.range), r.message));
      for (const ir::Expr* u : unknown) {
        std::string_view fields = FieldsToSet(static_cast<D>(u->derived));
        if (!fields.empty())
          d.Note(fmt::format("to derive `{}`, set {}", sources.Slice(u->range), fields));
      }
      sink.Report(std::move(d));
      continue;
    }
    if (*holds != 0) continue;
    Diagnostic d = MakeDiagnostic(DiagCode::RequireFailed, r.range, r.message);
    const char* sides[] = {"left", "right"};
    for (size_t i = 0; i < 2 && i < r.condition.args.size(); ++i) {
      const ir::Expr& side = r.condition.args[i];
      auto v = ir::Evaluate(side, lookup);
      std::string text(sources.Slice(side.range));
      std::string value = v ? FormatForPeople({*v, side.value.dim}) : "unknown";
      d.Note(text == value ? fmt::format("{}: {}", sides[i], value)
                           : fmt::format("{}: {} = {}", sides[i], text, value));
    }
    sink.Report(std::move(d));
  }
}

}  // namespace clusterc::analysis
