// cluster.partial-domain: 20 GB200 trays are 80 GPUs, one NVL72 rack and 8 GPUs left over
import std.nvidia
import std.cooling

site s { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node tray {
  gpus = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  nics = 4 x nvidia.ConnectX7
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 4 }
  switch = nvidia.Quantum2_QM9700
}
cluster c {
  site = s
  nodes = 20 x tray
  racks = rack { nodes = 18; scale_up_domain = 72 }
  fabric = ndr
}
