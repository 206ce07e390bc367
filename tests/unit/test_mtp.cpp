// Multi-token prediction (`model { mtp_layers = N }`; DeepSeek-V3 report section 2.2,
// Megatron-Core's --mtp-num-layers; docs/model.md "Multi-token prediction"). The spec is
// tests/lang/explain/mtp.cl: DeepSeek-V3 on 256 B200 with and without its MTP module, and Llama 3
// 8B with two dense modules.
#include <llvm/Support/JSON.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>

#include "analysis/layer_model.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::SbatchFlag;

std::unique_ptr<testing::Compiled> MtpSpec() {
  return testing::ExplainSpec("mtp.cl");
}

TEST_CASE("DeepSeek-V3's MTP module has the release's parameters and Megatron's FLOPs", "[mtp]") {
  auto c = MtpSpec();
  const PlanInputs with = PlanNamed(*c, "with_mtp"), without = PlanNamed(*c, "without_mtp");
  REQUIRE(with.mtp_layers == 1);
  REQUIRE(without.mtp_layers == 0);
  REQUIRE(MtpLayersMoe(with));
  const ParamCounts p = CountParams(with);
  // The main model stays the report's 671 B; the module is counted beside it.
  CHECK(p.total == Approx(671e9).epsilon(0.005));
  CHECK(CountParams(without).mtp == 0);
  // The release (Hugging Face model card): 685 B, 671 B of the main model and 14 B of the MTP
  // module, whose checkpoint also stores its own copies of the embedding and the output head.
  const double vh = double(with.vocab) * double(with.hidden);
  CHECK(p.total + p.mtp + 2 * vh == Approx(685e9).epsilon(0.005));
  // Megatron-Bridge 25.11's DeepSeek-V3 B200 row: 260 GFLOP a token with MTP, 249.5 without,
  // by the table's own TFLOP/s (tests/validation/blackwell.cl [MB25D]).
  const PlanResults rw = EvaluatePlan(with), ro = EvaluatePlan(without);
  CHECK(rw.flops.model_per_token / ro.flops.model_per_token == Approx(260 / 249.5).epsilon(0.01));
}

TEST_CASE("the MTP module runs on the last stage and its memory is the last stage's", "[mtp]") {
  auto c = MtpSpec();
  PlanInputs with = PlanNamed(*c, "with_mtp"), without = PlanNamed(*c, "without_mtp");
  // The recipe's layout: the last stage's 1 layer, the MTP layer and two heads weigh less than
  // the other stages' 4 MoE layers, so the micro-batches' pace is the same; the module lengthens
  // only the pipeline's fill and drain, which pass through the last stage once (ASTRA-sim on the
  // emitted traces, round 33: 15.2208 s against 15.1787 s, 42 ms). Since round 60 the first and
  // the last stage also all-reduce the embedding's gradient they share (EmbeddingGradientSync),
  // which the traces do not carry.
  const PlanResults rw = EvaluatePlan(with), ro = EvaluatePlan(without);
  CHECK(rw.step.compute == Approx(ro.step.compute));
  CHECK(rw.step.bubble > ro.step.bubble);
  const double sync = EmbeddingGradientSync(with, rw.messages.gradient_bytes_per_param);
  CHECK(sync > 0);
  CHECK(EmbeddingGradientSync(without, ro.messages.gradient_bytes_per_param) == 0);
  CHECK(rw.step.comm[int(Comm::kDp)] - ro.step.comm[int(Comm::kDp)] == Approx(sync));
  CHECK(rw.step.Total() - ro.step.Total() == Approx(rw.step.bubble - ro.step.bubble + sync));
  CHECK(rw.step.bubble - ro.step.bubble < 0.005 * ro.step.Total());
  // With 4 layers before it, the last stage bounds the step and the MTP module lengthens it by
  // its layer, its projection and its head.
  with.last_stage_layers = without.last_stage_layers = 0;
  with.first_stage_layers = without.first_stage_layers = 0;
  const PlanResults lw = EvaluatePlan(with), lo = EvaluatePlan(without);
  REQUIRE(lw.step.Total() > lo.step.Total());
  const LayerTimes moe = LayerTime(with, Attention(with), true);
  const HeadTimes module = MtpModuleTime(with), head = HeadTime(with);
  REQUIRE(module.fwd > head.fwd);  // the module adds its projection and norms to a head pass
  CHECK(lw.step.compute - lo.step.compute ==
        Approx(double(lw.micro_batches) * (moe.fwd + moe.bwd + module.fwd + module.bwd))
            .epsilon(0.02));
  // The last stage holds the MTP layer's weights (its experts over ep 8) and a copy of the
  // embedding: 1 + 1 MoE layers against 4 elsewhere, so the most loaded GPU stays stage 1.
  REQUIRE(rw.memory.stage == 1);
  // Dense modules: two of Llama 3 8B's layers with their projections, 2 x 251.7 M parameters.
  const ParamCounts dense = CountParams(PlanNamed(*c, "dense_mtp"));
  CHECK(dense.mtp == Approx(2 * (dense.attention + dense.norms + dense.dense_mlp +
                                 2 * 4096.0 * 4096.0 + 3 * 4096.0)));
  CHECK(dense.mtp == Approx(503.4e6).epsilon(0.001));
}

