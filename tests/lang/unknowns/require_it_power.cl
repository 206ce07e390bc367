// require.unknown: IT power is unknown (the switch has no power figure), so a `require` on it
// cannot be checked and must not pass.
import std.nvidia
import std.cooling

switch no_datasheet { radix = 64; port_bandwidth = 400 Gb/s; protocol = infiniband }
site s { pue = 1.2; cooling = cooling.direct_liquid }
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
cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
require c.it_power <= 1 MW : "the hall's feed"
