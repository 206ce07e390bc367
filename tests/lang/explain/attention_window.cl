// ARGS: explain %s
// Sliding-window attention (`model { attention_window; full_attention_every }`; docs/model.md
// "Sliding-window attention"). `windowed` is GPT-OSS 120B (std.models: a 128-token window on
// every other layer) on 64 H100 in Megatron-Bridge's H100 layout (PP 4, EP 8) at 4,096 tokens;
// `full` the same plan with every layer attending to the whole sequence; `long` and `long_full`
// the pair at 32,768 tokens with full recompute, where the window saves more; `mistral` Mistral
// 7B's 4,096-token window on every layer at 16,384 tokens, and `mistral_full` without it.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node dgx_h100 {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster h8 { site = dc; nodes = 1 x dgx_h100; racks = rack { nodes = 4 }; fabric = ib }
cluster h64 { site = dc; nodes = 8 x dgx_h100; racks = rack { nodes = 4 }; fabric = ib }

model gpt_oss_full extends models.gpt_oss_120b { attention_window = 0; full_attention_every = 0 }
// Mistral 7B (Jiang et al. 2023, arXiv 2310.06825, table 1): a 4,096-token window on every layer.
model mistral_7b {
  layers           = 32
  hidden           = 4_096
  ffn              = 14_336
  heads            = 32
  kv_heads         = 8
  vocab            = 32_000
  attention_window = 4_096
}
model mistral_7b_full extends mistral_7b { attention_window = 0 }

plan windowed {
  model     = models.gpt_oss_120b
  cluster   = h64
  parallel  { pp = 4; dp = 16; ep = 8 }
  batch     { global = 128; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
}
plan full extends windowed { model = gpt_oss_full }
plan long extends windowed {
  batch     { global = 128; micro = 1; seq_len = 32_768 }
  recompute = full
}
plan long_full extends long { model = gpt_oss_full }
plan mistral {
  model     = mistral_7b
  cluster   = h8
  parallel  { dp = 8 }
  batch     { global = 32; micro = 1; seq_len = 16_384 }
  optimizer = adam { sharding = zero1 }
  recompute = full
}
plan mistral_full extends mistral { model = mistral_7b_full }