TEST_CASE("DualPipe gives each rank the mean of its two stages", "[mtp][dualpipe]") {
  // Llama 3 8B on 4 stages of 2, 8, 8 and 14 layers (the head on the last): 1F1B waits on the
  // last stage; DualPipe's rank 0 runs stage 0 for half the micro-batches and stage 3 for the
  // other half (deepseek-ai/DualPipe's example: full_modules[rank], full_modules[pp - 1 - rank]).
  auto c = MtpSpec();
  PlanInputs in = PlanNamed(*c, "dense_mtp");
  in.mtp_layers = 0;
  in.pp = 4;
  in.dp = 64;
  in.first_stage_layers = 2;
  in.last_stage_layers = 14;
  REQUIRE(StageLayers(in, 1) == 8);
  const PlanResults one_f_one_b = EvaluatePlan(in);
  // Every rank's kernels at the pace of the slowest of the 512 GPUs (docs/model-scale.md).
  const double pace = one_f_one_b.step.pace;
  REQUIRE(pace > 1);
  const LayerTimes layer = LayerTime(in, Attention(in), false, pace);
  const HeadTimes head = HeadTime(in, pace);
  const double per_layer = layer.fwd + layer.bwd, head_time = head.fwd + head.bwd;
  const double m = double(one_f_one_b.micro_batches);
  CHECK(one_f_one_b.step.compute == Approx(m * (14 * per_layer + head_time)));
  in.schedule = ir::Schedule::dualpipe;
  const PlanResults dual = EvaluatePlan(in);
  REQUIRE((16 * per_layer + head_time) / 2 > 8 * per_layer);
  CHECK(dual.step.compute == Approx(m * (16 * per_layer + head_time) / 2));
  // 10, 8, 8, 6: the pair's mean is the same 16 layers and the head.
  in.first_stage_layers = 10;
  in.last_stage_layers = 6;
  REQUIRE(StageLayers(in, 1) == 8);
  REQUIRE((16 * per_layer + head_time) / 2 > 8 * per_layer);
  CHECK(EvaluatePlan(in).step.compute == Approx(m * (16 * per_layer + head_time) / 2));
  in.last_stage_layers = 2;  // 10, 10, 10, 2: a middle rank's two stages of 10 bound it
  REQUIRE(StageLayers(in, 1) == 10);
  REQUIRE((12 * per_layer + head_time) / 2 < 10 * per_layer);
  CHECK(EvaluatePlan(in).step.compute == Approx(m * 10 * per_layer));
}

