// ARGS: search %s --plan p --gpus 8 --format csv
// Tests search.no-plan: Llama 3 405B does not fit on one 8-GPU node whatever the plan.
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
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
// clusterc: allow(memory.hbm-overflow)
plan p {
  model = models.llama3_405b
  cluster = c
  parallel { tp = 8; pp = 16; dp = 1 }
  batch { global = 64; micro = 1; seq_len = 8_192 }
  recompute = full
}
