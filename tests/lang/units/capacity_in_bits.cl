// Tests units.capacity-in-bits: host memory written in gigabits is a warning with a fix-it.
cpu c { cores = 64 }
nic n { bandwidth = 400 Gb/s }
gpu g { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 700 W }
node hgx {
  gpus = 8 x g
  cpus = 2 x c
  memory = 2048 Gb
  nics = 8 x n
}
