// ARGS: explain %s
// A Llama layer's element-wise steps fused (the default) and as torchtitan's eager PyTorch
// operations with compile off (`eager_ops`: RMSNorm on an fp32 copy, rotary embeddings through
// fp32 complex numbers, SwiGLU as silu then the product, GQA's repeat_kv): Llama 3 8B on one
// A100 node under FSDP, where the layer's element-wise time grows about threefold.
import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node hgx {
  gpus = 8 x nvidia.A100_80GB
  scale_up = nvidia.NVLink3
  nics = 8 x nvidia.ConnectX6
}
fabric ib { kind = infiniband_hdr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum_QM8700 }
cluster c { site = s; nodes = 1 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model llama { layers = 32; hidden = 4096; ffn = 14336; heads = 32; kv_heads = 8; vocab = 128_256 }
plan fused { model = llama; cluster = c; parallel { dp = 8 } batch { global = 16; micro = 2; seq_len = 4096 } optimizer = adam { sharding = fsdp } }
plan eager extends fused { eager_ops { norm = true; rope = complex; activation = true; kv_repeat = true } }
