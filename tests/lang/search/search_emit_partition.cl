// ARGS: search %s --plan p --gpus 16 --top 3 --format csv --emit-plan -
// The best plan on 16 of the cluster's 32 GPUs, emitted with the partition cluster it needs.
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
cluster c { site = s; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ndr; gpu_rental = 2 USD/h }
plan p {
  model = models.llama3_8b
  cluster = c
  parallel { tp = 1; pp = 1; dp = 32 }
  batch { global = 256; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  recompute = full
  tokens = 1 trillion
}
