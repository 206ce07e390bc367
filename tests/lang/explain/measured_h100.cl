// ARGS: explain %s
// GPT models whose forward and backward were measured on one H100 SXM5 (bench/gpu/results/
// h100-2026-11-26; tests/unit/test_layer_model.cpp compares them): bf16, FFN 4 x hidden, tied
// embeddings, cross entropy on fp32 logits, data parallel over one node.
// - Megatron-Core's 1.7B weak-scaling GPT (vocabulary 131,072, 4,096 tokens, micro-batch 1)
//   without and with dropout: the dropout plan's attention core is longer by the stdlib's
//   measured time per causal score element (nvidia.H100_SXM5 attention_dropout_time); GEMMs are
//   unchanged.
// - GPT-2/GPT-3-style 350M-2.7B (GPT-2's vocabulary padded to 50,304, 2,048 tokens, no dropout),
//   4 micro-batches a GPU.
import std.nvidia
import std.cooling

site lab { cooling = cooling.direct_liquid }
// One GPU was measured: its times are its own, not the slowest of the node's eight that a
// plan over the node waits for (docs/model-scale.md).
gpu measured_h100 extends nvidia.H100_SXM5 { speed_variation = 0 }
node hgx {
  gpus = 8 x measured_h100
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
plan with_dropout extends no_dropout { model = gpt_1_7b_dropout }

model gpt_350m extends gpt_1_7b { hidden = 1_024; ffn = 4_096; vocab = 50_304 }
model gpt_760m extends gpt_350m { hidden = 1_536; ffn = 6_144 }
model gpt_1_3b extends gpt_350m { hidden = 2_048; ffn = 8_192 }
model gpt_2_7b extends gpt_350m { layers = 32; hidden = 2_560; ffn = 10_240; heads = 32 }
plan gpt_350m_mb8 extends no_dropout {
  model = gpt_350m
  batch { global = 256; micro = 8; seq_len = 2048 }
}
plan gpt_760m_mb8 extends gpt_350m_mb8 { model = gpt_760m }
plan gpt_1_3b_mb8 extends gpt_350m_mb8 { model = gpt_1_3b }
plan gpt_2_7b_mb4 extends gpt_350m_mb8 {
  model = gpt_2_7b
  batch { global = 128; micro = 4; seq_len = 2048 }
}

// nanoGPT-style compiled steps measured on one H100 SXM5 (bench/gpu/step_probe.py `compiled`,
// results/h100-2026-11-28/step_compiled.json), as measured_h200.cl's: fp32 weights under bf16
// autocast, torch.compile (its fused loss), fused AdamW, 4 micro-batches; the GPU idled 14-18 ms
// a step.
plan compiled_350m {
  model = gpt_350m
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 256; micro = 8; seq_len = 2048 }
  optimizer = adam { fp32_params = true; grad_accumulation = upcast }
  step_overhead = 0 s
}
plan compiled_1_3b extends compiled_350m { model = gpt_1_3b }
