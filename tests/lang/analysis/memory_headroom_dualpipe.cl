// memory.headroom under DualPipe: the most loaded rank holds two stages (its own and the one
// paired with it), and p + 1 micro-batches in flight
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
cluster c { site = s; nodes = 1 x hgx; racks = rack { nodes = 1 }; fabric = ndr }
plan p {
  model = models.llama3_8b
  cluster = c
  parallel { pp = 4; dp = 2; schedule = dualpipe }
  batch { global = 16; micro = 1; seq_len = 8192 }
  recompute = full
  optimizer = adam { sharding = zero1 }
  memory_headroom = 40 %
}
