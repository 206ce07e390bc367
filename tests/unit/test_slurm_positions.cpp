// The rotary embeddings' base and stretch in the sbatch script: Megatron-LM's flags as its
// arguments.py and argument_utils.py read them (docs/deploy.md).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "analysis/analysis.h"
#include "backends/emitters.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using namespace clusterc;

namespace {

using testing::SbatchFlag;

TEST_CASE("slurm: the rotary base and stretch reach Megatron-LM as the model states them",
          "[slurm]") {
  auto c =
      testing::CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "tests/lang/explain/rope_scaling.cl");
  REQUIRE_FALSE(c->diags.HasErrors());
  auto out = testing::Lower(*c, backends::EmitSlurm);
  auto flag = [&](const char* plan, const char* name) {
    return SbatchFlag(out.Files().at(std::string("slurm/") + plan + ".sbatch"), name);
  };
  // Llama 3 as released: rope at base 500,000, no stretch (Megatron's default base is 10,000).
  CHECK(flag("base", "--position-embedding-type") == "rope");
  CHECK(flag("base", "--rotary-base") == "500000");
  CHECK(flag("base", "--use-rope-scaling").empty());
  CHECK(flag("base", "--rotary-scaling-factor").empty());
  // Llama 3.1's scaling: --use-rope-scaling with its factor.
  CHECK(flag("llama31", "--position-embedding-type") == "rope");
  CHECK(flag("llama31", "--use-rope-scaling") == "true");
  CHECK(flag("llama31", "--rope-scaling-factor") == "8");
  // GPT-OSS's YaRN, a position type of its own: the factor in --rotary-scaling-factor (which
  // argument_utils.py gives a non-MLA model's yarn_rotary_scaling_factor) and the original
  // context.
  CHECK(flag("yarn", "--position-embedding-type") == "yarn");
  CHECK(flag("yarn", "--rotary-base") == "150000");
  CHECK(flag("yarn", "--rotary-scaling-factor") == "32");
  CHECK(flag("yarn", "--yarn-original-max-position-embeddings") == "4096");
  CHECK(flag("yarn", "--use-rope-scaling").empty());
  // MLA: rope positions, YaRN as its rope type (as Megatron-LM's DeepSeek-R1 example writes
  // it); no flag sets MLA's original context, and the script says what it leaves at defaults.
  CHECK(flag("latent", "--position-embedding-type") == "rope");
  CHECK(flag("latent", "--rope-type") == "yarn");
  CHECK(flag("latent", "--rotary-scaling-factor") == "40");
  CHECK(flag("latent", "--yarn-original-max-position-embeddings").empty());
  const std::string& latent = out.Files().at("slurm/latent.sbatch");
  CHECK(latent.find("# YaRN under MLA") != std::string::npos);
  // Nothing here changes a time: the four plans' steps are the same model's, bar the MLA one.
  const auto& plans = c->results.plans;
  REQUIRE(plans.size() == 4);
  CHECK(plans[1].step_time == plans[0].step_time);
  CHECK(plans[2].step_time == plans[0].step_time);
}

TEST_CASE("the standard library states its models' rotary base and stretch", "[slurm]") {
  // Megatron-Bridge's providers (df0289c1) and the releases' config.json; blackwell.cl uses
  // every one of these models.
  auto c = testing::ValidationSpec("blackwell.cl");
  auto model = [&](const char* name) -> const ir::Model* {
    for (const ir::Model& m : c->program.models)
      if (m.name == name) return &m;
    return nullptr;
  };
  for (const char* name : {"llama3_8b", "llama3_405b", "gpt_oss_120b", "deepseek_v3", "kimi_k2"}) {
    INFO(name);
    REQUIRE(model(name) != nullptr);
  }
  CHECK(model("llama3_8b")->rope_base == 500000);
  CHECK(model("llama3_8b")->rope_scaling == ir::RopeScaling::none);
  CHECK(model("llama3_405b")->rope_scaling == ir::RopeScaling::llama3);
  CHECK(model("llama3_405b")->rope_scaling_factor == 8);
  CHECK(model("gpt_oss_120b")->rope_base == 150000);
  CHECK(model("gpt_oss_120b")->rope_scaling == ir::RopeScaling::yarn);
  CHECK(model("gpt_oss_120b")->rope_scaling_factor == 32);
  CHECK(model("gpt_oss_120b")->rope_original_context == 4096);
  CHECK(model("deepseek_v3")->rope_scaling_factor == 40);
  CHECK(model("kimi_k2")->rope_base == 50000);
}

}  // namespace
