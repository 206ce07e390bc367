// std.nvidia: NVIDIA accelerators, scale-up links (NVLink generations), network adapters and
// switches.
//
// Every figure names its source. Throughput figures are DENSE (NVIDIA's datasheets quote
// "with sparsity" figures that are twice these; we halve them). Bandwidths are as the vendor
// quotes them: NVLink per GPU with both directions added, network ports per direction.
// Memory is what CUDA sees: a datasheet's "80 GB" of HBM counts binary gigabytes (HBM stacks
// come in 16 and 24 GiB), and NVML reports 81,920 MiB on an A100 80GB, 81,559 MiB on an H100
// 80 GB and 143,771 MiB on an H200 141 GB (Modal, "Why does an NVIDIA H100 80GB card offer
// 85.52 GB?", thundergolfer.com/blog/nvidia-gpu-memory-capacity, NVML table), 7 % more than
// the same figures read as decimal GB. Where NVML's figure is not at hand, the datasheet's in GiB.
// Fields a datasheet does not give are left out, never guessed; a spec can set them.

// ---------------------------------------------------------------------------------------------
// Accelerators

// NVIDIA H100 Tensor Core GPU datasheet, "H100 SXM" column.
gpu H100_SXM5 {
  vendor                                 = "NVIDIA"
  memory                                 = 81_559 MiB     // HBM3 "80 GB" (NVML, above)
  memory_bandwidth                       = 3.35 TB/s      // H100 datasheet
  bf16_flops                             = 989 TFLOP/s    // H100 datasheet: 1,979 TFLOPS with sparsity
  fp16_flops                             = 989 TFLOP/s    // H100 datasheet: 1,979 TFLOPS with sparsity
  fp8_flops                              = 1_979 TFLOP/s  // H100 datasheet: 3,958 TFLOPS with sparsity
  fp32_flops                             = 67 TFLOP/s     // H100 datasheet, FP32 (non-tensor)
  tdp                                    = 700 W          // H100 datasheet: "up to 700 W (configurable)"
  host_bandwidth                         = 64 GB/s        // H100 datasheet: "PCIe Gen5: 128 GB/s", both directions
  price                                  = 30_000 USD     // 2024 street price; seeds' range 25–40 k USD (HARDWARE.md)
  // Step-model calibration, measured on H100 SXM5, 2026-11 (shared/domain/H100-MEASURED.md):
  gemm_efficiency                        = 0.72  // median of 54 bf16 transformer-shape GEMMs (59–80 %)
  attention_efficiency                   = 0.72  // torch SDPA causal fwd: 48/59/64 % at 2K/4K/8K = 0.72 s/(s+1024)
  attention_backward_efficiency          = 0.56  // bwd: 32/42/47 % = 0.56 s/(s+1536)
  memory_efficiency                      = 0.77  // GELU 2 x 64 MiB in 52 us = 2.58 of 3.35 TB/s
  kernel_overhead                        = 4 us  // hidden 1,024 x 2,048 tokens: 62–68 % against 72 % asymptote
  // Dropout inside the fused kernel, per causal score element: torch SDPA's cuDNN kernel with
  // dropout 0.1 against 0 inside bf16 GPT layers (Q, K, V strided views of the QKV output, as
  // in Megatron's layout): 1.23-1.24 ps forward, 0.55-0.79 ps backward (median 0.76) at hidden
  // 2,048-4,096, 2K-4K tokens; measured on H100 SXM5, 2026-11-26 (bench/gpu/layer_probe.py,
  // bench/gpu/results/h100-2026-11-26). Contiguous Q, K, V cost less: 0.84-0.98 / 0.48-0.57 ps.
  attention_dropout_time                 = 1.24 ps
  attention_dropout_backward_time        = 0.76 ps
  // One exponential: Shah et al. 2024 (FlashAttention-3, arXiv 2407.08608), section 3: "989
  // TFLOPS of FP16 matmul but only 3.9 TFLOPS of special functions"; 1 / 3.9 T.
  exponential_time                       = 0.256 ps
  // FP8 attention (plans with `fp8_attention`): the H200's rows of the attention rule's benchmark
  // (below; the same die and clock).
  fp8_attention_speedup                  = 1.50
  fp8_attention_backward_speedup         = 0.80
  mla_fp8_attention_speedup              = 1.0  // no FP8 MLA kernel on Hopper (the rule below)
  mla_fp8_attention_backward_speedup     = 1.0
  // FlashAttention-2 on H100 (plans with `attention_kernel = flash2`): Shah et al. 2024
  // (FlashAttention-3, arXiv 2407.08608), abstract: "FlashAttention-2 achieving only 35%
  // utilization on the H100 GPU"; 0.35 at 16K tokens is an asymptote of 0.37 on the s/(s+1024)
  // curve. Measured the same day (PyTorch 2.11's FlashAttention-2, head dim 128, 2K-64K): 31-34 %
  // forward, a least-squares asymptote of 0.367; backward 22-33 %, 0.348 on s/(s+1536). Dropout
  // (contiguous Q, K, V only): 0.25-0.38 ps forward, 0.34-0.49 ps backward per score element.
  flash2_attention_efficiency            = 0.37
  flash2_attention_backward_efficiency   = 0.35
  flash2_attention_dropout_time          = 0.29 ps
  flash2_attention_dropout_backward_time = 0.38 ps
  // FP8 GEMMs do not reach twice the BF16 rate: NVIDIA's cuBLAS 12.9 post ("Boosting Matrix
  // Multiplication Speed and Flexibility with NVIDIA cuBLAS 12.9", 2025) gives Hopper's FP8
  // matmuls 1.75x the BF16 baseline for large sizes (at least 1.25x for most others), so
  // 0.72 x 1.75 / 2 of the FP8 peak. FlashAttention-3's abstract agrees in kind: 740 TFLOP/s BF16,
  // "close to 1.2 PFLOPs/s" FP8 (1.6x).
  fp8_gemm_efficiency                    = 0.63
}

