// Quantized tensor-parallel gathers, for checking the simulator inputs (tests/unit/
// test_sim_inputs.cpp and docs/simulator-comparison.md): dense_64.cl's Llama-3-8B-shaped job on
// 64 H100 GPUs (tp 4 with sequence parallelism, pp 2 with vpp 2, dp 8, ZeRO-1) in FP8 with
// current scaling, where Transformer Engine gathers each sequence-parallel input and output
// gradient as FP8 (half the 16-bit bytes), and the same job in BF16.
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

plan fp8tp64 {
  model       = models.llama3_8b
  cluster     = c64
  precision   = fp8
  fp8_scaling = current
  parallel    { tp = 4; pp = 2; vpp = 2; dp = 8; cp = 1 }
  batch       { global = 64; micro = 1; seq_len = 8_192 }
  optimizer   = adam { sharding = zero1 }
  recompute   = none
}
plan bf16tp64 extends fp8tp64 { precision = bf16 }
