// ARGS: explain %s
// Hybrid sharding. The same 7B plan on 32 GPUs of four 8 x H100 nodes: `whole` shards its FSDP
// states over all 32 ranks; `per_node` (`shard_group = 8`, PyTorch FSDP's HYBRID_SHARD) shards
// them within each node and keeps four copies: four times the sharded states of `whole`, its
// gathers and reduce-scatters inside the NVLink domain, and one all-reduce of each shard's
// gradients across the four replicas a step. `zero1_nodes` splits the distributed optimizer into
// four instances of a node each (Megatron's --num-distributed-optimizer-instances 4). `pairs`
// shards over two GPUs and does not fit: the cheapest fix is a larger shard group.
import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model llama { layers = 32; hidden = 4096; ffn = 11008; heads = 32; vocab = 32_000 }
plan whole       { model = llama; cluster = c; parallel { dp = 32 } batch { global = 128; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp } }
plan per_node    { model = llama; cluster = c; parallel { dp = 32 } batch { global = 128; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp; shard_group = 8 } }
plan zero1_nodes { model = llama; cluster = c; parallel { dp = 32 } batch { global = 128; micro = 4; seq_len = 2048 } optimizer = adam { sharding = zero1; shard_group = 8 } }
plan pairs       { model = llama; cluster = c; parallel { dp = 32 } batch { global = 128; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp; shard_group = 2 } }
