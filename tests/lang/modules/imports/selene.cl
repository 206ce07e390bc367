// A module that declares a cluster of the same name (for module_as_value.cl).
import std.nvidia
import std.cooling

site s { cooling = cooling.air }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster selene { site = s; nodes = 4 x hgx; racks = rack { nodes = 1 }; fabric = ndr }
