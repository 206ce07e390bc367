// Selective recompute modules (`plan { recompute = selective; recompute_modules { ... } }`,
// Megatron-Core's --recompute-modules; docs/model.md "Selective recompute modules"). The specs
// are tests/lang/explain/recompute_modules.cl and tests/validation/tpu.cl.
#include <catch2/catch.hpp>
#include <string>

#include "analysis/layer_model.h"
#include "backends/emitters.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::ExplainSpec;
using testing::PlanNamed;
using testing::SbatchFlag;
using testing::ValidationSpec;

TEST_CASE("selective recompute without modules is the attention core alone", "[recompute]") {
  auto c = ExplainSpec("recompute_modules.cl");
  PlanInputs in = PlanNamed(*c, "attention");
  REQUIRE(in.recompute == ir::Recompute::selective);
  CHECK(Replayed(in) == kRecomputeCoreAttention);
  // Against `keep` (no recompute): the fused kernel keeps no scores, so nothing is freed, and
  // each of the 32 layers replays its attention forward once a micro-batch, at the pace of the
  // plan's slowest GPU (docs/model-scale.md).
  PlanInputs keep = PlanNamed(*c, "keep");
  REQUIRE(keep.recompute == ir::Recompute::none);
  const PlanResults r = EvaluatePlan(in), r0 = EvaluatePlan(keep);
  CHECK(r.memory.activations == Approx(r0.memory.activations));
  CHECK(r0.step.recompute == 0);
  CHECK(r.step.recompute == Approx(32.0 * double(r.micro_batches) * r.step.pace *
                                   LayerTime(in, Attention(in), false).attn_fwd));
  // The modules are read only under `selective`: search may switch the mode and keep them.
  PlanInputs full = PlanNamed(*c, "minimal");
  full.recompute = ir::Recompute::full;
  CHECK(Replayed(full) == 0);
  CHECK(LayerTime(full, Attention(full), false).recompute ==
        Approx(LayerTime(full, Attention(full), false).fwd));
}

TEST_CASE("each module frees the tensors it replays, per Korthikanti's per-tensor count",
          "[recompute]") {
  // Llama 3 8B, 8,192 tokens, tp 1, BF16: sbh = 8,192 x 4,096 elements, sb ffn = 8,192 x 14,336.
  auto c = ExplainSpec("recompute_modules.cl");
  PlanInputs in = PlanNamed(*c, "keep");
  REQUIRE(in.hidden == 4096);
  REQUIRE(in.ffn == 14336);
  REQUIRE(in.seq_len == 8192);
  const double sbh = 8192.0 * 4096, sbf = 8192.0 * 14336;
  const double none = LayerActivationBytes(in, false);
  in.recompute = ir::Recompute::selective;
  auto freed = [&](uint8_t modules) {
    PlanInputs m = in;
    m.selective_modules = modules;
    return none - LayerActivationBytes(m, false);
  };
  // Fused attention keeps no scores: replaying it frees nothing (Megatron-Bridge's docs: "Flash
  // Attention through Transformer Engine already recovers memory").
  CHECK(freed(kRecomputeCoreAttention) == 0);
  // The norms' outputs, the QKV and MLP linears' 16-bit inputs: 2 x 2 sbh.
  CHECK(freed(kRecomputeNorms) == Approx(4 * sbh));
  // SwiGLU's product, the down projection's input: 2 sb ffn.
  CHECK(freed(kRecomputeMlpActivation) == Approx(2 * sbf));
  // The whole MLP: gate and up outputs and the product, 6 sb ffn.
  CHECK(freed(kRecomputeMlp) == Approx(6 * sbf));
  // Modules add up.
  CHECK(freed(kRecomputeNorms | kRecomputeMlpActivation) == Approx(4 * sbh + 2 * sbf));
  // Without fused attention the core's scores go too (Korthikanti et al. 2022 table 2's 5as/h).
  in.flash_attention = false;
  in.dropout = true;
  in.selective_modules = 0;
  const double unfused = LayerActivationBytes(in, false);
  PlanInputs sel = in;
  sel.selective_modules = kRecomputeCoreAttention;
  CHECK(unfused - LayerActivationBytes(sel, false) == Approx(5.0 * 32 * 8192 * 8192));
}

