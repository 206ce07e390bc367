// DualPipe in the simulator inputs (tests/unit/test_astra_dualpipe.cpp): a small DeepSeek-shaped
// mixture-of-experts model (a dense first layer, 32 experts of which 4 routed a token) over 4
// pipeline stages of 64 H100 GPUs, expert parallelism 8 across the node's GPUs beside data
// parallelism 16, the all-to-all overlapped with the other direction's pass, ZeRO-1.
import std.nvidia
import std.cooling

site lab { cooling = cooling.direct_liquid }
node hgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c64 { site = lab; nodes = 8 x hgx; racks = rack { nodes = 4 }; fabric = ib }

model moe8 {
  layers   = 8
  hidden   = 2_048
  ffn      = 8_192
  heads    = 16
  kv_heads = 16
  vocab    = 32_000
  moe      { experts = 32; top_k = 4; expert_ffn = 1_024; dense_layers = 1 }
}

plan dualpipe64 {
  model     = moe8
  cluster   = c64
  precision = bf16
  parallel {
    tp              = 1
    pp              = 4
    dp              = 16
    ep              = 8
    schedule        = dualpipe
    ep_comm_overlap = true
  }
  batch     { global = 768; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
  recompute = selective
}
