#include "driver/explain.h"

#include <fmt/format.h>
#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/layer_model.h"
#include "analysis/validation_record.h"
#include "diag/format.h"

namespace clusterc {
namespace {

using ir::Dim;
namespace d = ir::dims;

class RowWriter {
 public:
  RowWriter(std::vector<ExplainRow>& rows, std::string entity)
      : rows_(rows), entity_(std::move(entity)) {}
  void Group(std::string g) { group_ = std::move(g); }
  void Add(std::string name, std::string label, double si, Dim dim = d::kNone,
           std::string unit = {}) {
    rows_.push_back(
        {entity_, group_, std::move(name), std::move(label), {si, dim}, std::move(unit), {}});
  }
  // A figure analysis cannot derive: "unknown", with what to set; never a zero.
  void Unknown(std::string name, std::string label, Dim dim, const std::string& set) {
    Add(std::move(name), std::move(label), std::numeric_limits<double>::quiet_NaN(), dim);
    Note("set " + set);
  }
  // Annotates the last row.
  void Note(std::string note) { rows_.back().note = std::move(note); }
  // Only when the value is known (non-zero): absent inputs leave absent rows, not zeros.
  void AddIf(std::string name, std::string label, double si, Dim dim = d::kNone,
             std::string unit = {}) {
    if (si != 0 && std::isfinite(si))
      Add(std::move(name), std::move(label), si, dim, std::move(unit));
  }

