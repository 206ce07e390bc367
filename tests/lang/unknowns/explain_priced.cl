// ARGS: explain %s
// Every IT part priced, an explicit `0 USD` where the switch price carries optics and cables:
// capex is known, and says which facility items it leaves out for want of a price.
import std.nvidia
import std.cooling

site s { pue = 1.2; cooling = cooling.direct_liquid; building_price = 4 USD/W }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
  gpu_power = 650 W
  host_power = 400 W
  net_power = 200 W
  price = 280_000 USD
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 { price = 100_000 USD }
  transceiver_price = 0 USD  // in the switch price
  cable_price = 0 USD        // in the switch price
}
cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
