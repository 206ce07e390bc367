// ARGS: explain %s
// Tests that explain marks an infeasible plan before its figures: llama3 70B with tp = 1 and no
// sharding does not fit an H100's memory, so the plan and the spec are NOT FEASIBLE.
import std.nvidia
import std.cooling
import std.models

site lab { pue = 1.3; cooling = cooling.direct_liquid }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric ndr { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 }
cluster lab_cluster { site = lab; nodes = 32 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan too_big {
  model = models.llama3_70b
  cluster = lab_cluster
  parallel { tp = 1; pp = 1; dp = 256 }
  batch { global = 512; micro = 2; seq_len = 8192 }
  optimizer = adam { sharding = none }
}
