// plan.indivisible under sequence parallelism: Megatron-Core splits each sequence's activations
// (s / cp tokens) over the tp ranks and asserts that they divide. 12 ranks do not divide 8,192
// tokens (plan a), nor 4,096 a cp rank (plan b); without sequence parallelism (plan whole) they may.
import std.nvidia
import std.cooling
import std.models

site s {
  pue = 1.2
  electricity = 0.06 USD/kWh
  cooling = cooling.direct_liquid { rack_limit = 140 kW }
}
node nvl {
  gpus = 72 x nvidia.GB200
  scale_up = nvidia.NVLink5
  nics = 72 x nvidia.ConnectX8
}
fabric ndr {
  kind = infiniband_xdr
  topology = fat_tree { tiers = 2; rails = 4 }
  switch = nvidia.Quantum_X800_Q3400
}
cluster c { site = s; nodes = 2 x nvl; racks = rack { nodes = 1 }; fabric = ndr }
plan a {
  model = models.gpt3_175b
  cluster = c
  parallel { tp = 12; pp = 1; dp = 12 }
  batch { global = 48; micro = 1; seq_len = 8192 }
  optimizer = adam { sharding = zero1 }
  recompute = full
}
plan b {
  model = models.gpt3_175b
  cluster = c
  parallel { tp = 12; cp = 2; dp = 6 }
  batch { global = 48; micro = 1; seq_len = 8192 }
  optimizer = adam { sharding = zero1 }
  recompute = full
}
plan whole {
  model = models.gpt3_175b
  cluster = c
  parallel { tp = 12; dp = 12; sequence_parallel = false }
  batch { global = 48; micro = 1; seq_len = 8192 }
  optimizer = adam { sharding = zero1 }
  recompute = full
}
