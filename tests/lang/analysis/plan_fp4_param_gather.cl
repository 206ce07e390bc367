// plan.fp4-param-gather: NVFP4 weights alone need NVFP4 training. Stated in an FP8 plan (`fp8`) or
// a BF16 one (`bf16`), Megatron-LM refuses the job and so does clusterc; stated under NVFP4
// (`stated`), with or without a sharded optimizer (`unsharded`), it is fine.
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
plan stated {
  model            = models.llama3_8b
  cluster          = c
  precision        = nvfp4
  fp4_param_gather = true
  parallel         { dp = 8 }
  batch            { global = 64; micro = 1; seq_len = 8_192 }
  optimizer        = adam { sharding = zero1 }
}
plan unsharded extends stated { optimizer = adam { sharding = none } }
plan fp8 extends stated { precision = fp8 }
plan bf16 extends stated { precision = bf16 }
