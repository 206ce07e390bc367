// Tests units.field-dimension: a bandwidth field given a size, and a size given a bare number.
gpu g {
  memory           = 80
  memory_bandwidth = 3 TB
  bf16_flops       = 1000 TFLOP/s
  tdp              = 700 W
}
