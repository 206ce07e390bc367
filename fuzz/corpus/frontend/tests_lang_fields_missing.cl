// Tests field.missing: a gpu without `memory_bandwidth` and `tdp`; the notes describe them.
gpu g {
  memory     = 80 GB
  bf16_flops = 1000 TFLOP/s
}
