// Tests columns after non-ASCII text: the error columns count characters, not bytes.
/* Größe: ≈ 80 GB — ünïcödé */ let a = 80 GBB
gpu g { vendor = "Ñvidiä ≈ 日本"; memory = 80 GBB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W }
