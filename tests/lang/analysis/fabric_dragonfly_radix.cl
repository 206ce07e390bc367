// fabric.dragonfly-radix: p + a + h - 1 = 16 + 40 + 16 - 1 = 71 ports on a 64-port switch
import std.nvidia
import std.cooling

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
}
fabric df {
  kind = infiniband_ndr
  topology = dragonfly { endpoints_per_router = 16; routers_per_group = 40; global_links = 16 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 256 x hgx; racks = rack { nodes = 4 }; fabric = df }
