// Multi-head latent attention under tensor parallelism, for checking the simulator inputs
// (tests/unit/test_sim_inputs.cpp and docs/simulator-comparison.md): DeepSeek-V3's layer in 8
// layers (the first dense) on 64 H100 GPUs in 8 HGX nodes; tensor parallelism 2 with sequence
// parallelism, so the attention's up-projections gather the 2,112-wide latents where the rest of
// the layer moves the hidden 7,168; two pipeline stages, expert parallelism 4 (inside a node), ZeRO-1.
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

model mla8 {
  layers = 8
  hidden = 7_168
  ffn    = 18_432
  heads  = 128
  vocab  = 129_280
  moe {
    experts        = 64
    top_k          = 8
    shared_experts = 1
    expert_ffn     = 2_048
    dense_layers   = 1
  }
  mla {
    q_rank     = 1_536
    kv_rank    = 512
    rope_dim   = 64
    head_dim   = 128
    v_head_dim = 128
  }
}

plan mla64 {
  model     = mla8
  cluster   = c64
  precision = bf16
  parallel  { tp = 2; pp = 2; dp = 16; ep = 4 }
  batch     { global = 64; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
  recompute = selective
}
