// Counts outside their plausible ranges (ir/limits.h, docs/language.md "Limits"): 65,536 fabric
// tiers, 1e15 nodes, an oversubscription of 1e308:1 and a global batch of 1e15 sequences are
// refused by the frontend, before analysis or a backend loops over them.
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
  topology = fat_tree { tiers = 65536; rails = 8; oversubscription = 1e308:1 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 1e15 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan p {
  model = models.llama3_8b
  cluster = c
  parallel { tp = 4; pp = 2; dp = 2 }
  batch { global = 1e15; micro = 1; seq_len = 8192 }
}
