// Tests a clean file with a valid GPU: no output and exit code 0.
gpu g {
  memory           = 80 GB
  memory_bandwidth = 3 TB/s
  bf16_flops       = 1000 TFLOP/s
  tdp              = 700 W
}
