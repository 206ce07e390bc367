// ARGS: explain %s
// Gradient accumulation without fusion: after each micro-batch's backward an element-wise pass
// adds the new gradients into the buffer they accumulate in. The same 16-micro-batch plan four
// ways: fused into the weight-gradient GEMM (Megatron-LM since 2022, the default); `separate`
// with 16-bit gradients (PyTorch autograd, 6 bytes per parameter from the second micro-batch);
// `separate` into fp32 gradients (Megatron-LM's `main_grad.add_` hook before 2022, 10 bytes
// every micro-batch); `upcast` (DeepSpeed's BF16_Optimizer: a cast, then an fp32 add, 18 bytes
// every micro-batch).
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
model gpt { layers = 48; hidden = 6144; ffn = 24576; heads = 64; vocab = 51_200; activation = gelu; norm = layernorm; tied_embeddings = true }
plan fused    { model = gpt; cluster = c; parallel { tp = 8 } batch { global = 16; micro = 1; seq_len = 2048 } recompute = full }
plan separate { model = gpt; cluster = c; parallel { tp = 8 } batch { global = 16; micro = 1; seq_len = 2048 } recompute = full; optimizer = adam { grad_accumulation = separate } }
plan main_grad { model = gpt; cluster = c; parallel { tp = 8 } batch { global = 16; micro = 1; seq_len = 2048 } recompute = full; optimizer = adam { fp32_gradients = true; grad_accumulation = separate } }
plan upcast   { model = gpt; cluster = c; parallel { tp = 8 } batch { global = 16; micro = 1; seq_len = 2048 } recompute = full; optimizer = adam { fp32_gradients = true; grad_accumulation = upcast } }
