// Tests the hint for `params = 405 B`: `B` is bytes; a count is written `405 billion`.
model m {
  layers = 126
  hidden = 16_384
  ffn    = 53_248
  heads  = 128
  vocab  = 128_256
  params = 405 B
}
