// power.grid-unchecked: the switches have no power figure and the nodes' power does not carry the
// network, so IT power is unknown and the 20 MW grid connection cannot be checked; 128 nodes draw
// 0.86 MW at the facility, far under it, which is no reason to pass the check silently.
import std.nvidia
import std.cooling

switch no_datasheet { radix = 64; port_bandwidth = 400 Gb/s; protocol = infiniband }
site s { grid_power = 20 MW; pue = 1.2; cooling = cooling.direct_liquid }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
  gpu_power = 650 W
  host_power = 400 W
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = no_datasheet
  transceiver_power = 7.5 W
}
cluster c { site = s; nodes = 128 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