// NVIDIA H100 Tensor Core GPU datasheet, "H100 PCIe" column (the original 80 GB PCIe card).
gpu H100_PCIe {
  vendor           = "NVIDIA"
  memory           = 80 GiB         // HBM2e "80 GB" (H100 datasheet; GiB, above)
  memory_bandwidth = 2.0 TB/s       // H100 datasheet
  bf16_flops       = 756 TFLOP/s    // H100 datasheet: 1,513 TFLOPS with sparsity
  fp16_flops       = 756 TFLOP/s    // H100 datasheet: 1,513 TFLOPS with sparsity
  fp8_flops        = 1_513 TFLOP/s  // H100 datasheet: 3,026 TFLOPS with sparsity
  fp32_flops       = 51 TFLOP/s     // H100 datasheet, FP32 (non-tensor)
  tdp              = 350 W          // H100 datasheet: 300–350 W (configurable); the maximum
}

// H800 SXM: the export variant of H100 SXM5 for China. Same compute and memory (HARDWARE.md);
// what differs is the NVLink bandwidth, a property of the link: use `NVLink4_H800` as the node's
// scale_up. The price is inherited from H100_SXM5 because no separate figure is published;
// override it in a spec that cares.
gpu H800 extends H100_SXM5 {
}

// GEMM calibration of the GPUs below without a transformer-shape sweep of their own: the GPU's
// best BF16 (FP8) matmul, its MAMF, times the ratio the H100 shows between its measured median
// transformer shape and its own MAMF, 0.72 / 0.803 = 0.897 (H100-MEASURED.md; the rule the
// A100_80GB entry uses). MAMF figures: Bekman, "Machine Learning Engineering",
// compute/accelerator/README.md, "Maximum Achievable Matmul FLOPS comparison table" (stas00/
// ml-engineering b9e29720e, BF16 and FP8 tables, mean of 100 iterations).
//
// GB200 and GB300 rule (round 42): both GPUs measured under one workload and one software stack,
// which the MAMF table lacks (it has no GB300 row). cudnn-frontend's grouped-GEMM benchmark
// (benchmark/cutedsl_fusion_kernels/results/{GB200,GB300,B200,B300}/output_verbose.txt; the
// B200 and B300 folders hold earlier runs on a GB200 and a GB300, as their `device` lines say;
// cuDNN FE 1.23, TE 2.15, PyTorch 26.05, CUDA-graph replay) times MXFP8 grouped GEMMs of 8
// experts x 4,096 tokens, K 8,192, N 4,096 or 8,192, with their fused activation epilogues, the
// kernels the MoE recipes run (NVTE_CUTEDSL_FUSED_GROUPED_MLP): GB200 1.504 / 0.820 / 0.748 /
// 0.771 / 1.519 / 0.835 ms and 1.550 / 0.870 / 0.739 / 0.781 / 1.544 / 0.889 ms (swiglu, dswiglu,
// srelu, dsrelu, geglu, dgeglu), GB300 1.323 / 0.718 / 0.666 / 0.701 / 1.316 / 0.734 and 1.319 /
// 0.740 / 0.675 / 0.686 / 1.317 / 0.751 ms: GB300 1.14x as fast at the same peak, where the
// MAMF-derived 0.65 had them equal. Each GPU's fp8_gemm_efficiency is the asymptote at which
// clusterc's GEMM time matches the twelve kernels on average: GB200 0.575 (from MAMF's 0.65),
// GB300 0.66 (tests/unit/test_blackwell_gemm.cpp). Their BF16 asymptotes take the same figures:
// no BF16 run of the benchmark is published, and GB200's MAMF puts BF16 and FP8 at one fraction
// of their peaks (72.9 and 72.3 %). The HGX B300 has a sweep of its own, and B200 follows it
// (below).
//
// FP4 rule: no FP4 MAMF row is published. Transformer Engine's GEMM profiling tutorial
// (docs/examples/gemm_profiling/gemm_profiling.rst, TE 8f2e635) times the twelve GEMMs of a layer
// of hidden 4,096, FFN 16,384 and 15,872 tokens, pre-quantized, on a B300 SXM6 (HGX B300): BF16
// 13.102 ms, FP8 (current scaling) 6.812 ms, NVFP4 3.764 ms a layer. Its NVFP4 GEMMs run 1.81x its
// FP8 ones, so a GPU's fp4_gemm_efficiency is its fp8_gemm_efficiency x 1.81 x fp8_flops /
// fp4_flops. The same tables check the rule's ground: FP8 over BF16 is 1.92x on the B300 (the
// entries below give 1.91x) and 1.90x on an H200 NVL (H200: 1.83x).
//
// Attention rule (Blackwell). NVIDIA publishes its cuDNN SDPA training benchmark (cudnn-frontend,
// benchmark/sdpa_benchmark_training/results/{h200,gb200,gb300}_919_only_cudnn/, cuDNN 9.19.1,
// February 2026): the fused kernels Transformer Engine runs, causal, forward and backward, at Llama
// 3.1's heads (64 x 128, 8 KV), GPT-OSS's (64 x 64 in a 1,024-key window) and DeepSeek-V3's MLA.
// On the H200 the H100's curve (attention_efficiency s / (s + 1,024) forward, backward over s +
// 1,536), validated inside transformer layers at -10 to +5 % (bench/gpu/README.md), times those
// kernels 3 % longer forward and 17 % longer backward at 4K-8K tokens: the standalone kernels beat
// the layers'. A Blackwell GPU's figures put the curve in the same place against its own rows:
// GB200 0.67 / 0.53, GB300 0.82 / 0.56 (tests/unit/test_blackwell_attention.cpp). An HGX part is
// the same die at another clock and keeps the fraction of its peak (B200 as GB200, B300 as GB300).
// Blackwell Ultra doubles the exponential units (10.7 against 5 TeraExponentials/s: NVIDIA,
// "Inside NVIDIA Blackwell Ultra"), but in these BF16 kernels GB300 runs only 1.18x GB200 forward
// and 1.06x backward at 8K tokens, and 1.18x forward at head dim 64 too: its exponentials stay at
// GB200's 0.2 ps for the narrow-head rule (formulas.h); at 0.0935 ps that rule would time GPT-OSS's
// heads 15-25 % short. Older libraries were slower: cuDNN 9.10 reached 0.52 / 0.42 of B200's peak
// at 8K tokens (artifacts/sdpa_bf16_benchmark_results_NVIDIA_B200.csv), 9.13 0.60 / 0.45 of
// GB300's (..._NVIDIA_GB300.csv), where 9.19 reaches 0.64 / 0.52 on GB200 and 0.75 / 0.55 on GB300.
// FP8 attention (`fp8_attention_speedup`): the same benchmark's FP8 rows over its BF16 ones, Llama
// 3.1's heads at 8K tokens, forward / backward: H200 1.708 / 1.141 and 5.083 / 6.392 ms (1.50x /
// 0.80x: Hopper's FP8 backward is the slower), GB200 0.688 / 0.553 and 2.097 / 1.860 (1.24x /
// 1.13x), GB300 0.583 / 0.396 and 1.985 / 1.730 (1.47x / 1.15x); an HGX part as its Grace sibling.
// MLA and MXFP8 (`mla_fp8_attention_*`, `mxfp8_attention_*factor`): the same benchmark's cuDNN
// 9.22 rows (results/{llama3.1,dsv3}/{gb200,gb300}/*_20260424_*.csv, April 2026, the library of
// MLPerf Training v6.0's DeepSeek-V3 runs, 9.21.1), causal, 2 x 8,192 tokens, forward / backward
// in ms. DeepSeek-V3's MLA gains more in FP8 than 128-wide heads: GB200 BF16 3.470 / 11.984, FP8
// 2.294 / 7.296 (1.51x / 1.64x); GB300 3.013 / 11.074 and 1.758 / 6.188 (1.71x / 1.79x); cuDNN
// 9.19 gave 1.46x / 1.26x and 1.63x / 1.32x. H200 ran no FP8 MLA kernel (the 9.19 row failed):
// Hopper's MLA is timed in BF16. MXFP8 (Transformer Engine's attention under an MXFP8 recipe,
// since TE's "Add MXFP8 attention", April 2026) runs slower than per-tensor FP8, alike at both
// head shapes: GB200 Llama's heads 1.156 / 4.272 against FP8's 1.074 / 3.781 (0.93x / 0.89x),
// MLA 2.478 / 9.567 against 2.294 / 7.296 (0.93x / 0.76x); GB300 0.856 / 3.917 against 0.759 /
// 3.087 (0.89x / 0.79x), MLA 1.944 / 8.030 against 1.758 / 6.188 (0.90x / 0.77x). The factors
// are the two shapes' means: GB200 0.93 / 0.82, GB300 0.90 / 0.78.
//
// HBM rule (Blackwell, round 43). NVIDIA publishes its cuDNN RMSNorm benchmark on H200, GB200 and
// GB300 under one stack (cudnn-frontend, benchmark/norms/results/{h200,gb200,gb300}/all_models_
// 202602*.csv, cuDNN 9.19, February 2026), forward and backward at fourteen models' shapes. At the
// seven that normalise a hidden state (2^25 elements and more, bf16) the forward and backward
// together, 2 + 3 bytes an element, move at 0.754 of the H200's 4.8 TB/s, 0.674 of GB200's 8 and
// 0.680 of GB300's (the backward falls most: 0.735 against 0.631 and 0.634). The H200's own
// `memory_efficiency` (0.72, measured on its optimizer step) times the GPUs' medians over it,
// 0.910 and 0.937, gives GB200 0.66 and GB300 0.67; an HGX part as its Grace sibling.

