// plan.muon-sharding: Muon orthogonalises each weight matrix whole, so it runs unsharded or
// under Megatron-Core's layer-wise distributed optimizer (`zero1`: whole matrices per
// data-parallel rank). `layer_wise` and `replicated` are accepted; `zero3` and `fsdp` would
// split each matrix across the ranks, and `hybrid` asks the layer-wise optimizer for replicas it
// does not have.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.air }
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

plan layer_wise {
  model     = models.llama3_8b
  cluster   = c64
  parallel  { tp = 2; dp = 32 }
  batch     { global = 256; micro = 1; seq_len = 8_192 }
  optimizer = muon { sharding = zero1; tp_mode = blockwise }
}
plan replicated {
  model     = models.llama3_8b
  cluster   = c64
  parallel  { tp = 2; dp = 32 }
  batch     { global = 256; micro = 1; seq_len = 8_192 }
  optimizer = muon { ns_steps = 6 }
}
plan zero3 {
  model     = models.llama3_8b
  cluster   = c64
  parallel  { tp = 2; dp = 32 }
  batch     { global = 256; micro = 1; seq_len = 8_192 }
  optimizer = muon { sharding = zero3 }
}
plan fsdp {
  model     = models.llama3_8b
  cluster   = c64
  parallel  { dp = 64 }
  batch     { global = 256; micro = 1; seq_len = 8_192 }
  optimizer = muon { sharding = fsdp }
}
plan hybrid {
  model     = models.llama3_8b
  cluster   = c64
  parallel  { tp = 2; dp = 32 }
  batch     { global = 256; micro = 1; seq_len = 8_192 }
  optimizer = muon { sharding = zero1; shard_group = 8 }
}
