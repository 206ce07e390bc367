// ARGS: explain %s
// GPT-2/GPT-3-style models whose forward and backward were measured on one H100 SXM5
// (bench/gpu/results/h100-2026-11-26/gpts.json; tests/unit/test_layer_model.cpp compares them):
// bf16, FFN 4 x hidden, tied embeddings, GPT-2's vocabulary padded to 50,304, 2,048 tokens, no
// dropout, cross entropy on fp32 logits. Data parallel over one node, 4 micro-batches a GPU.
import std.nvidia
import std.cooling

site lab { cooling = cooling.direct_liquid }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster lab_cluster { site = lab; nodes = 1 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
model gpt_350m {
  layers = 24; hidden = 1_024; ffn = 4_096; heads = 16; vocab = 50_304
  activation = gelu; norm = layernorm; tied_embeddings = true; dropout = disabled
}
model gpt_760m extends gpt_350m { hidden = 1_536; ffn = 6_144 }
model gpt_1_3b extends gpt_350m { hidden = 2_048; ffn = 8_192 }
model gpt_2_7b extends gpt_350m { layers = 32; hidden = 2_560; ffn = 10_240; heads = 32 }
plan gpt_350m_mb8 {
  model = gpt_350m
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 256; micro = 8; seq_len = 2048 }
  fused_cross_entropy = false
}
plan gpt_760m_mb8 {
  model = gpt_760m
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 256; micro = 8; seq_len = 2048 }
  fused_cross_entropy = false
}
plan gpt_1_3b_mb8 {
  model = gpt_1_3b
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 256; micro = 8; seq_len = 2048 }
  fused_cross_entropy = false
}
plan gpt_2_7b_mb4 {
  model = gpt_2_7b
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 128; micro = 4; seq_len = 2048 }
  fused_cross_entropy = false
}
