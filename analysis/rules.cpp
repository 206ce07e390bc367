// The feasibility rules of issue 3: they read the typed results and report diagnostics with the
// numbers. Strings and allocation live here, never in the evaluators.
#include <fmt/format.h>

#include <cmath>
#include <string>

#include "analysis/analysis.h"
#include "analysis/formulas.h"

namespace clusterc::analysis {

namespace {

// One decimal, without a trailing ".0": 92.8, 80.
std::string Num(double v) {
  std::string s = fmt::format("{:.1f}", v);
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

std::string Bytes(double b) {
  if (b >= 1099511627776.0) return Num(b / 1099511627776.0) + " TiB";
  if (b >= 1073741824.0) return Num(b / 1073741824.0) + " GiB";
  return fmt::format("{:.0f} MiB", b / 1048576.0);
}

std::string Power(double w) {
  if (w >= 1e6) return Num(w / 1e6) + " MW";
  if (w >= 1e3) return Num(w / 1e3) + " kW";
  return fmt::format("{:.0f} W", w);
}

std::string Time(double s) {
  if (s >= 3600) return fmt::format("{:.1f} h", s / 3600);
  if (s >= 60) return fmt::format("{:.1f} min", s / 60);
  if (s >= 1) return fmt::format("{:.2f} s", s);
  return fmt::format("{:.1f} ms", s * 1e3);
}

std::string Bandwidth(double bps) {
  return fmt::format("{:.0f} GB/s", bps / 1e9);
}

bool Reported(const ir::Program& p, const ir::Entity& e) {
  return p.main_file == 0 || e.range.file == p.main_file;
}

template <class T>
const T* Resolve(const ir::Program& p, ir::Ref<T> r) {
  if (!r.Valid() || r.index >= ir::TableOf<T>::Of(p).size()) return nullptr;
  return &p.Get(r);
}

}  // namespace

void CheckCluster(const ir::Program& p, uint32_t index, const ClusterResults& r,
                  const Options& options, DiagnosticSink& sink) {
  const ir::Cluster& c = p.clusters[index];
  if (!Reported(p, c) || !r.valid) return;
  const ir::Node* node = Resolve(p, c.nodes.ref);
  const ir::Site* site = Resolve(p, c.site);
  const ir::Fabric* fabric = Resolve(p, c.fabric);
  const ir::Cooling* cooling = site ? Resolve(p, site->cooling) : nullptr;
  const PowerResults& pw = r.power;

  // fabric.ports-exceeded
  if (fabric && r.fabric.capacity > 0 && r.fabric.endpoints > r.fabric.capacity) {
    const ir::Switch* sw = Resolve(p, fabric->switch_);
    auto d = MakeDiagnostic(
        DiagCode::FabricPortsExceeded, c.FieldRange("fabric"),
        fmt::format("the fabric attaches at most {} endpoints; the cluster has {} NIC ports",
                    r.fabric.capacity, r.fabric.endpoints));
    d.Label(fabric->FieldRange("topology"),
            fmt::format("{} tier(s) of radix-{} switches", r.fabric.tiers, r.fabric.radix));
    if (sw) d.Label(sw->range, fmt::format("switch `{}` has {} ports", sw->name, sw->radix));
    d.Note(fmt::format("{} nodes x {} NIC ports = {} endpoints", r.nodes,
                       r.nodes > 0 ? r.fabric.endpoints / r.nodes : 0, r.fabric.endpoints));
    d.Note(fmt::format("capacity: {} tiers, {} endpoint ports per leaf, radix {}", r.fabric.tiers,
                       r.fabric.leaf_downlinks, r.fabric.radix));
    d.Note("add a tier or choose a switch with more ports");
    sink.Report(std::move(d));
  }

  // power.rack-over-cooling
  if (cooling && cooling->rack_limit.si > 0 && pw.rack > cooling->rack_limit.si) {
    auto d =
        MakeDiagnostic(DiagCode::PowerRackOverCooling, c.FieldRange("racks"),
                       fmt::format("rack draws {}; cooling `{}` removes at most {} per rack",
                                   Power(pw.rack), cooling->name, Power(cooling->rack_limit.si)));
    if (node) d.Label(node->range, fmt::format("one node draws {}", Power(pw.node)));
    d.Label(cooling->range, fmt::format("limit {} per rack", Power(cooling->rack_limit.si)));
    d.Note(fmt::format("{} nodes per rack x {} = {}", r.nodes_per_rack, Power(pw.node),
                       Power(pw.rack)));
    int64_t fit = pw.node > 0 ? static_cast<int64_t>(cooling->rack_limit.si / pw.node) : 0;
    d.Note(fmt::format("at most {} nodes per rack fit this cooling", fit));
    sink.Report(std::move(d));
  }

  // power.rack-over-limit
  if (c.racks.power_limit.si > 0 && pw.rack > c.racks.power_limit.si) {
    auto d = MakeDiagnostic(DiagCode::PowerRackOverLimit, c.FieldRange("racks"),
                            fmt::format("rack draws {}; its power feed delivers {}", Power(pw.rack),
                                        Power(c.racks.power_limit.si)));
    if (node) d.Label(node->range, fmt::format("one node draws {}", Power(pw.node)));
    d.Note(fmt::format("{} nodes per rack x {} = {}", r.nodes_per_rack, Power(pw.node),
                       Power(pw.rack)));
    sink.Report(std::move(d));
  }

  // power.site-over-grid
  if (site && site->grid_power.si > 0 && pw.facility > site->grid_power.si) {
    auto d = MakeDiagnostic(DiagCode::PowerSiteOverGrid, c.FieldRange("nodes"),
                            fmt::format("facility draws {}; the grid delivers {}",
                                        Power(pw.facility), Power(site->grid_power.si)));
    d.Label(site->FieldRange("grid_power"), fmt::format("site `{}` grid connection", site->name));
    d.Note(
        fmt::format("IT power {} x PUE {:.2f} = {}", Power(pw.it), site->pue, Power(pw.facility)));
    d.Note(fmt::format("{} nodes x {}{}", r.nodes, Power(pw.node),
                       pw.node_includes_network_share
                           ? " (network share included in the node)"
                           : fmt::format(" + network {}", Power(pw.network))));
    sink.Report(std::move(d));
  }

  // power.node-over-budget: once per node declaration.
  if (node && node->power_budget.si > 0 && pw.node > node->power_budget.si) {
    bool earlier = false;
    for (uint32_t i = 0; i < index; ++i)
      if (p.clusters[i].nodes.ref.index == c.nodes.ref.index && Reported(p, p.clusters[i]))
        earlier = true;
    if (!earlier) {
      bool local = Reported(p, *node);
      auto d = MakeDiagnostic(DiagCode::PowerNodeOverBudget,
                              local ? node->FieldRange("power_budget") : c.FieldRange("nodes"),
                              fmt::format("node `{}` draws {}; its power budget is {}", node->name,
                                          Power(pw.node), Power(node->power_budget.si)));
      if (local) d.Label(node->FieldRange("gpus"), fmt::format("GPUs draw {}", Power(pw.gpu)));
      d.Note(fmt::format("GPUs {} + host {} + network {} = {}", Power(pw.gpu), Power(pw.host),
                         Power(pw.net), Power(pw.node)));
      sink.Report(std::move(d));
    }
  }
  (void)options;
}

void CheckPlan(const ir::Program& p, uint32_t index, const PlanInputs& in, const PlanResults& r,
               const ClusterResults& cluster, const Options& options, DiagnosticSink& sink) {
  const ir::Plan& plan = p.plans[index];
  if (!Reported(p, plan)) return;
  const ir::Cluster* c = Resolve(p, plan.cluster);
  const ir::Model* model = Resolve(p, plan.model);
  const ir::Node* node = c ? Resolve(p, c->nodes.ref) : nullptr;
  const ir::Gpu* gpu = node ? Resolve(p, node->gpus.ref) : nullptr;
  const ir::SourceRange parallel = plan.FieldRange("parallel");
  const auto& pa = plan.parallel;

  // plan.product-mismatch
  if (c && cluster.valid && r.gpus != cluster.usable_gpus) {
    auto d = MakeDiagnostic(
        DiagCode::PlanProductMismatch, parallel,
        fmt::format("tp x pp x dp x cp = {} x {} x {} x {} = {} GPUs; cluster `{}` has {} GPUs "
                    "for plans",
                    pa.tp, pa.pp, pa.dp, pa.cp, r.gpus, c->name, cluster.usable_gpus));
    d.Label(c->FieldRange("nodes"),
            fmt::format("{} nodes x {} GPUs", cluster.nodes, cluster.gpus_per_node));
    if (cluster.spare_nodes > 0)
      d.Note(fmt::format("{} of {} nodes are spares ({:.1f} %)", cluster.spare_nodes, cluster.nodes,
                         c->spares * 100));
    int64_t other = pa.tp * pa.pp * pa.cp;
    if (other > 0 && cluster.usable_gpus % other == 0)
      d.Note(fmt::format("dp = {} fills the cluster", cluster.usable_gpus / other));
    sink.Report(std::move(d));
  }

  // plan.indivisible
  auto indivisible = [&](ir::SourceRange range, std::string message, std::string note) {
    auto d = MakeDiagnostic(DiagCode::PlanIndivisible, range, std::move(message));
    if (!note.empty()) d.Note(std::move(note));
    if (model) d.Label(model->range, fmt::format("model `{}`", model->name));
    sink.Report(std::move(d));
  };
  if (model) {
    int64_t stages = pa.pp * pa.vpp;
    int64_t ends = (pa.first_stage_layers > 0) + (pa.last_stage_layers > 0);
    if (ends > 0 && pa.pp > ends) {
      // Uneven stages: the layers between the given ends split evenly over the other stages.
      int64_t rest = model->layers - pa.first_stage_layers - pa.last_stage_layers;
      int64_t others = (pa.pp - ends) * pa.vpp;
      if (rest < 0 || rest % others != 0)
        indivisible(
            parallel,
            fmt::format("{} layers less the first and last stages' {} + {} leave {}, which "
                        "do not divide into {} stages",
                        model->layers, pa.first_stage_layers, pa.last_stage_layers, rest, others),
            "");
    } else if (stages > 1 && model->layers % stages != 0 && (model->layers + 2) % stages != 0)
      indivisible(parallel,
                  fmt::format("{} layers do not divide into pp x vpp = {} x {} = {} stages",
                              model->layers, pa.pp, pa.vpp, stages),
                  "layers + 2 may divide instead, when the first and last stages give a slot to "
                  "the embedding and the loss");
    if (pa.tp > 1 && model->heads % pa.tp != 0)
      indivisible(parallel,
                  fmt::format("{} attention heads do not divide by tp = {}", model->heads, pa.tp),
                  "");
    int64_t kv = model->kv_heads > 0 ? model->kv_heads : model->heads;
    if (!model->has_mla && pa.tp > 1 && kv % pa.tp != 0 && pa.tp % kv != 0)
      indivisible(parallel, fmt::format("{} key/value heads do not divide by tp = {}", kv, pa.tp),
                  "with fewer KV heads than tp, tp must be a multiple of them (heads replicate)");
    if (model->has_moe && model->moe.experts % pa.ep != 0)
      indivisible(parallel,
                  fmt::format("{} experts do not divide by ep = {}", model->moe.experts, pa.ep),
                  "");
    if (pa.ep > 1 && (pa.dp * pa.cp) % pa.ep != 0)
      indivisible(parallel,
                  fmt::format("ep = {} does not divide dp x cp = {}", pa.ep, pa.dp * pa.cp),
                  "expert-parallel groups are formed within the data- and context-parallel "
                  "ranks (Megatron-LM)");
  }
  if (plan.batch.global > 0 && plan.batch.micro > 0 &&
      plan.batch.global % (plan.batch.micro * pa.dp) != 0)
    indivisible(plan.FieldRange("batch"),
                fmt::format("global batch {} does not divide by micro-batch x dp = {} x {} = {}",
                            plan.batch.global, plan.batch.micro, pa.dp, plan.batch.micro * pa.dp),
                "");
  if (pa.cp > 1 && plan.batch.seq_len % (2 * pa.cp) != 0)
    indivisible(plan.FieldRange("batch"),
                fmt::format("sequence length {} does not divide by 2 x cp = {}", plan.batch.seq_len,
                            2 * pa.cp),
                "context parallelism splits each sequence into 2 x cp chunks to balance causal "
                "attention");

  // plan.tp-exceeds-scale-up
  if (node && pa.tp > cluster.scale_up_domain && cluster.scale_up_domain > 0) {
    auto d = MakeDiagnostic(DiagCode::PlanTpExceedsScaleUp, parallel,
                            fmt::format("tp = {} exceeds the scale-up domain of {} GPUs", pa.tp,
                                        cluster.scale_up_domain));
    d.Label(
        node->scale_up.Valid() ? node->FieldRange("scale_up") : node->range,
        fmt::format("node `{}`: {} GPUs per scale-up domain", node->name, cluster.scale_up_domain));
    d.Note(
        fmt::format("tensor-parallel traffic would cross the scale-out fabric at {} per GPU "
                    "instead of {}",
                    Bandwidth(cluster.fabric.nic_bandwidth_per_gpu),
                    Bandwidth(cluster.scale_up_bandwidth_per_gpu)));
    sink.Report(std::move(d));
  }

  // plan.unsupported-precision
  if (gpu && in.peak_flops <= 0) {
    auto d = MakeDiagnostic(
        DiagCode::PlanUnsupportedPrecision, plan.FieldRange("precision"),
        fmt::format("GPU `{}` has no {} throughput", gpu->name, ir::EnumName(plan.precision)));
    d.Label(gpu->range, fmt::format("`{}` declared here", gpu->name));
    sink.Report(std::move(d));
  }
  if (!r.valid) return;

  // plan.group-oversubscribed: EP and CP groups exchange every layer.
  auto group = [&](const char* what, int64_t degree, Comm comm) {
    int64_t span = pa.tp * degree;
    double full = in.scale_out_bandwidth > 0 ? in.nic_bandwidth : 0;
    double got = GroupBandwidth(in, span);
    if (degree <= 1 || span <= in.scale_up_domain || full <= 0 || got >= full * 0.999) return;
    auto d = MakeDiagnostic(
        DiagCode::PlanGroupOversubscribed, parallel,
        fmt::format("{} group of {} ranks spans {} GPUs and crosses an oversubscribed tier; its "
                    "bandwidth drops from {} to {} per GPU",
                    what, degree, span, Bandwidth(full), Bandwidth(got)));
    if (c) d.Label(c->FieldRange("fabric"), "the fabric's oversubscription");
    double t = r.step.comm_total[int(comm)];
    d.Note(fmt::format("{} takes {} of the {} step ({:.0f} %)", CommName(comm), Time(t),
                       Time(r.step_time), 100 * t / r.step_time));
    d.Note(fmt::format("a full-bisection pod holds {} GPUs, one leaf {}",
                       in.pod_gpus > 0 ? in.pod_gpus : cluster.gpus, in.leaf_gpus));
    sink.Report(std::move(d));
  };
  if (in.moe) group("expert-parallel", pa.ep, Comm::kEp);
  group("context-parallel", pa.cp, Comm::kCp);

  // memory.hbm-overflow / memory.headroom
  const MemoryBreakdown& mem = r.memory;
  double total = mem.Total();
  const double headroom = plan.memory_headroom > 0 ? plan.memory_headroom : 0.9;
  if (in.hbm > 0 && (total > in.hbm || total > headroom * in.hbm)) {
    bool overflow = total > in.hbm;
    auto d = MakeDiagnostic(
        overflow ? DiagCode::MemoryHbmOverflow : DiagCode::MemoryHeadroom, parallel,
        overflow ? fmt::format("the most loaded GPU needs {}; {} has {} ({} GB)", Bytes(total),
                               gpu ? gpu->name : "the GPU", Bytes(in.hbm), Num(in.hbm / 1e9))
                 : fmt::format("the most loaded GPU uses {} of {} ({:.0f} %), above the {:.0f} % "
                               "headroom",
                               Bytes(total), Bytes(in.hbm), 100 * total / in.hbm, 100 * headroom));
    if (gpu) d.Label(gpu->FieldRange("memory"), fmt::format("{} per GPU", Bytes(in.hbm)));
    d.Note(fmt::format("pipeline stage {} of {}: {:.2f} B parameters on this GPU", mem.stage + 1,
                       pa.pp, mem.params / 1e9));
    d.Note(fmt::format("weights {}, gradients {}, optimizer states {} ({})", Bytes(mem.weights),
                       Bytes(mem.gradients), Bytes(mem.optimizer),
                       ir::EnumName(plan.optimizer.sharding)));
    d.Note(
        fmt::format("activations {} (recompute {}, micro-batch {}, {} micro-batches in "
                    "flight at most)",
                    Bytes(mem.activations), ir::EnumName(plan.recompute), plan.batch.micro,
                    std::min<int64_t>(r.micro_batches, pa.pp)));
    d.Note(fmt::format("framework reserve {}", Bytes(mem.reserve)));
    sink.Report(std::move(d));
  }

  // perf.exposed-comm
  double exposed = r.step.Exposed();
  if (r.step_time > 0 && exposed > options.exposed_comm_threshold * r.step_time) {
    Comm dom = r.step.Dominant();
    auto d = MakeDiagnostic(
        DiagCode::PerfExposedComm, parallel,
        fmt::format("exposed communication takes {:.0f} % of the step ({} of {}); the largest is "
                    "the {} ({})",
                    100 * exposed / r.step_time, Time(exposed), Time(r.step_time), CommName(dom),
                    Time(r.step.comm[int(dom)])));
    for (int i = 0; i < int(Comm::kCount); ++i)
      if (r.step.comm[i] > 0)
        d.Note(fmt::format("{}: {} exposed", CommName(Comm(i)), Time(r.step.comm[i])));
    d.Note(fmt::format("compute {}, bubble {}", Time(r.step.compute), Time(r.step.bubble)));
    sink.Report(std::move(d));
  }

  // reliability.checkpoint-interval
  if (plan.checkpoint.every.si > 0 && r.optimal_checkpoint_interval > 0) {
    double every = plan.checkpoint.every.si, best = r.optimal_checkpoint_interval;
    double ratio = every > best ? every / best : best / every;
    if (ratio > options.checkpoint_factor) {
      double lost_plan = 1 - r.goodput;
      double lost_best =
          formulas::CheckpointLoss(r.checkpoint_write_time, best, r.job_mtbf, in.restart_time);
      auto d = MakeDiagnostic(
          DiagCode::ReliabilityCheckpointInterval, plan.FieldRange("checkpoint"),
          fmt::format("checkpointing every {} is {:.1f}x {} the optimum of {}", Time(every), ratio,
                      every > best ? "above" : "below", Time(best)));
      d.Note(fmt::format("write time {} ({} at {}), job MTBF {}", Time(r.checkpoint_write_time),
                         Bytes(r.checkpoint_size), Bandwidth(in.checkpoint_bandwidth),
                         Time(r.job_mtbf)));
      d.Note(fmt::format("Young/Daly: sqrt(2 x {} x {}) = {}", Time(r.checkpoint_write_time),
                         Time(r.job_mtbf), Time(best)));
      d.Note(fmt::format("time lost: {:.1f} % at the plan's interval, {:.1f} % at the optimum",
                         100 * lost_plan, 100 * lost_best));
      sink.Report(std::move(d));
    }
  }
}

}  // namespace clusterc::analysis
