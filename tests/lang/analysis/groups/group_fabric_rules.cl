// fabric rules on a mixed cluster: a rail-only fabric needs a scale-up domain in every GPU group
// (the PCIe group has none), the ports of every group count against the switches' capacity, and
// the grid note lists each group's nodes
import std.nvidia
import std.cooling

site s { pue = 1.2; cooling = cooling.direct_liquid; grid_power = 500 kW }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
  host_power = 1 kW
}
node pcie {
  gpus = 8 x nvidia.H100_PCIe
  nics = 4 x nvidia.ConnectX7
  host_power = 1 kW
}
node login {
  nics = 1 x nvidia.ConnectX7
  host_power = 800 W
}
fabric rails {
  kind = infiniband_ndr
  topology = rail_only { tiers = 1 }
  switch = nvidia.Quantum2_QM9700
}
cluster c {
  site = s
  nodes = 60 x hgx + 8 x pcie + 2 x login
  racks = rack { nodes = 4 }
  fabric = rails
}
