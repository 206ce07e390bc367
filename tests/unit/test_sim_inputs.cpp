// The simulator inputs simulate the job clusterc analysed (issue: SimAI crashed and simulated
// 1/GA of a step on stage 0, ASTRA-sim dropped EP and CP traffic, Calculon got other models).
// For every example and the specs under tests/sim: SimAI repeats each layer per micro-batch,
// represents the slowest stage, carries every collective with analysis::MessageSizes' bytes and
// the ZeRO all-gathers; Calculon's feedforward holds the active MLP parameters, its recompute
// setting means clusterc's attention, its vector rate is the 16-bit one.
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/collective_rates.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using namespace clusterc;

namespace {

std::vector<fs::path> Specs() {
  std::vector<fs::path> specs = testing::Examples();
  for (const char* f :
       {"dense_64.cl", "moe_256.cl", "uneven_64.cl", "mla_tp_64.cl", "fp8_tp_64.cl"})
    specs.push_back(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" / f);
  // ZeRO-3 and FSDP reducing fp32 gradients while gathering 16-bit parameters.
  specs.push_back(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "lang" / "explain" / "fp32_params.cl");
  // FP8 weights gathered in 1 byte under ZeRO-1 and Megatron-FSDP, in 2 without.
  specs.push_back(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "lang" / "explain" /
                  "fp8_param_gather.cl");
  return specs;
}

// One spec's Calculon and SimAI inputs, and what lowering them reported (sim.not-represented),
// one message a line.
struct SimEmission {
  explicit SimEmission(const fs::path& file)
      : spec(testing::CompileSpec(file)), ctx(testing::ContextOf(*spec)) {
    ctx.sink = &notes;
    backends::EmitCalculon(ctx, out);
    backends::EmitSimAi(ctx, out);
    for (const auto& d : notes.All()) reported += d.message + "\n";
  }
  std::unique_ptr<testing::Compiled> spec;
  backends::Context ctx;
  DiagnosticList notes;
  backends::OutputTree out;
  std::string reported;
};

struct SimAiRow {
  std::string name;
  std::string comm[3];
  long long bytes[3] = {0, 0, 0};
};

std::vector<SimAiRow> Rows(const std::string& txt, std::map<std::string, std::string>& header) {
  std::istringstream is(txt);
  std::string line;
  std::getline(is, line);
  std::istringstream hs(line);
  std::vector<std::string> tok;
  for (std::string t; hs >> t;) tok.push_back(t);
  for (size_t i = 1; i + 1 < tok.size(); i += 2) header[tok[i]] = tok[i + 1];
  std::getline(is, line);
  std::vector<SimAiRow> rows;
  while (std::getline(is, line)) {
    std::vector<std::string> col;
    std::istringstream ls(line);
    for (std::string c; std::getline(ls, c, '\t');) col.push_back(c);
    REQUIRE(col.size() == 12);
    SimAiRow r;
    r.name = col[0];
    for (int k = 0; k < 3; ++k) {
      r.comm[k] = col[3 + 3 * k];
      r.bytes[k] = std::stoll(col[4 + 3 * k]);
    }
    rows.push_back(r);
  }
  return rows;
}

}  // namespace

TEST_CASE("SimAI workloads carry the whole step of the slowest stage", "[simai][sim]") {
  for (const fs::path& file : Specs()) {
    INFO(file.filename().string());
    auto c = testing::CompileSpec(file);
    backends::Context ctx = testing::ContextOf(*c);
    backends::OutputTree out;
    backends::EmitSimAi(ctx, out);
    for (uint32_t pi : ctx.plans) {
      const auto& r = c->results.plans[pi];
      if (!r.valid) continue;
      const ir::Plan& plan = c->program.plans[pi];
      INFO(plan.name);
      backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, pi);
      const auto& in = c->results.plan_inputs[pi];
      std::map<std::string, std::string> header;
      auto rows = Rows(out.Files().at("simai/" + plan.name + ".txt"), header);
      const std::string sh = out.Files().at("simai/" + plan.name + ".sh");

      // The slowest stage: the most compute and expert all-to-all per micro-batch; the script
      // names it.
      int64_t stage = s.slowest_stage;
      const auto& st = s.stages[stage];
      for (int64_t i = 0; i < s.pp; ++i)
        CHECK(backends::sim::StageMicroBatchTime(s, i) <=
              backends::sim::StageMicroBatchTime(s, stage));
      CHECK(sh.find(fmt::format("pipeline stage {} of {}", stage, s.pp)) != std::string::npos);

      // Every micro-batch's layers are written out.
      const int64_t m = r.micro_batches;
      CHECK(header["ga:"] == std::to_string(m));
      std::map<std::string, int64_t> attention_per_mb;
      for (const auto& row : rows)
        if (row.name.rfind("attention_layer_", 0) == 0)
          ++attention_per_mb[row.name.substr(row.name.find('.') + 1)];
      CHECK(int64_t(attention_per_mb.size()) == m);
      for (const auto& [mb, n] : attention_per_mb) CHECK(n == st.layers);

      // Tensor-parallel all-reduces (forward and input gradient) of the activation bytes; under
      // MLA the attention's of the latents its up-projections gather, with sequence parallelism
      // paired with the output's reduce-scatter or gather (MessageSizes::attention_input), the
      // gather half moving the quantized copy under FP8 or NVFP4 (tp_gather_scale).
      int64_t tp_rows = 0, a2a = 0;
      const double act = r.messages.activation, latents = r.messages.attention_input;
      const bool sp = in.sequence_parallel;
      const double q = sp ? r.messages.tp_gather_scale : 1;
      for (const auto& row : rows) {
        if (row.comm[0] == "ALLREDUCE") {
          ++tp_rows;
          const bool attention = row.name.rfind("attention_layer_", 0) == 0;
          const bool embedding = row.name == "embedding_layer";
          // A MoE layer's row carries the routed experts' pair, what the dispatcher gathers
          // over tp (MessageSizes::expert_activation), and the shared experts', an MLP over tp.
          const bool moe_row = row.name.rfind("moe_experts_layer_", 0) == 0;
          const double width =
              moe_row ? r.messages.expert_activation / act + (in.shared_experts > 0 ? 1 : 0) : 1;
          const double pair = (embedding || !sp ? act : act * (1 + q) / 2) * width;
          CHECK(row.bytes[0] == std::llround(attention && sp ? (q * latents + act) / 2 : pair));
          if (attention)
            CHECK(row.bytes[1] == std::llround(sp ? (latents + q * act) / 2 : latents));
          else if (!embedding)
            CHECK(row.bytes[1] == std::llround(pair));
          // The vocabulary-parallel embedding has no all-reduce in backward.
          CHECK(row.comm[1] == (row.name == "embedding_layer" ? "NONE" : "ALLREDUCE"));
        }
        if (row.comm[0] == "ALLTOALL_EP") {
          ++a2a;
          // SimAI puts (n - l)/n of a row on the NIC; with group-limited routing the row is
          // sized so that this is what leaves the domain (MessageSizes::all_to_all_leaving).
          const double n = double(in.ep);
          const double l = double(std::min<int64_t>(
              in.ep, std::max<int64_t>(1, in.scale_up_domain / std::max<int64_t>(1, in.tp))));
          const double expected = r.messages.all_to_all_leaving > 0
                                      ? r.messages.all_to_all_leaving * n / (n - l)
                                      : r.messages.all_to_all;
          CHECK(row.bytes[0] == std::llround(expected));
          CHECK(row.comm[1] == "ALLTOALL_EP");
        }
      }
      if (in.tp > 1) CHECK(tp_rows == m * (2 * st.layers + (stage == 0 ? 1 : 0)));
      CHECK(a2a == (in.moe && in.ep > 1 ? 2 * m * st.moe_layers : 0));
      if (in.pp > 1) CHECK(header["pp_comm:"] == std::to_string(std::llround(r.messages.pipeline)));

      // Data parallel: ZeRO's parameter all-gather is there, bytes from the stage's parameters:
      // gradients in the reduction's type, parameters in the type they are computed with, FP8
      // weights (`fp8_param_gather` under per-tensor scaling) in 1 byte, NVFP4 weights
      // (`fp4_param_gather`, ZeRO-1/2) in 0.5625.
      std::map<std::string, std::vector<long long>> dp;
      for (const auto& row : rows)
        if (row.comm[2] != "NONE") dp[row.comm[2]].push_back(row.bytes[2]);
      const long long dense = std::llround(st.dense_params * r.messages.gradient_bytes_per_param);
      const double pb = r.messages.parameter_bytes_per_param;
      const long long gathered =
          std::llround(in.linear_gather_bytes > 0 ? (st.dense_params - st.dense_linear) * pb +
                                                        st.dense_linear * in.linear_gather_bytes
                                                  : st.dense_params * pb);
      const int64_t dense_ranks = in.dp * in.cp;
      if (dense_ranks > 1) {
        switch (in.sharding) {
          case ir::Sharding::none:
            CHECK(dp["ALLREDUCE"] == std::vector<long long>{dense});
            break;
          case ir::Sharding::zero1:
          case ir::Sharding::zero2:
            CHECK(dp["REDUCESCATTER"] == std::vector<long long>{dense});
            CHECK(dp["ALLGATHER"] == std::vector<long long>{gathered});
            break;
          default:
            CHECK(dp["REDUCESCATTER"] == std::vector<long long>(size_t(m), dense));
            CHECK(dp["ALLGATHER"] == std::vector<long long>(size_t(2 * m), gathered));
        }
      }
      if (in.moe && st.moe_layers > 0 && dense_ranks / in.ep > 1) {
        const long long expert =
            std::llround(st.expert_params * r.messages.gradient_bytes_per_param);
        const std::string op =
            in.sharding == ir::Sharding::none ? "ALLREDUCE_DP_EP" : "REDUCESCATTER_DP_EP";
        REQUIRE(dp[op].size() >= 1);
        CHECK(dp[op][0] == expert);
        if (in.sharding != ir::Sharding::none) CHECK(dp.count("ALLGATHER_DP_EP"));
      }
      // The script runs SimAI from its root with a result name (SimAI divides by zero without).
      CHECK(sh.find("cd \"$SIMAI_ROOT\"") != std::string::npos);
      CHECK(sh.find(" -r ") != std::string::npos);

      // The scale-up domain is SimAI's server whenever a node has more than one GPU: -g_p_s its
      // GPUs, -nv analysis' per-GPU scale-up bandwidth at its achieved bus-bandwidth fraction
      // (GB/s of 10^9; SimAI reads it as a bus bandwidth).
      std::map<std::string, std::string> flags;
      {
        std::istringstream es(sh.substr(sh.find("exec ./bin/SimAI_analytical")));
        std::vector<std::string> tok;
        for (std::string t; es >> t;) tok.push_back(t);
        for (size_t i = 2; i + 1 < tok.size(); i += 2) flags[tok[i]] = tok[i + 1];
      }
      const auto& cl = c->results.plan_clusters[pi];
      if (cl.gpus_per_node > 1) {
        CHECK(std::stoll(flags["-g_p_s"]) == cl.scale_up_domain);
        CHECK(std::stoll(flags["-g_p_s"]) > 1);
        CHECK(std::stod(flags["-nv"]) ==
              Approx(cl.scale_up_bandwidth_per_gpu *
                     c->results.plan_inputs[pi].scale_up_efficiency / 1e9));
        CHECK(std::stod(flags["-nv"]) > 0);
      }
    }
  }
}

