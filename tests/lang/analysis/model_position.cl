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
