// power.rack-over-limit on a CPU-only node group: eight GPU nodes fit a 40 kW feed, eight
// storage servers of 6 kW do not
import std.nvidia
import std.cooling

site s { pue = 1.2; cooling = cooling.direct_liquid }
node a100 {
  gpus = 8 x nvidia.A100_80GB
  scale_up = nvidia.NVLink3
  nics = 8 x nvidia.ConnectX7
  host_power = 1 kW
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
  site = s
  nodes = 16 x a100 + 16 x storage
  racks = rack { nodes = 8; power_limit = 40 kW }
  fabric = ndr
}
