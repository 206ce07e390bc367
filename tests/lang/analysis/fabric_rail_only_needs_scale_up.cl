// fabric.rail-only-needs-scale-up: a rail-only fabric on PCIe nodes with no NVLink
import std.nvidia
import std.cooling

site s {
  pue = 1.2
  electricity = 0.06 USD/kWh
  cooling = cooling.direct_liquid
}
node pcie {
  gpus = 8 x nvidia.H100_PCIe
  nics = 8 x nvidia.ConnectX7
  gpu_power = 350 W
  host_power = 400 W
}
fabric rails {
  kind = infiniband_ndr
  topology = rail_only { tiers = 2 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 64 x pcie; racks = rack { nodes = 4 }; fabric = rails }
