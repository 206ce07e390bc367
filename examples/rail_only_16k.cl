// examples/rail_only_16k.cl: one 16,384-GPU DGX H100 cluster on three fabrics: the rail-optimised
// any-to-any fat tree of NVIDIA's DGX SuperPOD, a rail-only network, and a dragonfly.
//
// Not a built system: a design comparison. Sources:
//  - Wang, Ghobadi, Shakeri, Zhang and Hasani, "Rail-only: A Low-Cost High-Performance Network
//    for Training LLMs with Trillion Parameters", arXiv 2307.12169 (2023): GPUs of the same rank
//    in every NVLink (HB) domain form a rail, each rail a Clos network, no spine between rails;
//    cross-rail traffic crosses NVLink first. They report 38-77 % lower network cost.
//  - Kim, Dally, Scott and Abts, "Technology-Driven, Highly-Scalable Dragonfly Topology", ISCA
//    2008; the dragonfly of HPE Slingshot systems (Frontier, Aurora, El Capitan).
//  - NVIDIA DGX H100 datasheet (node), DGX SuperPOD H100 reference architecture (8 rails, NDR).
//
// clusterc derives for the 2,048 nodes (8 x 400G NICs each, 64-port 400G switches):
//  - fat tree (3 tiers, 8 rails): 512 leaf + 512 spine + 256 core = 1,280 switches;
//  - rail-only (2 tiers per rail): 512 leaf + 256 spine = 768 switches, 40 % fewer, and half the
//    switch-to-switch optics;
//  - dragonfly (p = h = 16, a = 32): 32 groups of 32 routers = 1,024 switches, each serving
//    16 NIC ports where a leaf serves 32 (the `require`s at the end hold all three).

import std.nvidia
import std.intel
import std.cooling
import std.models

site campus {
  pue         = 1.3
  electricity = 0.06 USD/kWh
  cooling     = cooling.air
}

node dgx_h100 {
  gpus       = 8 x nvidia.H100_SXM5
  scale_up   = nvidia.NVLink4
  cpus       = 2 x intel.Xeon_Platinum_8480  // DGX H100 datasheet
  memory     = 2 TB                          // DGX H100 datasheet
  nics       = 8 x nvidia.ConnectX7          // DGX H100: 8 x 400 Gb/s, one per GPU
  gpu_power  = 650 W                         // seeds: sustained draw under training
  host_power = 400 W                         // seeds
}

// NVIDIA MMA4Z00-NS twin-port OSFP transceiver: 15 W for two 400G links, 7.5 W a link end.
let optic_400g = 7.5 W

// The DGX SuperPOD's rail-optimised fat tree: every rail's leaves under spines shared by all.
fabric superpod {
  kind              = infiniband_ndr
  topology          = fat_tree { tiers = 3; rails = 8 }
  switch            = nvidia.Quantum2_QM9700
  transceiver_power = optic_400g
}

// Rail-only: each of the 8 rails is its own two-tier Clos of 2,048 ports; no switch joins rails.
fabric rails {
  kind              = infiniband_ndr
  topology          = rail_only { tiers = 2 }
  switch            = nvidia.Quantum2_QM9700
  transceiver_power = optic_400g
}

// A dragonfly of the same switches: balanced for radix 64 (p = h = 16, a = 32), 512 NIC ports
// (64 nodes) a group, 32 groups. Non-minimal (Valiant) routing, as adaptive dragonfly routing
// falls back to under adversarial traffic: half the global bandwidth.
fabric dragonfly {
  kind              = infiniband_ndr
  topology          = dragonfly { routing = non_minimal }
  switch            = nvidia.Quantum2_QM9700
  transceiver_power = optic_400g
}

cluster clos {
  site   = campus
  nodes  = 2_048 x dgx_h100  // 16,384 GPUs
  racks  = rack { nodes = 4 }
  fabric = superpod
}

cluster rail {
  site   = campus
  nodes  = 2_048 x dgx_h100
  racks  = rack { nodes = 4 }
  fabric = rails
}

cluster dfly {
  site   = campus
  nodes  = 2_048 x dgx_h100
  racks  = rack { nodes = 4 }
  fabric = dragonfly
}

// Llama 3 405B on each: tp = 8 in the NVLink domain, pp = 16, dp = 128 (the Llama 3 paper's
// 16K-GPU layout, without its context parallelism). ZeRO-2 and full recompute keep the most
// loaded stage within 90 % of 80 GB. The pipeline bubble of 16 micro-batches over 16 stages is the same on all three
// fabrics and not the point here: allowed.
// clusterc: allow(perf.pipeline-bubble)
plan llama3_405b_superpod {
  model     = models.llama3_405b
  cluster   = clos
  precision = bf16
  parallel  { tp = 8; pp = 16; dp = 128; cp = 1 }
  batch     { global = 2_048; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero2 }
  recompute = full
}

plan llama3_405b_rail_only extends llama3_405b_superpod {
  cluster = rail
}

plan llama3_405b_dragonfly extends llama3_405b_superpod {
  cluster = dfly
}

require clos.switch_count == 1_280 : "rail-optimised fat tree: 512 leaf, 512 spine, 256 core"
require rail.switch_count == 768 : "rail-only: 8 rails of 64 leaves and 32 spines"
require dfly.switch_count == 1_024 : "dragonfly: 32 groups of 32 routers, 16 NIC ports each"
