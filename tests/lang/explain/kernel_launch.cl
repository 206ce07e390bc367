// ARGS: explain %s
// `kernel_launch`: the same fine-grained MoE plan (Qwen3 30B-A3B's shape, 16 experts a GPU, FP8
// with current scaling, which Transformer Engine casts expert by expert) launched eagerly, where
// the layer takes the host's time to issue its kernels and the GPU waits, and replayed from a
// CUDA graph, where it takes the GPU's time alone (docs/model.md "Host issue floor").
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
plan eager {
  model = fine_moe
  cluster = c
  precision = fp8
  fp8_scaling = current
  parallel { pp = 2; dp = 8; ep = 8; ep_comm_overlap = true }
  batch { global = 1_024; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
}
plan graphed extends eager { kernel_launch = graph }
