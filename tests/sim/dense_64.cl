// A small dense job for checking the simulator inputs (tests/unit/test_sim_inputs.cpp and
// docs/simulators.md): a Llama-3-8B-shaped model on 64 H100 GPUs in 8 HGX nodes, interleaved
// pipeline (vpp 2), ZeRO-1, no recompute (flash attention).
import std.nvidia
import std.cooling
import std.models

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

plan dense64 {
  model     = models.llama3_8b
  cluster   = c64
  precision = bf16
  parallel  { tp = 4; pp = 2; vpp = 2; dp = 8; cp = 1 }
  batch     { global = 64; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  recompute = none
}
