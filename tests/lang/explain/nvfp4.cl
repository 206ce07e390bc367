// ARGS: explain %s
// NVFP4 (`precision = nvfp4`): the linear layers at the GPU's FP4 rate and asymptote
// (fp4_gemm_efficiency: the FP8 one x 1.81 x fp8_flops / fp4_flops, docs/model.md "NVFP4"),
// each input cast at 5.125 bytes an element and kept for its weight gradient at 0.5625; attention,
// the LM head and the optimizer as in BF16. The same Llama 3 8B step on one GB300 NVL72 tray pair
// and one HGX B300 in BF16, FP8 and NVFP4, and NVFP4 with its weights in NVFP4 alone
// (`fp4_param_gather`).
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
node gb300_tray {
  gpus     = 4 x nvidia.GB300
  scale_up = nvidia.NVLink5
  cpus     = 2 x nvidia.Grace
  nics     = 4 x nvidia.ConnectX8
}
node hgx_b300 {
  gpus     = 8 x nvidia.B300
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.ConnectX8
}
fabric xdr {
  kind     = infiniband_xdr
  topology = fat_tree { tiers = 2; rails = 4 }
  switch   = nvidia.Quantum_X800_Q3400
}
cluster gb300 { site = s; nodes = 2 x gb300_tray; racks = rack { nodes = 2; scale_up_domain = 8 }; fabric = xdr }
cluster b300 { site = s; nodes = 1 x hgx_b300; racks = rack { nodes = 1 }; fabric = xdr }
plan gb300_nvfp4 {
  model         = models.llama3_8b
  cluster       = gb300
  precision     = nvfp4
  parallel      { dp = 8 }
  batch         { global = 16; micro = 2; seq_len = 8_192 }
  optimizer     = adam { sharding = zero1 }
  kernel_launch = graph
}
plan gb300_fp8 extends gb300_nvfp4 { precision = fp8; fp8_scaling = current }
plan gb300_bf16 extends gb300_nvfp4 { precision = bf16 }
plan gb300_nvfp4_alone extends gb300_nvfp4 { fp4_param_gather = true }
plan b300_nvfp4 extends gb300_nvfp4 { cluster = b300 }
plan b300_fp8 extends gb300_fp8 { cluster = b300 }
