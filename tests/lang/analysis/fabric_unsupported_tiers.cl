// fabric.unsupported-tiers: a 5-tier fat tree
import std.nvidia
import std.cooling
import std.models

site s {
  pue = 1.2
  electricity = 0.06 USD/kWh
  cooling = cooling.direct_liquid
}
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
  gpu_power = 650 W
  host_power = 400 W
  net_power = 200 W
}
fabric flat {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 5 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = flat }
