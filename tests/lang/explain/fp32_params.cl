// ARGS: explain %s
// Where the fp32 master lives. PyTorch FSDP (`fp32_params = true`) keeps the sharded parameters
// in fp32 and updates them in place: 4 + 4 + 8 bytes a sharded parameter, and a bf16 copy only of
// the blocks it gathers. ZeRO-3 as DeepSpeed and Megatron-FSDP run it keeps a 16-bit shard
// beside the optimizer's fp32 master: 2 + 4 + 12. Both gather the same units. DDP with
// torch.autocast keeps whole fp32 parameters and gradients; ZeRO-2 is unchanged either way.
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
model llama { layers = 32; hidden = 4096; ffn = 11008; heads = 32; vocab = 32_000 }
model small { layers = 24; hidden = 2048; ffn = 5504; heads = 16; vocab = 32_000 }
plan zero3        { model = llama; cluster = c; parallel { dp = 8 } batch { global = 32; micro = 4; seq_len = 2048 } optimizer = adam { sharding = zero3; fp32_gradients = true } }
plan pytorch_fsdp { model = llama; cluster = c; parallel { dp = 8 } batch { global = 32; micro = 4; seq_len = 2048 } optimizer = adam { sharding = fsdp; fp32_params = true; fp32_gradients = true } }
plan ddp_amp      { model = small; cluster = c; parallel { dp = 8 } batch { global = 32; micro = 4; seq_len = 2048 } optimizer = adam { fp32_params = true } }
plan zero2_amp    { model = small; cluster = c; parallel { dp = 8 } batch { global = 32; micro = 4; seq_len = 2048 } optimizer = adam { sharding = zero2; fp32_params = true } }