TEST_CASE("SimAI on an ICI torus gives data parallelism the achieved ICI bandwidth",
          "[simai][sim]") {
  auto c = testing::CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "tpu_v5p_pod.cl");
  backends::Context ctx = testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitSimAi(ctx, out);
  for (uint32_t pi : ctx.plans) {
    const std::string sh = out.Files().at("simai/" + c->program.plans[pi].name + ".sh");
    const auto& in = c->results.plan_inputs[pi];
    double ici = analysis::AchievedBandwidth(in, c->results.plans[pi].gpus) / 1e9;
    CHECK(ici >= 100 * in.scale_out_efficiency);  // ICI (100 GB/s a link), not the 6.25 GB/s DCN
    CHECK(ici == Approx(analysis::GroupBandwidth(in, c->results.plans[pi].gpus) *
                        analysis::BusEfficiency(in, c->results.plans[pi].gpus) / 1e9));
    CHECK(sh.find(fmt::format(" -nic {} ", backends::sim::Num(ici))) != std::string::npos);
  }
}

TEST_CASE("Calculon gets the model clusterc analysed", "[calculon][sim]") {
  for (const fs::path& file : Specs()) {
    INFO(file.filename().string());
    auto c = testing::CompileSpec(file);
    backends::Context ctx = testing::ContextOf(*c);
    backends::OutputTree out;
    backends::EmitCalculon(ctx, out);
    for (uint32_t pi : ctx.plans) {
      const auto& r = c->results.plans[pi];
      if (!r.valid) continue;
      const ir::Plan& plan = c->program.plans[pi];
      INFO(plan.name);
      const auto& in = c->results.plan_inputs[pi];
      const std::string dir = "calculon/" + plan.name + "/";
      YAML::Node m = YAML::Load(out.Files().at(dir + "model.json"));
      YAML::Node x = YAML::Load(out.Files().at(dir + "execution.json"));
      YAML::Node sys = YAML::Load(out.Files().at(dir + "system.json"));
      // Calculon's MLP is 2 h x feedforward: the layers' mean active MLP parameters.
      const auto& pc = r.params;
      double nd = in.moe ? double(std::min(in.layers, in.dense_layers)) : double(in.layers);
      double active =
          (nd * pc.dense_mlp +
           (double(in.layers) - nd) * (double(in.top_k) * pc.expert + pc.shared + pc.router)) /
          double(in.layers);
      double ffn = m["feedforward"].as<double>();
      CHECK(2 * double(in.hidden) * ffn == Approx(active).epsilon(double(in.tp) / ffn + 1e-9));
      if (!in.moe && in.swiglu) CHECK(ffn == 1.5 * double(in.ffn));
      // Notes in the file for what Calculon cannot represent.
      std::string notes;
      for (const auto& n : m["clusterc_notes"]) notes += n.as<std::string>() + "\n";
      CHECK((notes.find("no mixture of experts") != std::string::npos) == in.moe);
      CHECK((notes.find("no context parallelism") != std::string::npos) == (in.cp > 1));
      // Fused attention keeps no score matrices: never Calculon's "none" then.
      std::string rc = x["activation_recompute"].as<std::string>();
      if (in.recompute == ir::Recompute::full)
        CHECK(rc == "full");
      else
        CHECK(rc == (in.flash_attention || in.recompute == ir::Recompute::selective ? "attn_only"
                                                                                    : "none"));
      // The 16-bit vector rate: 2 x FP32.
      const auto& nodes = c->program.Get(plan.cluster).nodes;  // the plan's node group
      const int32_t group = c->results.plan_groups[pi].group;
      const ir::Gpu& gpu = c->program.Get(
          c->program.Get(nodes.Group(group < 0 ? 0 : static_cast<size_t>(group)).ref).gpus.ref);
      std::string dt = x["datatype"].as<std::string>();
      if (gpu.fp32_flops.si > 0)
        CHECK(sys["vector"][dt]["tflops"].as<double>() == Approx(2 * gpu.fp32_flops.si / 1e12));
    }
  }
}

