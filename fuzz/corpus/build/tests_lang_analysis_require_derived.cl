// require.failed with derived quantities, checked after analysis; suppression of an analysis warning
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
cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
require c.facility_power <= 100 kW : "the lab feed is 100 kW"
require c.gpu_count == 128 : "holds"
// clusterc: allow(power.rack-over-limit)
cluster d { site = s; nodes = 4 x hgx; racks = rack { nodes = 4; power_limit = 10 kW }; fabric = ndr }
