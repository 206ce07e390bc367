// Tests field.duplicate: `memory` is set twice; the label points at the first setting.
gpu g {
  memory           = 80 GB
  memory_bandwidth = 3 TB/s
  bf16_flops       = 1000 TFLOP/s
  tdp              = 700 W
  memory           = 96 GB
}
