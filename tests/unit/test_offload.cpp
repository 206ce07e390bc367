// Activation offload (`plan { offload { activations = N } }`): Transformer Engine's CPU offload
// as Megatron-Core drives it (docs/model.md "Activation offload"). The specs are
// tests/lang/explain/offload.cl and tests/validation/blackwell.cl.
#include <yaml-cpp/yaml.h>

#include <catch2/catch.hpp>
#include <string>

#include "analysis/layer_model.h"
#include "analysis/offload.h"
#include "backends/emitters.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::ExplainSpec;
using testing::PlanNamed;
using testing::SbatchFlag;
using testing::ValidationSpec;

TEST_CASE("Transformer Engine's offload schedule: full overlap up to the layers minus two",
          "[offload]") {
  // TE docs, "CPU offloading": "For full overlap, use model_layers - 2 or less"; offloading
  // model_layers - 1 "prevents overlapping of computation and offload/reload". With a transfer
  // no longer than a layer's compute, 30 of 32 hide and 31 of 32 expose one transfer a pass.
  const double t = 10e-3;
  CHECK(OffloadStall(30, 32, t, t) == 0);
  CHECK(OffloadStall(31, 32, 0.5 * t, t) == Approx(0.5 * t));
  CHECK(OffloadStall(0, 32, 5 * t, t) == 0);
  // A slower link: the stream falls behind the compute, and the last offloaded layer's transfer,
  // due before layer L - N + (N - 1) = 31 begins, ends at t + N x: N x - (L - 2) t late.
  CHECK(OffloadStall(24, 32, 2 * t, t) == Approx(24 * 2 * t - 30 * t));
  CHECK(OffloadStall(10, 32, 2 * t, t) == 0);  // 20 t of transfers within 30 t of compute
}

TEST_CASE("Offload keeps the layers not offloaded on the GPU and moves the rest each pass",
          "[offload]") {
  auto c = ExplainSpec("offload.cl");
  PlanInputs in = PlanNamed(*c, "h200");
  REQUIRE(in.offload_layers == 24);
  REQUIRE(in.layers == 32);
  REQUIRE(in.pp == 1);
  // H200's PCIe Gen5 x16 (datasheet: 128 GB/s both ways); the Xeons state no memory bandwidth.
  CHECK(in.offload_bandwidth == Approx(64e9));
  PlanInputs none = in;
  none.offload_layers = 0;
  const PlanResults r = EvaluatePlan(in), r0 = EvaluatePlan(none);
  // "At most (model_layers - num_layers) sets of activations are on GPU at any time" (TE docs).
  const double layer = LayerActivationBytes(in, false);
  CHECK(r.memory.offloaded == Approx(24 * layer));
  CHECK(r.memory.activations == Approx(r0.memory.activations - 24 * layer));
  // The stall: each pass's transfers (24 layers of `layer` bytes at 64 GB/s, one after another)
  // against its 30 later layers' compute, forward and backward.
  const LayerTimes lt = LayerTime(in, Attention(in), false, r.step.pace);  // the slowest GPU's
  const double x = layer / in.offload_bandwidth;
  const double stall = OffloadStall(24, 32, x, lt.fwd) + OffloadStall(24, 32, x, lt.bwd);
  CHECK(stall > 0);
  CHECK(r.step.offload == Approx(double(r.micro_batches) * stall));
  CHECK(r.step_time == Approx(r0.step_time + r.step.offload));
  // Offloading a GPU's every layer is clamped to all but its last (plan.offload refuses it).
  PlanInputs all = in;
  all.offload_layers = 32;
  CHECK(EvaluatePlan(all).memory.offloaded == Approx(31 * layer));
}

