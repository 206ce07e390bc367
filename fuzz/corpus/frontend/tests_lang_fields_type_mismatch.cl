// Tests field.type-mismatch: a number for a string, a string for a boolean, a number for a reference.
gpu g { vendor = 5; memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W }
switch s { radix = 64; port_bandwidth = 400 Gb/s; sharp = "yes" }
fabric f {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2 }
  switch   = 64
}
