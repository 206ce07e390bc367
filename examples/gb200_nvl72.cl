// examples/gb200_nvl72.cl: a GB200 NVL72 cluster of 112 racks (8,064 GPUs), the rack-scale
// NVLink domain as a first-class part, with two jobs sharing the cluster.
//
// Sources: NVIDIA GB200 NVL72 product page and datasheet: one rack holds 18 compute trays, each
// with 2 Grace CPUs and 4 Blackwell GPUs (72 GPUs, 36 CPUs), and 9 NVLink Switch trays joining
// all 72 GPUs in one NVLink domain (130 TB/s; 1.8 TB/s per GPU). Per-GPU figures are the
// stdlib's `nvidia.GB200` (datasheet rack totals / 72). Rack power: ~120 kW (HARDWARE.md, press
// figure), which needs liquid cooling beyond the stdlib's 80 kW `direct_liquid` lower bound.
// Scale-out: one 400 Gb/s ConnectX-7 per GPU (NVIDIA's GB200 NVL72 SuperPOD reference design),
// on a rail-optimised NDR fat tree of Quantum-2 switches.

import std.nvidia
import std.cooling
import std.models

site ai_factory {
  pue         = 1.15
  electricity = 0.06 USD/kWh
  // GB200 NVL72 racks are fully liquid-cooled at ~120 kW (HARDWARE.md); 140 kW leaves headroom.
  cooling     = cooling.direct_liquid { rack_limit = 140 kW }
}

// One GB200 compute tray: two GB200 superchips (each 1 Grace + 2 Blackwell GPUs).
node gb200_tray {
  gpus       = 4 x nvidia.GB200
  scale_up   = nvidia.NVLink5
  cpus       = 2 x nvidia.Grace
  nics       = 4 x nvidia.ConnectX7
  host_power = 600 W  // two Grace CPUs with their LPDDR5X (Grace superchip: 500 W for two)
  // plus the tray's fans and drives; an estimate, not a datasheet figure
}

fabric ndr {
  kind              = infiniband_ndr
  topology          = fat_tree { tiers = 3; rails = 4 }
  switch            = nvidia.Quantum2_QM9700
  sharp             = true
  // NVIDIA MMA4Z00-NS twin-port OSFP transceiver: 15 W for two 400G links, 7.5 W a link end.
  transceiver_power = 7.5 W
}

cluster nvl72 {
  site     = ai_factory
  nodes    = 2_016 x gb200_tray  // 112 racks x 18 trays = 8,064 GPUs, 112 NVLink domains
  // The scale-up domain is the rack: 72 GPUs over 18 trays, wired by its NVLink Switch trays.
  racks    = rack { nodes = 18; scale_up_domain = 72 }
  fabric   = ndr
  gpu_mtbf = 50_000 h
}

// Llama 3 405B on the whole cluster. tp = 8 x pp = 9 = 72 GPUs, a rack's worth per pipeline
// replica. In Megatron's default rank order (tp, cp, ep, dp, pp) a replica's stages are 896 GPUs
// apart and the pipeline traffic crosses InfiniBand (189 ms of it exposed a step);
// `parallel { rank_order = tp_cp_ep_pp_dp }` (--use-tp-pp-dp-mapping) keeps each replica in one
// rack, but its data-parallel replicas are then a rack apart and the ZeRO-1 collectives show
// more (4.31 s a step against 4.18 s). 126 layers / (9 stages x 7 virtual stages) = 2 each
// (interleaved: with vpp = 1 the bubble is 26 % of the step, `perf.pipeline-bubble`); dp = 112;
// 18 micro-batches per replica, a multiple of pp as the interleaved schedule needs. Sequence
// parallelism's reduce-scatters and all-gathers gain nothing from NVLS, so the tensor-parallel
// traffic is hidden behind the GEMMs (Megatron's --tp-comm-overlap, which NeMo's Llama 3 405B
// recipe enables); without it 31 % of the step is exposed communication (perf.exposed-comm).
plan llama3_405b_full {
  model     = models.llama3_405b
  cluster   = nvl72
  precision = bf16
  parallel  { tp = 8; pp = 9; vpp = 7; dp = 112; tp_comm_overlap = true }
  batch     { global = 2_016; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  recompute = selective
}

// A smaller job on a third of the racks: 2,592 GPUs = 36 whole NVL72 domains; 5,472 GPUs stay
// for other jobs. tp = 4, pp = 4 with 2 virtual stages (80 layers / 8 = 10 each), dp = 162.
// Megatron's --tp-comm-overlap hides the tensor-parallel all-reduce behind the GEMMs; without it
// 31 % of the step is exposed communication (perf.exposed-comm).
plan llama3_70b_third {
  model     = models.llama3_70b
  cluster   = nvl72
  precision = fp8
  parallel  { tp = 4; pp = 4; vpp = 2; dp = 162; tp_comm_overlap = true }
  batch     { global = 2_592; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  recompute = selective
}

require nvl72.scale_up_domains == 112 : "one NVLink domain per rack"

// Two 70B runs at once (say, two seeds): 2 x 36 racks of the 112; 2,880 GPUs stay idle. Listing
// the 405B run here too would need 8,064 + 2,592 GPUs: `jobs.oversubscribed`.
jobs shared {
  plans = llama3_70b_third + llama3_70b_third
}