TEST_CASE("each module replays its own forward work", "[recompute]") {
  auto c = ExplainSpec("recompute_modules.cl");
  PlanInputs in = PlanNamed(*c, "keep");
  in.recompute = ir::Recompute::selective;
  const AttentionDims a = Attention(in);
  auto replay = [&](uint8_t modules) {
    PlanInputs m = in;
    m.selective_modules = modules;
    return LayerTime(m, a, false).recompute;
  };
  const LayerTimes lt = LayerTime(in, a, false);
  const double M = 8192, h = 4096, f = 14336;
  // The attention core's forward, fused or not (attention.py, _checkpointed_attention_forward).
  CHECK(replay(kRecomputeCoreAttention) == Approx(lt.attn_fwd));
  // Two norms, each ~3 passes over its 16-bit input (H100-MEASURED.md), as two kernels.
  CHECK(replay(kRecomputeNorms) ==
        Approx(MemoryBoundTime(in, 2 * 3 * 2 * M * h) + in.gemm_overhead));
  // SwiGLU reads gate and up and writes the product: 3 x 2 bytes per ffn element.
  CHECK(replay(kRecomputeMlpActivation) == Approx(MemoryBoundTime(in, 3 * 2 * M * f)));
  // The whole MLP: its two GEMMs and the activation.
  CHECK(replay(kRecomputeMlp) == Approx(GemmTime(in, M, 2 * f, h) + GemmTime(in, M, h, f) +
                                        MemoryBoundTime(in, 3 * 2 * M * f)));
  const uint8_t all = kRecomputeCoreAttention | kRecomputeNorms | kRecomputeMlpActivation;
  CHECK(replay(all) == Approx(replay(kRecomputeCoreAttention) + replay(kRecomputeNorms) +
                              replay(kRecomputeMlpActivation)));
  // Less than the whole forward that full recompute replays.
  CHECK(replay(all | kRecomputeMlp) < lt.fwd);
  // A MoE module on a dense layer, MLA's on a GQA model: nothing.
  CHECK(replay(kRecomputeMoeActivation | kRecomputeMlaUpProjection) == 0);
}

TEST_CASE("MLA's up-projection recompute: DeepSeek-V3's Q, K and V freed, its GEMMs counted",
          "[recompute]") {
  auto c = ExplainSpec("recompute_modules.cl");
  PlanInputs in = PlanNamed(*c, "dsv3");
  REQUIRE(in.mla);
  REQUIRE(Replayed(in) == kRecomputeMlaUpProjection);
  // DeepSeek-V3 (arXiv 2412.19437 section 4.2): 128 heads of 128 + 64 rotary for Q and K, 128 for
  // V; q_rank 1,536, kv_rank 512.
  REQUIRE(in.heads == 128);
  REQUIRE(in.q_rank == 1536);
  REQUIRE(in.kv_rank == 512);
  const double sb = 4096;  // micro-batch 1, tp 1
  PlanInputs kept = in;
  kept.recompute = ir::Recompute::none;
  CHECK(LayerActivationBytes(kept, true) - LayerActivationBytes(in, true) ==
        Approx(2 * sb * 128 * (192 + 192 + 128)));
  // Hardware FLOPs: one more pass of q_up (1,536 -> 128 x 192) and kv_up (512 -> 128 x 256) a
  // layer, 2 x 128 x (1,536 x 192 + 512 x 256) = 109.1 MFLOP a token, over 61 layers and the MTP
  // module's layer.
  REQUIRE(in.mtp_layers == 1);
  const PlanResults r = EvaluatePlan(in);
  CHECK(r.flops.hardware_per_token - r.flops.model_per_token ==
        Approx(62 * 2 * 128 * (1536.0 * 192 + 512.0 * 256)));
  CHECK(LayerTime(in, Attention(in), true).recompute > 0);
}

