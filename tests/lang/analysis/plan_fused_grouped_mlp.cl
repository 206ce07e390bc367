// plan.fused-grouped-mlp: the fused grouped MLP on a dense model, in a BF16 plan and in per-tensor
// (current-scaled) FP8, where its kernels do not run; MXFP8 (`fp8_scaling = block`) and NVFP4 on
// a MoE model are accepted.
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
node hgx {
  gpus     = 8 x nvidia.B200
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 1 x hgx; racks = rack { nodes = 1 }; fabric = ndr }
model moe {
  layers = 4; hidden = 2_048; ffn = 6_144; heads = 32; kv_heads = 4; head_dim = 128
  vocab = 151_936
  activation = swiglu; norm = rmsnorm; dropout = disabled
  moe { experts = 128; top_k = 8; expert_ffn = 768 }
}
plan mxfp8 {
  model             = moe
  cluster           = c
  precision         = fp8
  fp8_scaling       = block
  fused_grouped_mlp = true
  parallel          { dp = 8; ep = 8 }
  batch             { global = 512; micro = 4; seq_len = 4_096 }
  optimizer         = adam { sharding = zero1 }
  kernel_launch     = graph
}
plan nvfp4 extends mxfp8 { precision = nvfp4 }
plan bf16 extends mxfp8 { precision = bf16 }
plan current extends mxfp8 { fp8_scaling = current }
plan dense extends mxfp8 { model = models.llama3_8b; parallel { dp = 8 } }
