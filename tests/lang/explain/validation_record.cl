// ARGS: explain %s
// The `validation` group: how far the step model has been from the validation suite's published
// runs on the plan's GPU (docs/validation.md, "The record beside every plan"). The same plan on a
// DGX H100 (120 runs) and on a GPU the suite has no run on: a copy of the H100 under a name of its
// own, which says so rather than borrowing the H100's record.
import std.nvidia
import std.cooling
import std.models

site s {
  cooling = cooling.direct_liquid
}
gpu lab_h100 extends nvidia.H100_SXM5 {
}
node hgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
node lab {
  gpus     = 8 x lab_h100
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster dgx { site = s; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
cluster own { site = s; nodes = 4 x lab; racks = rack { nodes = 4 }; fabric = ndr }
plan on_h100 {
  model     = models.llama3_8b
  cluster   = dgx
  parallel  { dp = 32 }
  batch     { global = 64; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
}
plan on_own_gpu extends on_h100 { cluster = own }