TEST_CASE("MaxText's minimal policy fits the v5p HBM it ran in, Megatron's default does not",
          "[recompute]") {
  // MaxText 76bd53b0f, configs/v5p/128b.sh: remat_policy=minimal on 128 chips, 315 TFLOP/s a
  // chip (README): the run fit in 95 GiB of HBM. As Megatron's default selective recompute
  // clusterc counted 136 GiB; with the policy's modules, 94 GiB.
  auto c = ValidationSpec("tpu.cl");
  PlanInputs in = PlanNamed(*c, "mx_v5p_128b_128");
  REQUIRE(Replayed(in) == (kRecomputeCoreAttention | kRecomputeNorms | kRecomputeMlpActivation));
  CHECK(EvaluatePlan(in).memory.Total() < in.hbm);
  PlanInputs megatron = in;
  megatron.selective_modules = kRecomputeCoreAttention;
  CHECK(EvaluatePlan(megatron).memory.Total() > 1.3 * in.hbm);
}

TEST_CASE("Megatron-LM takes the modules as --recompute-modules, in its own names",
          "[recompute][slurm]") {
  auto c = ExplainSpec("recompute_modules.cl");
  const backends::OutputTree out = testing::Lower(*c, backends::EmitSlurm);
  const auto& files = out.Files();
  // The default needs no flag: Megatron-Core's own default is core_attn.
  CHECK(SbatchFlag(files.at("slurm/one/attention.sbatch"), "--recompute-granularity") ==
        "selective");
  CHECK(SbatchFlag(files.at("slurm/one/attention.sbatch"), "--recompute-modules").empty());
  CHECK(SbatchFlag(files.at("slurm/b256/dsv3.sbatch"), "--recompute-modules") == "mla_up_proj");
  CHECK(SbatchFlag(files.at("slurm/one/mlp.sbatch"), "--recompute-modules") == "mlp");
  // A dense MLP's activation has no Megatron module: the script says so.
  const std::string& minimal = files.at("slurm/one/minimal.sbatch");
  CHECK(SbatchFlag(minimal, "--recompute-modules") == "core_attn layernorm");
  CHECK(minimal.find("Megatron-Core has no recompute module for") != std::string::npos);
  // Nothing Megatron-Core has left to name: no selective flags at all (--recompute-modules takes
  // one name at least), and the script says so.
  auto dense = ExplainSpec("recompute_modules.cl");
  for (auto& in : dense->results.plan_inputs)
    if (in.recompute == ir::Recompute::selective && !in.moe)
      in.selective_modules = kRecomputeMoeActivation;
  const backends::OutputTree none_out = testing::Lower(*dense, backends::EmitSlurm);
  const std::string& none = none_out.Files().at("slurm/one/attention.sbatch");
  CHECK(SbatchFlag(none, "--recompute-granularity").empty());
  CHECK(none.find("names no module Megatron-Core has") != std::string::npos);
}

TEST_CASE("the script names only modules the model has, which Megatron-Core would refuse else",
          "[recompute][slurm]") {
  // tests/lang/analysis/plan_recompute_modules.cl: `dense_moe` names core_attention,
  // moe_activation and mla_up_projection for Llama 3 8B, and inherits `full`'s norms (a block
  // written in a plan that extends another adds to it); Megatron-Core raises on mla_up_proj
  // without MLA and on moe_act without grouped GEMMs (transformer_config.py): they are left out.
  auto c = testing::CompileSpec(std::filesystem::path(CLUSTERC_SOURCE_DIR) / "tests" / "lang" /
                                "analysis" / "plan_recompute_modules.cl");
  const backends::OutputTree out = testing::Lower(*c, backends::EmitSlurm);
  const std::string& dense = out.Files().at("slurm/dense_moe.sbatch");
  CHECK(SbatchFlag(dense, "--recompute-granularity") == "selective");
  CHECK(SbatchFlag(dense, "--recompute-modules") == "core_attn layernorm");
  const std::string& fine = out.Files().at("slurm/fine.sbatch");
  CHECK(SbatchFlag(fine, "--recompute-modules") == "layernorm mlp moe_act mla_up_proj");
  CHECK(SbatchFlag(out.Files().at("slurm/full.sbatch"), "--recompute-granularity") == "full");
}

}  // namespace
}  // namespace clusterc::analysis
