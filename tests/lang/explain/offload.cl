// ARGS: explain %s
// Activation offload (`offload { activations = N }`, Megatron-Core's CPU offloading). `gb200`:
// Megatron-Bridge's GB200 recipe for Llama 3 70B (FSDP over 64 GPUs, micro-batch 2 of 8,192
// tokens), which keeps 40 of the 80 layers' activations in Grace's memory: 3.5 GiB a layer, moved
// at 250 GB/s (NVLink-C2C's 450 GB/s a direction, capped by half a Grace's 500 GB/s of LPDDR5X),
// within the 38 later layers' compute, so nothing waits. `h200` offloads 24 of Llama 3 8B's 32
// layers over PCIe Gen5 (64 GB/s): the link cannot keep up and compute waits. `h200_pp` pipelines
// the same and offloads 8 of each stage's 16 layers, for each of its two micro-batches in flight.
import std.nvidia
import std.cooling
import std.models
import std.intel

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node gb200_tray {
  gpus     = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  cpus     = 2 x nvidia.Grace
  memory   = 960 GB
  nics     = 4 x nvidia.ConnectX7
}
node hgx_h200 {
  gpus     = 8 x nvidia.H200
  scale_up = nvidia.NVLink4
  cpus     = 2 x intel.Xeon_Platinum_8480
  memory   = 2 TB
  nics     = 8 x nvidia.ConnectX7
}
fabric ib4 {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
fabric ib8 {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster nvl64 { site = dc; nodes = 16 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ib4 }
cluster h200s { site = dc; nodes = 8 x hgx_h200; racks = rack { nodes = 4 }; fabric = ib8 }

// clusterc: allow(memory.headroom) (the recipe's own choice)
plan gb200 {
  model     = models.llama3_70b
  cluster   = nvl64
  parallel  { dp = 64 }
  batch     { global = 256; micro = 2; seq_len = 8_192 }
  optimizer = adam { sharding = fsdp; grad_accumulation = separate }
  precision = fp8
  fp8_scaling = current
  offload   { activations = 40 }
}
// clusterc: allow(perf.offload-exposed) (the stall is what this plan shows)
plan h200 {
  model     = models.llama3_8b
  cluster   = h200s
  parallel  { dp = 64 }
  batch     { global = 128; micro = 2; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  offload   { activations = 24 }
}
// clusterc: allow(perf.pipeline-bubble, perf.offload-exposed)
plan h200_pp {
  model     = models.llama3_8b
  cluster   = h200s
  parallel  { pp = 2; dp = 32 }
  batch     { global = 512; micro = 2; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  offload   { activations = 8 }
}
