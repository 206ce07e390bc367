// examples/hpn_dual_plane.cl: one Pod of Alibaba's HPN training network, a two-tier, dual-plane,
// rail-optimised RoCE fabric of 51.2 Tb/s switches joining 15,360 GPUs.
//
// Sources:
//  - Qian et al., "Alibaba HPN: A Data Center Network for Large Language Model Training",
//    SIGCOMM 2024 (as summarised in the paper's abstract, the authors' OCP talk and Q. Wu's
//    paper notes, wuql20.bearblog.dev):
//    · a Pod joins 15K GPUs on two tiers: 15 segments of 1,024 GPUs;
//    · each host holds 8 GPUs joined by NVLink and 8 backend NICs of 2 x 200 Gb/s, one per GPU
//      (one rail per GPU: rail-optimised);
//    · dual-ToR: the two ports of a NIC go to two different ToR switches; dual-plane: port 0 of
//      every NIC is on one plane and port 1 on the other, and no switch joins the planes;
//    · tier-1 switches are single-chip 51.2 Tb/s Ethernet switches, each with 128 x 200 Gb/s
//      ports down to the hosts and 64 x 400 Gb/s up (1:1; Yang Fangxian's notes on HPN 7.0).
//  - Broadcom Tomahawk 5 (std.broadcom): the 51.2 Tb/s single-chip switch of that generation.
//
// clusterc models the dual-plane NIC as `planes = 2`: each 400 Gb/s NIC splits into two 200 Gb/s
// links, one per plane. It derives 8 rails x 15 leaves = 120 leaf switches per plane (240, the
// paper's 15 segments of 16 ToRs), each serving 128 hosts on its rail, and 60 spines per plane.
// The NCCL backend keeps every hop on one plane (NCCL_CROSS_NIC=0, PXN; docs/deploy.md).
//
// Not published in these sources, so assumed and marked: the GPU model (an 8-GPU Hopper board
// with 400 Gb/s per GPU; the H800 is the Hopper part Alibaba could buy in 2023-24), rack layout,
// host CPUs and memory, and the power and cost figures (the seeds of shared/domain/HARDWARE.md).

import std.nvidia
import std.broadcom
import std.intel
import std.cooling
import std.models

site hpn_dc {
  pue         = 1.2           // assumption
  electricity = 0.06 USD/kWh  // seeds
  cooling     = cooling.air   // HGX Hopper boards are air-cooled parts
}

node hgx_h800 {
  gpus       = 8 x nvidia.H800               // assumption (see above)
  scale_up   = nvidia.NVLink4_H800           // HPN: GPUs of a host joined by NVLink
  cpus       = 2 x intel.Xeon_Platinum_8480  // assumption: an HGX H800 server's usual CPUs
  memory     = 2 TB                          // assumption
  // HPN: 8 backend NICs of 2 x 200 Gb/s, one per GPU (a dual-port ConnectX-7 class NIC): 400 Gb/s
  // per GPU, split over the two planes by `planes = 2` below.
  nics       = 8 x nvidia.ConnectX7
  gpu_power  = 650 W  // seeds: sustained draw under training
  host_power = 400 W  // seeds
}

// Two tiers, 1:1 at the leaf (128 x 200G down, 64 x 400G up), 8 rails, 2 planes.
fabric hpn {
  kind     = roce_v2
  topology = fat_tree { tiers = 2; rails = 8; planes = 2; oversubscription = 1:1 }
  switch   = broadcom.Tomahawk5
}

cluster hpn_pod {
  site     = hpn_dc
  nodes    = 1_920 x hgx_h800    // 15 segments x 1,024 GPUs = 15,360 GPUs
  racks    = rack { nodes = 4 }  // assumption: four 8-GPU servers per rack
  fabric   = hpn
  gpu_mtbf = 50_000 h  // seeds
}

require hpn_pod.leaf_switches == 240 : "15 segments of 16 ToRs (8 rails x 2 planes)"

// Llama 3 70B on the whole Pod (a workload of the size HPN was built for, not a published run):
// tp = 8 on each host's NVLink, pp = 4 (80 layers / 4 = 20 per stage, interleaved by 5 so the
// bubble stays small), dp = 480; 3,840 sequences of 8K tokens a step. The H800's 400 GB/s NVLink
// leaves the tensor-parallel communication at half of the step unless Megatron's
// --tp-comm-overlap hides it behind the GEMMs (perf.exposed-comm without it); with the overlap a
// quarter still shows, the GEMMs being shorter than the collectives.
plan llama3_70b_pod {
  model     = models.llama3_70b
  cluster   = hpn_pod
  precision = bf16
  parallel  { tp = 8; pp = 4; vpp = 5; dp = 480; tp_comm_overlap = true }
  batch     { global = 3_840; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  recompute = selective
}
