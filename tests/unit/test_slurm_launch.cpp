// The sbatch script launches the job the plan was analysed as, in the form Megatron-LM accepts
// (docs/deploy.md): the FP8 recipe and quantized weights the plan states, the overlaps the step
// model counts on (all off by Megatron-LM's default), a checkpoint interval beside --save,
// Megatron-FSDP's checkpoint format, and the one hardware queue Megatron-LM asserts for tensor or
// context parallelism below compute capability 10. Megatron-LM's parse_args, validate_args and
// TransformerConfig (d98e8a64) accepted the scripts of these specs (docs/deploy.md).
#include <catch2/catch.hpp>

#include "backends/emitters.h"
#include "support.h"

namespace clusterc {
namespace {

using testing::SbatchFlag;

// The plan's sbatch script, wherever its cluster's folder puts it.
const std::string* ScriptOf(const backends::OutputTree& out, const std::string& plan) {
  const std::string tail = "/" + plan + ".sbatch";
  for (const auto& [path, text] : out.Files())
    if (path.size() > tail.size() &&
        path.compare(path.size() - tail.size(), tail.size(), tail) == 0)
      return &text;
  return nullptr;
}

void CheckLaunch(const testing::Compiled& c) {
  const backends::OutputTree out = testing::Lower(c, backends::EmitSlurm);
  for (uint32_t i = 0; i < c.program.plans.size(); ++i) {
    const ir::Plan& plan = c.program.plans[i];
    if (plan.range.file != c.program.main_file) continue;
    INFO(plan.name);
    const std::string* script = ScriptOf(out, plan.name);
    REQUIRE(script);
    const std::string& s = *script;
    const analysis::PlanInputs& in = c.results.plan_inputs[i];
    const analysis::PlanResults& r = c.results.plans[i];
    const bool fsdp = in.sharding == ir::Sharding::zero3 || in.sharding == ir::Sharding::fsdp;
    // Overlaps: the data-parallel ones the step model assumes unless `dp_overlap = false`.
    const bool dp = in.dp * in.cp > 1;
    CHECK(SbatchFlag(s, "--overlap-grad-reduce") == (dp && in.dp_overlap ? "true" : ""));
    CHECK(SbatchFlag(s, "--overlap-param-gather") ==
          (dp && in.dp_overlap && in.sharding != ir::Sharding::none ? "true" : ""));
    CHECK(SbatchFlag(s, "--tp-comm-overlap") ==
          (in.tp_comm_overlap && in.tp > 1 && in.sequence_parallel ? "true" : ""));
    // The expert all-to-all overlap only where Megatron-Core takes it: expert parallelism, no
    // full recompute, virtual stages under pipeline parallelism; else the script says so.
    const bool ep_overlap = SbatchFlag(s, "--overlap-moe-expert-parallel-comm") == "true";
    const bool virtual_stages = !SbatchFlag(s, "--num-layers-per-virtual-pipeline-stage").empty() ||
                                !SbatchFlag(s, "--num-virtual-stages-per-pipeline-rank").empty() ||
                                !SbatchFlag(s, "--pipeline-model-parallel-layout").empty();
    if (ep_overlap) {
      CHECK(in.ep_comm_overlap);
      CHECK(in.ep > 1);
      CHECK(in.recompute != ir::Recompute::full);
      CHECK((in.pp == 1 || virtual_stages));
    } else if (in.ep_comm_overlap && in.ep > 1) {
      CHECK(s.find("ep_comm_overlap has no Megatron-Core form here") != std::string::npos);
    }
    // The quantized weights as the plan keeps them, and the FP8 scaling recipe by Megatron-LM's
    // name for it (block scaling by the scales the GPU's tensor cores take).
    CHECK(SbatchFlag(s, "--fp4-param-gather") ==
          (plan.precision == ir::Precision::nvfp4 && plan.fp4_param_gather ? "true" : ""));
    if (plan.precision == ir::Precision::fp8) {
      const std::string recipe = SbatchFlag(s, "--fp8-recipe");
      switch (plan.fp8_scaling) {
        case ir::Fp8Scaling::delayed:
          CHECK(recipe == "delayed");
          break;
        case ir::Fp8Scaling::current:
          CHECK(recipe == "tensorwise");
          break;
        case ir::Fp8Scaling::block:
          CHECK(recipe == (in.block_scaled_mma ? "mxfp8" : "blockwise"));
          break;
      }
    } else {
      CHECK(SbatchFlag(s, "--fp8-recipe").empty());
    }
    // A checkpoint interval beside --save: the plan's, else the person submitting gives it.
    const std::string every = SbatchFlag(s, "--save-interval");
    const bool sized = r.valid && r.checkpoint_interval > 0 && r.step_time > 0;
    if (sized)
      CHECK(every.find_first_not_of("0123456789") == std::string::npos);
    else
      CHECK(every == "\"${SAVE_INTERVAL:?set SAVE_INTERVAL}\"");
    CHECK((s.find("# Also SAVE_INTERVAL") != std::string::npos) == !sized);
    CHECK(SbatchFlag(s, "--ckpt-format") == (fsdp ? "fsdp_dtensor" : ""));
    // One hardware queue where Megatron-LM asserts it, never beside Megatron-FSDP.
    // ROCm's GPUs report compute capability 9.x, MI355X's MX-scaled tensor cores or not.
    const bool amd = s.find("# AMD GPUs: run ROCm's Megatron-LM build") != std::string::npos;
    const bool one_queue =
        (in.tp > 1 || in.cp > 1) && (amd || !in.block_scaled_mma) && !fsdp && !ep_overlap;
    CHECK((s.find("export CUDA_DEVICE_MAX_CONNECTIONS=1\n") != std::string::npos) == one_queue);
  }
}

TEST_CASE("slurm: every example's script launches the job as analysed", "[slurm]") {
  for (const auto& file : testing::Examples()) {
    SECTION(file.filename().string()) {
      CheckLaunch(*testing::CompileSpec(file));
    }
  }
}

TEST_CASE("slurm: the validation suite's recipes launch as analysed", "[slurm]") {
  for (const char* name : {"h100.cl", "blackwell.cl", "mlperf_v6.cl", "a100.cl", "mi355x.cl"}) {
    SECTION(name) {
      CheckLaunch(*testing::ValidationSpec(name));
    }
  }
}

}  // namespace
}  // namespace clusterc