TEST_CASE("sim.not-represented names what Calculon and SimAI leave out", "[sim]") {
  auto c = testing::CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" / "moe_256.cl");
  backends::Context ctx = testing::ContextOf(*c);
  DiagnosticList notes;
  ctx.sink = &notes;
  backends::OutputTree out;
  backends::EmitCalculon(ctx, out);
  backends::EmitSimAi(ctx, out);
  backends::EmitAstraSim(ctx, out);
  std::string all;
  for (const auto& d : notes.All()) {
    CHECK(d.code == DiagCode::SimNotRepresented);
    all += d.message + "\n";
  }
  CHECK(all.find("calculon/moe256: Calculon has no mixture of experts") != std::string::npos);
  CHECK(all.find("calculon/moe256: Calculon has no context parallelism") != std::string::npos);
  CHECK(all.find("simai/moe256: SimAI has no context-parallel group") != std::string::npos);
  CHECK(all.find("astra-sim/") == std::string::npos);  // the slice keeps every group
}

// Stage layout: analysis::StageLayers (first_stage_layers/last_stage_layers, else Megatron-LM's
// split), summing to the model's layers.
TEST_CASE("Simulator stages follow analysis' layer split", "[sim]") {
  analysis::PlanInputs in;
  auto counts = [&](int64_t layers, int64_t pp, int64_t vpp, int64_t first, int64_t last) {
    in.layers = layers;
    in.pp = pp;
    in.vpp = vpp;
    in.first_stage_layers = first;
    in.last_stage_layers = last;
    return backends::sim::StageLayerCounts(in);
  };
  using V = std::vector<int64_t>;
  CHECK(counts(32, 4, 1, 7, 7) == V{7, 9, 9, 7});
  CHECK(counts(30, 4, 1, 5, 4) == V{5, 11, 10, 4});  // analysis charges the middle ceil(21/2)
  CHECK(counts(30, 4, 1, 6, 0) == V{6, 8, 8, 8});
  CHECK(counts(32, 4, 2, 0, 0) == V{8, 8, 8, 8});
  V llama405 = counts(126, 16, 1, 0, 0);  // Megatron: the embedding and loss take a slot each
  CHECK(llama405.front() == 7);
  CHECK(llama405.back() == 7);
  CHECK(std::count(llama405.begin(), llama405.end(), 8) == 14);
  V deepseek = counts(61, 16, 1, 0, 0);  // no even split: stages in order, the last one short
  CHECK(std::count(deepseek.begin(), deepseek.end(), 4) == 15);
  CHECK(deepseek.back() == 1);
  for (int64_t i = 0; i < 4; ++i) {
    in.layers = 32;
    in.pp = 4;
    in.first_stage_layers = 7;
    in.last_stage_layers = 7;
    CHECK(counts(32, 4, 1, 7, 7)[size_t(i)] == analysis::StageLayers(in, i));
  }
}

