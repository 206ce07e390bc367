// The Calculon backend on every example: execution.json has exactly the 23 keys Calculon's
// Llm.Execution.from_json asserts and passes its value checks; model and system carry the keys
// Llm.Application, System, Processor, Memory and Network read (Network asserts its exact key
// set), with units converted at the edge (GB = 10^9, GiB = 2^30).
#include <yaml-cpp/yaml.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include "analysis/analysis.h"
#include "analysis/layer_model.h"
#include "backends/emitters.h"
#include "backends/sim/plan_shape.h"
#include "diag/diagnostic.h"
#include "diag/source.h"
#include "frontend/compile.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::Compiled;
using clusterc::testing::CompileSpec;
using clusterc::testing::Examples;
using namespace clusterc;

namespace {

std::set<std::string> Keys(const YAML::Node& n) {
  std::set<std::string> k;
  for (const auto& kv : n) k.insert(kv.first.as<std::string>());
  return k;
}

}  // namespace

TEST_CASE("Calculon inputs of every example", "[calculon]") {
  const std::set<std::string> execution_keys = {"num_procs",
                                                "tensor_par",
                                                "pipeline_par",
                                                "data_par",
                                                "tensor_par_net",
                                                "pipeline_par_net",
                                                "data_par_net",
                                                "batch_size",
                                                "microbatch_size",
                                                "datatype",
                                                "fused_activation",
                                                "attention_type",
                                                "activation_recompute",
                                                "pipeline_interleaving",
                                                "optimizer_sharding",
                                                "tensor_par_comm_type",
                                                "tensor_par_overlap",
                                                "seq_par_ag_redo",
                                                "data_par_overlap",
                                                "weight_offload",
                                                "activations_offload",
                                                "optimizer_offload",
                                                "training"};
  REQUIRE(execution_keys.size() == 23);
  for (const fs::path& file : Examples()) {
    INFO(file.filename().string());
    auto c = CompileSpec(file);
    backends::Context context = clusterc::testing::ContextOf(*c);
    backends::OutputTree out;
    backends::EmitCalculon(context, out);
    for (uint32_t pi : context.plans) {
      const ir::Plan& plan = c->program.plans[pi];
      if (!c->results.plans[pi].valid) continue;
      INFO(plan.name);
      const std::string dir = "calculon/" + plan.name + "/";
      YAML::Node x = YAML::Load(out.Files().at(dir + "execution.json"));
      YAML::Node m = YAML::Load(out.Files().at(dir + "model.json"));
      YAML::Node s = YAML::Load(out.Files().at(dir + "system.json"));

      // ---- execution: the exact key set and Calculon's asserts
      CHECK(Keys(x) == execution_keys);
      int64_t np = x["num_procs"].as<int64_t>(), t = x["tensor_par"].as<int64_t>();
      int64_t p = x["pipeline_par"].as<int64_t>(), d = x["data_par"].as<int64_t>();
      CHECK(np == t * p * d);
      CHECK(np == c->results.plans[pi].gpus);
      int64_t batch = x["batch_size"].as<int64_t>(), micro = x["microbatch_size"].as<int64_t>();
      CHECK(batch % d == 0);
      CHECK((batch / d) % micro == 0);
      CHECK(std::set<std::string>{"multihead", "multiquery"}.count(
          x["attention_type"].as<std::string>()));
      // Grouped-query attention with no more K/V heads than tp holds one K/V head per GPU:
      // Calculon's multiquery, exactly.
      const backends::sim::PlanShape shape = backends::sim::MakePlanShape(context, pi);
      const auto& in = *shape.in;
      if (!in.mla && in.kv_heads < in.heads && in.kv_heads <= t)
        CHECK(x["attention_type"].as<std::string>() == "multiquery");
      CHECK(std::set<std::string>{"full", "attn_only", "none"}.count(
          x["activation_recompute"].as<std::string>()));
      CHECK(std::set<std::string>{"ar", "p2p_rs_ag", "rs_ag"}.count(
          x["tensor_par_comm_type"].as<std::string>()));
      CHECK(std::set<std::string>{"float8", "float16", "float32", "bfloat16"}.count(
          x["datatype"].as<std::string>()));
      if (x["optimizer_sharding"].as<bool>()) CHECK(d > 1);
      if (x["data_par_overlap"].as<bool>()) CHECK(d > 1);
      int64_t vpp = x["pipeline_interleaving"].as<int64_t>();
      int64_t blocks = (m["num_blocks"].as<int64_t>() + p - 1) / p;
      CHECK(vpp >= 1);
      CHECK(blocks % vpp == 0);
      if (p == 1) CHECK(vpp == 1);

      // ---- model
      // Calculon's Application reads its six keys; clusterc_notes is for people.
      CHECK(Keys(m) == std::set<std::string>{"hidden", "feedforward", "seq_size", "attn_heads",
                                             "attn_size", "num_blocks", "clusterc_notes"});
      CHECK(m["feedforward"].as<int64_t>() % t == 0);
      CHECK(m["hidden"].as<int64_t>() == c->results.plan_inputs[pi].hidden);
      // Calculon's attention is attn_heads x attn_size wide (llm.py): the model's query width.
      if (!c->results.plan_inputs[pi].mla)
        CHECK(double(m["attn_heads"].as<int64_t>() * m["attn_size"].as<int64_t>()) ==
              analysis::Attention(c->results.plan_inputs[pi]).q);

      // ---- system: processors for the datatype, memories, networks with Network.kKeys
      std::string dt = x["datatype"].as<std::string>();
      CHECK(s["matrix"][dt]["tflops"].as<double>() ==
            Approx(c->results.plan_inputs[pi].peak_flops / 1e12));
      double last = 1e300;
      for (const auto& point : s["matrix"][dt]["gflops_efficiency"]) {
        double gflops = point[0].as<double>(), eff = point[1].as<double>();
        CHECK(gflops < last);
        last = gflops;
        CHECK(eff > 0);
        CHECK(eff <= 1);
      }
      CHECK(s["vector"][dt]["tflops"].as<double>() > 0);
      // mem1: HBM, plus (with fused attention) the score tensors Calculon charges for the block
      // it computes and fused attention never holds: the softmax output, the dropout mask (one
      // byte an element, unscaled) and the score operand of score x V, and their gradients, as
      // Calculon's layers.py counts them: (4e + 2) a s^2 b / t bytes, e Calculon's bytes per
      // element (System.TypeSizes). Calculon's seq_size, heads, tp and micro-batch are read back.
      const double e = dt == "float32" ? 4 : 2;
      CHECK(dt != "float8");  // FP8 plans keep 16-bit tensors (bfloat16 at the FP8 rate)
      const double seq = m["seq_size"].as<double>();
      const double scores = (4 * e + 2) * m["attn_heads"].as<double>() / double(t) * seq * seq *
                            x["microbatch_size"].as<double>();
      CHECK(s["mem1"]["GiB"].as<double>() ==
            Approx((in.hbm + (in.flash_attention ? scores : 0)) / 1073741824.0).epsilon(1e-9));
      CHECK(s["clusterc_notes"].IsDefined() == in.flash_attention);
      CHECK(s["mem1"]["GBps"].as<double>() ==
            Approx(c->results.plan_inputs[pi].hbm_bandwidth / 1e9));
      CHECK(s["mem2"]["GBps"].as<double>() > 0);
      CHECK(std::set<std::string>{"roofline", "no_overlap"}.count(
          s["processing_mode"].as<std::string>()));
      REQUIRE(s["networks"].size() == 2);
      const auto& cl = c->results.plan_clusters[pi];
      CHECK(s["networks"][1]["bandwidth"].as<double>() ==
            Approx(cl.fabric.scale_out_bandwidth_per_gpu / 1e9));
      // Calculon divides each transfer by bandwidth x efficiency: the fraction NCCL achieves, as
      // analysis charges it (the scale-up links', or the NIC's where a node has one GPU).
      CHECK(s["networks"][0]["efficiency"].as<double>() == Approx(cl.scale_up_bandwidth_per_gpu > 0
                                                                      ? in.scale_up_efficiency
                                                                      : in.scale_out_efficiency));
      CHECK(s["networks"][1]["efficiency"].as<double>() == Approx(in.scale_out_efficiency));
      // The compute an overlapped collective takes is the step model's measured share.
      CHECK(s["networks"][0]["processor_usage"].as<double>() == Approx(in.scale_up_compute_share));
      CHECK(s["networks"][1]["processor_usage"].as<double>() == Approx(in.scale_out_compute_share));
      for (const auto& n : s["networks"]) {
        CHECK(Keys(n) == std::set<std::string>{"bandwidth", "efficiency", "size", "latency", "ops",
                                               "must_be_filled", "processor_usage"});
        CHECK(Keys(n["ops"]) ==
              std::set<std::string>{"p2p", "reduce_scatter", "all_gather", "all_reduce"});
        CHECK(n["ops"]["p2p"][1].IsNull());
        for (const char* op : {"reduce_scatter", "all_gather", "all_reduce"})
          CHECK_FALSE(n["ops"][op][1].IsNull());
        CHECK(n["bandwidth"].as<double>() > 0);
        CHECK(n["efficiency"].as<double>() > 0);
        CHECK(n["efficiency"].as<double>() <= 1);
        CHECK(n["processor_usage"].as<double>() >= 0);
        CHECK(n["processor_usage"].as<double>() < 1);
      }
      // Calculon's network assignment check: each used tier holds the degrees placed on it and
      // a must-be-filled tier is filled evenly.
      int64_t size[2] = {1, 1};
      bool used[2] = {false, false};
      auto place = [&](const char* net, int64_t degree) {
        int k = x[net].as<int>();
        REQUIRE((k == 0 || k == 1));
        if (degree > 1) {
          used[k] = true;
          size[k] *= degree;
        }
      };
      place("tensor_par_net", t);
      place("pipeline_par_net", p);
      place("data_par_net", d);
      // Tensor parallelism stays in the scale-up domain whenever its degree divides it.
      const int64_t domain = s["networks"][0]["size"].as<int64_t>();
      if (t > 1 && domain % t == 0) CHECK(x["tensor_par_net"].as<int>() == 0);
      for (int k = 0; k < 2; ++k) {
        if (!used[k]) continue;
        CHECK(size[k] <= s["networks"][k]["size"].as<int64_t>());
        if (s["networks"][k]["must_be_filled"].as<bool>())
          CHECK(s["networks"][k]["size"].as<int64_t>() % size[k] == 0);
      }
    }
  }
}

