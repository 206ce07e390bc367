// Context parallelism's three exchanges (`parallel { cp_comm }`) in the simulator inputs
// (tests/unit/test_astra_sim.cpp): Llama 3 8B at 64K tokens on 16 H100 GPUs in 2 HGX nodes, one
// context-parallel group of 4 ranks tp 4 apart (crossing the nodes) for the ring and the
// all-gather, and of 8 ranks inside a node (tp 1; Ulysses needs each rank's 8 KV heads to divide
// by cp) for the all-to-all. docs/simulator-comparison.md has these plans' ASTRA-sim runs.
import std.nvidia
import std.cooling
import std.models

site lab { cooling = cooling.direct_liquid }
node hgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c16 { site = lab; nodes = 2 x hgx; racks = rack { nodes = 4 }; fabric = ib }

plan ring {
  model     = models.llama3_8b
  cluster   = c16
  parallel  { tp = 4; cp = 4; cp_comm = ring }
  batch     { global = 8; micro = 1; seq_len = 65_536 }
  optimizer = adam { sharding = zero1 }
}
plan gathered extends ring {
  parallel { tp = 4; cp = 4; cp_comm = all_gather }
}
plan gathered_full extends ring {
  parallel  { tp = 4; cp = 4; cp_comm = all_gather }
  recompute = full
}
plan ulysses extends ring {
  parallel  { tp = 1; cp = 8; dp = 2; cp_comm = all_to_all }
  optimizer = adam { sharding = zero2 }
}
