// bench/megatron_1t.cl: the megatron-1T model on 4,096 A100 80 GB GPUs, global batch 3,072: the
// space `clusterc search` is benchmarked on (bench/run_search.sh), and the one Calculon's
// llm-optimal-execution is usually timed on (Isaev et al., "Calculon", SC'23).
//
// Model: Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU Clusters
// Using Megatron-LM", table 1, last row: 1,008 B parameters, 128 layers, hidden 25,600, 160
// heads, sequence 2,048, vocabulary 51,200; trained on 3,072 A100 GPUs with TP 8, PP 64, DP 6,
// batch 3,072 (163 TFLOP/s per GPU, 52 % of peak). Calculon's models/megatron-1T.json has the
// same shape.
// System: DGX A100 (8 x A100 80 GB, NVLink3/NVSwitch, 8 x 200 Gb/s HDR InfiniBand), the system of
// Calculon's systems/a100_80g.json (NVLink 300 GB/s per direction, 25 GB/s per GPU scale-out).

import std.nvidia
import std.cooling

site lab {
  pue         = 1.2
  electricity = 0.08 USD/kWh
  cooling     = cooling.air
}

// ConnectX-6 HDR: 200 Gb/s InfiniBand (DGX A100 datasheet: 8 x single-port ConnectX-6).
nic ConnectX6 {
  bandwidth = 200 Gb/s
  ports     = 1
  protocol  = infiniband
}

// Quantum QM8700: 40 x 200 Gb/s HDR ports (QM8700 datasheet).
switch QM8700 {
  radix          = 40
  port_bandwidth = 200 Gb/s
  protocol       = infiniband
  sharp          = true
}

node dgx_a100 {
  gpus       = 8 x nvidia.A100_80GB   // DGX A100 datasheet
  scale_up   = nvidia.NVLink3
  nics       = 8 x ConnectX6
  gpu_power  = 400 W                  // A100 SXM TDP
  host_power = 1.3 kW                 // DGX A100: 6.5 kW max, less 8 x 400 W GPUs and NICs
  net_power  = 200 W
}

fabric hdr {
  kind     = infiniband_hdr
  topology = fat_tree { tiers = 3; rails = 8; oversubscription = 1:1 }
  switch   = QM8700
}

cluster a100_4k {
  site       = lab
  nodes      = 512 x dgx_a100        // 4,096 GPUs
  racks      = rack { nodes = 4 }
  fabric     = hdr
  gpu_rental = 1.5 USD/h             // an assumed A100 rental price, for `--objective cost`
}

model megatron_1t {
  layers          = 128
  hidden          = 25_600
  ffn             = 102_400    // 4 h
  heads           = 160
  vocab           = 51_200
  activation      = gelu
  norm            = layernorm
  tied_embeddings = true
}

// What a user might write first: the published 3,072-GPU layout stretched to 4,096 GPUs (DP 8).
plan pretrain {
  model     = megatron_1t
  cluster   = a100_4k
  precision = bf16
  parallel  { tp = 8; pp = 64; dp = 8 }
  batch     { global = 3_072; micro = 1; seq_len = 2_048 }
  optimizer = adam { sharding = zero1 }
  recompute = full
  tokens    = 450 billion       // Megatron-LM's 1T estimate: 450 B tokens (section 5.1)
}

// The design sweep of bench/search.sh: which GPU, how many nodes, which leaf oversubscription and
// power cap train the 1T model fastest (or cheapest, with --objective cost) within 60 days and
// 25 MW. 3 x 6 x 2 x 2 = 72 designs; with --gpus 8..8192 each design also tries every subset of
// its nodes.
sweep design {
  plan               = pretrain
  gpu                = one_of(nvidia.A100_80GB, nvidia.H100_SXM5, nvidia.H200)
  nodes              = one_of(256, 384, 512, 640, 768, 1_024)
  oversubscription   = one_of(1:1, 3:1)
  power_cap          = one_of(600 W, 450 W)
  max_training_time  = 60 d
  max_facility_power = 25 MW
}
