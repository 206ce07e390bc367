// perf.muon-orthogonalization: Muon's Newton-Schulz work is fixed per step, so a small batch
// leaves it a large share. `small_batch` orthogonalises every matrix on every rank (no sharding)
// and gathers its tensor-parallel halves whole: the warning names the layer-wise optimizer and
// the blockwise mode. `large_batch`, layer-wise and at 16 times the tokens, stays quiet.
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

plan small_batch {
  model     = models.llama3_8b
  cluster   = c64
  parallel  { tp = 2; dp = 32 }
  batch     { global = 64; micro = 1; seq_len = 8_192 }
  optimizer = muon { }
}
plan large_batch {
  model     = models.llama3_8b
  cluster   = c64
  parallel  { tp = 2; dp = 32 }
  batch     { global = 1_024; micro = 1; seq_len = 8_192 }
  optimizer = muon { sharding = zero1 }
}
