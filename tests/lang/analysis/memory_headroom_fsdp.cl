// memory.headroom on a PyTorch FSDP plan: the notes count the blocks FSDP holds gathered at the
// peak (two under `backward_pre`, the default, with the current gradients in bf16 and their fp32
// copy) beside the fp32 shards that are the optimizer's master (`fp32_params`).
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
  parallel { tp = 1; pp = 1; dp = 8 }
  batch { global = 8; micro = 1; seq_len = 8192 }
  recompute = full
  optimizer = adam { sharding = fsdp; fp32_params = true; fp32_gradients = true }
  memory_headroom = 20 %
}
