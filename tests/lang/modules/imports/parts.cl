// Import target of modules/relative.cl.
let base_memory = 80 GB
gpu g { memory = base_memory; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W }
