#include "analysis/analysis.h"

#include "analysis/sweep.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace clusterc::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using D = ir::DerivedId;

void Set(std::vector<double>& v, D id, double value) {
  v[static_cast<size_t>(id)] = value;
}
// Sets only when the inputs gave the quantity (`known`).
void SetIf(std::vector<double>& v, D id, double value, bool known) {
  if (known) Set(v, id, value);
}

std::vector<double> ClusterValues(const ClusterResults& r) {
  std::vector<double> v(ir::kDerivedCount, kNaN);
  if (!r.valid) return v;
  Set(v, D::cluster_gpu_count, double(r.gpus));
  Set(v, D::cluster_node_count, double(r.nodes));
  Set(v, D::cluster_rack_count, double(r.racks));
  Set(v, D::cluster_scale_up_domains, double(r.scale_up_domains));
  Set(v, D::cluster_scale_up_domain_size, double(r.scale_up_domain));
  const FabricResults& f = r.fabric;
  bool counted = f.radix > 0 || f.is_torus;
  Set(v, D::cluster_fabric_tiers, double(f.tiers));
  SetIf(v, D::cluster_leaf_switches, double(f.leaf.switches), counted);
  SetIf(v, D::cluster_spine_switches, double(f.spine.switches), counted);
  SetIf(v, D::cluster_core_switches, double(f.core.switches), counted);
  SetIf(v, D::cluster_switch_count, double(f.switches), counted);
  SetIf(v, D::cluster_cables, double(f.cables), counted);
  SetIf(v, D::cluster_transceivers, double(f.transceivers), counted);
  Set(v, D::cluster_fabric_endpoints, double(f.endpoints));
  SetIf(v, D::cluster_fabric_capacity, double(f.capacity), counted);
  Set(v, D::cluster_bisection_bandwidth, f.bisection_bandwidth);
  Set(v, D::cluster_scale_out_bandwidth_per_gpu, f.scale_out_bandwidth_per_gpu);
  Set(v, D::cluster_cross_pod_bandwidth_per_gpu, f.cross_pod_bandwidth_per_gpu);
  SetIf(v, D::cluster_scale_up_bandwidth_per_gpu, r.scale_up_bandwidth_per_gpu,
        r.scale_up_bandwidth_per_gpu > 0);
  const PowerResults& p = r.power;
  Set(v, D::cluster_node_power, p.node);
  Set(v, D::cluster_rack_power, p.rack);
  // Unknown is not zero (MissingInput): a switch or optic without a power figure leaves these
  // unknown, and a `require` reading them says so.
  const bool network_known = !(r.missing & kItPowerNeeds);
  SetIf(v, D::cluster_network_power, p.network, network_known);
  SetIf(v, D::cluster_it_power, p.it, p.it > 0);
  SetIf(v, D::cluster_facility_power, p.facility, p.it > 0);
  SetIf(v, D::cluster_energy_per_year, p.energy_per_year, p.it > 0);
  const ReliabilityResults& rl = r.reliability;
  SetIf(v, D::cluster_gpu_failures_per_day, rl.gpu_failures_per_day, rl.gpu_mtbf > 0);
  SetIf(v, D::cluster_failures_per_day, rl.failures_per_day, rl.failures_per_day > 0);
  SetIf(v, D::cluster_cluster_mtbf, rl.cluster_mtbf, rl.cluster_mtbf > 0);
  const CostResults& c = r.cost;
  SetIf(v, D::cluster_capex, c.capex, c.capex > 0);
  SetIf(v, D::cluster_energy_cost_per_year, c.energy_per_year, c.has_energy_price && p.it > 0);
  SetIf(v, D::cluster_opex_per_year, c.opex_per_year, c.opex_per_year > 0);
  return v;
}

std::vector<double> PlanValues(const PlanResults& r) {
  std::vector<double> v(ir::kDerivedCount, kNaN);
  Set(v, D::plan_gpu_count, double(r.gpus));
  if (r.params.total > 0) {
    Set(v, D::plan_params, r.params.total);
    Set(v, D::plan_active_params, r.params.active);
  }
  if (!r.valid) return v;
  const MemoryBreakdown& m = r.memory;
  Set(v, D::plan_memory_per_gpu, m.Total());
  Set(v, D::plan_weight_memory, m.weights);
  Set(v, D::plan_gradient_memory, m.gradients);
  Set(v, D::plan_optimizer_memory, m.optimizer);
  Set(v, D::plan_activation_memory, m.activations);
  Set(v, D::plan_reserve_memory, m.reserve);
  Set(v, D::plan_gathered_memory, m.gathered);
  Set(v, D::plan_working_memory, m.working);
  Set(v, D::plan_offloaded_memory, m.offloaded);
  Set(v, D::plan_step_time, r.step_time);
  Set(v, D::plan_tokens_per_second, r.tokens_per_second);
  Set(v, D::plan_mfu, r.mfu);
  Set(v, D::plan_hfu, r.hfu);
  Set(v, D::plan_model_flops_per_step, r.flops.model_per_step);
  bool run = r.training_time > 0;
  SetIf(v, D::plan_training_time, r.training_time, run);
  SetIf(v, D::plan_gpu_hours, r.gpu_hours, run);
  Set(v, D::plan_checkpoint_size, r.checkpoint_size);
  SetIf(v, D::plan_checkpoint_write_time, r.checkpoint_write_time, r.checkpoint_write_time > 0);
  SetIf(v, D::plan_optimal_checkpoint_interval, r.optimal_checkpoint_interval,
        r.optimal_checkpoint_interval > 0);
  // Without a failure rate the goodput prices no lost work: unknown, not 100 %.
  SetIf(v, D::plan_goodput, r.goodput, r.job_mtbf > 0);
  SetIf(v, D::plan_run_cost_owned, r.run_cost_owned, r.run_cost_owned > 0);
  SetIf(v, D::plan_run_cost_rented, r.run_cost_rented, r.run_cost_rented > 0);
  SetIf(v, D::plan_cost_per_million_tokens, r.cost_per_million_tokens,
        r.cost_per_million_tokens > 0);
  return v;
}

