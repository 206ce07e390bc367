// The sbatch script launches the job the plan was analysed as, in the form Megatron-LM accepts
// (docs/deploy.md): the FP8 recipe and quantized weights the plan states, the overlaps the step
// model counts on (all off by Megatron-LM's default), a checkpoint interval beside --save,
// Megatron-FSDP's checkpoint format, and the one hardware queue Megatron-LM asserts for tensor or
// context parallelism below compute capability 10. Megatron-LM's parse_args, validate_args and
// TransformerConfig (d98e8a64) accepted the scripts of these specs (docs/deploy.md), layout
// strings included (round 63).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

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

// Megatron-Core's --pipeline-model-parallel-layout unrolled as parse_str_to_list does
// (pipeline_parallel_layer_layout.py: "(X)*n", then "c*n", then one chunk per "|"-separated
// part), each chunk its layers' letters.
std::vector<std::string> LayoutChunks(std::string text) {
  if (text.size() >= 2 && text.front() == '\'' && text.back() == '\'')
    text = text.substr(1, text.size() - 2);
  auto count_at = [&](size_t& at) {
    size_t digits = at;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    const int n = digits > at ? std::stoi(text.substr(at, digits - at)) : 1;
    at = digits;
    return n;
  };
  for (size_t open; (open = text.find('(')) != std::string::npos;) {
    const size_t close = text.find(')', open);
    REQUIRE(close != std::string::npos);
    REQUIRE(text.compare(close + 1, 1, "*") == 0);
    size_t end = close + 2;
    const int n = count_at(end);
    std::string unrolled;
    for (int k = 0; k < n; ++k) unrolled += text.substr(open + 1, close - open - 1);
    text = text.substr(0, open) + unrolled + text.substr(end);
  }
  std::vector<std::string> chunks(1);
  for (size_t at = 0; at < text.size();) {
    const char c = text[at++];
    if (c == '|') {
      chunks.emplace_back();
      continue;
    }
    int n = 1;
    if (at < text.size() && text[at] == '*') {
      ++at;
      n = count_at(at);
    }
    chunks.back() += std::string(static_cast<size_t>(n), c);
  }
  return chunks;
}

// A layout string places every layer where the step model does: each pipeline rank's chunks hold
// its StageLayers, the embedding opens the first, the MTP modules and the loss close the last.
void CheckLayout(const std::string& flag, const analysis::PlanInputs& in) {
  const std::vector<std::string> chunks = LayoutChunks(flag);
  REQUIRE(int64_t(chunks.size()) == in.pp * in.vpp);
  for (int64_t r = 0; r < in.pp; ++r) {
    int64_t layers = 0;
    for (int64_t v = 0; v < in.vpp; ++v) {
      const std::string& chunk = chunks[size_t(v * in.pp + r)];
      layers += std::count(chunk.begin(), chunk.end(), 't');
      CHECK(chunk.find_first_not_of("tEmL") == std::string::npos);
    }
    CHECK(layers == analysis::StageLayers(in, r));
  }
  CHECK(chunks.front().rfind("E", 0) == 0);
  const std::string& last = chunks.back();
  CHECK(last == std::string(last.size() - size_t(in.mtp_layers) - 1, 't') +
                    std::string(size_t(in.mtp_layers), 'm') + "L");
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
    const std::string layout = SbatchFlag(s, "--pipeline-model-parallel-layout");
    if (!layout.empty()) {
      CheckLayout(layout, in);
      CHECK(SbatchFlag(s, "--decoder-first-pipeline-num-layers").empty());
      CHECK(SbatchFlag(s, "--decoder-last-pipeline-num-layers").empty());
    }
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

TEST_CASE("slurm: uneven stages under interleaving pass as a layout string", "[slurm]") {
  // tests/lang/explain/pipeline_split.cl: 3, 12, 12 and 5 layers in two chunks a stage,
  // flattened chunk by chunk (chunk c of stage r the c * 4 + r-th), the larger half first.
  const auto c = testing::ExplainSpec("pipeline_split.cl");
  const backends::OutputTree out = testing::Lower(*c, backends::EmitSlurm);
  const std::string* s = ScriptOf(out, "ends_layout");
  REQUIRE(s);
  CHECK(SbatchFlag(*s, "--pipeline-model-parallel-layout") == "'Et*2|(t*6|)*2t*3|t|(t*6|)*2t*2L'");
  CHECK(SbatchFlag(*s, "--num-virtual-stages-per-pipeline-rank").empty());
  CHECK(s->find("left out") == std::string::npos);
  CHECK(LayoutChunks("'Et*2|(t*6|)*2t*3|t|(t*6|)*2t*2L'") ==
        std::vector<std::string>{"Ett", "tttttt", "tttttt", "ttt", "t", "tttttt", "tttttt", "ttL"});
  // MLPerf v6.0's DeepSeek-V3 on GB200: 16, 16, 16 and 13 layers in four chunks a stage, the
  // MTP module counted as the last stage's fourteenth layer and placed in its last chunk (all of
  // them there, as Megatron-Core's validate_layer_layout wants), which the recipe's own
  // "Et*4|(t*4|)*14tmL" fills front to back instead.
  const auto v = testing::ValidationSpec("mlperf_v6.cl");
  const backends::OutputTree vout = testing::Lower(*v, backends::EmitSlurm);
  const std::string* dsv3 = ScriptOf(vout, "ml60_gb200_dsv3_512");
  REQUIRE(dsv3);
  CHECK(SbatchFlag(*dsv3, "--pipeline-model-parallel-layout") ==
        "'Et*4|(t*4|)*10t*3|(t*4|)*3t*2mL'");
  CHECK(SbatchFlag(*dsv3, "--overlap-moe-expert-parallel-comm") == "true");
}

TEST_CASE("slurm: the validation suite's recipes launch as analysed", "[slurm]") {
  for (const char* name :
       {"h100.cl", "blackwell.cl", "mlperf_v6.cl", "a100.cl", "mi355x.cl", "mb_cards.cl"}) {
    SECTION(name) {
      CheckLaunch(*testing::ValidationSpec(name));
    }
  }
}

}  // namespace
}  // namespace clusterc