// NVIDIA H200 Tensor Core GPU datasheet, "H200 SXM" column. Written out rather than extending
// H100_SXM5 so that it does not inherit the H100's price.
gpu H200 {
  vendor                             = "NVIDIA"
  memory                             = 143_771 MiB    // HBM3e "141 GB" (NVML, above)
  memory_bandwidth                   = 4.8 TB/s       // H200 datasheet
  bf16_flops                         = 989 TFLOP/s    // H200 datasheet: 1,979 TFLOPS with sparsity
  fp16_flops                         = 989 TFLOP/s    // H200 datasheet: 1,979 TFLOPS with sparsity
  fp8_flops                          = 1_979 TFLOP/s  // H200 datasheet: 3,958 TFLOPS with sparsity
  fp32_flops                         = 67 TFLOP/s     // H200 datasheet, FP32 (non-tensor)
  tdp                                = 700 W          // H200 datasheet: "up to 700 W (configurable)"
  host_bandwidth                     = 64 GB/s        // H200 datasheet: "PCIe Gen5: 128 GB/s", both directions
  // The H100's die (GH100): its measured step-model calibration (H100_SXM5 above); MAMF BF16 "H200
  // is the same" as H100 (80.3 %). FP8 MAMF 1,453.4 of 1,979 TFLOP/s (73.4 %) x 0.897. HBM3e
  // reaches less of its peak than the H100's HBM3 in memory-bound kernels: measured on an H200
  // (bench/gpu/README.md, 2026-11-28), the optimizer step (clip, fused AdamW, copy, zeroing) ran
  // at 0.70 and 0.74 of 4.8 TB/s, where the H100's fused AdamW ran at 0.77 of 3.35.
  gemm_efficiency                    = 0.72
  attention_efficiency               = 0.72
  attention_backward_efficiency      = 0.56
  attention_dropout_time             = 1.24 ps
  attention_dropout_backward_time    = 0.76 ps
  exponential_time                   = 0.256 ps  // the H100's (the same die and clock)
  fp8_attention_speedup              = 1.50      // the attention rule's benchmark (above)
  fp8_attention_backward_speedup     = 0.80
  mla_fp8_attention_speedup          = 1.0  // no FP8 MLA kernel (the attention rule above)
  mla_fp8_attention_backward_speedup = 1.0
  memory_efficiency                  = 0.72
  kernel_overhead                    = 4 us
  fp8_gemm_efficiency                = 0.66
}