// The per-layer times are analysis' own: the slowest stage's compute over m micro-batches is
// the step's compute, and the plan's uneven stages are the stages written.
TEST_CASE("Simulator stages carry analysis' per-layer compute", "[sim]") {
  for (const fs::path& file : Specs()) {
    INFO(file.filename().string());
    auto c = testing::CompileSpec(file);
    backends::Context ctx = testing::ContextOf(*c);
    for (uint32_t pi : ctx.plans) {
      const auto& r = c->results.plans[pi];
      if (!r.valid) continue;
      INFO(c->program.plans[pi].name);
      backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, pi);
      const auto& in = c->results.plan_inputs[pi];
      int64_t total = 0;
      bool as_analysis = true;  // the stages hold what analysis charges them
      for (int64_t i = 0; i < s.pp; ++i) {
        total += s.stages[size_t(i)].layers;
        as_analysis &= s.stages[size_t(i)].layers - s.stages[size_t(i)].mtp_layers ==
                       analysis::StageLayers(in, i);
        CHECK(s.stages[size_t(i)].first_layer ==
              (i == 0 ? 0 : s.stages[size_t(i - 1)].first_layer + s.stages[size_t(i - 1)].layers));
      }
      // The model's layers, and the MTP layers after them on the last stage.
      CHECK(total == in.layers + in.mtp_layers);
      CHECK(s.stages.back().mtp_layers == in.mtp_layers);
      // DualPipe's ranks run two stages each in analysis (and in ASTRA-sim's traces since round
      // 56); SimAI and Calculon write 1F1B and say so.
      if (!as_analysis || in.schedule == ir::Schedule::dualpipe) continue;
      double worst = 0;
      for (int64_t i = 0; i < s.pp; ++i) {
        const auto& st = s.stages[size_t(i)];
        double t = double(st.layers - st.moe_layers) * (s.dense.fwd + s.dense.bwd) +
                   double(st.moe_layers) * (s.moe.fwd + s.moe.bwd) +
                   (i == s.pp - 1 ? s.head_fwd + s.head_bwd : 0);
        worst = std::max(worst, t);
      }
      CHECK(worst * double(r.micro_batches) == Approx(r.step.compute).epsilon(1e-9));
    }
  }
  auto c = testing::CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" / "uneven_64.cl");
  backends::Context ctx = testing::ContextOf(*c);
  backends::sim::PlanShape s = backends::sim::MakePlanShape(ctx, 0);
  REQUIRE(s.pp == 4);
  CHECK(s.stages[0].layers == 7);
  CHECK(s.stages[1].layers == 9);
  CHECK(s.stages[1].first_layer == 7);
  CHECK(s.stages[3].layers == 7);
  // 7 layers and Llama 3 8B's LM head (128,256 x 4,096 parameters, 2.4 layers' worth) outweigh
  // the middle stages' 9 layers.
  CHECK(s.slowest_stage == 3);
  CHECK(backends::sim::StageMicroBatchTime(s, 3) > backends::sim::StageMicroBatchTime(s, 2));
  CHECK(backends::sim::StageMicroBatchTime(s, 1) > backends::sim::StageMicroBatchTime(s, 0));
}

