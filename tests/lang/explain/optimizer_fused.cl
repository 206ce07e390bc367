// ARGS: explain %s
// The optimizer step fused (Megatron-LM's and Apex's fused Adam: 42 bytes of HBM traffic per
// parameter) and unfused (`fused = false`: PyTorch's per-op Adam, Composer's DecoupledAdamW: 92
// bytes): the same FSDP plan on one node, the unfused step 2.2x as long.
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
model llama { layers = 32; hidden = 4096; ffn = 14336; heads = 32; kv_heads = 8; vocab = 128_256 }
plan fused   { model = llama; cluster = c; parallel { dp = 8 } batch { global = 16; micro = 2; seq_len = 4096 } optimizer = adam { sharding = fsdp } }
plan unfused { model = llama; cluster = c; parallel { dp = 8 } batch { global = 16; micro = 2; seq_len = 4096 } optimizer = adam { sharding = fsdp; fused = false } }
