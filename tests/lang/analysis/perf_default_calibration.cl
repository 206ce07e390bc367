// perf.default-calibration: a plan on a GPU that states no `gemm_efficiency` (here the standard
// library's TPU v5p, and a GPU declared in the spec) is timed at analysis' defaults: a note says
// which and what the validation suite saw with them; `partial` states its attention and HBM
// figures, so only its GEMMs are named. A GPU that states its own (`calibrated`, `inherited`,
// which extends one that does, and the standard library's TPU v5e since round 43) gets none.
import std.google
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }

node v5p_host {
  gpus     = 4 x google.TPU_v5p
  scale_up = google.ICI_v5p
  nics     = 4 x google.TPU_v5p_DCN
}
fabric ici_64 { kind = ici; topology = torus { x = 4; y = 4; z = 4; link_bandwidth = 100 GB/s; wraparound = true } }
cluster cube { site = s; nodes = 16 x v5p_host; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ici_64 }

node v5e_host {
  gpus     = 8 x google.TPU_v5e
  scale_up = google.ICI_v5e
  nics     = 2 x google.TPU_v5e_DCN
}
fabric ici_256 { kind = ici; topology = torus { x = 16; y = 16; z = 1; link_bandwidth = 50 GB/s } }
cluster pod { site = s; nodes = 32 x v5e_host; racks = rack { nodes = 32; scale_up_domain = 256 }; fabric = ici_256 }

plan tpu {
  model     = models.llama3_8b
  cluster   = cube
  parallel  { dp = 64 }
  batch     { global = 256; micro = 4; seq_len = 2_048 }
  optimizer = adam { sharding = fsdp }
  recompute = full
  kernel_launch = graph
}
plan tpu_v5e extends tpu { cluster = pod; parallel { dp = 256 } batch { global = 256; micro = 1; seq_len = 2_048 } }

gpu accel {
  memory           = 96 GiB
  memory_bandwidth = 4 TB/s
  bf16_flops       = 1_000 TFLOP/s
  tdp              = 700 W
}
gpu calibrated extends accel { gemm_efficiency = 0.7 }
gpu inherited extends calibrated { memory = 128 GiB }
gpu partial extends accel { attention_efficiency = 0.6; memory_efficiency = 0.8 }
node box { gpus = 8 x accel; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
node cbox extends box { gpus = 8 x calibrated }
node ibox extends box { gpus = 8 x inherited }
node pbox extends box { gpus = 8 x partial }
fabric ndr {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster plain { site = s; nodes = 2 x box;  racks = rack { nodes = 2 }; fabric = ndr }
cluster cal   { site = s; nodes = 2 x cbox; racks = rack { nodes = 2 }; fabric = ndr }
cluster inh   { site = s; nodes = 2 x ibox; racks = rack { nodes = 2 }; fabric = ndr }
cluster part  { site = s; nodes = 2 x pbox; racks = rack { nodes = 2 }; fabric = ndr }

plan custom {
  model     = models.llama3_8b
  cluster   = plain
  parallel  { dp = 16 }
  batch     { global = 256; micro = 1; seq_len = 2_048 }
  optimizer = adam { sharding = zero1 }
}
plan calibrated_gpu extends custom { cluster = cal }
plan inherited_gpu extends custom { cluster = inh }
plan partial_gpu extends custom { cluster = part }
