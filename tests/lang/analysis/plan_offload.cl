// plan.offload: a GPU's last layer is never offloaded (its backward follows its forward at
// once; Transformer Engine refuses more than the layers minus one). `all` offloads all 32 of
// Llama 3 8B's layers; `stage` all 16 of a pipeline stage's; `most` 8 of 32, which is allowed.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node dgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c64 { site = dc; nodes = 8 x dgx; racks = rack { nodes = 4 }; fabric = ib }

plan all {
  model     = models.llama3_8b
  cluster   = c64
  parallel  { dp = 64 }
  batch     { global = 1_024; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  offload   { activations = 32 }
}
plan stage extends all { parallel { pp = 2; dp = 32 } offload { activations = 16 } }
plan most extends all { offload { activations = 8 } }
