// examples/deepseek_2k.cl: DeepSeek's 2,048-GPU H800 cluster and the DeepSeek-V3 pre-training run.
//
// Public sources:
//  - DeepSeek-AI, "DeepSeek-V3 Technical Report", arXiv 2412.19437 (December 2024):
//    · §3.1: 2,048 NVIDIA H800 GPUs; 8 GPUs per node joined by NVLink and NVSwitch; InfiniBand
//      between nodes.
//    · §3.2: 16-way pipeline parallelism (DualPipe), 64-way expert parallelism across 8 nodes,
//      ZeRO-1 data parallelism, no tensor parallelism.
//    · §3.2.2: NVLink 160 GB/s achieved, IB 50 GB/s per GPU.
//    · §3.2.3: recomputation of RMSNorm and the MLA up-projections (a partial recompute).
//    · §3.3: FP8 mixed-precision training.
//    · §4.2: sequence length 4K; batch size ramped from 3,072 to 15,360 sequences over the first
//      469 B tokens, then 15,360; 14.8 T tokens in all.
//    · Table 1: 2,788 K H800 GPU-hours, 5.576 M USD at 2 USD per GPU-hour.
//  - Zhao et al., "Insights into DeepSeek-V3: Scaling Challenges and Reflections on Hardware
//    for AI Architectures", ISCA 2025: a multi-plane two-layer fat tree, eight planes (one per
//    GPU/NIC), 64-port 400 Gb/s InfiniBand switches, 400 Gb/s ConnectX-7 NICs.
//  - The project's seeds (shared/domain/HARDWARE.md): 0.04 USD/kWh; GPU MTBF 50,000 h
//    (≈ 1 failure a day at 2,048 GPUs).

import std.nvidia
import std.cooling
import std.models

site deepseek_dc {
  electricity = 0.04 USD/kWh  // seeds
  // Not published: PUE (left at the language's default) and the cooling method. HGX H800
  // servers are air-cooled parts; four of them draw 23.2 kW at the seeds' 5.8 kW each.
  cooling     = cooling.air
}

node hgx_h800 {
  gpus       = 8 x nvidia.H800
  scale_up   = nvidia.NVLink4_H800   // 400 GB/s per GPU, 160 GB/s achieved (V3 report §3.2.2)
  nics       = 8 x nvidia.ConnectX7  // 8 x 400 Gb/s = 50 GB/s per GPU (ISCA 2025 paper; §3.2.2)
  // Assumption: the seeds' HGX H100 node figures; the H800 is the same board and TDP.
  gpu_power  = 650 W
  host_power = 400 W
  net_power  = 200 W
}

// Multi-plane fat tree (ISCA 2025 paper): each of the eight NICs of a node joins its own plane,
// i.e. eight rails, each a two-layer fat tree of 64-port 400 Gb/s InfiniBand (Quantum-2 class)
// switches.
fabric ib_mpft {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}

cluster deepseek_2k {
  site       = deepseek_dc
  nodes      = 256 x hgx_h800  // 2,048 GPUs (V3 report §3.1)
  // Assumption: four 8-GPU servers per rack, as in NVIDIA's DGX SuperPOD H100 reference
  // architecture; DeepSeek has not published its rack layout.
  racks      = rack { nodes = 4 }
  fabric     = ib_mpft
  gpu_mtbf   = 50_000 h  // seeds
  gpu_rental = 2 USD/h   // V3 report Table 1: "rental price of the H800 GPU is $2 per GPU hour"
}

// DeepSeek-V3 pre-training as published. pp x dp = 16 x 128 = 2,048; expert parallelism of 64
// within the data-parallel ranks (256 routed experts / 64 = 4 per GPU). The micro-batch size is
// not published: 1 sequence is an assumption, giving 15,360 / 128 = 120 micro-batches per step
// per pipeline.
//
// DualPipe (§3.2.1) overlaps the expert all-to-all of one micro-batch with the computation of
// another: `schedule = dualpipe` and `ep_comm_overlap = true` say so. What clusterc's model still
// finds exposed (the all-to-alls of the passes DualPipe runs with no other beside them, before
// and after its paired main steps: 46 of an end rank's 240) is reported by `perf.exposed-comm`,
// allowed below.
//
// 61 layers do not divide into 16 stages, and the last stage also runs the LM head (kept in BF16,
// §3.3) and the MTP module (§2.2, in std.models.deepseek_v3). The report does not give the
// split; this plan takes the one a recipe publishes for 61 layers over 16 stages (Megatron-
// Bridge's DeepSeek-V3 B200 preset): 4 layers a stage, and on the last 1 with the MTP module and
// the loss. Left to the even split, the last stage would be charged ceil(61 / 16) = 4 layers
// besides them.
//
// The memory count puts the fullest rank at 90 % of its 80 GB, at the peak when one layer's
// replayed norms and MLA up-projections are back for its backward; the published run fit.
// clusterc: allow(perf.exposed-comm, memory.headroom)
plan deepseek_v3_pretrain {
  model       = models.deepseek_v3
  cluster     = deepseek_2k
  precision   = fp8    // §3.3
  fp8_scaling = block  // §3.3.2: 1 x 128 activation tiles, 128 x 128 weight blocks
  parallel {
    tp                = 1
    pp                = 16
    dp                = 128
    ep                = 64
    cp                = 1  // §3.2
    schedule          = dualpipe
    ep_comm_overlap   = true          // §3.2.1
    ep_dispatch       = deduplicated  // §3.2.2: once per target node over IB, forwarded over NVLink
    last_stage_layers = 1             // assumed (above): 15 x 4 + 1
  }
  batch             { global = 15_360; micro = 1; seq_len = 4_096 }  // §4.2
  optimizer         = adam { sharding = zero1 }                      // §3.2: ZeRO-1 (AdamW)
  // §3.2.3 recomputes every RMSNorm and the MLA up-projections, keeping neither's output; §3.3.3
  // caches the linear layers' inputs in FP8, as clusterc counts them under `precision = fp8`.
  // With both, stage 1's in-flight micro-batches fit within the 80 GB.
  recompute         = selective
  recompute_modules { norms = true; mla_up_projection = true }
  tokens            = 14.8 trillion  // §4.2
}
