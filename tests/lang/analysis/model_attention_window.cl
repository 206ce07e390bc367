// model.attention-window: `full_attention_every` says which layers attend to the whole sequence
// and which to the window; without `attention_window` it has no window to name, so it is an error,
// as is a window beside multi-head latent attention.
model every_without_window {
  layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; full_attention_every = 2
}
model latent_window {
  layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; attention_window = 512
  mla { kv_rank = 512; rope_dim = 64; head_dim = 128; v_head_dim = 128 }
}
model alternating { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; attention_window = 128; full_attention_every = 2 }
model all_windowed { layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000; attention_window = 4_096 }