TEST_CASE("the bubble is the other stages' micro-batch times", "[mtp][pipeline]") {
  // Llama 3 8B on 4 stages, data-parallel only (no collective per micro-batch): the first
  // micro-batch's forward and the last one's backward pass once through each stage but the
  // slowest, so the fill and drain take their times, not p - 1 of the slowest's.
  auto c = MtpSpec();
  PlanInputs in = PlanNamed(*c, "dense_mtp");
  in.mtp_layers = 0;
  in.pp = 4;
  in.dp = 64;
  REQUIRE(in.tp == 1);
  const LayerTimes layer = LayerTime(in, Attention(in), false);
  const HeadTimes head = HeadTime(in);
  const double per_layer = layer.fwd + layer.bwd, head_time = head.fwd + head.bwd;
  // Even: 8 layers a stage, the head on the last; the last stage is the slowest.
  const PlanResults even = EvaluatePlan(in);
  const double last = 8 * per_layer + head_time;
  CHECK(even.fill_stages == Approx(3 * 8 * per_layer / last));
  // 1F1B's bubble: those stage-times of the slowest stage's micro-batch over the m micro-batches.
  CHECK(even.step.bubble ==
        Approx(even.fill_stages / double(even.micro_batches) *
               (even.step.compute + even.step.recompute + even.step.grad_accumulation)));
  // 10, 8, 8, 6 and the head: stage 0 is the slowest, the others add 22 layers and the head.
  in.first_stage_layers = 10;
  in.last_stage_layers = 6;
  const PlanResults uneven = EvaluatePlan(in);
  REQUIRE(10 * per_layer > 6 * per_layer + head_time);
  CHECK(uneven.fill_stages == Approx((22 * per_layer + head_time) / (10 * per_layer)));
  // Stages of equal time give p - 1 exactly.
  in.first_stage_layers = in.last_stage_layers = 0;
  in.vocab = 0;
  CHECK(EvaluatePlan(in).fill_stages == Approx(3));
}

TEST_CASE("a DualPipe rank holds both of its stages", "[mtp][dualpipe][memory]") {
  // Llama 3 8B on 4 stages of 8 layers under ZeRO-1. Under 1F1B stage 0 is the most loaded: the
  // embedding, 8 layers and 4 micro-batches in flight. DualPipe's rank 0 adds stage 3: its 8
  // layers and the head (as large as the embedding, untied), and 1 micro-batch in flight in the
  // other direction, PP + 1 in all (DeepSeek-V3 table 2), and the loss's logits of that direction
  // at the peak beside its own. Each stage then has 2 dp copies, over which ZeRO-1 shards the
  // optimizer states: one stage's worth per rank.
  auto c = MtpSpec();
  PlanInputs in = PlanNamed(*c, "dense_mtp");
  in.mtp_layers = 0;
  in.pp = 4;
  in.dp = 64;
  REQUIRE(in.sharding == ir::Sharding::zero1);
  REQUIRE(!in.tied_embeddings);
  const PlanResults one = EvaluatePlan(in);
  REQUIRE(one.memory.stage == 0);
  in.schedule = ir::Schedule::dualpipe;
  const PlanResults dual = EvaluatePlan(in);
  CHECK(dual.memory.stage == 0);
  const double logits = 4.0 * double(in.micro_batch) * double(in.seq_len) * double(in.vocab);
  CHECK(dual.memory.weights == Approx(2 * one.memory.weights).epsilon(1e-4));
  CHECK(dual.memory.gradients == Approx(2 * one.memory.gradients).epsilon(1e-4));
  CHECK(dual.memory.optimizer == Approx(one.memory.optimizer).epsilon(1e-4));
  REQUIRE(in.recompute == ir::Recompute::none);  // no replayed layer: the logits alone
  CHECK(one.memory.working == 0);
  CHECK(dual.memory.activations == Approx(one.memory.activations * 5 / 4));
  CHECK(dual.memory.working == Approx(logits));
  CHECK(dual.memory.reserve == one.memory.reserve);
  // Under plain data parallelism nothing is sharded: both stages' optimizer states.
  in.sharding = ir::Sharding::none;
  const PlanResults plain = EvaluatePlan(in);
  in.schedule = ir::Schedule::one_f_one_b;
  CHECK(plain.memory.optimizer == Approx(2 * EvaluatePlan(in).memory.optimizer).epsilon(1e-4));
}

