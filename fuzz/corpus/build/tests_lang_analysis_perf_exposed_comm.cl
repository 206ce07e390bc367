// perf.exposed-comm: pure data parallelism of a 70B model over one 100 Gb/s NIC per node
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
nic slow { bandwidth = 100 Gb/s }
node thin {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 1 x slow
}
fabric eth {
  kind = roce_v2
  topology = fat_tree { tiers = 2 }
  switch = nvidia.Spectrum4_SN5600
}
cluster c { site = s; nodes = 32 x thin; racks = rack { nodes = 4 }; fabric = eth }
plan p {
  model = models.llama3_70b
  cluster = c
  parallel { tp = 8; pp = 1; dp = 32 }
  batch { global = 32; micro = 1; seq_len = 4096 }
  recompute = full
  optimizer = adam { sharding = zero3 }
}
