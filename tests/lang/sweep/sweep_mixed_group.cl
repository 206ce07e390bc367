// a sweep of a plan on the second node group of a mixed cluster: the A100 group's GPU model and
// node count vary, the H100 and login groups stay as declared
import std.nvidia
import std.cooling
import std.models

site s {
  pue         = 1.2
  electricity = 0.06 USD/kWh
  cooling     = cooling.direct_liquid
}
node h100 {
  gpus       = 8 x nvidia.H100_SXM5
  scale_up   = nvidia.NVLink4
  nics       = 8 x nvidia.ConnectX7
  host_power = 1 kW
}
node a100 {
  gpus       = 8 x nvidia.A100_80GB
  scale_up   = nvidia.NVLink3
  nics       = 4 x nvidia.ConnectX6
  host_power = 1 kW
}
node login {
  nics       = 1 x nvidia.ConnectX7
  host_power = 800 W
}
fabric ndr {
  kind              = infiniband_ndr
  topology          = fat_tree { tiers = 2 }
  switch            = nvidia.Quantum2_QM9700
  transceiver_power = 0 W  // left out of this test's power sums: a known zero, not an unknown
}
cluster c {
  site   = s
  nodes  = 64 x h100 + 32 x a100 + 4 x login
  racks  = rack { nodes = 4 }
  fabric = ndr
}
plan p {
  model     = models.llama3_8b
  cluster   = c
  on        = a100
  parallel  { tp = 8; pp = 1; dp = 32 }
  batch     { global = 256; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  recompute = selective
  tokens    = 100 billion
}

sweep grow {
  plan  = p
  gpu   = one_of(nvidia.A100_80GB, nvidia.H100_SXM5)
  nodes = one_of(32, 48)
}
