// ARGS: explain %s
// `head_dim`: a head's width when it is not hidden / heads. Qwen3 30B-A3B's 32 query heads are
// 128 wide in a 2,048-wide model (Q and the O projection 4,096 wide): 30.5 B parameters, 3.35 B
// active, as the Qwen3 report gives them; without the field the same shape would have heads of
// 64 and 30.1 B, 2.9 B active. Both on one H100 node show the difference in time too.
import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 1 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model qwen3_30b_a3b {
  layers = 48; hidden = 2_048; ffn = 6_144; heads = 32; kv_heads = 4; head_dim = 128
  vocab = 151_936
  moe { experts = 128; top_k = 8; expert_ffn = 768 }
}
model derived_heads extends qwen3_30b_a3b { head_dim = 64 }
plan wide   { model = qwen3_30b_a3b; cluster = c; parallel { dp = 8; ep = 8 } batch { global = 64; micro = 1; seq_len = 4096 } optimizer = adam { sharding = fsdp }; recompute = full }
plan narrow { model = derived_heads; cluster = c; parallel { dp = 8; ep = 8 } batch { global = 64; micro = 1; seq_len = 4096 } optimizer = adam { sharding = fsdp }; recompute = full }
