// memory.hbm-overflow with a fix: Llama 3 70B, no recompute, micro-batch 4 on 64 GPUs; the note
// names the cheapest single change that fits, evaluated by analysis
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
cluster c { site = s; nodes = 8 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan p {
  model = models.llama3_70b
  cluster = c
  parallel { tp = 8; pp = 2; dp = 4 }
  optimizer = adam { sharding = zero1 }
  batch { global = 64; micro = 4; seq_len = 8192 }
}
// Llama 3 8B at 80K tokens, cp 8 x dp 2 under ZeRO-1: sharding the gradients too (ZeRO-2) fits
// and costs no step time the note could print, so it says the step is unchanged.
plan long_context {
  model = models.llama3_8b
  cluster = c
  parallel { cp = 8; dp = 2 }
  optimizer = adam { sharding = zero1 }
  batch { global = 64; micro = 1; seq_len = 81_920 }
}
// Llama 3 70B under FSDP over 64 GPUs that keeps every unit's gathered parameters from its forward
// through its backward (SHARD_GRAD_OP): 140 GB of 16-bit parameters at the peak. Freeing them
// after each unit's forward, as FULL_SHARD does, fits.
plan kept {
  model = models.llama3_70b
  cluster = c
  parallel { dp = 64 }
  optimizer = adam { sharding = fsdp; reshard_after_forward = false }
  batch { global = 64; micro = 1; seq_len = 8192 }
  recompute = full
}