TEST_CASE("the slowest stage is ranked, and the simulators timed, with its all-to-alls",
          "[mtp][dualpipe]") {
  auto c = MtpSpec();
  PlanInputs in = PlanNamed(*c, "with_mtp");
  // The recipe's layout: a middle stage's 4 MoE layers move the step's all-to-alls.
  REQUIRE(in.schedule == ir::Schedule::one_f_one_b);
  const PlanResults r = EvaluatePlan(in);
  const double layer = r.messages.all_to_all_layer_time;
  REQUIRE(layer > 0);
  const int ep = static_cast<int>(Comm::kEp);
  CHECK(r.step.comm_total[ep] == Approx(double(r.micro_batches) * 4 * layer));
  // DualPipe on the even split: rank 0 runs stage 0 (3 dense layers and 1 MoE) and the last
  // stage (charged 4 MoE layers, the MTP layer and two head passes), 3 MoE layers on average,
  // and its compute outweighs the middle ranks' 4 MoE layers.
  in = PlanNamed(*c, "dualpipe_even");
  REQUIRE(in.schedule == ir::Schedule::dualpipe);
  REQUIRE(in.last_stage_layers == 0);
  const PlanResults d = EvaluatePlan(in);
  CHECK(d.messages.all_to_all_layer_time == Approx(layer));
  CHECK(d.step.comm_total[ep] == Approx(double(d.micro_batches) * 3 * layer));
  // The simulators take the per-layer time from analysis, not from that rank's total over the
  // most MoE layers of a stage (4 on a middle one: 3 / 4 of it; the simulators' last stage holds
  // the 1 layer left of 61 and the MTP layer).
  backends::Context ctx = testing::ContextOf(*c);
  uint32_t index = 0;
  for (uint32_t pi : ctx.plans)
    if (c->program.plans[pi].name == "dualpipe_even") index = pi;
  const backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, index);
  REQUIRE(s.Valid());
  REQUIRE(s.stages[1].moe_layers == 4);
  REQUIRE(s.stages.back().moe_layers == 2);
  CHECK(s.ep_layer == Approx(layer));
}

TEST_CASE("the outputs run the MTP module where Megatron-Core does", "[mtp][simai][calculon]") {
  auto c = MtpSpec();
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitSlurm(ctx, out);
  backends::EmitSimAi(ctx, out);
  backends::EmitCalculon(ctx, out);
  CHECK(SbatchFlag(out.Files().at("slurm/with_mtp.sbatch"), "--mtp-num-layers") == "1");
  CHECK(SbatchFlag(out.Files().at("slurm/dense_mtp.sbatch"), "--mtp-num-layers") == "2");
  CHECK(out.Files().at("slurm/without_mtp.sbatch").find("--mtp-num-layers") == std::string::npos);
  // The simulators' last stage: the model's 61st layer and the MTP layer after it, a MoE layer.
  uint32_t index = 0;
  for (uint32_t pi : ctx.plans)
    if (c->program.plans[pi].name == "with_mtp") index = pi;
  const backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, index);
  REQUIRE(s.Valid());
  const backends::sim::Stage& last = s.stages.back();
  CHECK(last.first_layer == 60);
  CHECK(last.layers == 2);
  CHECK(last.moe_layers == 2);
  CHECK(last.mtp_layers == 1);
  const double pace = s.r->step.pace;  // the simulators' ranks take the slowest GPU's times
  const HeadTimes head = HeadTime(*s.in, pace), module = MtpModuleTime(*s.in, pace);
  CHECK(s.head_fwd == Approx(head.fwd + module.fwd));
  CHECK(s.head_bwd == Approx(head.bwd + module.bwd));
  // SimAI writes the slowest stage; the dense plan's is its last (16 layers, the head and two
  // modules): its rows run layers 16-31 and the MTP layers 32 and 33, dense.
  std::set<std::string> names;
  std::istringstream rows(out.Files().at("simai/dense_mtp.txt"));
  for (std::string line; std::getline(rows, line);) names.insert(line.substr(0, line.find('\t')));
  CHECK(names.count("mlp_layer_31.0") == 1);
  CHECK(names.count("mlp_layer_32.0") == 1);
  CHECK(names.count("mlp_layer_33.0") == 1);
  CHECK(names.count("mlp_layer_34.0") == 0);
  CHECK(names.count("moe_experts_layer_32.0") == 0);
  // Calculon has no MTP module: model.json says so, and stays JSON.
  const std::string& model = out.Files().at("calculon/with_mtp/model.json");
  auto parsed = llvm::json::parse(model);
  if (!parsed) FAIL(llvm::toString(parsed.takeError()));
  CHECK(model.find("Calculon has no multi-token prediction") != std::string::npos);
  CHECK(out.Files().at("calculon/without_mtp/model.json").find("multi-token") == std::string::npos);
}

}  // namespace
}  // namespace clusterc::analysis
