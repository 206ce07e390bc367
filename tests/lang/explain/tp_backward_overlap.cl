// ARGS: explain %s
// Megatron-LM's asynchronous tensor-parallel all-reduce (default since 2021-09): the column-
// parallel layers' backward all-reduce runs beside their weight-gradient GEMMs, so the backward's
// two all-reduces per layer hide and only the forward's show; `tp_backward_overlap = false`
// (Megatron before it, Megatron-DeepSpeed) exposes all four. The hidden part still slows the
// GEMMs (contention).
import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node dgx {
  gpus = 8 x nvidia.A100_80GB
  scale_up = nvidia.NVLink3
  nics = 8 x nvidia.ConnectX6
}
fabric ib { kind = infiniband_hdr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum_QM8700 }
cluster c { site = s; nodes = 1 x dgx; racks = rack { nodes = 4 }; fabric = ib }
model gpt { layers = 48; hidden = 6144; ffn = 24576; heads = 64; vocab = 51_200; activation = gelu; norm = layernorm; tied_embeddings = true }
plan async { model = gpt; cluster = c; parallel { tp = 8; sequence_parallel = false } batch { global = 4; micro = 4; seq_len = 2048 } recompute = full; flash_attention = false }
plan sync  { model = gpt; cluster = c; parallel { tp = 8; sequence_parallel = false; tp_backward_overlap = false } batch { global = 4; micro = 4; seq_len = 2048 } recompute = full; flash_attention = false }