// Where a simulator cannot express a plan field, its file and the terminal say so; where it can,
// the file carries it (Calculon's tensor_par_overlap and data_par_overlap).
TEST_CASE("Plan fields the simulators cannot express are named", "[sim]") {
  const SimEmission e(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" / "uneven_64.cl");
  const std::string& all = e.reported;
  const backends::OutputTree& out = e.out;
  CHECK(all.find("calculon/uneven64: Calculon has no zero_bubble schedule") != std::string::npos);
  CHECK(all.find("calculon/uneven64: Calculon has no uneven pipeline stages") != std::string::npos);
  CHECK(all.find("simai/uneven64: SimAI has no zero_bubble schedule") != std::string::npos);
  CHECK(all.find("simai/uneven64: SimAI's analytical mode adds communication to compute: "
                 "tp_comm_overlap") != std::string::npos);
  const std::string exe = out.Files().at("calculon/uneven64/execution.json");
  CHECK(exe.find("\"tensor_par_overlap\": \"ring\"") != std::string::npos);
  CHECK(exe.find("\"data_par_overlap\": false") != std::string::npos);
  const std::string sh = out.Files().at("simai/uneven64.sh");
  CHECK(sh.find("# Not represented: SimAI has no zero_bubble schedule") != std::string::npos);
  CHECK(sh.find("pipeline stage 3 of 4 (the slowest: 7 layers") != std::string::npos);
}

// Calculon keeps the s x s attention scores of the block it computes (Llama 3 405B at 8,192
// tokens, tp 8, bf16: 10 GiB), which fused attention never holds, and rejected meta_24k's plans
// on them ("Mem tier1 needs 74.805 GiB but only has 74.506 GiB", when the H100 had 80e9 bytes).
// mem1's capacity carries exactly those bytes, and where they decide the verdict the build says
// so: not for meta_24k's plan (68.8 GiB of 79.6), but at 16,384 tokens (40 GiB of scores).
TEST_CASE("The Calculon input names the attention-score memory it adds to the capacity", "[sim]") {
  const SimEmission e(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "meta_24k.cl");
  const backends::OutputTree& out = e.out;
  CHECK(out.Files().at("calculon/llama3_405b_pretrain/model.json").find("holds 10 GiB") !=
        std::string::npos);
  const std::string sys = out.Files().at("calculon/llama3_405b_pretrain/system.json");
  CHECK(sys.find("\"GiB\": 89.6474609375") != std::string::npos);  // 81,559 MiB + 10 GiB
  CHECK(sys.find("HBM 79.647 GiB + 10 GiB of attention-score tensors") != std::string::npos);
  CHECK(e.reported.find("Calculon has no fused attention") == std::string::npos);
  {
    const fs::path dir = testing::ScratchDir("calculon_scores");
    const fs::path spec = dir / "long.cl";
    {
      std::ofstream o(spec);
      o << testing::Slurp((fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "meta_24k.cl").string())
        << "\nplan long_16k extends llama3_405b_pretrain { batch { seq_len = 16_384; global = "
           "1_024 } }\n";
    }
    const SimEmission l(spec);
    // (4 x 2 + 2) x 128 heads / 8 x 16384^2 bytes = 40 GiB exactly.
    CHECK(l.reported.find("calculon/long_16k: Calculon has no fused attention: it holds the s x s "
                          "attention scores of one block and their gradients (40 GiB per GPU)") !=
          std::string::npos);
    CHECK(l.reported.find("system.json gives mem1 119.6 GiB (HBM plus the scores)") !=
          std::string::npos);
  }

  // An FP8 plan is written as bfloat16 at the FP8 matrix rate (Transformer Engine keeps its
  // tensors in 16 bits), so its score tensors are the 16-bit 10 a s^2 b / t, not float8's
  // (4 + 2) a s^2 b / t.
  auto g = testing::CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "gb200_nvl72.cl");
  backends::Context gctx = testing::ContextOf(*g);
  backends::OutputTree gout;
  backends::EmitCalculon(gctx, gout);
  const std::string model = gout.Files().at("calculon/llama3_70b_third/model.json");
  const std::string exe = gout.Files().at("calculon/llama3_70b_third/execution.json");
  const YAML::Node gsys = YAML::Load(gout.Files().at("calculon/llama3_70b_third/system.json"));
  REQUIRE(exe.find("\"datatype\": \"bfloat16\"") != std::string::npos);
  CHECK(gsys["matrix"]["bfloat16"]["tflops"].as<double>() == Approx(5000));  // GB200's FP8 rate
  INFO(model);
  CHECK(model.find("holds 10 GiB") != std::string::npos);  // 10 x 64 / 4 x 8192^2 B
  CHECK(model.find("FP8 is written as bfloat16 at the FP8 matrix rate") != std::string::npos);
  // Its FP8 weights live alone and are gathered in 1 byte (ZeRO-1, `fp8_param_gather` by default).
  CHECK(model.find("gathers them in 1 byte (fp8_param_gather), which Calculon's bfloat16 "
                   "gathers in 2") != std::string::npos);

  // fp32 gradient reduction: Calculon moves its datatype's 2 bytes a parameter.
  auto f = testing::ExplainSpec("fp32_params.cl");
  backends::Context fctx = testing::ContextOf(*f);
  backends::OutputTree fout;
  backends::EmitCalculon(fctx, fout);
  CHECK(fout.Files().at("calculon/zero3/model.json").find("reduces them in fp32") !=
        std::string::npos);
  CHECK(model.find("reduces them in fp32") == std::string::npos);
  // Calculon builds the transformer blocks only: the LM head is named with its share.
  CHECK(model.find("Calculon has no output layer: the LM head and its loss (vocabulary 128256: ") !=
        std::string::npos);
  // ZeRO-3 is written as optimizer sharding; zero1 needs no note.
  CHECK(fout.Files().at("calculon/zero3/model.json").find("no parameter sharding: zero3") !=
        std::string::npos);
  CHECK(model.find("no parameter sharding") == std::string::npos);
}