TEST_CASE("Calculon's notes name the rotary embeddings its blocks leave out", "[calculon]") {
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests/lang/explain/position.cl");
  backends::Context context = clusterc::testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitCalculon(context, out);
  auto note = [&](const char* plan) {
    YAML::Node m = YAML::Load(out.Files().at(std::string("calculon/") + plan + "/model.json"));
    for (const auto& n : m["clusterc_notes"]) {
      const std::string text = n.as<std::string>();
      if (text.rfind("Calculon has no rotary embeddings", 0) == 0) return text;
    }
    return std::string();
  };
  // The layer's rotary time as analysis charges it: one fused kernel each way on Nemotron's
  // half-rotated heads, and Megatron-Core's unfused path; none with learned positions or ALiBi.
  // At the pace of the plan's slowest GPU (0.32 and 1.28 ms on the median one).
  CHECK(note("rotary").find("0.33 ms") != std::string::npos);
  CHECK(note("rotary").find("0.5 of each head") != std::string::npos);
  CHECK(note("unfused").find("1.31 ms") != std::string::npos);
  CHECK(note("learned").empty());
  CHECK(note("alibi").empty());
  // The figure is the layer model's own share of its element-wise time.
  for (uint32_t pi : context.plans) {
    const backends::sim::PlanShape s = backends::sim::MakePlanShape(context, pi);
    const analysis::LayerTimes t =
        analysis::LayerTime(*s.in, analysis::Attention(*s.in), /*moe_layer=*/false);
    CHECK(s.dense.rope == Approx(s.r->step.pace * (t.rope_fwd + t.rope_bwd)));
    CHECK(t.rope_fwd + t.rope_bwd <= t.memory_bound);
  }
}

