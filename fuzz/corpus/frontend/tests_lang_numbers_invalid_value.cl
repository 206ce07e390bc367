// Tests number.invalid-value: a power that must be positive, a fraction above 100 %, a negative price.
gpu g {
  memory           = 80 GB
  memory_bandwidth = 3 TB/s
  bf16_flops       = 1000 TFLOP/s
  tdp              = 0 W
  gemm_efficiency  = 150 %
  price            = -5 USD
}
