// ARGS: explain %s
// Megatron-LM's fp32 gradients (`fp32_gradients = true`): 4 bytes of gradient per parameter on
// the GPU (18 with weights and Adam's states, not ZeRO's 16) and a data-parallel reduction of
// 4-byte gradients; the same plan with 16-bit gradients beside it.
import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node dgx {
  gpus = 8 x nvidia.A100_80GB
  scale_up = nvidia.NVLink3
  nics = 8 x nvidia.ConnectX7
}
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 8 x dgx; racks = rack { nodes = 4 }; fabric = ib }
model gpt { layers = 24; hidden = 4096; ffn = 16384; heads = 32; vocab = 51_200; activation = gelu; norm = layernorm }
plan bf16_grads { model = gpt; cluster = c; parallel { tp = 8; dp = 8 } batch { global = 256; micro = 2; seq_len = 2048 } }
plan fp32_grads { model = gpt; cluster = c; parallel { tp = 8; dp = 8 } batch { global = 256; micro = 2; seq_len = 2048 } optimizer = adam { fp32_gradients = true } }
