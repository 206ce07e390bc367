// Tests name.unknown for a field read from a declaration: `g.memroy` suggests `memory`.
gpu g { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W }
let m = g.memroy
