// plan.unsupported-precision: FP8 on A100, which has no FP8 tensor cores, and NVFP4 and MXFP4
// on H100, which has no FP4 ones
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
node dgx_a100 {
  gpus = 8 x nvidia.A100_80GB
  scale_up = nvidia.NVLink3
  nics = 8 x nvidia.ConnectX7
}
cluster c { site = s; nodes = 4 x dgx_a100; racks = rack { nodes = 4 }; fabric = ndr }
plan p {
  model = models.llama3_8b
  cluster = c
  precision = fp8
  parallel { tp = 8; pp = 1; dp = 4 }
  batch { global = 64; micro = 1; seq_len = 4096 }
  recompute = full
}
cluster h { site = s; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan p4 extends p { cluster = h; precision = nvfp4 }
plan p4mx extends p { cluster = h; precision = mxfp4 }
