// std.amd: AMD Instinct accelerators, their Infinity Fabric scale-up link, and EPYC host CPUs.
//
// Throughput figures are DENSE: AMD's datasheets list "with structured sparsity" figures
// separately; those are not used. Fields a datasheet does not give are left out. Memory in GiB:
// as for NVIDIA's (std.nvidia, with NVML's figures), HBM capacity in "GB" counts binary gigabytes.

// ---------------------------------------------------------------------------------------------
// Accelerators

// AMD Instinct MI300X datasheet (OAM module).
gpu MI300X {
  vendor              = "AMD"
  memory              = 192 GiB          // HBM3 (MI300X datasheet: 192 GB)
  memory_bandwidth    = 5.3 TB/s         // MI300X datasheet: 5.3 TB/s peak
  bf16_flops          = 1_307.4 TFLOP/s  // MI300X datasheet, dense (2,614.9 with sparsity)
  fp16_flops          = 1_307.4 TFLOP/s  // MI300X datasheet, dense
  fp8_flops           = 2_614.9 TFLOP/s  // MI300X datasheet, dense (5,229.8 with sparsity)
  fp32_flops          = 163.4 TFLOP/s    // MI300X datasheet, FP32 matrix
  tdp                 = 750 W            // MI300X datasheet: 750 W peak board power
  // GEMM asymptote: MAMF BF16 668.4 of 1,300 TFLOP/s (51.4 %, TunableOp on) x 0.897, the
  // H100's median-transformer-shape-to-MAMF ratio (std.nvidia, "GEMM calibration"; Bekman,
  // "Machine Learning Engineering", MAMF table). FP8: the BF16 asymptote times what AMD's own
  // max-achievable FLOPs gain in FP8 over BF16 (ROCm blog, "Measuring Max-Achievable FLOPs -
  // Part 2", February 2025, table 1, hipBLASLt: MI300X BF16 708, FP8 1,273 TFLOP/s; 1.80x),
  // x the peaks' ratio: 0.46 x 1.80 / 2 = 0.41 (round 47; until then FP8 kept 0.46).
  gemm_efficiency     = 0.46
  fp8_gemm_efficiency = 0.41
}

// AMD Instinct MI325X datasheet: MI300X compute with HBM3e.
gpu MI325X extends MI300X {
  memory              = 256 GiB   // HBM3e (MI325X datasheet: 256 GB)
  memory_bandwidth    = 6.0 TB/s  // MI325X datasheet
  tdp                 = 1_000 W   // HARDWARE.md marks this "secondary"
  // MAMF BF16 784.9 of 1,300 TFLOP/s (60.4 %, TunableOp on, 1,000 W) x 0.897 (as MI300X).
  // FP8 as MI300X's: AMD's table gives BF16 843, FP8 1,519 TFLOP/s (1.80x): 0.54 x 1.80 / 2.
  gemm_efficiency     = 0.54
  fp8_gemm_efficiency = 0.49
}

// AMD Instinct MI355X (CDNA 4), liquid-cooled. AMD announced it at Advancing AI, June 2025;
// figures as reported from AMD's launch material: The Register, "AMD's MI355X is a 1.4 kW
// liquid-cooled monster" (2025-06-12): 288 GB HBM3E, 8 TB/s, 1.4 kW; ISSCC 2026 paper as reported
// (world-today-news, 2026-02): FP8 "five petaflops" dense. BF16 is half of FP8 on CDNA 4 (AMD
// CDNA 4 whitepaper: FP8 rate doubled relative to FP16/BF16).
gpu MI355X {
  vendor              = "AMD"
  memory              = 288 GiB         // The Register (AMD launch): 288 GB HBM3E
  memory_bandwidth    = 8 TB/s          // The Register (AMD launch): 8 TB/s
  bf16_flops          = 2_500 TFLOP/s   // half the FP8 rate below
  fp16_flops          = 2_500 TFLOP/s   // as BF16
  fp8_flops           = 5_000 TFLOP/s   // ISSCC 2026 (as reported): "five petaflops" FP8, dense
  fp4_flops           = 10_000 TFLOP/s  // AMD spec page via Bekman's peak table: 10,100 dense
  tdp                 = 1_400 W         // The Register / Tom's Hardware: up to 1,400 W
  // MAMF BF16 1,565.0 TFLOP/s x 0.897 (as MI300X) of this 2,500: 0.56. Bekman's MAMF table
  // (stas00/ml-engineering b9e29720, compute/accelerator/README.md) puts the 1,565.0 at 68.0 %
  // of a "Theory" of 2,300, the MI350X's peak, where the same page's peak table gives the
  // MI355X 2,500; rounds 12-46 took the 68.0 % and gave 0.61 (1,525 TFLOP/s, 9 % above the
  // measurement x 0.897). No FP8 or FP4 MAMF row: the lower precisions take the BF16 asymptote
  // times what one kernel design gained in each on one MI355, AMD's Gluon GEMM tutorial
  // (rocm.blogs.amd.com, "From Naive to Near-Peak", May 2026): FP16 1,489, BF8 3,257 and MXFP4
  // 5,255 TFLOP/s at 4096 x 4096 x 8192, 16384 and 32768 (the same bytes). FP8 0.56 x 3,257 /
  // 1,489 x 2,500 / 5,000 = 0.61, FP4 0.56 x 5,255 / 1,489 x 2,500 / 10,000 = 0.49
  // (docs/model.md "MXFP4"). The same figures bound the FP4 rate: at its stated 92.41 % MFMA
  // efficiency the MXFP4 kernel's matrix units ran 5,687 TFLOP/s, more than the FP8 rate at the
  // top clock, as twice FP8's per clock allows.
  gemm_efficiency     = 0.56
  fp8_gemm_efficiency = 0.61
  fp4_gemm_efficiency = 0.49
}

