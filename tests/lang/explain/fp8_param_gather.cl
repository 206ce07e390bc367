// ARGS: explain %s
// FP8 weights alone or beside 16-bit ones (`fp8_param_gather`): Llama 3 8B on one 8 x H100 node
// at tp 4, dp 2.
// Under FP8 with a sharded optimizer the linear layers' weights live in FP8 alone, row- and
// column-wise, 2 bytes a weight as 16-bit ones (`kept`, the default); `fp8_param_gather = false`
// keeps the 16-bit weights beside the FP8 copies Transformer Engine caches through the step, 2
// bytes more a linear weight (`copied`), as does an FP8 plan without a sharded optimizer, which
// Megatron-LM does not let gather FP8 weights (`unsharded`). BF16 keeps 2 bytes a weight.
// The distributed optimizer all-gathers FP8 weights in 1 byte under delayed (`kept`) and current
// (`current`) scaling, in BF16 under block scaling: 128-wide blocks on an H100 (`block`), MXFP8
// on a B200 (`mxfp8`). Megatron-FSDP gathers FP8 weights in 1 byte too, before each unit's
// forward and backward (`fsdp`), the 16-bit ones with `fp8_param_gather = false` (`fsdp_copied`).
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
node hgx_b200 {
  gpus     = 8 x nvidia.B200
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.ConnectX7
}
cluster b { site = s; nodes = 1 x hgx_b200; racks = rack { nodes = 1 }; fabric = ndr }
plan kept {
  model     = models.llama3_8b
  cluster   = c
  precision = fp8
  parallel  { tp = 4; dp = 2 }
  batch     { global = 64; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
}
plan copied extends kept { fp8_param_gather = false }
plan unsharded extends kept { optimizer = adam { sharding = none } }
plan bf16 extends kept { precision = bf16 }
plan current extends kept { fp8_scaling = current }
plan block extends kept { fp8_scaling = block }
plan mxfp8 extends block { cluster = b }
plan fsdp extends kept { optimizer = adam { sharding = fsdp } }
plan fsdp_copied extends fsdp { fp8_param_gather = false }
