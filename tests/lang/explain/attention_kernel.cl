// ARGS: explain %s
// Tests `attention_kernel`: the same long-context plan on H100 with the GPU's tuned attention
// kernel and with FlashAttention-2, which on Hopper reaches about half the tuned kernel's rate
// (stdlib nvidia.H100_SXM5 flash2_* figures); the flash2 plan's step time is longer.
import std.nvidia
import std.cooling
import std.models

site lab { cooling = cooling.direct_liquid }
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
cluster lab_cluster { site = lab; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan tuned_kernel {
  model = models.llama3_8b
  cluster = lab_cluster
  parallel { tp = 8; dp = 4 }
  batch { global = 32; micro = 1; seq_len = 16384 }
}
plan flash2_kernel {
  model = models.llama3_8b
  cluster = lab_cluster
  parallel { tp = 8; dp = 4 }
  batch { global = 32; micro = 1; seq_len = 16384 }
  attention_kernel = flash2
}
