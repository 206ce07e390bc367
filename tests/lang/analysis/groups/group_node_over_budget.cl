// power.node-over-budget on the second and the CPU-only node groups: the A100 node keeps to its
// 5 kW budget, the H100 node (8 x 700 W + 1.2 kW) and the storage server (2.5 kW) exceed theirs
import std.nvidia
import std.cooling

site s { pue = 1.2; cooling = cooling.direct_liquid }
node a100 {
  gpus = 8 x nvidia.A100_80GB
  scale_up = nvidia.NVLink3
  nics = 8 x nvidia.ConnectX7
  host_power = 1 kW
  power_budget = 5 kW
}
node h100 {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
  host_power = 1.2 kW
  power_budget = 6 kW
}
node storage {
  nics = 2 x nvidia.ConnectX7
  host_power = 2.5 kW
  power_budget = 2 kW
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2 }
  switch = nvidia.Quantum2_QM9700
}
cluster c {
  site = s
  nodes = 8 x a100 + 8 x h100 + 4 x storage
  racks = rack { nodes = 4 }
  fabric = ndr
}
// A second cluster with the same H100 node: reported once, on the first.
cluster d {
  site = s
  nodes = 4 x h100
  racks = rack { nodes = 4 }
  fabric = ndr
}