// B200 as in HGX B200 (HARDWARE.md; NVIDIA HGX B200 datasheet, eight-GPU totals / 8).
gpu B200 {
  vendor                             = "NVIDIA"
  memory                             = 180 GiB        // HBM3e; HGX B200: 1.44 TB total / 8 (GiB, above)
  memory_bandwidth                   = 7.7 TB/s       // HGX B200: 62 TB/s total / 8 (HARDWARE.md: 7.7 TB/s)
  bf16_flops                         = 2_250 TFLOP/s  // HGX B200: 36 PFLOPS with sparsity / 8 / 2
  fp16_flops                         = 2_250 TFLOP/s  // as BF16 (HGX B200 datasheet quotes FP16/BF16 together)
  fp8_flops                          = 4_500 TFLOP/s  // HGX B200: 72 PFLOPS with sparsity / 8 / 2
  fp4_flops                          = 9_000 TFLOP/s  // Lockwood, "B200": HGX B200 at 1,000 W, FP4 9,000 dense
  tdp                                = 1_000 W        // HARDWARE.md (HGX B200 GPU)
  // MAMF BF16 1,745.0 of 2,250 TFLOP/s (77.6 %), FP8 3,432.5 of 4,500 (76.3 %); x 0.897 gave
  // 0.70 and 0.68 until round 42. No transformer-shape sweep of its own is published: it takes
  // the HGX B300's (B300 below; the same peaks), scaled by the two GPUs' MAMF figures, 0.65 x
  // 1,745.0 / 1,769.0 and 0.625 x 3,432.5 / 3,353.3.
  gemm_efficiency                    = 0.64
  fp8_gemm_efficiency                = 0.64
  // NVFP4: the FP4 rule above, 0.64 x 1.81 x 4,500 / 9,000.
  fp4_gemm_efficiency                = 0.58
  // Fused attention (cuDNN, which Transformer Engine runs): the attention rule above, GB200's.
  attention_efficiency               = 0.67
  attention_backward_efficiency      = 0.53
  exponential_time                   = 0.2 ps  // 5 TeraExponentials/s (the attention rule above)
  fp8_attention_speedup              = 1.24    // GB200's (the attention rule above)
  fp8_attention_backward_speedup     = 1.13
  mla_fp8_attention_speedup          = 1.51
  mla_fp8_attention_backward_speedup = 1.64
  mxfp8_attention_factor             = 0.93
  mxfp8_attention_backward_factor    = 0.82
  memory_efficiency                  = 0.66  // GB200's (the HBM rule above)
}