// AMD Instinct MI350X: the MI355X's package air-cooled, at 1,000 W and a 2.2 GHz top clock
// against 2.4 (AMD at Hot Chips 2025, as reported by Wccftech: "the MI350X, which is the
// air-cooled variant with a 1000W TBP and a max clock speed of 2.2 GHz"). Peaks at the clock
// ratio, the CUs being the same 256 (ROCm's GPU specifications table). Sustained, the 1,000 W
// cap costs more than the clock: "the performance difference is about 10% on a raw flops basis
// but the real world delta is more towards 20% at the system level" (SemiAccurate, "AMD's MI350
// is a big iterative advance", June 2025, from AMD's launch briefing). The asymptotes are the
// MI355X's sustained rates / 1.2 as fractions of these peaks: 0.56 x 2,500 / 2,292 / 1.2 =
// 0.51, FP8 0.555, FP4 0.445 (validation.md has what round 47's first figures gave).
gpu MI350X extends MI355X {
  bf16_flops          = 2_292 TFLOP/s  // 2,500 x 2.2 / 2.4
  fp16_flops          = 2_292 TFLOP/s  // as BF16
  fp8_flops           = 4_583 TFLOP/s  // 5,000 x 2.2 / 2.4
  fp4_flops           = 9_167 TFLOP/s  // 10,000 x 2.2 / 2.4
  tdp                 = 1_000 W        // Hot Chips 2025: 1,000 W TBP, air-cooled
  gemm_efficiency     = 0.51
  fp8_gemm_efficiency = 0.555
  fp4_gemm_efficiency = 0.445
}

// ---------------------------------------------------------------------------------------------
// Scale-up link

// AMD Infinity Fabric in an 8-GPU MI300X/MI325X platform: each GPU has 7 links, one to each
// peer, 128 GB/s each, 896 GB/s aggregate (MI300X datasheet / AMD Instinct MI300X platform
// brief). A direct mesh, not a switch: no in-network reduction.
link InfinityFabric {
  kind          = infinity_fabric
  bandwidth     = 896 GB/s  // MI300X datasheet: "896 GB/s aggregate peak Infinity Fabric"
  domain_size   = 8         // 8-GPU MI300X platform (fully connected)
  links_per_gpu = 7         // one link to each of the 7 peers
}

// ---------------------------------------------------------------------------------------------
// Host CPUs

// AMD EPYC 9654 (4th gen, "Genoa") product page: 96 cores / 192 threads, default TDP 360 W.
cpu EPYC_9654 {
  vendor           = "AMD"
  cores            = 96     // AMD EPYC 9654 product page
  threads_per_core = 2      // 192 threads
  tdp              = 360 W  // default TDP (configurable 320–400 W)
}

// AMD EPYC 9474F (4th gen, "Genoa", frequency-optimised) product page: 48 cores / 96 threads,
// default TDP 360 W.
cpu EPYC_9474F {
  vendor           = "AMD"
  cores            = 48     // AMD EPYC 9474F product page
  threads_per_core = 2      // 96 threads
  tdp              = 360 W  // default TDP
}
