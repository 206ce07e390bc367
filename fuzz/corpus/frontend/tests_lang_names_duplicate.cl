// Tests name.duplicate: a constant and a block share a name; the label points at the first.
let g = 1
gpu g { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W }
