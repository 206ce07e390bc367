#include "analysis/sweep.h"

#include <fmt/format.h>

#include <algorithm>

namespace clusterc::analysis {

namespace {

// -1 for "the cluster's own" when the list is empty.
std::vector<int> Choices(size_t n) {
  std::vector<int> out;
  if (n == 0) out.push_back(-1);
  for (size_t i = 0; i < n; ++i) out.push_back(int(i));
  return out;
}

std::string Num(double v) {
  return v == double(int64_t(v)) ? fmt::format("{}", int64_t(v)) : fmt::format("{:.3g}", v);
}

}  // namespace

std::vector<Design> Designs(const ir::Program& program, const ir::Sweep& sweep,
                            const Options& options) {
  std::vector<Design> out;
  if (!sweep.plan.Valid()) return out;
  const ir::Plan& plan = program.Get(sweep.plan);
  if (!plan.cluster.Valid()) return out;
  const uint32_t cluster_index = plan.cluster.index, plan_index = sweep.plan.index;
  const ir::Cluster& cluster = program.Get(plan.cluster);
  // The sweep varies the plan's node group (`on`, or the only GPU group): its node type's GPUs
  // and its node count; the cluster's other groups stay as declared.
  const PlanGroup chosen = ChoosePlanGroup(program, plan);
  if (chosen.why != GroupChoice::kChosen || chosen.group < 0 ||
      size_t(chosen.group) >= cluster.nodes.Groups())
    return out;
  const size_t group = size_t(chosen.group);
  if (!cluster.nodes.Group(group).ref.Valid() || !cluster.fabric.Valid()) return out;
  const uint32_t node_index = cluster.nodes.Group(group).ref.index;
  const uint32_t fabric_index = cluster.fabric.index;
  for (int g : Choices(sweep.gpus.size()))
    for (int n : Choices(sweep.nodes.size()))
      for (int o : Choices(sweep.oversubscription.size()))
        for (int c : Choices(sweep.power_cap.size())) {
          // A copy of the program with this design's choices applied to the plan's cluster.
          ir::Program p = program;
          ir::Node& node = p.nodes[node_index];
          Design d;
          d.gpu = g;
          d.nodes = n;
          d.oversubscription = o;
          d.power_cap = c;
          if (!node.gpus.ref.Valid()) continue;
          const ir::Gpu& old_gpu = p.Get(node.gpus.ref);
          std::vector<std::string> label;
          if (g >= 0) {
            // The node keeps its scale-up link, NICs and host; its GPUs draw the new TDP in
            // the proportion the node declared for the old one.
            const ir::Gpu& gpu = program.Get(sweep.gpus[size_t(g)]);
            double share = old_gpu.tdp.si > 0 ? node.gpu_power.si / old_gpu.tdp.si : 1.0;
            node.gpus.ref = sweep.gpus[size_t(g)];
            node.gpu_power = ir::Watts(gpu.tdp.si * share);
            label.push_back("gpu " + gpu.name);
          }
          if (n >= 0) {
            ir::PartSum<ir::Node>& nodes = p.clusters[cluster_index].nodes;
            (group == 0 ? static_cast<ir::Part<ir::Node>&>(nodes) : nodes.more[group - 1]).count =
                sweep.nodes[size_t(n)];
            label.push_back(fmt::format("{} nodes", sweep.nodes[size_t(n)]));
          }
          if (o >= 0) {
            const ir::Ratio& r = sweep.oversubscription[size_t(o)];
            p.fabrics[fabric_index].topology.oversubscription = r;
            label.push_back(fmt::format("{}:{}", Num(r.left), Num(r.right)));
          }
          if (c >= 0) {
            // Power capping: the GPUs draw at most the cap, and their peak throughput is taken
            // to scale with cap / TDP. An assumption, pessimistic for training (clocks fall
            // less than power); documented in docs/search.md ("Design sweeps").
            double cap = sweep.power_cap[size_t(c)].si;
            ir::Gpu capped = p.Get(node.gpus.ref);
            double tdp = capped.tdp.si > 0 ? capped.tdp.si : node.gpu_power.si;
            double scale = tdp > 0 ? std::min(1.0, cap / tdp) : 1.0;
            capped.bf16_flops = ir::FlopPerSecond(capped.bf16_flops.si * scale);
            capped.fp16_flops = ir::FlopPerSecond(capped.fp16_flops.si * scale);
            capped.fp8_flops = ir::FlopPerSecond(capped.fp8_flops.si * scale);
            capped.fp4_flops = ir::FlopPerSecond(capped.fp4_flops.si * scale);
            capped.fp32_flops = ir::FlopPerSecond(capped.fp32_flops.si * scale);
            capped.name += fmt::format("_cap{}", Num(cap));
            p.gpus.push_back(capped);
            node.gpus.ref = ir::Ref<ir::Gpu>{uint32_t(p.gpus.size() - 1)};
            node.gpu_power = ir::Watts(std::min(node.gpu_power.si, cap));
            label.push_back(fmt::format("cap {} W", Num(cap)));
          }
          for (const auto& l : label) d.label += (d.label.empty() ? "" : ", ") + l;
          if (d.label.empty()) d.label = "as declared";
          // The cluster as a plan on the group sees it (the whole cluster for one group).
          std::vector<ClusterResults> views;
          ClusterResults whole = DeriveCluster(p, cluster_index, options, &views);
          d.cluster = group < views.size() ? std::move(views[group]) : std::move(whole);
          d.inputs = MakePlanInputs(p, plan_index, d.cluster, options);
          // An unknown facility power (0) is not within a limit: it cannot be checked.
          d.within_power = sweep.max_facility_power.si <= 0 ||
                           (d.cluster.power.facility > 0 &&
                            d.cluster.power.facility <= sweep.max_facility_power.si);
          out.push_back(std::move(d));
        }
  return out;
}

void CheckSweep(const ir::Program& p, uint32_t index, const Options& options,
                DiagnosticSink& sink) {
  const ir::Sweep& s = p.sweeps[index];
  if (s.range.file != p.main_file) return;
  auto duplicates = [&](const char* field, size_t n, auto same, auto show) {
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < i; ++j)
        if (same(i, j)) {
          auto d = MakeDiagnostic(DiagCode::SweepDuplicateAlternative, s.FieldRange(field),
                                  fmt::format("`{}` lists {} twice (alternatives {} and {})", field,
                                              show(i), j + 1, i + 1));
          d.Note("each design is searched once; the repeat only doubles the work");
          sink.Report(std::move(d));
          return;
        }
  };
  duplicates(
      "gpu", s.gpus.size(), [&](size_t i, size_t j) { return s.gpus[i].index == s.gpus[j].index; },
      [&](size_t i) { return "`" + p.Get(s.gpus[i]).name + "`"; });
  duplicates(
      "nodes", s.nodes.size(), [&](size_t i, size_t j) { return s.nodes[i] == s.nodes[j]; },
      [&](size_t i) { return std::to_string(s.nodes[i]); });
  duplicates(
      "oversubscription", s.oversubscription.size(),
      [&](size_t i, size_t j) {
        return s.oversubscription[i].Factor() == s.oversubscription[j].Factor();
      },
      [&](size_t i) {
        return fmt::format("{}:{}", Num(s.oversubscription[i].left),
                           Num(s.oversubscription[i].right));
      });
  duplicates(
      "power_cap", s.power_cap.size(),
      [&](size_t i, size_t j) { return s.power_cap[i].si == s.power_cap[j].si; },
      [&](size_t i) { return Num(s.power_cap[i].si) + " W"; });

