// examples/tpu_v5p_pod.cl: a Google Cloud TPU v5p pod, 8,960 chips on an ICI 3D torus.
//
// Public source: Google Cloud documentation, "TPU v5p" (cloud.google.com/tpu/docs/v5p):
//  - 8,960 chips per pod; 4 chips per host (a 2x2x1 host); 208 vCPUs and 448 GB of RAM per
//    4-chip VM; chips wired in 4x4x4 cubes (64 chips, 16 hosts), full 3D torus (wraparound) for
//    slices of one cube or more;
//  - bidirectional ICI bandwidth 1,200 GB/s per chip; DCN bandwidth 50 Gbps per chip;
//  - "the largest job that can be scheduled is a 96 cube (6144 chip) job", shape 16x16x24.
// Google publishes neither the pod's full torus shape nor the chip's power (see std.google for
// the power estimate used).
//
// Two clusters: the whole pod (`v5p_pod`, for power and cost), and the largest slice one job
// can have (`v5p_6144`), which the plan runs on.

import std.google
import std.cooling
import std.models

site google_dc {
  // Google's reported fleet-wide trailing-twelve-month PUE, ≈ 1.10 (Google Environmental Report
  // 2024, for 2023).
  pue     = 1.10
  // Assumption: liquid cooling, as Google uses for TPU v3 and v4 (Jouppi et al., ISCA 2023);
  // not stated for v5p.
  cooling = cooling.direct_liquid
}

// One TPU v5p host: 4 chips joined by ICI. Host CPU model and host power are not published;
// the CPUs are left out and host_power is not set.
node v5p_host {
  gpus     = 4 x google.TPU_v5p
  scale_up = google.ICI_v5p          // the scale-up domain defaults to the host's 4 chips
  memory   = 448 GB                  // Cloud TPU v5p docs: RAM per 4-chip VM
  nics     = 4 x google.TPU_v5p_DCN  // DCN: 50 Gbps per chip, 200 Gbps per host
}

// The pod's torus. ASSUMPTION: 16 x 20 x 28 = 8,960, i.e. 4 x 5 x 7 cubes of 4x4x4; Google does
// not publish the shape of a whole pod. Each chip has six ICI links; 1,200 GB/s per chip both
// ways / 6 links / 2 directions = 100 GB/s per link per direction.
fabric ici_pod {
  kind     = ici
  topology = torus { x = 16; y = 20; z = 28; link_bandwidth = 100 GB/s; wraparound = true }
}

// The largest schedulable slice: 16x16x24 = 6,144 chips, 96 cubes (Cloud TPU v5p docs).
fabric ici_slice_6144 {
  kind     = ici
  topology = torus { x = 16; y = 16; z = 24; link_bandwidth = 100 GB/s; wraparound = true }
}

cluster v5p_pod {
  site   = google_dc
  nodes  = 2_240 x v5p_host  // 8,960 chips / 4 per host
  // Assumption: one 4x4x4 cube (16 hosts, 64 chips) per rack, as the TPU v4 paper describes
  // for v4; v5p rack layout is not published.
  racks  = rack { nodes = 16 }
  fabric = ici_pod
}

cluster v5p_6144 {
  site   = google_dc
  nodes  = 1_536 x v5p_host  // 6,144 chips / 4 per host (Cloud TPU v5p docs: 1,536 hosts)
  racks  = rack { nodes = 16 }
  fabric = ici_slice_6144
}

// A scenario: Llama 3 70B pre-training on the largest v5p slice, FSDP-style as JAX/MaxText runs
// on TPUs. tp = 4 stays within a host (the default scale-up domain) and divides 64 heads and 8
// KV heads; dp = 6,144 / 4 = 1,536; one 8,192-token sequence per replica = 1,536 sequences
// ≈ 12.6 M tokens per step (the global batch must be a multiple of dp; 1,536 is the multiple
// nearest the 16 M-token batch the Llama 3 paper used for 405B).
// TPU v5p states no measured `gemm_efficiency`: the step time rests on analysis' defaults, which
// the validation suite put at -9.5...+15.2 % of MaxText's published v5p runs (docs/validation.md).
// clusterc: allow(perf.default-calibration)
plan llama3_70b_v5p {
  model     = models.llama3_70b
  cluster   = v5p_6144
  precision = bf16
  parallel  { tp = 4; pp = 1; dp = 1_536; cp = 1 }
  batch     { global = 1_536; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = fsdp }
  recompute = selective
  tokens    = 15 trillion  // Llama 3 paper: "over 15 T tokens" for the 8B and 70B models
}