// B200 GPU of a GB200 superchip (HARDWARE.md; NVIDIA GB200 NVL72 datasheet, rack totals / 72).
// Used in NVL72 racks: give the node `scale_up = nvidia.NVLink5` and `scale_up_domain = 72`.
gpu GB200 {
  vendor                             = "NVIDIA"
  memory                             = 186 GiB         // HBM3e; GB200 NVL72: 13.4 TB / 72 (HARDWARE.md: 186 GB; GiB, above)
  memory_bandwidth                   = 8 TB/s          // GB200 NVL72: 576 TB/s / 72
  bf16_flops                         = 2_500 TFLOP/s   // GB200 NVL72: 360 PFLOPS with sparsity / 72 / 2
  fp16_flops                         = 2_500 TFLOP/s   // as BF16 (the datasheet quotes FP16/BF16 together)
  fp8_flops                          = 5_000 TFLOP/s   // GB200 NVL72: 720 PFLOPS with sparsity / 72 / 2
  fp4_flops                          = 10_000 TFLOP/s  // Lockwood, "B200": the GB200 variant at 1,200 W, FP4 10,000 dense
  tdp                                = 1_200 W         // HARDWARE.md (per GPU)
  // NVLink-C2C to the Grace CPU, one link a GPU: "900 GB/s bidirectional per link" (Transformer
  // Engine docs, features/other_optimizations/cpu_offloading, and its figure pcie_vs_nvlink.svg).
  host_bandwidth                     = 450 GB/s
  // The GB200 and GB300 rule above (MAMF BF16 1,822.0 of 2,500 TFLOP/s, 72.9 %, FP8 3,615.6 of
  // 5,000, 72.3 %, x 0.897 gave 0.65 for both until round 42).
  gemm_efficiency                    = 0.575
  fp8_gemm_efficiency                = 0.575
  // NVFP4: the FP4 rule above, 0.575 x 1.81 x 5,000 / 10,000.
  fp4_gemm_efficiency                = 0.52
  // Fused attention: the attention rule above.
  attention_efficiency               = 0.67
  attention_backward_efficiency      = 0.53
  exponential_time                   = 0.2 ps  // 5 TeraExponentials/s (the attention rule above)
  fp8_attention_speedup              = 1.24    // the attention rule above
  fp8_attention_backward_speedup     = 1.13
  mla_fp8_attention_speedup          = 1.51
  mla_fp8_attention_backward_speedup = 1.64
  mxfp8_attention_factor             = 0.93
  mxfp8_attention_backward_factor    = 0.82
  // Element-wise kernels: the HBM rule above.
  memory_efficiency                  = 0.66
}

