// ARGS: explain %s
// The loss fused (Megatron-Core's cross_entropy_loss_fusion, Transformer Engine's kernel; the
// default) and unfused (`fused_cross_entropy = false`: Megatron-LM's vocabulary-parallel cross
// entropy on fp32 logits, one pass per operation, 52 bytes per logit against 16): Llama 3 8B's
// 128,256-word vocabulary on one H100 node, where the loss is a visible part of the step.
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
plan fused   { model = llama; cluster = c; parallel { dp = 8 } batch { global = 32; micro = 1; seq_len = 8192 } optimizer = adam { sharding = fsdp } }
plan unfused { model = llama; cluster = c; parallel { dp = 8 } batch { global = 32; micro = 1; seq_len = 8192 } optimizer = adam { sharding = fsdp }; fused_cross_entropy = false }
