// plan.indivisible: uneven stages whose middle layers do not split evenly (32 - 5 - 4 = 23 over 2),
// a pipeline of two stages, the given ends alone, that holds 9 of the 32 layers, and interleaved
// uneven stages whose last stage's 3 layers cannot give each of vpp = 4 virtual stages one (5 and
// 3 over vpp = 2 would pass: the sbatch script's layout string places unequal chunks).
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
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
cluster c { site = s; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan p {
  model = models.llama3_8b
  cluster = c
  parallel { tp = 8; pp = 4; dp = 1; first_stage_layers = 5; last_stage_layers = 4 }
  batch { global = 16; micro = 1; seq_len = 8192 }
}
plan ends_only {
  model = models.llama3_8b
  cluster = c
  parallel { tp = 8; pp = 2; dp = 2; first_stage_layers = 5; last_stage_layers = 4 }
  batch { global = 16; micro = 1; seq_len = 8192 }
}
plan ends_interleaved {
  model = models.llama3_8b
  cluster = c
  parallel { tp = 8; pp = 4; vpp = 4; dp = 1; first_stage_layers = 5; last_stage_layers = 3 }
  batch { global = 16; micro = 1; seq_len = 8192 }
}
