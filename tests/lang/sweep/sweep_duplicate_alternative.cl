// sweep.duplicate-alternative: 128 nodes listed twice
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
cluster c { site = s; nodes = 128 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan p {
  model = models.llama3_70b
  cluster = c
  parallel { tp = 8; pp = 4; dp = 32 }
  batch { global = 1_024; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  recompute = full
  tokens = 15 trillion
}

sweep sizes {
  plan  = p
  nodes = one_of(128, 256, 128)
}
