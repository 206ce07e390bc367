// plan.attention-unpad: unpadding around fused attention, stated where no fused kernel runs and
// where a CUDA graph replays the step; the eager plan with FlashAttention-2 is accepted.
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.air }
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
plan eager {
  model            = models.llama3_8b
  cluster          = c
  parallel         { dp = 8 }
  batch            { global = 64; micro = 2; seq_len = 2_048 }
  optimizer        = adam { sharding = fsdp }
  attention_kernel = flash2
  attention_unpad  = true
}
plan unfused extends eager { flash_attention = false }
plan graphed extends eager { kernel_launch = graph }
