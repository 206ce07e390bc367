// Tests several independent errors in one file: all reported, in source order.
let a = 80 GBB
gpu g {
  memroy           = 80 GB
  memory_bandwidth = 3 TB/s
  bf16_flops       = 1000 TFLOP/s
  tdp              = 700 W
}
let b = zzz + 1
gpuu h { }
let c = 1 W + 1 s
require 1 > 2 : "last"
