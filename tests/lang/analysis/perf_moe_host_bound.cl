// perf.moe-host-bound: a fine-grained MoE (128 experts of 768, Qwen3 30B-A3B's shape) with 16
// experts a GPU at micro-batch 1 takes the host's time to launch its kernels (`narrow`); at
// micro-batch 4 (with recompute, to fit) the GPU's work sets the pace and exceeds what published
// host-bound runs took, and `wide` is not warned about; replayed
// from a CUDA graph (`graphed`), the host issues nothing per kernel and nothing is said. With 8
// experts a GPU at micro-batch 2 (`gpu_paced`) the GPU's work exceeds the launch floor but stays
// under the 9.2 ms per layer that published host-bound runs took: warned about for that.
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
// clusterc: allow(memory.headroom, perf.exposed-comm)
plan gpu_paced {
  model = fine_moe
  cluster = c
  precision = fp8
  parallel { dp = 16; ep = 16 }
  batch { global = 1_024; micro = 2; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
}
