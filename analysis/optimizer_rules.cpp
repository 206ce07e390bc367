#include "analysis/optimizer_rules.h"

#include <fmt/format.h>

#include <string>

#include "ir/checked.h"

namespace clusterc::analysis {
namespace {

// "a bf16 plan", "an fp8 plan", "an nvfp4 plan": the article as the name is read aloud.
const char* Article(ir::Precision p) {
  return p == ir::Precision::bf16 ? "a" : "an";
}

}  // namespace

void CheckPlanOptimizer(const ir::Plan& plan, const ir::Model* model, DiagnosticSink& sink) {
  const auto& pa = plan.parallel;
  const ir::Optimizer& o = plan.optimizer;
  // plan.fp8-param-gather: FP8 weights alone need FP8 training and a sharded optimizer.
  if (plan.HasField("fp8_param_gather") && plan.fp8_param_gather &&
      !ir::Fp8ParamsKept(plan.precision, o.sharding, true)) {
    const bool fp8 = plan.precision == ir::Precision::fp8;
    auto d = MakeDiagnostic(
        DiagCode::PlanFp8ParamGather, plan.FieldRange("fp8_param_gather"),
        fp8 ? std::string("`fp8_param_gather` without a sharded optimizer: Megatron-LM gathers "
                          "FP8 weights only under its distributed optimizer or FSDP (`zero1` "
                          "and up)")
            : fmt::format("`fp8_param_gather` in {} {} plan: it needs `precision = fp8`",
                          Article(plan.precision), ir::EnumName(plan.precision)));
    d.Label(fp8 ? plan.FieldRange("optimizer") : plan.FieldRange("precision"),
            fp8 ? "the optimizer set here" : "the precision set here");
    sink.Report(std::move(d));
  }
  // plan.fp4-param-gather: NVFP4 weights alone need NVFP4 training.
  if (plan.HasField("fp4_param_gather") && plan.fp4_param_gather &&
      !ir::Fp4ParamsKept(plan.precision, true)) {
    auto d =
        MakeDiagnostic(DiagCode::PlanFp4ParamGather, plan.FieldRange("fp4_param_gather"),
                       fmt::format("`fp4_param_gather` in {} {} plan: it needs `precision = nvfp4`",
                                   Article(plan.precision), ir::EnumName(plan.precision)));
    d.Label(plan.FieldRange("precision"), "the precision set here");
    sink.Report(std::move(d));
  }
  // plan.muon-sharding: Newton-Schulz orthogonalises a whole matrix, so Megatron-Core runs Muon
  // unsharded or under its layer-wise distributed optimizer, whole matrices per data-parallel
  // rank (megatron/core/optimizer/layer_wise_optimizer.py); ZeRO-2/3 and FSDP shard a matrix's
  // gradient and parameters across the ranks, which no Megatron-Core path takes: arguments.py
  // asserts "Emerging optimizer does not support Megatron-FSDP" (and Torch-FSDP2), and
  // Megatron-FSDP's tensor-atomic sharding for Muon is a plan (fsdp/src/docs/mfsdp_design.md).
  if (o.kind == ir::OptimizerKind::muon && o.sharding != ir::Sharding::none &&
      o.sharding != ir::Sharding::zero1) {
    auto d = MakeDiagnostic(
        DiagCode::PlanMuonSharding, plan.FieldRange("optimizer"),
        fmt::format("Muon with `sharding = {}`: Newton-Schulz needs each matrix whole on the rank "
                    "that updates it",
                    ir::EnumName(o.sharding)));
    d.Note(
        "`sharding = zero1` is Megatron-Core's layer-wise distributed optimizer (each "
        "data-parallel rank owns whole matrices); `none` orthogonalises every matrix on every "
        "rank");
    sink.Report(std::move(d));
  } else if (o.kind == ir::OptimizerKind::muon && o.shard_group > 0 &&
             o.sharding == ir::Sharding::zero1) {
    // Nor hybrid sharding: the layer-wise optimizer owns matrices across the whole dp x cp group
    // ("LayerWiseDistributedOptimizer does not support num_distributed_optimizer_instances > 1",
    // layer_wise_optimizer.py).
    auto d = MakeDiagnostic(
        DiagCode::PlanMuonSharding, plan.FieldRange("optimizer"),
        fmt::format("Muon with `shard_group = {}`: Megatron-Core's layer-wise distributed "
                    "optimizer shares its matrices over the whole data-parallel group, in one "
                    "instance",
                    o.shard_group));
    d.Note("drop `shard_group`: the layer-wise optimizer has no replicas");
    sink.Report(std::move(d));
  }
  // plan.shard-group: hybrid sharding splits the data-parallel ranks into whole replicas.
  if (const int64_t g = plan.optimizer.shard_group; g > 0) {
    const int64_t ranks = ir::SaturatingMul(pa.dp, pa.cp);
    auto refuse = [&](std::string message, std::string note) {
      auto d = MakeDiagnostic(DiagCode::PlanShardGroup, plan.FieldRange("optimizer"),
                              std::move(message));
      if (!note.empty()) d.Note(std::move(note));
      sink.Report(std::move(d));
    };
    if (plan.optimizer.sharding == ir::Sharding::none)
      refuse(fmt::format("`shard_group = {}` with `sharding = none`: nothing is sharded", g),
             "hybrid sharding splits the sharded states of `zero1` to `fsdp` over each replica");
    else if (ranks % g != 0 || g % std::max<int64_t>(1, pa.cp) != 0)
      refuse(fmt::format("`shard_group = {}` does not split dp x cp = {} x {} = {} data-parallel "
                         "ranks into whole replicas",
                         g, pa.dp, pa.cp, ranks),
             pa.cp > 1 ? fmt::format("it must divide {} and be a multiple of cp = {}", ranks, pa.cp)
                       : fmt::format("it must divide {}", ranks));
    else if (model && model->has_moe) {
      const int64_t span = ir::SaturatingMul(pa.ep, pa.etp > 0 ? pa.etp : pa.tp);
      const int64_t expert_ranks = ir::SaturatingMul(pa.tp, ranks) / std::max<int64_t>(1, span);
      const int64_t replicas = ranks / g;
      if (expert_ranks % replicas != 0)
        refuse(fmt::format("`shard_group = {}` makes {} replicas, which do not divide the {} "
                           "ranks holding the same experts (tp x dp x cp / (ep x etp))",
                           g, replicas, expert_ranks),
               "each replica must hold whole copies of the experts' sharded states too");
    }
  }
}

}  // namespace clusterc::analysis
