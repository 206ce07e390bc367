// power.rack-over-cooling on the second and the CPU-only node groups: six A100 nodes fit an
// air-cooled rack, six H100 nodes do not, nor six 6 kW storage servers
import std.nvidia
import std.cooling

site air { pue = 1.4; cooling = cooling.air }
node a100 {
  gpus = 8 x nvidia.A100_80GB
  scale_up = nvidia.NVLink3
  nics = 8 x nvidia.ConnectX7
  host_power = 1 kW
}
node h100 {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
  host_power = 1.2 kW
}
node storage {
  nics = 2 x nvidia.ConnectX7
  host_power = 6 kW
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2 }
  switch = nvidia.Quantum2_QM9700
}
cluster c {
  site = air
  nodes = 12 x a100 + 12 x h100 + 6 x storage
  racks = rack { nodes = 6 }
  fabric = ndr
}