 private:
  std::vector<ExplainRow>& rows_;
  std::string entity_;
  std::string group_;
};

void ExplainCluster(const ir::Program& program, const ir::Cluster& c,
                    const analysis::ClusterResults& r, std::vector<ExplainRow>& rows) {
  RowWriter w(rows, "cluster " + c.name);
  w.Group("counts");
  w.Add("gpu_count", "GPUs", double(r.gpus));
  w.Add("node_count", "nodes", double(r.nodes));
  w.Add("spare_nodes", "spare nodes", double(r.spare_nodes));
  w.Add("usable_gpus", "GPUs available to plans", double(r.usable_gpus));
  w.Add("rack_count", "racks", double(r.racks));
  w.Add("nodes_per_rack", "nodes per rack", double(r.nodes_per_rack));
  w.Add("scale_up_domain_size", "GPUs per scale-up domain", double(r.scale_up_domain));
  w.Add("scale_up_domains", "scale-up domains", double(r.scale_up_domains));
  // Mixed node groups: each group's share (row names carry the group, so they stay unique).
  if (c.nodes.Groups() > 1)
    for (const auto& g : r.groups) {
      const std::string& node = program.nodes[g.node].name;
      w.Group("node group " + node);
      w.Add("group_" + node + "_nodes", node + " nodes", double(g.nodes));
      w.Add("group_" + node + "_gpus", node + " GPUs", double(g.gpus));
      w.Add("group_" + node + "_racks", node + " racks", double(g.racks));
      w.Add("group_" + node + "_node_power", node + " power per node", g.node_power, d::kPower);
      w.Add("group_" + node + "_it_power", node + " IT power", g.it_power, d::kPower);
    }

  const auto& f = r.fabric;
  w.Group("fabric");
  if (f.is_torus) {
    w.Add("endpoints", "torus endpoints", double(f.endpoints));
  } else {
    w.Add("fabric_tiers", f.rail_only ? "switch tiers of each rail" : "switch tiers",
          double(f.tiers));
    w.Add("rails", f.rail_only ? "rails (rail-only: no spine joins them)" : "rails",
          double(f.rails));
    w.Add("fabric_endpoints", "NIC ports attached", double(f.endpoints));
    w.Add("fabric_capacity", "endpoints the switches can attach", double(f.capacity));
    w.Add("leaf_switches", "leaf switches", double(f.leaf.switches));
    w.AddIf("spine_switches", "spine switches", double(f.spine.switches));
    w.AddIf("mid_switches", "super-spine switches (4-tier)", double(f.mid.switches));
    w.AddIf("core_switches", "core switches", double(f.core.switches));
    w.AddIf("planes", "parallel planes", f.planes > 1 ? double(f.planes) : 0);
    if (f.is_dragonfly) {
      w.Add("dragonfly_p", "dragonfly: endpoints per router (p)", double(f.dragonfly.p));
      w.Add("dragonfly_a", "dragonfly: routers per group (a)", double(f.dragonfly.a));
      w.Add("dragonfly_h", "dragonfly: global links per router (h)", double(f.dragonfly.h));
      w.Add("dragonfly_groups", "dragonfly: groups", double(f.dragonfly.groups));
      w.Add("local_cables", "dragonfly: local (in-group) cables", double(f.dragonfly.local_cables));
      w.Add("global_cables", "dragonfly: global cables", double(f.dragonfly.global_cables));
    }
    w.Add("switch_count", "switches", double(f.switches));
    w.Add("cables", "cables", double(f.cables));
    w.Add("transceivers", "optical transceivers", double(f.transceivers));
    w.AddIf("pods", "full-bisection pods", double(f.pods > 1 ? f.pods : 0));
    w.AddIf("leaf_oversubscription", "leaf oversubscription (x:1)",
            f.leaf_oversubscription != 1 ? f.leaf_oversubscription : 0);
    w.AddIf("pod_oversubscription", "oversubscription between pods (x:1)",
            f.pod_oversubscription != 1 ? f.pod_oversubscription : 0);
  }
  w.AddIf("bisection_bandwidth", "bisection bandwidth, one direction", f.bisection_bandwidth,
          d::kBandwidth);
  w.AddIf("scale_up_bandwidth_per_gpu", "scale-up bandwidth per GPU, one direction",
          r.scale_up_bandwidth_per_gpu, d::kBandwidth);
  w.AddIf("scale_out_bandwidth_per_gpu", "scale-out bandwidth per GPU within a pod",
          f.scale_out_bandwidth_per_gpu, d::kBandwidth);
  w.AddIf("cross_pod_bandwidth_per_gpu", "scale-out bandwidth per GPU across pods",
          f.cross_pod_bandwidth_per_gpu, d::kBandwidth);

  const auto& p = r.power;
  w.Group("power");
  w.Add("node_gpu_power", "GPUs of one node", p.gpu, d::kPower);
  w.AddIf("node_host_power", "host of one node", p.host, d::kPower);
  w.AddIf("node_net_power", "network share of one node", p.net, d::kPower);
  w.Add("node_power", "one node", p.node, d::kPower);
  w.Add("rack_power", "one full rack", p.rack, d::kPower);
  using analysis::DescribeMissing;
  // With the network in the nodes' net_power, switch and optics power are only informative.
  const uint32_t missing =
      p.node_includes_network_share ? r.missing & ~analysis::kItPowerNeeds : r.missing;
  if (missing & analysis::kNoSwitchPower)
    w.Unknown("switch_power", "switches", d::kPower, DescribeMissing(analysis::kNoSwitchPower));
  else
    w.AddIf("switch_power", "switches", p.switches, d::kPower);
  if (missing & analysis::kNoTransceiverPower)
    w.Unknown("transceiver_power", "transceivers", d::kPower,
              DescribeMissing(analysis::kNoTransceiverPower));
  else
    w.AddIf("transceiver_power", "transceivers", p.transceivers, d::kPower);
  if (p.it > 0) {
    w.Add("it_power", "IT power", p.it, d::kPower);
    w.Add("facility_power", "facility power (IT x PUE)", p.facility, d::kPower);
    w.Add("energy_per_year", "facility energy per year", p.energy_per_year, d::kEnergy);
  } else {
    const std::string set = DescribeMissing(missing & analysis::kItPowerNeeds);
    w.Unknown("it_power", "IT power", d::kPower, set);
    w.Unknown("facility_power", "facility power (IT x PUE)", d::kPower, set);
    w.Unknown("energy_per_year", "facility energy per year", d::kEnergy, set);
  }

  const auto& rel = r.reliability;
  w.Group("reliability");
  w.AddIf("gpu_mtbf", "MTBF of one GPU", rel.gpu_mtbf, d::kTime);
  w.AddIf("node_mtbf", "MTBF of one node's other parts", rel.node_mtbf, d::kTime);
  w.AddIf("gpu_failures_per_day", "GPU failures per day", rel.gpu_failures_per_day);
  w.AddIf("node_failures_per_day", "other node failures per day", rel.node_failures_per_day);
  w.AddIf("failures_per_day", "failures per day", rel.failures_per_day);
  w.AddIf("cluster_mtbf", "mean time between failures anywhere", rel.cluster_mtbf, d::kTime);

  const auto& cost = r.cost;
  w.Group("cost");
  // Each unpriced part is named where some are priced; with none priced, the capex row says it.
  const bool partly_priced = cost.servers + cost.switches + cost.transceivers + cost.cables > 0;
  auto priced = [&](std::string name, std::string label, double usd, uint32_t bit) {
    if ((missing & bit) && partly_priced)
      w.Unknown(std::move(name), std::move(label), d::kMoney, DescribeMissing(bit));
    else
      w.AddIf(std::move(name), std::move(label), usd, d::kMoney);
  };
  priced("servers", "servers (capex)", cost.servers, analysis::kNoServerPrice);
  priced("switches", "switches (capex)", cost.switches, analysis::kNoSwitchPrice);
  priced("transceivers_cost", "transceivers (capex)", cost.transceivers,
         analysis::kNoTransceiverPrice);
  priced("cables_cost", "cables (capex)", cost.cables, analysis::kNoCablePrice);
  w.AddIf("racks_cost", "racks (capex)", cost.racks, d::kMoney);
  w.AddIf("power_infrastructure", "power infrastructure (capex)", cost.power_infrastructure,
          d::kMoney);
  w.AddIf("cooling", "cooling plant (capex)", cost.cooling, d::kMoney);
  w.AddIf("building", "building (capex)", cost.building, d::kMoney);
  w.AddIf("storage", "storage (capex)", cost.storage, d::kMoney);
  if (cost.capex > 0) {
    w.Add("capex", "capex", cost.capex, d::kMoney);
    if (missing & analysis::kFacilityPrices)
      w.Note("without the items that have no price: " +
             DescribeMissing(missing & analysis::kFacilityPrices));
  } else if (missing & analysis::kCapexNeeds) {
    w.Unknown("capex", "capex", d::kMoney, DescribeMissing(missing & analysis::kCapexNeeds));
  } else if (p.it <= 0 && cost.servers > 0) {
    w.Unknown("capex", "capex", d::kMoney,
              DescribeMissing(missing & analysis::kItPowerNeeds) +
                  " (the per-watt facility prices need the IT power)");
  }
  if (cost.has_energy_price && p.it <= 0)
    w.Unknown("energy_cost_per_year", "electricity per year", d::kMoney,
              DescribeMissing(missing & analysis::kItPowerNeeds));
  else
    w.AddIf("energy_cost_per_year", "electricity per year", cost.energy_per_year, d::kMoney);
  w.AddIf("staff_per_year", "staff per year", cost.staff_per_year, d::kMoney);
  w.AddIf("maintenance_per_year", "maintenance per year", cost.maintenance_per_year, d::kMoney);
  if (cost.has_energy_price && p.it <= 0)
    w.Unknown("opex_per_year", "opex per year", d::kMoney,
              DescribeMissing(missing & analysis::kItPowerNeeds));
  else
    w.AddIf("opex_per_year", "opex per year", cost.opex_per_year, d::kMoney);
}

void ExplainPlan(const ir::Plan& plan, const analysis::PlanInputs& in,
                 const analysis::PlanResults& r, std::string_view gpu,
                 const analysis::ValidationRecord* record, const analysis::NearRuns& near,
                 std::vector<ExplainRow>& rows) {
  RowWriter w(rows, "plan " + plan.name);
  w.Group("shape");
  w.Add("gpu_count", "GPUs (tp x pp x dp x cp)", double(r.gpus));
  w.Add("idle_gpus", "GPUs of the cluster left idle",
        double(std::max<int64_t>(0, in.cluster_gpus - r.gpus)));
  w.Add("tp", "tensor parallel", double(in.tp));
  w.Add("pp", "pipeline stages", double(in.pp));
  w.Add("dp", "data parallel", double(in.dp));
  w.AddIf("ep", "expert parallel", in.ep > 1 ? double(in.ep) : 0);
  w.AddIf("etp", "expert tensor parallel", in.moe && in.etp > 0 ? double(in.etp) : 0);
  w.AddIf("cp", "context parallel", in.cp > 1 ? double(in.cp) : 0);
  // The rank order (parallel.rank_order), as what it changes: how far apart a replica's adjacent
  // pipeline stages are numbered, and so which of them share a scale-up domain.
  if (in.pp > 1)
    w.Add("pp_rank_stride", "ranks between adjacent pipeline stages",
          double(in.tp) * double(std::max<int64_t>(1, in.cp)) *
              (in.pp_inside_dp ? 1.0 : double(in.dp)));
  w.Add("micro_batches", "micro-batches per pipeline per step", double(r.micro_batches));
  // optimizer.shard_group, as what it changes: the copies of the sharded states.
  const int64_t replicas = analysis::ShardReplicas(in);
  w.AddIf("shard_replicas", "copies of the sharded states (hybrid sharding)",
          replicas > 1 ? double(replicas) : 0);
  // optimizer.reshard_after_forward, as what it changes.
  if (in.sharding == ir::Sharding::zero3 || in.sharding == ir::Sharding::fsdp)
    w.Add("unit_gathers", "all-gathers of each ZeRO-3/FSDP unit per micro-batch",
          in.reshard_after_forward ? 2.0 : 1.0);
  w.Add("params", "parameters", r.params.total);
  w.AddIf("active_params", "parameters active per token",
          r.params.active != r.params.total ? r.params.active : 0);
  w.AddIf("mtp_params", "multi-token prediction parameters (beside these)", r.params.mtp);
  // model.attention_window, as what it changes: the layers attending to the window.
  const analysis::AttentionDims dims = analysis::Attention(in);
  w.AddIf("windowed_layers",
          fmt::format("layers attending to a {}-token window", int64_t(dims.window)),
          dims.windowed_share * double(in.layers));

  w.Group("memory");
  const auto& m = r.memory;
  w.Add("weight_memory", "weights", m.weights, d::kInfo);
  w.Add("gradient_memory", "gradients", m.gradients, d::kInfo);
  w.Add("optimizer_memory", "optimizer states", m.optimizer, d::kInfo);
  w.Add("activation_memory", "activations in flight", m.activations, d::kInfo);
  w.Add("reserve_memory", "framework reserve", m.reserve, d::kInfo);
  w.AddIf("gathered_memory", "gathered ZeRO-3/FSDP units", m.gathered, d::kInfo);
  w.AddIf("working_memory", "working set at the peak (loss or replayed layer)", m.working,
          d::kInfo);
  w.AddIf("offloaded_memory", "activations offloaded to host memory (not counted)", m.offloaded,
          d::kInfo);
  // The rate the offload was timed at: the GPU's host link, PCIe Gen5 x16's where it states none.
  w.AddIf("offload_bandwidth", "offload link, one direction", in.offload_bandwidth, d::kBandwidth);
  w.Add("memory_per_gpu", "most loaded GPU", m.Total(), d::kInfo);
  w.Add("hbm", "GPU memory", in.hbm, d::kInfo);
  w.Add("most_loaded_stage", "pipeline stage of the most loaded GPU", double(m.stage));

  w.Group("time");
  const auto& s = r.step;
  w.Add("step_time", "step", r.step_time, d::kTime);
  w.Add("compute", "compute", s.compute, d::kTime);
  w.AddIf("recompute", "recompute", s.recompute, d::kTime);
  w.AddIf("bubble", "pipeline bubble", s.bubble, d::kTime);
  static const char* kComm[] = {"tp", "pp", "dp", "ep", "cp"};
  for (int i = 0; i < int(analysis::Comm::kCount); ++i)
    w.AddIf(fmt::format("exposed_{}_comm", kComm[i]),
            fmt::format("exposed {} communication", analysis::CommName(analysis::Comm(i))),
            s.comm[i], d::kTime);
  w.AddIf("optimizer", "optimizer step", s.optimizer, d::kTime);
  w.AddIf("orthogonalization", "of it, Muon's Newton-Schulz orthogonalisation", s.orthogonalization,
          d::kTime);
  w.AddIf("grad_accumulation", "gradient accumulation", s.grad_accumulation, d::kTime);
  w.AddIf("contention", "compute slowed by overlapped communication", s.contention, d::kTime);
  w.AddIf("offload_stall", "compute waiting on activation offload transfers", s.offload, d::kTime);
  w.AddIf("step_overhead", "host work between steps, the GPU idle", s.overhead, d::kTime);
  // The step waits for the slowest of its GPUs (docs/model-scale.md): compute, recompute, the
  // optimizer and accumulation above are its.
  if (s.pace > 1) {
    w.Add("slowest_gpu_slowdown", "slowest GPU's kernel time over the median GPU's", s.pace - 1);
    w.Note(
        fmt::format("the slowest of {} GPUs, their times spread {:.2f} % (one standard "
                    "deviation, from the GPU's `speed_variation`: docs/model-scale.md)",
                    r.gpus, in.speed_sigma * 100));
  }
  // Each kind's whole time, hidden and exposed: what the overlap had to hide.
  for (int i = 0; i < int(analysis::Comm::kCount); ++i)
    w.AddIf(fmt::format("{}_comm", kComm[i]),
            fmt::format("all {} communication", analysis::CommName(analysis::Comm(i))),
            s.comm_total[i], d::kTime);
  w.Add("gemm_efficiency", "achieved GEMM efficiency", s.gemm_efficiency);
  w.Add("tokens_per_second", "tokens per second", r.tokens_per_second);
  w.Add("mfu", "model FLOPs utilisation", r.mfu);
  w.Add("hfu", "hardware FLOPs utilisation", r.hfu);
  w.Add("model_flops_per_step", "model FLOPs per step", r.flops.model_per_step, d::kWork);
  w.AddIf("training_time", "training time for the plan's tokens", r.training_time, d::kTime);
  if (r.training_time > 0 && r.job_mtbf <= 0)
    w.Note("no failures counted: the cluster states no failure rate (goodput below)");
  // GPU time in GPU-hours: a GPU-second is not a second of wall time, so not unit `s`.
  w.AddIf("gpu_hours", "GPU-hours for the plan's tokens", r.gpu_hours / 3600, d::kNone, "GPU-h");

  // How far the step model has been from published runs on this GPU: the suite's record
  // (analysis/validation_record.h), the trust to put in the time group above.
  if (!gpu.empty()) {
    w.Group("validation");
    const char* runs = "published runs on this GPU in the suite";
    if (!record) {
      w.Add("validation_runs", runs, 0);
      w.Note(fmt::format("`{}`: the step model has not been checked on it", gpu));
    } else {
      w.Add("validation_runs", runs, double(record->runs));
      w.Note(fmt::format("`{}`; docs/validation-cases.md lists them", gpu));
      w.Add("validation_mean_abs_error", "mean |error| of the predicted speed", record->mean_abs);
      w.Add("validation_median_error", "median error (+: predicted faster)", record->median);
      w.Add("validation_low_error", "most pessimistic", record->low);
      w.Add("validation_high_error", "most optimistic", record->high);
      // The runs nearest this plan's shape (analysis::PlanNearRuns): the record of its regime,
      // which can lean further one way than the GPU's as a whole.
      w.Add("validation_similar_runs", "of them like this plan", double(near.count));
      if (near.count == 0) {
        w.Note("none near its model size, scale, parallelism and precision");
      } else {
        w.Note(
            "near its model size, scale, parallelism and precision; runs of one source err alike, "
            "but across sources they did not predict the error: docs/validation.md");
        w.Add("validation_similar_median_error", "their median error", near.median);
        for (int k = 0; k < analysis::NearRuns::kShown && near.nearest[k]; ++k) {
          const analysis::ValidationRun& run = *near.nearest[k];
          w.Add(fmt::format("validation_nearest_{}_error", k + 1),
                k == 0 ? "nearest published run" : "next nearest", run.error);
          w.Note(fmt::format("{}: {}", run.id, analysis::DescribeShape(run)));
        }
      }
    }
  }

  // One transformer layer, one micro-batch, one GPU, forward and backward, as the step model
  // times its kernels (docs/model.md "Operator-level step model"): the figures to set beside a
  // profile. Compute only: the layer's collectives are in the time group.
  w.Group("layer");
  auto layer = [&](const std::string& key, const std::string& what, bool moe) {
    const analysis::LayerTimes lt = analysis::LayerTime(in, dims, moe);
    const double gemm = 3 * lt.gemm_time;  // backward computes data and weight gradients
    // AddIf: a GPU without the figures a term needs leaves the row out rather than a zero.
    w.AddIf(key + "_time", what + ", forward and backward", lt.fwd + lt.bwd, d::kTime);
    w.AddIf(key + "_gemm", what + ": GEMMs", gemm, d::kTime);
    w.AddIf(key + "_attention", what + ": attention core",
            lt.gpu_fwd + lt.gpu_bwd - gemm - lt.memory_bound, d::kTime);
    w.AddIf(key + "_elementwise", what + ": element-wise and casts", lt.memory_bound, d::kTime);
    w.AddIf(key + "_kernels", what + ": kernels issued", lt.kernels_fwd + lt.kernels_bwd);
    // Where the host's launches take longer than the GPU's work (docs/model.md "Host issue
    // floor"), the GPU waits: the layer's time above is the host's.
    w.AddIf(key + "_host_wait", what + ": GPU waiting on the host",
            (lt.fwd - lt.gpu_fwd) + (lt.bwd - lt.gpu_bwd), d::kTime);
    w.AddIf(key + "_recompute", what + ": recompute", lt.recompute, d::kTime);
  };
  if (!in.moe || in.dense_layers > 0) layer("layer", "dense layer", false);
  if (in.moe) layer("moe_layer", "MoE layer", true);

  w.Group("reliability");
  w.Add("checkpoint_size", "checkpoint size", r.checkpoint_size, d::kInfo);
  w.AddIf("checkpoint_write_time", "checkpoint write time", r.checkpoint_write_time, d::kTime);
  w.AddIf("job_mtbf", "job MTBF", r.job_mtbf, d::kTime);
  w.AddIf("optimal_checkpoint_interval", "optimal checkpoint interval (Young/Daly)",
          r.optimal_checkpoint_interval, d::kTime);
  w.AddIf("checkpoint_interval", "checkpoint interval", r.checkpoint_interval, d::kTime);
  // Say what the goodput assumes: without a checkpoint plan, the Young/Daly interval; without a
  // checkpoint write time, failures cannot be priced in and the figure is an upper bound.
  // Without a failure rate no lost work is priced: unknown, not 100 %.
  if (r.job_mtbf <= 0)
    w.Unknown("goodput", "goodput", d::kNone,
              "the cluster's `gpu_mtbf` or `node_mtbf`, or the GPU's `mtbf`");
  else
    w.Add("goodput", "goodput", r.goodput);
  if (r.job_mtbf > 0 && r.checkpoint_write_time <= 0)
    w.Note(
        "upper bound: checkpoint cost and lost work not counted; set the cluster's "
        "checkpoint_bandwidth");
  else if (in.checkpoint_every <= 0 && r.optimal_checkpoint_interval > 0)
    w.Note("no checkpoint plan: assumes the Young/Daly interval");

  w.Group("cost");
  w.AddIf("run_cost_owned", "run cost, owned", r.run_cost_owned, d::kMoney);
  w.AddIf("run_cost_rented", "run cost, rented", r.run_cost_rented, d::kMoney);
  w.AddIf("cost_per_million_tokens", "cost per million tokens (owned)", r.cost_per_million_tokens,
          d::kMoney);
}

std::string Readable(const ExplainRow& row) {
  const auto& q = row.value;
  if (!std::isfinite(q.si)) return "unknown";
  if (q.dim.IsDimensionless() && (row.name == "mfu" || row.name == "hfu" || row.name == "goodput" ||
                                  row.name == "gemm_efficiency"))
    return fmt::format("{:.1f} %", q.si * 100);
  if (row.name == "gpu_hours") return FormatForPeople({q.si, {}}) + " GPU-hours";
  if (row.name == "slowest_gpu_slowdown") return fmt::format("+{:.1f} %", q.si * 100);
  if (row.name == "validation_mean_abs_error") return fmt::format("{:.1f} %", q.si * 100);
  const bool count = row.name.size() >= 5 && row.name.compare(row.name.size() - 5, 5, "_runs") == 0;
  if (row.name.rfind("validation_", 0) == 0 && !count) return fmt::format("{:+.1f} %", q.si * 100);
  return FormatForPeople(q);
}

}  // namespace

std::string ReadableValue(const ExplainRow& row) {
  return Readable(row);
}

std::vector<ExplainRow> ExplainRows(const ir::Program& program, const analysis::Results& results,
                                    const std::string& plan_name) {
  std::vector<ExplainRow> rows;
  auto in_main = [&](const ir::Entity& e) {
    return program.main_file == 0 || e.range.file == program.main_file;
  };
  std::vector<bool> cluster_wanted(program.clusters.size(), plan_name.empty());
  for (uint32_t i = 0; i < program.plans.size(); ++i)
    if (program.plans[i].name == plan_name && program.plans[i].cluster.Valid())
      cluster_wanted[program.plans[i].cluster.index] = true;
  for (uint32_t i = 0; i < program.clusters.size() && i < results.clusters.size(); ++i)
    if (cluster_wanted[i] && in_main(program.clusters[i]) && results.clusters[i].valid)
      ExplainCluster(program, program.clusters[i], results.clusters[i], rows);
  for (uint32_t i = 0; i < program.plans.size() && i < results.plans.size(); ++i) {
    const auto& p = program.plans[i];
    if (!in_main(p) || (!plan_name.empty() && p.name != plan_name) || !results.plans[i].valid)
      continue;
    ExplainPlan(p, results.plan_inputs[i], results.plans[i],
                analysis::PlanGpuName(program, results, i),
                analysis::PlanValidationRecord(program, results, i),
                analysis::PlanNearRuns(program, results, i), rows);
  }
  for (uint32_t i = 0; i < program.jobs.size() && i < results.jobs.size(); ++i) {
    const auto& jr = results.jobs[i];
    if (!in_main(program.jobs[i]) || !plan_name.empty() || !jr.valid) continue;
    RowWriter w(rows, "jobs " + program.jobs[i].name);
    w.Group("together");
    w.Add("gpu_count", "GPUs the jobs hold", double(jr.gpus));
    w.Add("node_count", "nodes the jobs hold", double(jr.nodes));
    w.Add("rack_count", "racks the jobs occupy", double(jr.racks));
    w.Add("idle_gpus", "GPUs of the cluster left idle", double(std::max<int64_t>(0, jr.idle_gpus)));
    w.AddIf("it_power", "IT power of the busy nodes", jr.it_power, d::kPower);
    w.AddIf("facility_power", "facility power of the busy nodes", jr.facility_power, d::kPower);
    // Nodes are numbered from 1 over the cluster, the groups in the order written: the numbers
    // of the Slurm backend's host names.
    std::vector<int64_t> group_first(1, 0);
    if (jr.cluster >= 0 && size_t(jr.cluster) < results.clusters.size())
      for (const auto& g : results.clusters[size_t(jr.cluster)].groups)
        group_first.push_back(group_first.back() + g.nodes);
    for (size_t k = 0; k < jr.jobs.size(); ++k) {
      const auto& s = jr.jobs[k];
      std::string name = program.plans[s.plan].name;
      // A plan listed twice is two jobs: the second is `name#2`.
      int64_t seen = 0;
      for (size_t m = 0; m < k; ++m) seen += jr.jobs[m].plan == s.plan;
      if (seen > 0) name += "#" + std::to_string(seen + 1);
      w.Group("plan " + name);
      w.Add(name + ".gpu_count", "GPUs", double(s.gpus));
      w.Add(name + ".node_count", "nodes", double(s.nodes));
      w.Add(name + ".rack_count", "racks", double(s.racks));
      if (!s.placed) continue;
      const int64_t base =
          size_t(s.group) < group_first.size() ? group_first[size_t(s.group)] : int64_t{0};
      w.Add(name + ".first_node", "first node (numbered from 1 over the cluster)",
            double(base + s.first_node + 1));
      w.Note(fmt::format("nodes {}-{}, from rack {} of its group{}", base + s.first_node + 1,
                         base + s.first_node + s.nodes, s.first_rack + 1,
                         s.last_pod > s.first_pod
                             ? fmt::format(", pods {}-{}", s.first_pod + 1, s.last_pod + 1)
                             : ""));
    }
  }
  return rows;
}

namespace {

std::string Joined(const std::set<std::string>& codes) {
  std::string out;
  for (const auto& c : codes) out += (out.empty() ? "" : ", ") + c;
  return out;
}

}  // namespace

std::string RenderExplainText(const std::vector<ExplainRow>& rows, const Verdicts& verdicts,
                              size_t errors) {
  size_t label_width = 0;
  for (const auto& r : rows) label_width = std::max(label_width, r.label.size());
  std::string out, entity, group;
  if (errors > 0) {
    std::set<std::string> all;
    for (const auto& [name, codes] : verdicts) all.insert(codes.begin(), codes.end());
    out += fmt::format(
        "NOT FEASIBLE: the spec has {} error{}{}; the figures below describe it as written, "
        "which cannot run.\n\n",
        errors, errors == 1 ? "" : "s", all.empty() ? "" : " (" + Joined(all) + ")");
  }
  for (const auto& r : rows) {
    if (r.entity != entity) {
      auto verdict = verdicts.find(r.entity);
      std::string mark =
          verdict == verdicts.end() ? "" : "  [NOT FEASIBLE: " + Joined(verdict->second) + "]";
      out += (entity.empty() ? "" : "\n") + r.entity + mark + "\n";
      entity = r.entity;
      group.clear();
    }
    if (r.group != group) {
      out += "  " + r.group + "\n";
      group = r.group;
    }
    out += fmt::format("    {:<{}}  {:>24}{}\n", r.label, label_width, Readable(r),
                       r.note.empty() ? "" : "  (" + r.note + ")");
  }
  return out;
}

std::string RenderExplainJson(const std::vector<ExplainRow>& rows, const std::string& spec,
                              const Verdicts& verdicts, size_t errors) {
  // Entities in order of appearance, each an object of groups of {name: {value, unit}}.
  llvm::json::Array entities;
  std::string current;
  llvm::json::Object groups;
  std::string entity_name;
  auto flush = [&]() {
    if (current.empty()) return;
    size_t space = current.find(' ');
    llvm::json::Array codes;
    if (auto v = verdicts.find(current); v != verdicts.end())
      for (const auto& c : v->second) codes.push_back(c);
    bool feasible = codes.empty();
    entities.push_back(llvm::json::Object{{"kind", current.substr(0, space)},
                                          {"name", current.substr(space + 1)},
                                          {"feasible", feasible},
                                          {"errors", std::move(codes)},
                                          {"groups", std::move(groups)}});
    groups = llvm::json::Object{};
  };
  for (const auto& r : rows) {
    if (r.entity != current) {
      flush();
      current = r.entity;
    }
    llvm::json::Object* group = groups.getObject(r.group);
    if (!group) {
      groups[r.group] = llvm::json::Object{};
      group = groups.getObject(r.group);
    }
    llvm::json::Object entry{{"value", std::isfinite(r.value.si) ? llvm::json::Value(r.value.si)
                                                                 : llvm::json::Value(nullptr)},
                             {"unit", r.unit.empty() ? ir::DimUnit(r.value.dim) : r.unit},
                             {"label", r.label}};
    if (!r.note.empty()) entry["note"] = r.note;
    (*group)[r.name] = std::move(entry);
  }
  flush();
  llvm::json::Object doc{{"format_version", 1},
                         {"spec", spec},
                         {"feasible", errors == 0},
                         {"entities", std::move(entities)}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(doc)));
  os.flush();
  return out + "\n";
}

}  // namespace clusterc
