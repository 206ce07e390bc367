// perf.offload-exposed: offloaded activations move over the GPU's host link one layer after
// another while the later layers compute (Transformer Engine's CPU offload). On H200's PCIe Gen5
// (64 GB/s a direction) `stall` offloads 24 of Llama 3 8B's 32 layers, 2.1 GiB each, and compute
// waits for them; `hidden` offloads the 10 the warning names and waits for none. B200 states no
// host link, so `b200` is timed at PCIe Gen5 x16's and the note says so. `slow_host`'s CPUs state
// 2 x 100 GB/s of memory for 8 GPUs, 25 GB/s each, below the link: the note names that bound.
import std.nvidia
import std.cooling
import std.models
import std.intel

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node dgx {
  gpus     = 8 x nvidia.H200
  scale_up = nvidia.NVLink4
  cpus     = 2 x intel.Xeon_Platinum_8480
  memory   = 2 TB
  nics     = 8 x nvidia.ConnectX7
}
node dgx_b200 {
  gpus     = 8 x nvidia.B200
  scale_up = nvidia.NVLink5
  cpus     = 2 x intel.Xeon_Platinum_8480
  memory   = 2 TB
  nics     = 8 x nvidia.ConnectX7
}
cpu xeon_100 extends intel.Xeon_Platinum_8480 { memory_bandwidth = 100 GB/s }
node dgx_slow_host {
  gpus     = 8 x nvidia.H200
  scale_up = nvidia.NVLink4
  cpus     = 2 x xeon_100
  memory   = 2 TB
  nics     = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c64 { site = dc; nodes = 8 x dgx; racks = rack { nodes = 4 }; fabric = ib }
cluster b64 { site = dc; nodes = 8 x dgx_b200; racks = rack { nodes = 4 }; fabric = ib }
cluster s64 { site = dc; nodes = 8 x dgx_slow_host; racks = rack { nodes = 4 }; fabric = ib }

plan stall {
  model     = models.llama3_8b
  cluster   = c64
  parallel  { dp = 64 }
  batch     { global = 128; micro = 2; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  offload   { activations = 24 }
}
plan hidden extends stall { offload { activations = 10 } }
plan b200 extends stall { cluster = b64; offload { activations = 24 } }
plan slow_host extends stall { cluster = s64; offload { activations = 24 } }
