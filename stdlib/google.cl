// std.google: Google Cloud TPUs, the ICI scale-up link and the TPU host's data-center NIC.
//
// Source for TPU v5p: Google Cloud documentation, "TPU v5p" (cloud.google.com/tpu/docs/v5p),
// key-specifications table. Source for TPU v4: Google Cloud documentation "TPU v4" and
// Jouppi et al., "TPU v4: An Optically Reconfigurable Supercomputer ...", ISCA 2023
// (HARDWARE.md). Google quotes dense figures (TPUs have no sparse mode).

// TPU v5p: 2 TensorCores and 4 SparseCores per chip, 4 chips per host, 8,960 chips per pod.
gpu TPU_v5p {
  vendor           = "Google"
  memory           = 95 GiB       // Cloud TPU v5p docs: 95 GiB usable of 96 GiB physical HBM2e
  memory_bandwidth = 2_765 GB/s   // Cloud TPU v5p docs: 2765 GBps
  bf16_flops       = 459 TFLOP/s  // Cloud TPU v5p docs: peak BF16 per chip
  fp8_flops        = 459 TFLOP/s  // Cloud TPU v5p docs list FP8 at the BF16 rate (no speed-up)
  // ESTIMATE, NOT PUBLISHED: Google does not publish v5p power. `tdp` is a required field, so
  // this scales TPU v4's 192 W measured maximum by the BF16 peak ratio (459 / 275), i.e. it
  // assumes v4's FLOP/s per watt. Override it in a spec if you have a better figure.
  tdp              = 320 W
}

// TPU v4: 2 TensorCores per chip, 4 chips per host, 4,096 chips per pod.
gpu TPU_v4 {
  vendor           = "Google"
  memory           = 32 GiB       // Cloud TPU v4 docs: 32 GiB HBM2
  memory_bandwidth = 1_200 GB/s   // Cloud TPU v4 docs: 1200 GBps
  bf16_flops       = 275 TFLOP/s  // Cloud TPU v4 docs: peak BF16 per chip
  // no fp8_flops: TPU v4 has no FP8 support
  tdp              = 192 W  // maximum MEASURED power, Jouppi et al. ISCA 2023 (HARDWARE.md);
  // Google publishes no TDP; `tdp` is required, so this stands in
}

// Inter-chip interconnect of TPU v5p: a 3D torus, six links per chip (two neighbours on each
// axis). Cloud TPU v5p docs: "bidirectional ICI bandwidth per chip 1200 GBps" (older page:
// 4,800 Gbps = 600 GB/s each way, HARDWARE.md). One link thus carries 1200 / 6 = 200 GB/s both
// ways, 100 GB/s each way: the figure a torus topology's `link_bandwidth` takes.
link ICI_v5p {
  kind          = ici
  bandwidth     = 1_200 GB/s  // Cloud TPU v5p docs, bidirectional per chip
  // ICI reaches every chip of the pod, but as a torus, not all-to-all: a node's scale-up domain
  // defaults to its 4 chips (the smaller of this and the chips per host).
  domain_size   = 8_960  // Cloud TPU v5p docs: chips per pod
  links_per_gpu = 6      // a 3D torus: two neighbours per axis
}

// The data-center network (DCN) share of one TPU v5p chip. Google publishes the bandwidth per
// chip (Cloud TPU v5p docs: "DCN bandwidth per chip 50 Gbps"), not the host's adapters, so a
// host is modelled as `4 x google.TPU_v5p_DCN`, one per chip.
nic TPU_v5p_DCN {
  bandwidth = 50 Gb/s  // Cloud TPU v5p docs
}

// TPU v5e: one TensorCore per chip, 8 chips per host, 256 chips per pod in a 2D torus. Cloud TPU
// v5e docs (cloud.google.com/tpu/docs/v5e), key-specifications table.
gpu TPU_v5e {
  vendor           = "Google"
  memory           = 16 GB        // Cloud TPU v5e docs: HBM2 capacity 16 GB
  memory_bandwidth = 819 GB/s     // Cloud TPU v5e docs: 819 GBps
  bf16_flops       = 197 TFLOP/s  // Cloud TPU v5e docs: peak compute per chip (bf16)
  // GEMM asymptote (round 43): no transformer-shape sweep on v5e is at hand. The best BF16 matmul
  // JAX's Pallas TPU guides time on one (timeit, Python dispatch included) is XLA's 16384^3 in
  // 46.953 ms, 187.3 TFLOP/s, 95.1 % of peak (docs/pallas/tpu/sparse.ipynb, "Reference"; 8192^3
  // in 6.047 ms, 92.3 %, matmul.ipynb, "XLA matmul"); the rule the A100 follows, a transformer
  // shape's median over the best matmul (0.897 on the H100, 0.90 on the A100), gives 0.951 x 0.897.
  gemm_efficiency  = 0.85
  // ESTIMATE, NOT PUBLISHED: as TPU_v5p's, TPU v4's measured 192 W scaled by the BF16 peak ratio
  // (197 / 275). Override it in a spec if you have a better figure.
  tdp              = 138 W
}

// Inter-chip interconnect of TPU v5e: a 2D torus, four ICI ports per chip. Cloud TPU v5e docs:
// "bidirectional inter-chip interconnect (ICI) bandwidth (per chip) 400 GBps": 100 GB/s a port
// both ways, 50 GB/s each way, the figure a torus topology's `link_bandwidth` takes.
link ICI_v5e {
  kind          = ici
  bandwidth     = 400 GB/s  // Cloud TPU v5e docs, bidirectional per chip
  domain_size   = 256       // Cloud TPU v5e docs: chips per pod
  links_per_gpu = 4         // a 2D torus: two neighbours per axis
}

// The data-center network adapters of a TPU v5e host. Cloud TPU v5e docs: "per-host NIC
// configuration 2 x 100 Gbps NIC" (8 chips a host).
nic TPU_v5e_DCN {
  bandwidth = 100 Gb/s  // Cloud TPU v5e docs
}