  // sweep.cap-above-tdp: a cap no GPU of the sweep reaches changes nothing.
  if (!s.plan.Valid()) return;
  const ir::Plan& plan = p.Get(s.plan);
  if (!plan.cluster.Valid()) return;
  const ir::Cluster& c = p.Get(plan.cluster);
  const PlanGroup chosen = ChoosePlanGroup(p, plan);
  if (chosen.why != GroupChoice::kChosen || chosen.group < 0 ||
      size_t(chosen.group) >= c.nodes.Groups())
    return;
  const ir::Ref<ir::Node> swept = c.nodes.Group(size_t(chosen.group)).ref;
  if (!swept.Valid() || !p.Get(swept).gpus.ref.Valid()) return;
  double highest = 0;
  std::string which;
  auto consider = [&](const ir::Gpu& g) {
    if (g.tdp.si > highest) {
      highest = g.tdp.si;
      which = g.name;
    }
  };
  if (s.gpus.empty()) consider(p.Get(p.Get(swept).gpus.ref));
  for (const auto& g : s.gpus) consider(p.Get(g));
  for (const auto& cap : s.power_cap)
    if (highest > 0 && cap.si >= highest) {
      auto d = MakeDiagnostic(DiagCode::SweepCapAboveTdp, s.FieldRange("power_cap"),
                              fmt::format("power cap {} W is at or above the TDP of every GPU "
                                          "in the sweep (at most {} W, `{}`)",
                                          Num(cap.si), Num(highest), which));
      d.Note("the capped design is the uncapped one; remove the cap or lower it");
      sink.Report(std::move(d));
      break;
    }
  (void)options;
}

}  // namespace clusterc::analysis
