// jobs.oversubscribed on one node group: the A100 jobs need 128 GPUs of 64; the H100s are another type
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
cluster c { site = s; nodes = 8 x h100 + 8 x a100 + 2 x login; racks = rack { nodes = 4 }; fabric = ndr }
plan a {
  model = models.llama3_8b
  cluster = c
  on = a100
  parallel { tp = 8; dp = 8 }
  batch { global = 64; seq_len = 8192 }
  recompute = selective
}
plan h extends a { on = h100 }
jobs both {
  plans = a + a + h
}
