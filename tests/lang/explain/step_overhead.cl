// ARGS: explain %s
// `step_overhead`: the host's work between steps, the GPU idle (docs/model.md "Per-step host
// overhead"). The same short-step plan with the default (fitted to published runs), with none
// (`0 s`: a step whose host never waits on the GPU) and with a figure of its own.
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
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan fitted {
  model = models.llama3_8b
  cluster = c
  precision = fp8
  parallel { dp = 32 }
  batch { global = 64; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  kernel_launch = graph
}
plan none extends fitted { step_overhead = 0 s }
plan measured extends fitted { step_overhead = 20 ms }