TEST_CASE("Calculon gets the all-reduce where sequence parallelism splits tokens unevenly",
          "[calculon]") {
  // PaLM's 2,048 tokens over tp 12 (tests/validation/tpu.cl allows plan.indivisible for it):
  // Calculon asserts micro-batch x seq_size % tensor_par == 0 under "rs_ag" (llm.py, compile).
  auto c = CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests/validation/tpu.cl");
  backends::Context context = clusterc::testing::ContextOf(*c);
  backends::OutputTree out;
  backends::EmitCalculon(context, out);
  auto file = [&](const char* plan, const char* name) {
    return YAML::Load(out.Files().at(std::string("calculon/") + plan + "/" + name));
  };
  const YAML::Node palm = file("p22_palm", "execution.json");
  CHECK(palm["tensor_par"].as<int64_t>() == 12);
  CHECK(palm["tensor_par_comm_type"].as<std::string>() == "ar");
  CHECK_FALSE(palm["seq_par_ag_redo"].as<bool>());
  bool noted = false;
  for (const auto& n : file("p22_palm", "model.json")["clusterc_notes"])
    noted |= n.as<std::string>().rfind("Calculon has no uneven sequence parallelism", 0) == 0;
  CHECK(noted);
  // 16 x 2,048 tokens over tp 16 split evenly: sequence parallelism as the plan runs it.
  CHECK(file("mx_v5e_128b_256", "execution.json")["tensor_par_comm_type"].as<std::string>() ==
        "rs_ag");
}
