// Tests field.type-mismatch: a block where a quantity is expected, a quantity where a multiset is.
gpu g {
  memory { size = 80 GB }
  memory_bandwidth = 3 TB/s
  bf16_flops       = 1000 TFLOP/s
  tdp              = 700 W
}
nic c { bandwidth = 400 Gb/s }
node n { gpus = g; nics = 1 x c }
