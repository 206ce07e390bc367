// model.position: `rope_fraction` says how much of each head rotary embeddings rotate; on a model
// whose positions are learned (stated, or a LayerNorm model by default) or ALiBi nothing rotates,
// so it is an error, as is another encoding beside multi-head latent attention.
model fraction_by_default { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; norm = layernorm; rope_fraction = 0.5 }
model fraction_of_alibi { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; position = alibi; rope_fraction = 0.25 }
model latent_learned {
  layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; position = learned
  mla { kv_rank = 512; rope_dim = 64; head_dim = 128; v_head_dim = 128 }
}
model latent_fraction {
  layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; rope_fraction = 0.5
  mla { kv_rank = 512; rope_dim = 64; head_dim = 128; v_head_dim = 128 }
}
// Accepted: Nemotron's LayerNorm with half-rotated heads and no biases; a fraction of 1 anywhere.
model nemotron_like { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; norm = layernorm; position = rope; rope_fraction = 0.5; linear_bias = disabled }
model gpt_like { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; norm = layernorm; rope_fraction = 1 }
// A base or a stretch of nothing rotated; a stretch's settings without it; an original context
// beside Megatron's llama3 scaling, which fixes Llama 3.1's 8,192 tokens.
model base_learned { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; norm = layernorm; rope_base = 500_000 }
model yarn_alibi { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; position = alibi; rope_scaling = yarn }
model factor_alone { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; rope_scaling_factor = 32 }
model context_alone { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; rope_scaling = none; rope_original_context = 4_096 }
model llama3_context { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; rope_scaling = llama3; rope_scaling_factor = 8; rope_original_context = 8_192 }
// Accepted: GPT-OSS's YaRN and Llama 3.1's scaling, each with its base.
model yarn_like { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; rope_base = 150_000; rope_scaling = yarn; rope_scaling_factor = 32; rope_original_context = 4_096 }
model llama31_like { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; rope_base = 500_000; rope_scaling = llama3; rope_scaling_factor = 8 }
