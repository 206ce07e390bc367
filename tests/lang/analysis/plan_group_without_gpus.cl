// plan.group-without-gpus: the plan names the login nodes
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
node h100 {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
node a100 {
  gpus = 8 x nvidia.A100_80GB
  scale_up = nvidia.NVLink3
  nics = 8 x nvidia.ConnectX7
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
cluster c { site = s; nodes = 8 x h100 + 2 x login; racks = rack { nodes = 4 }; fabric = ndr }
plan p {
  model = models.llama3_8b
  cluster = c
  on = login
  parallel { tp = 8; dp = 2 }
  batch { global = 64; seq_len = 8192 }
  recompute = selective
}
