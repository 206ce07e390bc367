// model.head-dim-with-mla: multi-head latent attention has its own per-head widths; a model-level
// `head_dim` beside `mla` would be ignored, so it is an error.
model both {
  layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; head_dim = 128
  mla { kv_rank = 512; rope_dim = 64; head_dim = 128; v_head_dim = 128 }
}
model latent_only {
  layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000
  mla { kv_rank = 512; rope_dim = 64; head_dim = 128; v_head_dim = 128 }
}
model plain_wide_heads { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; head_dim = 256 }
