// perf.moe-host-bound: a fine-grained MoE (128 experts of 768, Qwen3 30B-A3B's shape) at
// micro-batch 1 does less GPU work per layer than published host-bound runs took (`narrow`); at
// micro-batch 4 (with recompute, to fit) it does more, and `wide` is not warned about; replayed
// from a CUDA graph (`graphed`), the host issues nothing per kernel and nothing is said.
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
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 2 x hgx; racks = rack { nodes = 2 }; fabric = ndr }
model fine_moe {
  layers = 48; hidden = 2_048; ffn = 6_144; heads = 32; kv_heads = 4; head_dim = 128
  vocab = 151_936
  moe { experts = 128; top_k = 8; expert_ffn = 768 }
}
plan narrow {
  model = fine_moe
  cluster = c
  precision = fp8
  parallel { pp = 2; dp = 8; ep = 8; ep_comm_overlap = true }
  batch { global = 1_024; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
}
plan wide {
  model = fine_moe
  cluster = c
  precision = fp8
  parallel { pp = 2; dp = 8; ep = 8; ep_comm_overlap = true }
  batch { global = 1_024; micro = 4; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
  recompute = full
}
plan graphed extends narrow { kernel_launch = graph }
