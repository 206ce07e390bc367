// ARGS: explain %s
// Whole training steps measured on one H200 (bench/gpu/step_probe.py, results in
// bench/gpu/results/h200-2026-11-28/step.json; tests/unit/test_layer_model.cpp compares them):
// eager PyTorch 2.11, bf16 weights, each micro-batch's gradients added into an fp32 buffer by a
// hook (Megatron-LM's main_grad.add_), fused AdamW on fp32 master weights, the whole step on one
// GPU. The plans run it data parallel over the node (a plan on one GPU of eight is an error), and
// the test compares their compute, gradient accumulation and optimizer step with the time the
// probe's GPU was busy; its GPU idle per step was 0.4-7.5 ms, so they state no host overhead.
import std.nvidia
import std.models
import std.cooling

site lab { cooling = cooling.direct_liquid }
// One GPU was measured: its times are its own, not the slowest of the node's eight that a
// plan over the node waits for (docs/model-scale.md).
gpu measured_h200 extends nvidia.H200 { speed_variation = 0 }
node hgx {
  gpus = 8 x measured_h200
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster lab_cluster { site = lab; nodes = 1 x hgx; racks = rack { nodes = 4 }; fabric = ndr }

// GPT-2's vocabulary padded to 50,304, tied embeddings, learned positions.
model gpt_1_3b {
  layers = 24; hidden = 2_048; ffn = 8_192; heads = 16; vocab = 50_304
  activation = gelu; norm = layernorm; tied_embeddings = true; dropout = disabled
}
// Eight of Llama 3 8B's layers with its embedding and output head (2.80 B parameters).
model llama3_8b_8_layers extends models.llama3_8b { layers = 8; params = 2_795_573_248 }

plan gpt_1_3b_m1 {
  model = gpt_1_3b
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 64; micro = 8; seq_len = 2048 }
  fused_cross_entropy = false
  optimizer = adam { fp32_gradients = true; grad_accumulation = separate }
  step_overhead = 0 s
}
plan gpt_1_3b_m4 extends gpt_1_3b_m1 { batch { global = 256; micro = 8; seq_len = 2048 } }
plan llama3_8b_8_layers_m1 extends gpt_1_3b_m1 {
  model = llama3_8b_8_layers
  batch { global = 8; micro = 1; seq_len = 8192 }
}
plan llama3_8b_8_layers_m4 extends llama3_8b_8_layers_m1 { batch { global = 32; micro = 1; seq_len = 8192 } }

// nanoGPT-style compiled steps (bench/gpu/step_probe.py `compiled`, step_compiled.json): fp32
// weights under bf16 autocast (`fp32_params`; each micro-batch's gradient cast to fp32 and added,
// `upcast`), the model under torch.compile, whose fused loss is `fused_cross_entropy`, 4
// micro-batches of 2,048 tokens. The GPU idled 14-20 ms a step.
model gpt_350m extends gpt_1_3b { hidden = 1_024; ffn = 4_096 }
model gpt_760m extends gpt_1_3b { hidden = 1_536; ffn = 6_144 }
model gpt_2_7b extends gpt_1_3b { layers = 32; hidden = 2_560; ffn = 10_240; heads = 32 }
plan compiled_350m {
  model = gpt_350m
  cluster = lab_cluster
  parallel { dp = 8 }
  batch { global = 256; micro = 8; seq_len = 2048 }
  optimizer = adam { fp32_params = true; grad_accumulation = upcast }
  step_overhead = 0 s
}
plan compiled_760m extends compiled_350m { model = gpt_760m }
plan compiled_1_3b extends compiled_350m { model = gpt_1_3b }
plan compiled_2_7b extends compiled_350m {
  model = gpt_2_7b
  batch { global = 128; micro = 4; seq_len = 2048 }
}