// Megatron-LM's asynchronous tensor-parallel all-reduce runs the backward's collectives beside the
// gradient GEMMs (`tp_backward_overlap`, the default). Calculon's tensor_par_overlap "none" and
// SimAI's analytical mode expose them (Calculon caa4b11 on meta_24k's 405B plan:
// tp_comm_exposed_time = tp_comm_link_time = 1.089 s), so the inputs say how much clusterc hides:
// in the files only, as for dp_overlap, since every Megatron-style plan has it.
TEST_CASE("The simulator inputs name the backward tensor-parallel time they expose", "[sim]") {
  const SimEmission e(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "meta_24k.cl");
  const backends::OutputTree& out = e.out;
  const backends::sim::PlanShape s = backends::sim::MakePlanShape(e.ctx, e.ctx.plans.at(0));
  REQUIRE(s.plan->name == "llama3_405b_pretrain");
  const int tp = static_cast<int>(analysis::Comm::kTp);
  const double hidden = backends::sim::HiddenTpBackward(s);
  CHECK(hidden == Approx(s.r->step.comm_total[tp] - s.r->step.comm[tp]));
  CHECK(hidden > 0.1);  // 8 x 126 layers' backward collectives, most of them hidden
  const std::string ms = backends::sim::Num(std::round(hidden * 1e4) / 10);
  CHECK(out.Files()
            .at("calculon/llama3_405b_pretrain/model.json")
            .find("tensor_par_overlap none exposes the backward's tensor-parallel collectives, "
                  "which the plan runs beside the gradient GEMMs (tp_backward_overlap, "
                  "Megatron-LM's asynchronous all-reduce; Calculon has no such option): " +
                  ms + " ms a step that clusterc hides") != std::string::npos);
  CHECK(out.Files()
            .at("simai/llama3_405b_pretrain.sh")
            .find("# Not represented: SimAI's analytical mode adds communication to compute: "
                  "tp_backward_overlap is not represented (the backward's tensor-parallel "
                  "collectives, " +
                  ms + " ms") != std::string::npos);
  CHECK(e.reported.find("tp_backward_overlap") == std::string::npos);

  // tp_comm_overlap maps to Calculon's "ring" and has a note of its own; tp 1 has nothing to
  // hide; a plan without the asynchronous all-reduce exposes it in clusterc too.
  const SimEmission u(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "sim" / "uneven_64.cl");
  CHECK(backends::sim::HiddenTpBackward(backends::sim::MakePlanShape(u.ctx, u.ctx.plans.at(0))) ==
        0);
  for (const auto& [path, text] : u.out.Files())
    CHECK(text.find("tp_backward_overlap") == std::string::npos);
  auto a = testing::ValidationSpec("a100.cl");
  backends::Context actx = testing::ContextOf(*a);
  int checked = 0;
  for (uint32_t i : actx.plans) {
    const backends::sim::PlanShape p = backends::sim::MakePlanShape(actx, i);
    if (!p.Valid() || (p.plan->name != "n21t2_175b_768" && p.plan->name != "n21_1_7b")) continue;
    CHECK(backends::sim::HiddenTpBackward(p) == 0);
    ++checked;
  }
  CHECK(checked == 2);
}

