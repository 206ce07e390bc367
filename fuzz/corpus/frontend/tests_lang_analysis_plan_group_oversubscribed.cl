// plan.group-oversubscribed: expert-parallel groups of 256 GPUs cross 1:4 links between 128-GPU pods
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
fabric pods {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 3; rails = 8; pod_size = 128; pod_oversubscription = 1:4 }
  switch = nvidia.Quantum2_QM9700
}
model moe {
  layers = 32; hidden = 4096; ffn = 14336; heads = 32; kv_heads = 8; vocab = 32_000
  moe { experts = 256; top_k = 8 }
}
cluster c { site = s; nodes = 64 x hgx; racks = rack { nodes = 4 }; fabric = pods }
plan p {
  model = moe
  cluster = c
  parallel { tp = 1; pp = 2; dp = 256; ep = 256 }
  batch { global = 512; micro = 1; seq_len = 4096 }
  recompute = full
  optimizer = adam { sharding = zero1 }
}