// Blackwell Ultra (B300) GPU of a GB300 superchip, as in GB300 NVL72. Same tensor throughput at
// FP8 and BF16 as GB200 (GB300 NVL72 page: 720 PFLOPS FP8/FP6 with sparsity, as GB200 NVL72), 50 %
// more HBM in 12-high stacks. Secondary sources, from NVIDIA's GTC 2025 figures: G. Lockwood,
// "B300" (glennklockwood.com/garden/processors/B300): 288 GB HBM3e, 8 TB/s, 1,400 W maximum.
gpu GB300 extends GB200 {
  memory                             = 288 GiB  // GB300 NVL72: 20.7 TB / 72 (Lockwood: 288 GB HBM3e; GiB, above)
  memory_bandwidth                   = 8 TB/s   // GB300 NVL72: 576 TB/s / 72
  tdp                                = 1_400 W  // Lockwood, "B300": 1,400 W maximum (from 1,200 W)
  // Blackwell Ultra triples FP4 over FP8 where Blackwell doubles it: "15 PetaFLOPS dense NVFP4"
  // (NVIDIA Technical Blog, "Inside NVIDIA Blackwell Ultra: The Chip Powering the AI Factory
  // Era", 2025). NVFP4: the FP4 rule above, 0.66 x 1.81 x 5,000 / 15,000.
  fp4_flops                          = 15_000 TFLOP/s
  // The GB200 and GB300 rule above.
  gemm_efficiency                    = 0.66
  fp8_gemm_efficiency                = 0.66
  fp4_gemm_efficiency                = 0.40
  // Attention: the attention rule above (the exponential time GB200's).
  attention_efficiency               = 0.82
  attention_backward_efficiency      = 0.56
  fp8_attention_speedup              = 1.47
  fp8_attention_backward_speedup     = 1.15
  mla_fp8_attention_speedup          = 1.71
  mla_fp8_attention_backward_speedup = 1.79
  mxfp8_attention_factor             = 0.90
  mxfp8_attention_backward_factor    = 0.78
  memory_efficiency                  = 0.67  // the HBM rule above
}

// B300 in an HGX B300 board: the Blackwell Ultra die with HGX B200's BF16/FP8 throughput
// (Lockwood, "B300": HGX B300 "has similar performance to B200"; FP8 4,500 dense).
gpu B300 extends B200 {
  memory                             = 288 GiB  // Lockwood, "B300": 288 GB HBM3e (8 stacks, 12-high; GiB, above)
  memory_bandwidth                   = 8 TB/s   // Lockwood, "B300": 8 TB/s (max)
  tdp                                = 1_400 W  // Lockwood, "B300": 1,400 W maximum
  // A transformer-shape sweep of its own (round 42): the FP4 rule's TE tutorial times a layer's
  // twelve GEMMs (19.17 TFLOP) pre-quantized on a B300 SXM6 at 13.102 ms in BF16 and 6.812 ms in
  // FP8, 65.0 and 62.5 % of the peaks; the same sweep on an H200 NVL reaches 71.8 % in BF16, the
  // H100's measured 0.72. MAMF BF16 1,769.0 of 2,250 TFLOP/s (78.6 %), FP8 3,353.3 of 4,500
  // (74.5 %), x 0.897 gave 0.70 and 0.67 until then.
  gemm_efficiency                    = 0.65
  fp8_gemm_efficiency                = 0.625
  fp4_flops                          = 13_125 TFLOP/s  // Lockwood, "B300": HGX B300, FP4 13,125 dense
  // NVFP4: the FP4 rule above, 0.625 x 1.81 x 4,500 / 13,125 (the GPU it was measured on).
  fp4_gemm_efficiency                = 0.39
  // Attention: the attention rule above, GB300's fractions (the exponential time B200's).
  attention_efficiency               = 0.82
  attention_backward_efficiency      = 0.56
  fp8_attention_speedup              = 1.47
  fp8_attention_backward_speedup     = 1.15
  mla_fp8_attention_speedup          = 1.71
  mla_fp8_attention_backward_speedup = 1.79
  mxfp8_attention_factor             = 0.90
  mxfp8_attention_backward_factor    = 0.78
  memory_efficiency                  = 0.67  // GB300's (the HBM rule above)
}

// NVIDIA A100 Tensor Core GPU datasheet, "A100 80GB SXM" column.
gpu A100_80GB {
  vendor               = "NVIDIA"
  memory               = 81_920 MiB   // HBM2e "80 GB" (NVML, above)
  memory_bandwidth     = 2.039 TB/s   // A100 datasheet: 2,039 GB/s
  bf16_flops           = 312 TFLOP/s  // A100 datasheet: 624 TFLOPS with sparsity
  fp16_flops           = 312 TFLOP/s  // A100 datasheet: 624 TFLOPS with sparsity
  // no fp8_flops: Ampere has no FP8 tensor cores
  fp32_flops           = 19.5 TFLOP/s  // A100 datasheet, FP32 (non-tensor)
  tdp                  = 400 W         // A100 datasheet, SXM
  host_bandwidth       = 32 GB/s       // A100 datasheet: "PCIe Gen4: 64 GB/s", both directions
  // Step-model calibration. GEMM asymptote: the best BF16 matmul found on an A100 (MAMF) is
  // 271.2 TFLOP/s, 86.9 % of peak, where the H100's is 80.3 % (Bekman, "Machine Learning
  // Engineering", compute/accelerator/README.md, "Maximum Achievable Matmul FLOPS comparison
  // table"), and on the H100 the median transformer shape reaches 0.72 (H100-MEASURED.md), 0.897
  // of its best; the same ratio gives 0.869 x 0.897 (round 7). A transformer-shape sweep on an
  // A100 confirms it (round 43): the data of Anthony et al. 2024 ("The Case for Co-Designing
  // Model Architectures with Hardware", EleutherAI/cookbook fb3e361, sizing/results/
  // transformer_data/h_sweep.out; FP16, PyTorch 1.13.1), a layer's four GEMMs at 8,192 tokens and
  // hidden 2,048-12,288, a median 244.5 TFLOP/s over 324 GEMMs, 78.4 % of peak.
  gemm_efficiency      = 0.78
  // Fused attention forward: Dao 2023 (FlashAttention-2, arXiv 2307.08691), abstract:
  // "50-73 % of the theoretical maximum FLOPs/s on A100"; the top of that range is the asymptote.
  attention_efficiency = 0.73
}

