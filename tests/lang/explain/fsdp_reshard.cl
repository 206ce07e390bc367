// ARGS: explain %s
// ZeRO-3/FSDP with and without resharding after the forward. The same 7B plan on two 8 x H100
// nodes: `full` (PyTorch FSDP's FULL_SHARD, FSDP2's default) frees each unit's gathered
// parameters after its forward and gathers them again for its backward; `kept` (SHARD_GRAD_OP,
// FSDP2's reshard_after_forward=False) keeps them through the backward, gathering once a
// micro-batch: less data-parallel traffic, and the whole model's 16-bit parameters held at the
// peak ("gathered"). Without a backward gather, `kept_none`'s `prefetch = none` changes nothing.
import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 2 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model llama { layers = 32; hidden = 4096; ffn = 11008; heads = 32; vocab = 32_000 }
plan full      { model = llama; cluster = c; parallel { dp = 16 } batch { global = 64; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp } }
plan kept      { model = llama; cluster = c; parallel { dp = 16 } batch { global = 64; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp; reshard_after_forward = false } }
plan kept_none { model = llama; cluster = c; parallel { dp = 16 } batch { global = 64; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp; reshard_after_forward = false; prefetch = none } }
