// cluster.domain-spans-racks: racks of 16 trays (64 GPUs) cannot hold 72-GPU NVLink domains,
// and a 6-GPU domain would split 4-GPU trays
import std.nvidia
import std.cooling

site s { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node tray {
  gpus = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  scale_up_domain = 72
  nics = 4 x nvidia.ConnectX7
}
node tray6 extends tray { scale_up_domain = 6 }
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 4 }
  switch = nvidia.Quantum2_QM9700
}
cluster c {
  site = s
  nodes = 36 x tray
  racks = rack { nodes = 16 }
  fabric = ndr
}
cluster d {
  site = s
  nodes = 36 x tray6
  racks = rack { nodes = 6 }
  fabric = ndr
}
// NVL36x2: a 72-GPU domain over two racks of 9 trays is fine.
cluster nvl36x2 {
  site = s
  nodes = 36 x tray
  racks = rack { nodes = 9; scale_up_domain = 72; scale_up_racks = 2 }
  fabric = ndr
}
