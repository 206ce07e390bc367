// cluster.partial-domain on a second node group: the H100 group's 8-GPU domains are whole, the
// GB200 group's 20 trays are 80 GPUs, one NVL72 domain and 8 GPUs left over
import std.nvidia
import std.cooling

site s { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
node tray {
  gpus = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  scale_up_domain = 72
  nics = 4 x nvidia.ConnectX7
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2 }
  switch = nvidia.Quantum2_QM9700
}
cluster c {
  site = s
  nodes = 18 x hgx + 20 x tray
  racks = rack { nodes = 18 }
  fabric = ndr
}
