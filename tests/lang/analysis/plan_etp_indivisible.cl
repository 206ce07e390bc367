// plan.indivisible with MoE parallel folding: ep x etp must divide tp x dp x cp (32 x 2 = 64 does
// not divide 2 x 16 = 32), and etp must divide the experts' ffn (1,536 by 5). The third plan
// folds EP 32 over TP 2 x DP 16 with etp 1, as Megatron-Bridge runs Qwen3 235B-A22B, and is clean.
import std.nvidia
import std.cooling

site s {
  pue = 1.2
  electricity = 0.06 USD/kWh
  cooling = cooling.direct_liquid
}
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
  gpu_power = 650 W
  host_power = 400 W
  net_power = 200 W
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 32 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
model qwen3_235b {
  layers = 94; hidden = 4_096; ffn = 12_288; heads = 64; kv_heads = 4; head_dim = 128
  vocab = 151_936
  moe { experts = 128; top_k = 8; expert_ffn = 1_536 }
}
plan too_wide {
  model = qwen3_235b
  cluster = c
  parallel { tp = 2; pp = 8; vpp = 4; dp = 16; ep = 32; etp = 2 }
  batch { global = 2_048; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
}
plan odd_etp {
  model = qwen3_235b
  cluster = c
  parallel { tp = 2; pp = 8; vpp = 4; dp = 16; ep = 2; etp = 5 }
  batch { global = 2_048; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
}
plan folded {
  model = qwen3_235b
  cluster = c
  parallel { tp = 2; pp = 8; vpp = 4; dp = 16; ep = 32; etp = 1 }
  batch { global = 2_048; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
}