// ---------------------------------------------------------------------------------------------
// Scale-up links. `bandwidth` is per GPU, both directions added, as NVIDIA quotes it.

// Third-generation NVLink (A100): 12 links x 50 GB/s. HGX A100 joins 8 GPUs through NVSwitch.
link NVLink3 {
  bandwidth     = 600 GB/s  // A100 datasheet
  domain_size   = 8         // HGX A100 8-GPU baseboard (NVSwitch)
  links_per_gpu = 12        // A100 datasheet / NVIDIA A100 architecture whitepaper
  // Effective latency per ring step, measured: nccl-tests all_reduce_perf on one 8 x A100 node
  // (Bekman, "Machine Learning Engineering", network/README.md, "Real network throughput")
  // takes a median 211 us more than its 16 GiB bus bandwidth (234.9 GB/s) would at 16 MiB-2 GiB,
  // the range training's collectives fall in: 211 us / 2(n - 1) steps = 15 us.
  latency       = 15 us
}

// Fourth-generation NVLink (H100, H200) in an HGX baseboard: 18 links x 50 GB/s. The NVLink
// Switch System can extend a domain to 256 GPUs, but HGX/DGX H100 nodes are 8-GPU domains.
link NVLink4 {
  bandwidth            = 900 GB/s  // H100 datasheet
  domain_size          = 8         // HGX H100 8-GPU baseboard (four third-gen NVSwitch chips)
  links_per_gpu        = 18        // H100 datasheet / NVIDIA H100 architecture whitepaper
  in_network_reduction = true      // NVLink SHARP (NVLS) in HGX H100's third-gen NVSwitch
  // Effective latency per ring step, measured as for NVLink3: 8 x H200 all_reduce_bench (NVLS,
  // NCCL 2.27.7; Bekman, network/README.md) takes a median 100 us more than its 16 GiB bus
  // bandwidth (482 GB/s) would at 16 MiB-2 GiB: 100 us / 14 steps = 7 us.
  latency              = 7 us
}

// NVLink of the H800 (export variant): 400 GB/s per GPU. Secondary source (HARDWARE.md marks it
// "secondary"); NVIDIA publishes no H800 datasheet figure for it. Link count and NVLS support
// are not published, so they are left out (links_per_gpu unset, no in-network reduction).
link NVLink4_H800 {
  bandwidth   = 400 GB/s  // HARDWARE.md (secondary)
  domain_size = 8         // HGX H800 8-GPU baseboard
  latency     = 7 us      // NVLink4's measured figure (above), assumed for the same generation
}

// Fifth-generation NVLink (B200, GB200): 18 links x 100 GB/s; NVL72 joins 72 GPUs in one domain.
// An 8-GPU HGX B200 node gets a domain of 8 by default (the smaller of 72 and its GPUs).
link NVLink5 {
  bandwidth            = 1.8 TB/s  // HGX B200 / GB200 NVL72 datasheets
  domain_size          = 72        // GB200 NVL72 datasheet
  links_per_gpu        = 18        // NVIDIA Blackwell architecture technical brief
  in_network_reduction = true      // NVLink SHARP in the fifth-generation NVLink Switch
}

// NVLink bridge between H100 PCIe cards: pairs of cards, 600 GB/s (H100 datasheet, PCIe column:
// "NVLink: 600 GB/s"; HARDWARE.md "bridge 600 GB/s").
link NVLinkBridge_H100_PCIe {
  bandwidth   = 600 GB/s  // H100 datasheet (H100 PCIe)
  domain_size = 2         // a two-card bridge
}

// ---------------------------------------------------------------------------------------------
// Network adapters. `bandwidth` is the line rate of one port, one direction.

// NVIDIA ConnectX-7 adapter datasheet: up to 400 Gb/s, NDR InfiniBand or Ethernet. DGX/HGX H100
// nodes use single-port 400G parts, one per GPU. Power and price: not in the datasheet, omitted.
nic ConnectX7 {
  bandwidth = 400 Gb/s  // ConnectX-7 datasheet
  ports     = 1
  protocol  = vpi  // InfiniBand or Ethernet
}

