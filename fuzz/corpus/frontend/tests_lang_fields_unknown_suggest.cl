// Tests field.unknown with "did you mean": `memroy` suggests `memory`.
gpu g {
  memroy           = 80 GB
  memory_bandwidth = 3 TB/s
  bf16_flops       = 1000 TFLOP/s
  tdp              = 700 W
}
