// Tests expr.not-a-value: a string and a block name used in arithmetic.
gpu g { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W }
let a = "eighty" + 1
let b = g * 2
