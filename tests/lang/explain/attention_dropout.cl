// ARGS: explain %s
// Tests the fused-attention dropout term: Megatron-Core's 1.7B weak-scaling GPT (hidden 2,048,
// 16 heads, 4,096 tokens, micro-batch 1) on H100 without and with dropout. The dropout plan's
// attention core is longer by the stdlib's measured time per causal score element
// (nvidia.H100_SXM5 attention_dropout_time); GEMMs are unchanged.
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
model gpt_1_7b {
  layers = 24; hidden = 2_048; ffn = 8_192; heads = 16; vocab = 131_072
  activation = gelu; norm = layernorm; tied_embeddings = true; dropout = disabled
}
model gpt_1_7b_dropout extends gpt_1_7b { dropout = enabled }
plan no_dropout {
  model = gpt_1_7b
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 32; micro = 1; seq_len = 4096 }
  fused_cross_entropy = false
}
plan with_dropout {
  model = gpt_1_7b_dropout
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 32; micro = 1; seq_len = 4096 }
  fused_cross_entropy = false
}
