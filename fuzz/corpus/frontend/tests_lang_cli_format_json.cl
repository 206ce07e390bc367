// ARGS: check --format json %s
// Tests --format json: two errors (unknown unit, unknown field) as a JSON document on stdout.
gpu g {
  memory = 80 GBs
  memory_bandwidth = 3 TB/s
  bf16_flops = 1000 TFLOP/s
  tdp = 700 W
  tdpp = 700 W
}
