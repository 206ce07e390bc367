// Tests that fields set by the base of `extends` count as set: this file is clean.
gpu base { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W }
gpu more extends base { memory = 141 GB }