TEST_CASE("GB200's offload runs at its share of a Grace CPU's memory, and hides", "[offload]") {
  // Megatron-Bridge's GB200 recipe for Llama 3 70B (tests/validation/blackwell.cl): FSDP over 64,
  // micro-batch 2 of 8,192 tokens, 40 of 80 layers offloaded. NVLink-C2C moves 450 GB/s a
  // direction, but two GPUs share a Grace's 500 GB/s of LPDDR5X.
  auto c = ValidationSpec("blackwell.cl");
  PlanInputs in = PlanNamed(*c, "mb25_gb200_llama3_70b");
  REQUIRE(in.offload_layers == 40);
  CHECK(in.offload_bandwidth == Approx(250e9));
  const PlanResults r = EvaluatePlan(in);
  CHECK(r.step.offload == 0);
  CHECK(r.memory.Total() < in.hbm);
  // Without the offload the activations alone exceed the GPU's memory: why the recipe offloads.
  PlanInputs none = in;
  none.offload_layers = 0;
  const PlanResults r0 = EvaluatePlan(none);
  CHECK(r0.memory.activations > in.hbm);
  CHECK(r0.step_time == Approx(r.step_time));
  // GB300's recipe offloads 20 layers of the same model; the GPU extends GB200's link.
  PlanInputs gb300 = PlanNamed(*c, "mb25_gb300_llama3_70b");
  CHECK(gb300.offload_layers == 20);
  CHECK(gb300.offload_bandwidth == Approx(250e9));
}

TEST_CASE("A GPU without a host link offloads at PCIe Gen5 x16's rate", "[offload]") {
  // TE docs: "PCIe Gen5 x16 systems offer 128 GB/s bidirectional bandwidth", one way at a time.
  const double pcie = Options{}.default_host_bandwidth;
  CHECK(pcie == Approx(128e9 / 2));
  // tests/lang/analysis/perf_offload_exposed.cl: DGX B200 nodes, B200 stating no link.
  auto c = testing::CompileSpec(std::filesystem::path(CLUSTERC_SOURCE_DIR) /
                                "tests/lang/analysis/perf_offload_exposed.cl");
  CHECK(PlanNamed(*c, "b200").offload_bandwidth == Approx(pcie));
  // A GPU's own link wins where its CPUs state no memory bandwidth.
  const ir::Program p;
  const ir::Node node;
  ir::Gpu gpu;
  gpu.host_bandwidth.si = 450e9;
  CHECK(OffloadBandwidth(p, node, &gpu, pcie) == Approx(450e9));
}

TEST_CASE("Megatron-LM takes the offload as --cpu-offloading-num-layers, without pipelining",
          "[offload][slurm]") {
  auto c = ExplainSpec("offload.cl");
  const backends::OutputTree out = testing::Lower(*c, backends::EmitSlurm);
  const std::string& h200 = out.Files().at("slurm/h200s/h200.sbatch");
  CHECK(SbatchFlag(h200, "--cpu-offloading-num-layers") == "24");
  // Megatron-Core refuses CPU offloading with pipeline parallelism: the script says so instead.
  const std::string& pp = out.Files().at("slurm/h200s/h200_pp.sbatch");
  CHECK(SbatchFlag(pp, "--cpu-offloading-num-layers").empty());
  CHECK(pp.find("Megatron-Core refuses both") != std::string::npos);
}

TEST_CASE("Calculon's inputs offload activations at the plan's host link", "[offload]") {
  auto c = ExplainSpec("offload.cl");
  const backends::OutputTree out = testing::Lower(*c, backends::EmitCalculon);
  const YAML::Node x = YAML::Load(out.Files().at("calculon/gb200/execution.json"));
  CHECK(x["activations_offload"].as<bool>());
  const YAML::Node s = YAML::Load(out.Files().at("calculon/gb200/system.json"));
  CHECK(s["mem2"]["GBps"].as<double>() == Approx(250));
  CHECK(s["mem2"]["GiB"].as<double>() == Approx(960e9 / 4 / 1073741824.0).epsilon(0.01));
}

}  // namespace
}  // namespace clusterc::analysis
