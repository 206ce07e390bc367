// model.clamped-activation: `clamped_activation` clamps the halves of a gated activation
// (GPT-OSS's); an activation without a gate has none.
model ungated {
  layers     = 4
  hidden     = 1024
  ffn        = 4096
  heads      = 8
  vocab      = 32_000
  activation = gelu
  moe        { experts = 32; top_k = 4; clamped_activation = true }
}
model gated {
  layers = 4
  hidden = 1024
  ffn    = 4096
  heads  = 8
  vocab  = 32_000
  moe    { experts = 32; top_k = 4; clamped_activation = true }
}
