// perf.dp-comm-heavy: Llama 3 8B under the distributed optimizer (ZeRO-1) on four 8 x H100 nodes,
// context parallelism 2. With one micro-batch of 8,192 tokens a replica and step (`thin`, the
// shape of MLPerf v5.1's multi-node 8B runs) the reduce-scatter and all-gather the step hides
// take over 20 % of the compute, and the step rests on hiding them; with eight micro-batches a
// step (`accumulating`) an eighth of that, and on one node (`one_node`, the collectives inside
// NVLink) no warning.
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.air }
node hgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ndr }

// Short steps: perf.short-step has its own test (perf_short_step.cl).
// clusterc: allow(perf.short-step)
plan thin {
  model     = models.llama3_8b
  cluster   = c
  parallel  { cp = 2; dp = 16 }
  batch     { global = 16; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  precision = fp8
}

plan accumulating {
  model     = models.llama3_8b
  cluster   = c
  parallel  { cp = 2; dp = 16 }
  batch     { global = 128; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  precision = fp8
}

// Short steps: perf.short-step has its own test (perf_short_step.cl).
// clusterc: allow(perf.short-step)
plan one_node {
  model     = models.llama3_8b
  cluster   = c
  parallel  { cp = 2; dp = 4 }
  batch     { global = 4; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  precision = fp8
}
