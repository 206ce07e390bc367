// Tests number.not-integer: `layers` counts and takes whole numbers; so does the count before `x`.
model m {
  layers = 80.5
  hidden = 8192
  ffn    = 28672
  heads  = 64
  vocab  = 128_256
}
node n {
  gpus = 7.5 x g
  nics = 1 x nic0
}
gpu g { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W }
nic nic0 { bandwidth = 400 Gb/s }
