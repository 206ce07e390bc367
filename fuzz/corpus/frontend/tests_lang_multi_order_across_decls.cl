// Tests source order when a later declaration is resolved first through a reference.
gpu a extends b { tdpp = 1 W }
gpu b { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W; vendorr = "x" }
