// ARGS: explain %s
// MXFP4 (`precision = mxfp4`): the linear layers at the GPU's FP4 rate and asymptote (std.amd: the
// MI355X's from AMD's Gluon GEMM tutorial, the MI350X's its sustained rates / 1.2), each input
// cast at 3.0625 bytes an element and kept for its weight gradient at 0.53125; attention, the LM
// head and the optimizer as in BF16. MLPerf v6.0's Llama 3.1 8B step on one node of 8 x MI355X
// and one of 8 x MI350X, in MXFP4, FP8 (per-tensor and MXFP8) and BF16.
import std.amd
import std.broadcom
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
nic x710 {
  bandwidth = 10 Gb/s
  ports     = 1
  protocol  = ethernet
}
node mi355x_8 {
  gpus     = 8 x amd.MI355X
  scale_up = amd.InfinityFabric
  nics     = 4 x x710
}
node mi350x_8 {
  gpus     = 8 x amd.MI350X
  scale_up = amd.InfinityFabric
  nics     = 4 x x710
}
fabric eth {
  kind     = roce_v2
  topology = fat_tree { tiers = 1 }
  switch   = broadcom.Tomahawk5
}
cluster mi355x { site = s; nodes = 1 x mi355x_8; racks = rack { nodes = 1 }; fabric = eth }
cluster mi350x { site = s; nodes = 1 x mi350x_8; racks = rack { nodes = 1 }; fabric = eth }
plan mi355x_mxfp4 {
  model     = models.llama3_8b
  cluster   = mi355x
  precision = mxfp4
  parallel  { dp = 8 }
  batch     { global = 32; micro = 2; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
}
plan mi355x_fp8 extends mi355x_mxfp4 { precision = fp8 }
plan mi355x_mxfp8 extends mi355x_fp8 { fp8_scaling = block }
plan mi355x_bf16 extends mi355x_mxfp4 { precision = bf16 }
plan mi350x_mxfp4 extends mi355x_mxfp4 { cluster = mi350x }
