// plan.shard-group: hybrid sharding (`optimizer { shard_group }`) splits the dp x cp
// data-parallel ranks into replicas of shard_group ranks, each holding one copy of the sharded
// states. `hsdp` shards over a node and replicates across the 32; the others cannot split:
// `unsharded` has nothing to shard, `uneven` does not divide dp x cp, `split_cp` would cut a
// context-parallel group, and `experts` makes replicas that do not divide the ranks holding the
// same experts.
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
cluster c256 { site = dc; nodes = 32 x dgx; racks = rack { nodes = 4 }; fabric = ib }

plan hsdp {
  model     = models.llama3_8b
  cluster   = c256
  parallel  { dp = 256 }
  batch     { global = 512; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = fsdp; shard_group = 8 }
}
plan unsharded {
  model     = models.llama3_8b
  cluster   = c256
  parallel  { tp = 8; dp = 32; tp_comm_overlap = true }
  batch     { global = 512; micro = 1; seq_len = 8_192 }
  optimizer = adam { shard_group = 8 }
}
plan uneven {
  model     = models.llama3_8b
  cluster   = c256
  parallel  { tp = 2; dp = 128 }
  batch     { global = 512; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1; shard_group = 48 }
}
plan split_cp {
  model     = models.llama3_8b
  cluster   = c256
  parallel  { tp = 2; cp = 4; dp = 32 }
  batch     { global = 512; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1; shard_group = 2 }
}
// Mixtral 8x7B's shape.
model moe_8x7b {
  layers = 32; hidden = 4_096; ffn = 14_336; heads = 32; kv_heads = 8; vocab = 32_000
  moe { experts = 8; top_k = 2 }
}
plan experts {
  model     = moe_8x7b
  cluster   = c256
  parallel  { tp = 2; ep = 8; dp = 128 }
  batch     { global = 2_048; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1; shard_group = 2 }
}
