// fabric.ports-exceeded on a mixed rail-only fabric: 8 rails of one 64-port switch attach 512
// ports, and the cluster has 512 (60 x 8 + 8 x 4), but all 68 nodes have a port on rail 1
import std.nvidia
import std.cooling

site s { cooling = cooling.direct_liquid }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
node hgx4 {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 4 x nvidia.ConnectX7
}
fabric rails {
  kind = infiniband_ndr
  topology = rail_only { tiers = 1 }
  switch = nvidia.Quantum2_QM9700
}
cluster c {
  site = s
  nodes = 60 x hgx + 8 x hgx4
  racks = rack { nodes = 4 }
  fabric = rails
}
