// A mixture-of-experts job for checking the simulator inputs (tests/unit/test_sim_inputs.cpp and
// docs/simulators.md): a Mixtral-8x7B-shaped model with 16 experts on 256 H100 GPUs in 32 HGX
// nodes; expert parallelism 8 across nodes (tp 2 x ep 8 = 16 GPUs), context parallelism 2,
// two pipeline stages, ZeRO-2, selective recompute.
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
cluster c256 { site = lab; nodes = 32 x hgx; racks = rack { nodes = 4 }; fabric = ib }

model moe16 {
  layers   = 16
  hidden   = 4_096
  ffn      = 14_336
  heads    = 32
  kv_heads = 8
  vocab    = 32_000
  moe { experts = 16; top_k = 2 }
}

plan moe256 {
  model     = moe16
  cluster   = c256
  precision = bf16
  parallel  { tp = 2; pp = 2; dp = 32; ep = 8; cp = 2 }
  batch     { global = 256; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero2 }
  recompute = selective
}
