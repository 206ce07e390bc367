// plan.indivisible: 32 layers over 3 stages, 32 heads over tp 8 fine, batch not divisible
import std.nvidia
import std.cooling
import std.models

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
  net_power = 200 W
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 3 x hgx; racks = rack { nodes = 3 }; fabric = ndr }
plan p {
  model = models.llama3_8b
  cluster = c
  parallel { tp = 8; pp = 3; dp = 1 }
  batch { global = 10; micro = 4; seq_len = 8192 }
  recompute = full
}
