// Muon (`optimizer = muon`), for checking the simulator inputs (tests/unit/test_muon.cpp and
// docs/simulator-comparison.md): Kimi K2's layer (MLA, 64 heads, 384 routed experts of 2,048)
// cut to 8 layers and 64 experts, on 64 H100 GPUs in 8 HGX nodes; tensor parallelism 2 with
// Megatron-Core's default `duplicated` Muon (each split matrix's fp32 momentum gathered over the
// pair and orthogonalised whole), two pipeline stages, expert parallelism 4, and the layer-wise
// distributed optimizer (`sharding = zero1`): the Newton-Schulz work lands in the optimizer step
// that ASTRA-sim's traces and SimAI's workload replay.
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

model kimi8 {
  layers = 8
  hidden = 7_168
  ffn    = 18_432
  heads  = 64
  vocab  = 163_840
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

plan muon64 {
  model     = kimi8
  cluster   = c64
  precision = bf16
  parallel  { tp = 2; pp = 2; dp = 16; ep = 4 }
  batch     { global = 64; micro = 1; seq_len = 4_096 }
  optimizer = muon { sharding = zero1 }
  recompute = selective
}
