// ARGS: explain %s
// The working set at the peak and units kept through the step (docs/model-memory.md). One Llama
// 3 8B-like plan on two 8 x H100 nodes, full recompute, FSDP with fp32 reduction:
// - `fused`, `megatron` and `torch`: the loss as a fused kernel (4 bytes a logit at its peak),
//   Megatron-LM's in-place cross entropy (6) and PyTorch's F.cross_entropy on logits.float() (12,
//   `eager_ops { loss }`, which also times its 22 + 26 bytes a logit);
// - `small_vocab`: with a 1,024-token vocabulary the replayed layer is the larger transient;
// - `piped` and `piped_kept`: pipeline parallelism with the units kept from the forward through
//   the backward, and kept through the whole step as torch.distributed.pipelining keeps them
//   under FSDP2 (`reshard_after_backward = false`): the stage's parameters and fp32 gradients
//   held, one gather and one reduce-scatter a step.
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
model llama { layers = 32; hidden = 4096; ffn = 14336; heads = 32; kv_heads = 8; vocab = 128_256 }
model llama_small_vocab extends llama { vocab = 1_024 }
plan fused       { model = llama; cluster = c; parallel { dp = 16 } batch { global = 64; micro = 2; seq_len = 8192 } optimizer = adam { sharding = fsdp; fp32_params = true; fp32_gradients = true }; recompute = full }
plan megatron    extends fused { fused_cross_entropy = false }
plan torch       extends fused { eager_ops { loss = true } }
plan small_vocab extends fused { model = llama_small_vocab }
plan piped       { model = llama; cluster = c; parallel { pp = 2; dp = 8 } batch { global = 64; micro = 2; seq_len = 8192 } optimizer = adam { sharding = fsdp; fp32_params = true; fp32_gradients = true; reshard_after_forward = false }; recompute = full }
plan piped_kept  extends piped { optimizer = adam { sharding = fsdp; fp32_params = true; fp32_gradients = true; reshard_after_forward = false; reshard_after_backward = false } }