// Tags each finding of one plan with the plan, and says which plan it is about where it lies
// outside the plan's own declaration (in the plan it extends): the base's text alone would not
// tell two plans' findings apart, and `explain` marks the plan a finding names.
class PlanSink final : public DiagnosticSink {
 public:
  PlanSink(const ir::Plan& plan, DiagnosticSink& next) : plan_(plan), next_(next) {}
  void Report(Diagnostic d) override {
    d.entity = "plan " + plan_.name;
    const ir::SourceRange& own = plan_.range;
    const bool inside =
        d.range.file == own.file && d.range.begin >= own.begin && d.range.begin < own.end;
    if (d.range.Valid() && !inside)
      d.Note(fmt::format("about plan `{}`, which takes this from the plan it extends", plan_.name));
    next_.Report(std::move(d));
  }

 private:
  const ir::Plan& plan_;
  DiagnosticSink& next_;
};

}  // namespace

std::optional<double> Results::Lookup(ir::Kind kind, uint32_t entity, ir::DerivedId id) const {
  const std::vector<std::vector<double>>* table = nullptr;
  if (kind == ir::Kind::cluster) table = &cluster_values;
  if (kind == ir::Kind::plan) table = &plan_values;
  size_t i = static_cast<size_t>(id);
  if (!table || entity >= table->size() || i >= ir::kDerivedCount) return std::nullopt;
  if (ir::kDerived[i].kind != kind) return std::nullopt;
  double value = (*table)[entity][i];
  if (std::isnan(value)) return std::nullopt;
  return value;
}

Results Analyze(const ir::Program& program, const Options& options, DiagnosticSink& sink) {
  Results out;
  out.clusters.reserve(program.clusters.size());
  out.group_views.resize(program.clusters.size());
  for (uint32_t i = 0; i < program.clusters.size(); ++i) {
    out.clusters.push_back(DeriveCluster(program, i, options, &out.group_views[i]));
    out.cluster_values.push_back(ClusterValues(out.clusters.back()));
    CheckClusterGroups(program, i, sink);
    CheckCluster(program, i, out.clusters.back(), out.group_views[i], options, sink);
  }
  for (uint32_t i = 0; i < program.models.size(); ++i) CheckModel(program, i, sink);
  static const ClusterResults kNoCluster{};
  for (uint32_t i = 0; i < program.plans.size(); ++i) {
    const ir::Plan& plan = program.plans[i];
    // A plan runs on one node group; it sees the cluster through that group.
    PlanGroup group = ChoosePlanGroup(program, plan);
    const bool known = plan.cluster.Valid() && plan.cluster.index < out.clusters.size();
    const std::vector<ClusterResults>* views =
        known ? &out.group_views[plan.cluster.index] : nullptr;
    const ClusterResults& cluster = !known ? kNoCluster
                                    : group.group >= 0 && size_t(group.group) < views->size() &&
                                            group.why != GroupChoice::kAmbiguous
                                        ? (*views)[size_t(group.group)]
                                        : out.clusters[plan.cluster.index];
    out.plan_groups.push_back(group);
    out.plan_clusters.push_back(cluster);
    out.plan_inputs.push_back(MakePlanInputs(program, i, cluster, options));
    out.plans.push_back(EvaluatePlan(out.plan_inputs.back()));
    out.plan_values.push_back(PlanValues(out.plans.back()));
    PlanSink plan_sink(plan, sink);
    CheckPlanGroup(program, i, group, out.plans.back(),
                   known ? out.clusters[plan.cluster.index] : kNoCluster, plan_sink);
    if (group.why == GroupChoice::kChosen)
      CheckPlan(program, i, out.plan_inputs.back(), out.plans.back(), cluster, options, plan_sink);
  }
  for (uint32_t i = 0; i < program.jobs.size(); ++i) {
    out.jobs.push_back(DeriveJobs(program, i, out.plan_clusters, out.plans, out.plan_groups));
    CheckJobs(program, i, out.jobs.back(), out.clusters, sink);
  }
  for (uint32_t i = 0; i < program.sweeps.size(); ++i) CheckSweep(program, i, options, sink);
  return out;
}

}  // namespace clusterc::analysis