// NVIDIA ConnectX-6 VPI adapter datasheet: up to 200 Gb/s HDR InfiniBand or 200 GbE. The HDR
// generation's adapter (A100 systems: DGX A100 has 8 single-port ConnectX-6, one per GPU).
nic ConnectX6 {
  bandwidth = 200 Gb/s  // ConnectX-6 VPI datasheet
  ports     = 1
  protocol  = vpi
}

// NVIDIA ConnectX-8 SuperNIC datasheet: up to 800 Gb/s, XDR InfiniBand or Ethernet.
nic ConnectX8 {
  bandwidth = 800 Gb/s  // ConnectX-8 SuperNIC datasheet
  ports     = 1
  protocol  = vpi
}

// NVIDIA BlueField-3 SuperNIC (the Spectrum-X endpoint): 400 Gb/s Ethernet (BlueField-3
// SuperNIC datasheet). Used by xAI Colossus, one per GPU.
nic BlueField3_SuperNIC {
  bandwidth = 400 Gb/s  // BlueField-3 SuperNIC datasheet
  ports     = 1
  protocol  = ethernet
}

// ---------------------------------------------------------------------------------------------
// Switches. `radix` is ports at `port_bandwidth`; `power` is the switch without optics (the
// datasheets' "typical power with passive cables"), since clusterc counts transceivers separately
// (`fabric.transceiver_power`). Where no datasheet figure was readable, `power` is left out and
// the comment says so (HARDWARE.md: "use the datasheet; do not guess"); set it in a spec.

// NVIDIA Quantum-2 QM9700 datasheet: 64 x 400 Gb/s NDR ports on 32 twin-port OSFP cages,
// 51.2 Tb/s bidirectional, SHARPv3 in-network computing.
switch Quantum2_QM9700 {
  radix          = 64        // QM9700 datasheet
  port_bandwidth = 400 Gb/s  // QM9700 datasheet (NDR)
  protocol       = infiniband
  sharp          = true  // QM9700 datasheet: SHARPv3
  // Power: the datasheet's "system power usage" as quoted by Canopy Wave's GPU cloud hardware page
  power          = 747 W  // (NVIDIA's PDF itself was not readable here)
}

// NVIDIA Spectrum-4 SN5600 datasheet: 64 x 800 GbE ports (51.2 Tb/s); each port splits into
// 2 x 400 GbE, giving 128 x 400 GbE (model that with an `extends` overriding radix and
// port_bandwidth).
switch Spectrum4_SN5600 {
  radix          = 64        // SN5600 datasheet
  port_bandwidth = 800 Gb/s  // SN5600 datasheet
  protocol       = ethernet
  // Power: the datasheet's "typical power with passive cables (ATIS)", as quoted by Canopy Wave's
  power          = 940 W  // GPU cloud hardware page
}

// NVIDIA Quantum-X800 Q3400 datasheet: 144 x 800 Gb/s XDR InfiniBand ports (115.2 Tb/s), with
// SHARPv4 in-network computing. No power figure was readable from a source here: left out.
switch Quantum_X800_Q3400 {
  radix          = 144       // Q3400 datasheet
  port_bandwidth = 800 Gb/s  // Q3400 datasheet (XDR)
  protocol       = infiniband
  sharp          = true  // Quantum-X800 platform: SHARPv4
}

// NVIDIA Quantum QM8700 HDR InfiniBand switch datasheet: 40 x 200 Gb/s HDR QSFP56 ports
// (16 Tb/s), SHARPv2 in-network computing. The switch of DGX A100 SuperPODs. Its power figure
// was not readable from a source here (the QM87xx user manual's specifications page was not
// reachable): left out.
switch Quantum_QM8700 {
  radix          = 40        // QM8700 datasheet: 40 QSFP56 ports
  port_bandwidth = 200 Gb/s  // QM8700 datasheet (HDR)
  protocol       = infiniband
  sharp          = true  // QM8700 datasheet: SHARPv2
}

// ---------------------------------------------------------------------------------------------
// CPUs

// NVIDIA Grace CPU (one die of a Grace CPU Superchip, or the CPU of a GB200/GB300 superchip).
// NVIDIA Technical Blog, "NVIDIA Grace CPU Superchip Architecture In Depth": 144 Neoverse V2
// cores per two-CPU superchip, so 72 per CPU. Neoverse V2 has no SMT. NVIDIA quotes power for
// the superchip with its memory (500 W), not per CPU, so `tdp` is left out.
cpu Grace {
  vendor           = "NVIDIA"
  cores            = 72        // Grace CPU Superchip architecture blog: 144 cores / 2 CPUs
  threads_per_core = 1         // Arm Neoverse V2: one thread per core
  memory_bandwidth = 500 GB/s  // Grace CPU Superchip datasheet: LPDDR5X "up to 1 TB/s" / 2 CPUs
}
