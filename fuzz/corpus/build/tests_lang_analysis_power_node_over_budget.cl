// power.node-over-budget: 8 x 700 W GPUs and a 1 kW host on a 6 kW supply
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
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
node hot {
  gpus = 8 x nvidia.H100_SXM5
  nics = 8 x nvidia.ConnectX7
  host_power = 1 kW
  power_budget = 6 kW
}
cluster c { site = s; nodes = 4 x hot; racks = rack { nodes = 4 }; fabric = ndr }
