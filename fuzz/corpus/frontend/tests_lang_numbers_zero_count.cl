// Tests number.not-integer: the count before `x` must be at least 1 (`0 x g`).
gpu g { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W }
nic c { bandwidth = 400 Gb/s }
node n { gpus = 0 x g; nics = 1 x c }
