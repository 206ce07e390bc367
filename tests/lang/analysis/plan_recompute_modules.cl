// plan.recompute-modules: modules that replay nothing. `full` names modules under full
// recompute, which replays every layer whole; `dense_moe` asks a dense Llama 3 8B to replay its
// experts' activations and MLA up-projections; `fine` names what DeepSeek-V3 has, and is quiet.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node dgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c64 { site = dc; nodes = 8 x dgx; racks = rack { nodes = 4 }; fabric = ib }

plan full {
  model             = models.llama3_8b
  cluster           = c64
  parallel          { dp = 64 }
  batch             { global = 1_024; micro = 1; seq_len = 8_192 }
  optimizer         = adam { sharding = zero1 }
  recompute         = full
  recompute_modules { norms = true }
}
plan dense_moe extends full {
  recompute         = selective
  recompute_modules { core_attention = true; moe_activation = true; mla_up_projection = true }
}
// clusterc: allow(memory.hbm-overflow, perf.exposed-comm) -- a rule example, not a plan
plan fine extends full {
  model             = models.deepseek_v3
  parallel          { ep = 64; dp = 64 }
  precision         = fp8
  recompute         = selective
  recompute_modules { mla_up_projection = true; moe_activation = true; mlp = true }
}
