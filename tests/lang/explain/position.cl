// ARGS: explain %s
// `model { position; rope_fraction; linear_bias }`: Nemotron-3 8B's LayerNorm layers with rotary
// embeddings on half of each head and no biases, against the same shape read as GPT-style (the
// LayerNorm default: learned positions, biases, no rotation) and with ALiBi (BLOOM: no table, no
// rotation). The rotation is one fused kernel each way (4 bytes an element of Q and K; Megatron-
// Core's apply_rope_fusion), or, unfused, t cos + rotate_half(t) sin on the rotated half and a
// concatenation with the rest (20 x 0.5 + 4 = 14 bytes an element; `eager_ops { rope =
// rotate_half }`). The learned table is seq_len x hidden parameters (4,096 x 4,096 = 16.8 M), the
// biases 4h + ffn a layer (32.8 K).
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
model nemotron3_8b {
  layers = 32; hidden = 4_096; ffn = 16_384; heads = 32; vocab = 256_000
  activation = squared_relu; norm = layernorm; dropout = disabled
  position = rope; rope_fraction = 0.5; linear_bias = disabled
}
model gpt_style extends nemotron3_8b { position = by_norm; rope_fraction = 1; linear_bias = by_norm }
model with_alibi extends nemotron3_8b { position = alibi; rope_fraction = 1 }
plan rotary  { model = nemotron3_8b; cluster = c; parallel { tp = 2; dp = 4 } batch { global = 64; micro = 4; seq_len = 4096 } optimizer = adam { sharding = zero1 }; precision = fp8 }
plan unfused { model = nemotron3_8b; cluster = c; parallel { tp = 2; dp = 4 } batch { global = 64; micro = 4; seq_len = 4096 } optimizer = adam { sharding = zero1 }; precision = fp8; eager_ops { rope = rotate_half } }
plan learned { model = gpt_style;    cluster = c; parallel { tp = 2; dp = 4 } batch { global = 64; micro = 4; seq_len = 4096 } optimizer = adam { sharding = zero1 }; precision = fp8 }
plan alibi   { model = with_alibi;   cluster = c; parallel { tp = 2; dp = 4 } batch { global = 64; micro = 4; seq_len = 4096 } optimizer = adam { sharding = zero1 }; precision = fp8 }
