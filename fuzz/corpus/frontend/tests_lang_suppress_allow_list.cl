// Tests an allow list of two codes before a declaration: both errors in the block are suppressed.
// clusterc: allow(field.unknown, units.unknown)
gpu g { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W; tdpp = 1 WW }
