// memory.host-overflow: the activations a node's GPUs offload (`offload { activations }`) must
// fit in its host memory. A GB200 tray's four GPUs each offloading 66 of Llama 3 70B's 80 layers
// at micro-batch 4 (6.9 GiB a layer) need 1.7 TiB; its two Grace CPUs hold 960 GB.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node gb200_tray {
  gpus     = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  cpus     = 2 x nvidia.Grace
  memory   = 960 GB  // GB200 NVL72 datasheet: 480 GB of LPDDR5X a Grace CPU
  nics     = 4 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster nvl64 { site = dc; nodes = 16 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ib }

plan overflow {
  model     = models.llama3_70b
  cluster   = nvl64
  parallel  { dp = 64 }
  batch     { global = 256; micro = 4; seq_len = 8_192 }
  optimizer = adam { sharding = fsdp }
  precision = fp8
  offload   { activations = 66 }
}
