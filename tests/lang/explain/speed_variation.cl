// ARGS: explain %s
// `speed_variation`: a synchronous step goes at the pace of its slowest GPU (docs/model-scale.md).
// The same Llama 3 8B plan on 8 and on 512 H100 with the default spread (Sinha et al. SC22: 8 %
// whisker range over the median, one standard deviation 1.48 %), on 512 GPUs screened to a 3 %
// spread, and on 512 stated identical (`0`: no slowest-GPU term).
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
gpu screened extends nvidia.H100_SXM5 { speed_variation = 3 % }
gpu identical extends nvidia.H100_SXM5 { speed_variation = 0 }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
node hgx_screened extends hgx { gpus = 8 x screened }
node hgx_identical extends hgx { gpus = 8 x identical }
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster one_node { site = s; nodes = 1 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
cluster default_512 { site = s; nodes = 64 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
cluster screened_512 { site = s; nodes = 64 x hgx_screened; racks = rack { nodes = 4 }; fabric = ndr }
cluster identical_512 { site = s; nodes = 64 x hgx_identical; racks = rack { nodes = 4 }; fabric = ndr }
plan node_8 {
  model = models.llama3_8b
  cluster = one_node
  parallel { dp = 8 }
  batch { global = 64; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
  recompute = selective
}
plan default_spread extends node_8 {
  cluster = default_512
  parallel { dp = 512 }
  batch { global = 4_096; micro = 1; seq_len = 4_096 }
}
plan screened_spread extends default_spread { cluster = screened_512 }
plan identical_parts extends default_spread { cluster = identical_512 }
