// cluster.domain-spans-racks on a second node group: racks of 16 nodes hold whole 8-GPU H100
// domains, but 16 GB200 trays (64 GPUs) cannot hold a 72-GPU NVLink domain
import std.nvidia
import std.cooling

site s { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
node tray {
  gpus = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  scale_up_domain = 72
  nics = 4 x nvidia.ConnectX7
}
node login {
  nics = 1 x nvidia.ConnectX7
  host_power = 800 W
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2 }
  switch = nvidia.Quantum2_QM9700
}
// The login group has no scale-up domain: nothing to check there.
cluster c {
  site = s
  nodes = 32 x hgx + 36 x tray + 3 x login
  racks = rack { nodes = 16 }
  fabric = ndr
}
