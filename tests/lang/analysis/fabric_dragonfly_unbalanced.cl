// fabric.dragonfly-unbalanced: h = 8 global links for p = 16 endpoints per router
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
  topology = dragonfly { endpoints_per_router = 16; routers_per_group = 32; global_links = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 256 x hgx; racks = rack { nodes = 4 }; fabric = df }