// tests/lang/explain/fsdp_reshard.cl: without resharding after the forward (SHARD_GRAD_OP) SimAI's
// workload has one parameter all-gather per micro-batch, not two, and Calculon's note on the
// sharding it cannot represent says how often the plan gathers.
TEST_CASE("SimAI and Calculon inputs of FSDP with and without resharding", "[sim][simai]") {
  const SimEmission e(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "lang" / "explain" /
                      "fsdp_reshard.cl");
  auto gathers = [&](const std::string& plan) {
    std::map<std::string, std::string> header;
    int64_t n = 0;
    for (const SimAiRow& r : Rows(e.out.Files().at("simai/" + plan + ".txt"), header))
      n += r.name.rfind("dp_dense_param_allgather", 0) == 0;
    CHECK(header.at("ga:") == "1");
    return n;
  };
  CHECK(gathers("full") == 2);
  CHECK(gathers("kept") == 1);
  const std::string& full = e.out.Files().at("calculon/full/model.json");
  const std::string& kept = e.out.Files().at("calculon/kept/model.json");
  CHECK(full.find("hold one gathered unit at a time, gathering every unit twice") !=
        std::string::npos);
  CHECK(kept.find("hold the gathered units from the forward through the backward, gathering "
                  "every unit once") != std::string::npos);
}

