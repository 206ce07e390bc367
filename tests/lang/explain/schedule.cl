// ARGS: explain %s
// Tests the pipeline schedule and overlap options: the same plan as 1F1B with exposed TP
// communication, and as zero-bubble with TP overlap, uneven stages and DP not overlapped.
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
cluster lab_cluster { site = lab; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan plain {
  model = models.llama3_8b
  cluster = lab_cluster
  parallel { tp = 8; pp = 4; dp = 4 }
  batch { global = 64; micro = 1; seq_len = 8192 }
}
plan tuned {
  model = models.llama3_8b
  cluster = lab_cluster
  parallel {
    tp = 8; pp = 4; dp = 4
    schedule = zero_bubble; tp_comm_overlap = true; dp_overlap = false
    first_stage_layers = 6; last_stage_layers = 6
  }
  batch { global = 64; micro = 1; seq_len = 8192 }
}
