// plan.fp8-attention: FP8 attention in a BF16 plan, and in an FP8 plan that names
// FlashAttention-2; the FP8 plan with cuDNN's kernel is accepted.
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
node hgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 1 x hgx; racks = rack { nodes = 1 }; fabric = ndr }
plan fp8 {
  model         = models.llama3_8b
  cluster       = c
  precision     = fp8
  fp8_attention = true
  parallel      { dp = 8 }
  batch         { global = 16; micro = 1; seq_len = 4_096 }
  optimizer     = adam { sharding = zero1 }
}
plan bf16 extends fp8 { precision = bf16 }
plan flash2 extends fp8 { attention_kernel = flash2 }
