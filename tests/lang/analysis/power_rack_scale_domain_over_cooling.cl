// power.rack-over-cooling for a rack-scale NVLink domain: an NVL72 rack (18 trays, and switch
// trays at an illustrative 3.6 kW) on 80 kW cooling; fewer trays per rack would split the domain, so the note asks for
// cooling instead of suggesting fewer nodes
import std.nvidia
import std.cooling

site s { cooling = cooling.direct_liquid }
node tray {
  gpus = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  cpus = 2 x nvidia.Grace
  nics = 4 x nvidia.ConnectX7
  host_power = 600 W
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 4 }
  switch = nvidia.Quantum2_QM9700
}
cluster c {
  site = s
  nodes = 36 x tray
  racks = rack { nodes = 18; scale_up_domain = 72; switch_power = 3.6 kW }
  fabric = ndr
}
