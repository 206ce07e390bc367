// ARGS: explain %s
// Tests clusterc explain on concurrent jobs: each job's GPUs, nodes and racks, and the idle GPUs.
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid; pue = 1.2 }
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
cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan a {
  model = models.llama3_8b
  cluster = c
  parallel { tp = 8; dp = 8 }
  batch { global = 64; seq_len = 8192 }
  recompute = selective
}
plan b extends a { parallel { tp = 8; dp = 4 } }
jobs spring {
  plans = a + b
}
