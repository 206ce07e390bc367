// Tests the note for a bare number in a bandwidth and a throughput field: it should name example units.
gpu g { memory = 80 GB; memory_bandwidth = 3; bf16_flops = 1000; tdp = 1 W }
