// ARGS: explain %s
// Tests a fabric past three tiers: 131,072 GPUs with one 400G port each on 64-port switches need a
// 4-tier Clos (3 tiers attach 65,536); the second cluster runs the same NICs as two 200G planes
// instead, each plane a 3-tier tree of 128 x 200G ports.
import std.nvidia
import std.cooling

site s { cooling = cooling.direct_liquid }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric four_tier {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 4 }
  switch = nvidia.Quantum2_QM9700
}
fabric dual_plane {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 3; planes = 2 }
  switch = nvidia.Quantum2_QM9700
}
cluster big { site = s; nodes = 16_384 x hgx; racks = rack { nodes = 4 }; fabric = four_tier }
cluster big2 extends big { fabric = dual_plane }
