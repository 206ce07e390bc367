// Tests a `require` nested in a block; it fails and is located inside the block.
gpu g {
  memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 1 W
  require 80 GB >= 96 GB : "the GPU needs 96 GB"
}
