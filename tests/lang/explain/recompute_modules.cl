// ARGS: explain %s
// Selective recompute modules (`recompute_modules { ... }`, Megatron-Core's --recompute-modules).
// Llama 3 8B on one H100 node, 8,192 tokens a micro-batch: `keep` recomputes nothing;
// `attention` is `recompute = selective` with no modules named, the fused attention's forward
// replayed and nothing freed (the kernel keeps no scores); `minimal` is MaxText's policy (the
// projections' outputs kept, the attention core, the norms and the MLP's activation replayed);
// `mlp` replays the whole MLP. `dsv3` is DeepSeek-V3 as Megatron-Bridge's B200 recipe runs it:
// MLA's up-projections replayed, Q, K and V freed, the compressed latents kept.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node dgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
node dgx_b200 {
  gpus     = 8 x nvidia.B200
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster one { site = dc; nodes = 1 x dgx; racks = rack { nodes = 4 }; fabric = ib }
cluster b256 { site = dc; nodes = 32 x dgx_b200; racks = rack { nodes = 4 }; fabric = ib }

plan keep {
  model     = models.llama3_8b
  cluster   = one
  parallel  { dp = 8 }
  batch     { global = 64; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
}
plan attention extends keep { recompute = selective }
plan minimal extends keep {
  recompute         = selective
  recompute_modules { core_attention = true; norms = true; mlp_activation = true }
}
plan mlp extends keep {
  recompute         = selective
  recompute_modules { mlp = true }
}
// clusterc: allow(perf.moe-host-bound) (the recipe's eager launches)
plan dsv3 {
  model             = models.deepseek_v3
  cluster           = b256
  parallel          { pp = 16; dp = 16; ep = 8; last_stage_layers = 1 }
  batch             { global = 2_048; micro = 1; seq_len = 4_096 }
  optimizer         = adam { sharding = zero1 }
  precision         = fp8
  fp8_scaling       = block
  recompute         = selective
  recompute_modules { mla_up_projection = true }
}