// tests/lang/explain/rank_order.cl: SimAI's workload places no ranks, so a plan in the order
// tp-cp-ep-pp-dp is told so on the terminal; Calculon fills its fast tier in the plan's order
// (the pipeline before the replicas under tp-cp-ep-pp-dp, after them by default), and a degree
// outside the domain takes every outer one with it.
TEST_CASE("SimAI and Calculon inputs of the rank order", "[sim][simai]") {
  const SimEmission e(fs::path(CLUSTERC_SOURCE_DIR) / "tests" / "lang" / "explain" /
                      "rank_order.cl");
  CHECK(e.reported.find("simai/pp_inside") != std::string::npos);
  CHECK(e.reported.find("no rank order") != std::string::npos);
  CHECK(e.reported.find("simai/dp_inside: SimAI's workload has no rank order") ==
        std::string::npos);
  const YAML::Node outer = YAML::Load(e.out.Files().at("calculon/dp_inside/execution.json"));
  const YAML::Node inner = YAML::Load(e.out.Files().at("calculon/pp_inside/execution.json"));
  // tp 2 and pp 4 fill the 8-GPU node under tp-cp-ep-pp-dp; by default tp 2 x dp 8 does not,
  // and the pipeline, outside the replicas, leaves the node with them.
  CHECK(inner["tensor_par_net"].as<int>() == 0);
  CHECK(inner["pipeline_par_net"].as<int>() == 0);
  CHECK(inner["data_par_net"].as<int>() == 1);
  CHECK(outer["tensor_par_net"].as<int>() == 0);
  CHECK(outer["data_par_net"].as<int>() == 1);
  CHECK(outer["pipeline_par_net"].as<int>() == 1);
}
