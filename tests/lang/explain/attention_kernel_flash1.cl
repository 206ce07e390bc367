// ARGS: explain %s
// Tests `attention_kernel = flash1`: the same plan on A100 with the GPU's tuned kernel (on Ampere
// that is FlashAttention-2) and with the FlashAttention generation before it (FlashAttention-1 or
// its Triton port, which LLM Foundry's 2023 benchmarks ran), at half FlashAttention-2's rate
// (Dao 2023, abstract: "around 2x speedup compared to FlashAttention"); the flash1 plan's step
// time is longer, its memory the same.
import std.nvidia
import std.cooling

site lab { cooling = cooling.air }
node dgx {
  gpus = 8 x nvidia.A100_80GB
  scale_up = nvidia.NVLink3
  nics = 8 x nvidia.ConnectX6
}
fabric hdr {
  kind = infiniband_hdr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum_QM8700
}
model mpt_7b { layers = 32; hidden = 4_096; ffn = 16_384; heads = 32; vocab = 50_368; activation = gelu; norm = layernorm; tied_embeddings = true }
cluster lab_cluster { site = lab; nodes = 1 x dgx; racks = rack { nodes = 4 }; fabric = hdr }
plan tuned_kernel {
  model = mpt_7b
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 48; micro = 6; seq_len = 2_048 }
  optimizer = adam { sharding = fsdp }
}
plan flash1_kernel {
  model = mpt_7b
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 48; micro = 6; seq_len = 2_048 }
  optimizer = adam { sharding = fsdp }
  attention_kernel = flash1
}
