// ARGS: explain %s
// ZeRO-3/FSDP backward prefetch (PyTorch FSDP's BackwardPrefetch). The same 7B plan on two
// 8 x H100 nodes three ways: `backward_pre` (the default) and `backward_post` (Composer's)
// gather the next unit while the current one computes its gradients, so the data-parallel
// collectives stay hidden but for the first gather and the last reduce-scatter; `none` waits for
// every unit's gather and, before it, the previous unit's reduce-scatter. In memory
// `backward_pre` holds one block's parameters more than the other two ("gathered").
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
plan pre  { model = llama; cluster = c; parallel { dp = 16 } batch { global = 64; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp } }
plan post { model = llama; cluster = c; parallel { dp = 16 } batch { global = 64; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp; prefetch = backward_post } }
plan none { model = llama; cluster = c; parallel { dp = 16 } batch { global = 64; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp; prefetch = none } }
