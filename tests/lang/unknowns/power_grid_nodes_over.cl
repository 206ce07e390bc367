// power.site-over-grid with IT power unknown: the switches have no power figure, but the nodes
// alone (1,024 x 5.6 kW x PUE 1.2 = 6.9 MW) already exceed the 5 MW grid.
import std.nvidia
import std.cooling

switch no_datasheet { radix = 64; port_bandwidth = 400 Gb/s; protocol = infiniband }
site s { grid_power = 5 MW; pue = 1.2; cooling = cooling.direct_liquid }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
  gpu_power = 650 W
  host_power = 400 W
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 3; rails = 8 }
  switch = no_datasheet
  transceiver_power = 7.5 W
}
cluster c { site = s; nodes = 1_024 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
