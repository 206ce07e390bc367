// plan.fp8-param-gather: FP8 weights alone need FP8 training and a sharded optimizer. Stated in
// a BF16 plan (`bf16`) or with `sharding = none` (`unsharded`), Megatron-LM refuses the job and
// so does clusterc; stated under FP8 with ZeRO-1 (`stated`), or left out (`default`), it is fine.
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
plan stated {
  model            = models.llama3_8b
  cluster          = c
  precision        = fp8
  fp8_param_gather = true
  parallel         { tp = 4; dp = 2 }
  batch            { global = 64; micro = 1; seq_len = 8_192 }
  optimizer        = adam { sharding = zero1 }
}
plan default {
  model     = models.llama3_8b
  cluster   = c
  precision = fp8
  parallel  { tp = 4; dp = 2 }
  batch     { global = 64; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
}
plan bf16 extends stated { precision = bf16 }
plan unsharded extends stated { optimizer = adam { sharding = none } }
