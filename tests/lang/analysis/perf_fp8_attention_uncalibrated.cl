// perf.fp8-attention-uncalibrated: FP8 attention on a GPU that states no FP8 attention speed-up
// (the standard library's MI355X) is timed at the BF16 kernels' rate, and a warning says so; a
// GPU that states only the forward figure (`forward_only`, on `half_measured`) has its backward
// named. A GPU that states both (the H100, `h100`) gets none, nor does a model whose heads are
// narrower than 128 (`narrow`), whose FP8 attention is timed in BF16 on every GPU. Block-scaled
// FP8 on the H100 (`h100_block`), which states no MXFP8 factors, is timed at per-tensor FP8's
// rate, and the warning says that and that Transformer Engine runs it only as MXFP8 on Blackwell.
import std.amd
import std.broadcom
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
fabric eth {
  kind     = roce_v2
  topology = fat_tree { tiers = 1 }
  switch   = broadcom.Tomahawk5
}

node mi355x { gpus = 8 x amd.MI355X; scale_up = amd.InfinityFabric; nics = 8 x broadcom.Thor2 }
cluster mi { site = s; nodes = 1 x mi355x; racks = rack { nodes = 1 }; fabric = eth }
plan mi355x_fp8 {
  model         = models.llama3_8b
  cluster       = mi
  precision     = fp8
  fp8_attention = true
  parallel      { dp = 8 }
  batch         { global = 256; micro = 1; seq_len = 4_096 }
  optimizer     = adam { sharding = zero1 }
}

gpu half_measured {
  memory                        = 141 GiB
  memory_bandwidth              = 4.8 TB/s
  bf16_flops                    = 989 TFLOP/s
  fp8_flops                     = 1_979 TFLOP/s
  tdp                           = 700 W
  gemm_efficiency               = 0.72
  attention_efficiency          = 0.72
  attention_backward_efficiency = 0.56
  memory_efficiency             = 0.72
  fp8_attention_speedup         = 1.5
}
gpu h100_like extends nvidia.H100_SXM5 { memory = 80 GiB }
node fwd { gpus = 8 x half_measured; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
node hop { gpus = 8 x h100_like; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
cluster c_fwd { site = s; nodes = 1 x fwd; racks = rack { nodes = 1 }; fabric = eth }
cluster c_hop { site = s; nodes = 1 x hop; racks = rack { nodes = 1 }; fabric = eth }
plan forward_only extends mi355x_fp8 { cluster = c_fwd }
plan h100 extends mi355x_fp8 { cluster = c_hop }

model narrow_heads extends models.llama3_8b { heads = 64; kv_heads = 8 }
plan narrow extends mi355x_fp8 { model = narrow_heads }
plan h100_block extends h100 { fp8_scaling = block }
