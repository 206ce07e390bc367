// ARGS: explain %s
// Rotary embeddings' base and stretch (`model { rope_base; rope_scaling; rope_scaling_factor;
// rope_original_context }`): written to the sbatch script in Megatron-LM's flags, timed alike
// (tests/unit/test_slurm_positions.cpp). Llama 3 8B as released (base 500,000), the same with
// Llama 3.1's scaling, with GPT-OSS's YaRN, and a small MLA model with DeepSeek-V3's.
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 1 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
model llama31_8b extends models.llama3_8b { rope_scaling = llama3; rope_scaling_factor = 8 }
model yarn_8b extends models.llama3_8b {
  rope_base = 150_000; rope_scaling = yarn; rope_scaling_factor = 32; rope_original_context = 4_096
}
model latent_yarn {
  layers = 8; hidden = 2_048; ffn = 8_192; heads = 16; vocab = 32_000
  rope_scaling = yarn; rope_scaling_factor = 40; rope_original_context = 4_096
  mla { q_rank = 512; kv_rank = 256; rope_dim = 64; head_dim = 128; v_head_dim = 128 }
}
plan base {
  model = models.llama3_8b
  cluster = c
  parallel { tp = 2; dp = 4 }
  batch { global = 64; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
}
plan llama31 extends base { model = llama31_8b }
plan yarn extends base { model = yarn_8b }
plan latent extends base { model = latent_yarn }
