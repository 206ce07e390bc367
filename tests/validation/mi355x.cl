// tests/validation/mi355x.cl: published training runs on AMD Instinct MI355X and MI350X, for the
// validation suite (cases.tsv). Round 24: the suite's first AMD case, entered from the source
// below before its prediction was seen, with the stdlib's MI355X calibration unchanged (round 12:
// the MAMF rule for the GEMMs; attention and element-wise kernels at the step model's defaults).
// Round 47: MLPerf v6.0's two MXFP4 runs [ML60A], entered before their predictions were seen,
// once the language could state MXFP4 and the stdlib the MI350X and both GPUs' FP4 rates and
// FP8 and FP4 asymptotes (std.amd: AMD's Gluon GEMM tutorial on an MI355). Where the source
// leaves a setting out, the plan says what it assumes.
//
// Source:
//  [ML51A] MLCommons, training_results_v5.1 (github.com/mlcommons/training_results_v5.1,
//        441d65f4), llama31_8b (Llama 3.1 8B pretraining, 8,192 tokens): AMD's own submission
//        on one node of 8 x MI355X (288 GB, Infinity Fabric; systems/MI355X_EPYC_9575F_pytorch.json),
//        ROCm 7.0, PyTorch 2.8, NeMo 2.5.0rc0 with ROCm's Megatron-LM and Transformer Engine.
//        The figure is the `tracked_stats` throughput each log records at every evaluation:
//        samples over the summed time of the block's training steps (src/callbacks.py, Timer:
//        the evaluation and the batch fetch between steps are left out; within 0.02 % of the
//        blocks' wall clock); per log the median over its blocks after the first, then the
//        median of the ten logs (30.69 samples/s, the logs within 0.25 % of each other). Dell's,
//        Supermicro's and GigaComputing's MI355X runs of the same code, 2-5 % slower, are
//        repeats and are left out. The recipe (AMD/benchmarks/llama31_8b/implementations/
//        MI355X_EPYC_9575F_pytorch_llama3_8b: config_MI355X_1x8x1_8b.sh, run_and_time.sh,
//        src/train.py): tp, pp and cp 1, dp 8, micro-batch 2, global batch 32 (accumulation 2, as
//        logged), FP8 "hybrid" with Megatron's default recipe, delayed scaling (no `fp8_recipe`
//        is passed; amax history 4) and FP8 parameters, the distributed optimizer (overlap
//        options not set: Megatron's defaults), no recompute, no graphs, Transformer Engine's
//        fused attention on its CK backend. Model: NeMo's Llama31Config8B (32 layers, 4,096
//        hidden, 14,336 FFN, 32 heads, 8 KV groups) with the Llama 3.1 tokenizer (128,256).
//        Assumed: the MI300X platform's Infinity Fabric figures for the node (the stdlib has no
//        MI355X link of its own).
//  [ML60A] MLCommons, training_results_v6.0, read in the copy at github.com/Richardyu114/
//        training_results_v6.0, commit eabf23a0 (as mlperf_v6.cl): AMD's llama31_8b submissions
//        on one node of 8 x MI355X (Supermicro AS-4126GS-NMR-LCC) and one of 8 x MI350X
//        (AS-8126GS-TNMR), systems/MI35{5,0}X_EPYC_9575F_primus.json: ROCm 7.2.0, RCCL 2.27.7,
//        hipBLASLt 1.2.0, AMD Primus 0.2.0 (v26.2_primus) on Megatron-LM. The recipe
//        (benchmarks/llama31_8b/implementations/MI35{5,0}X_EPYC_9575F_primus/config_*_1x8x1.sh,
//        the same but for the learning rate, and conf/llama3.1_8B-pretrain-fp4.yaml): tp, pp, cp
//        and ep 1, dp 8, micro-batch 2, global batch 32 (accumulation 2, as logged); MXFP4 on
//        the linear layers (`fp4_recipe: mxfp4`, ROCm Transformer Engine's MXFP4BlockScaling with
//        the Hadamard transform, NVTE_MXFP4_USE_HADAMARD=1; logged lowest_numerical_precision_linear
//        "mxfp4"); the distributed optimizer with gradient reduction and parameter gathers
//        overlapped, gradients reduced in BF16; no recompute, no graphs; CK's fused attention
//        (v3 kernels), Transformer Engine's SwiGLU and fused RoPE. The figure: the logs print no
//        throughput of their own, so each block's samples (12,288, between block_start and
//        block_stop, the evaluation outside) over its wall clock; per log the median over its
//        blocks after the first, then the median of the ten logs: MI355X 36.683 samples/s (the
//        logs 36.588-36.765), MI350X 29.435 (29.381-29.493), no log's blocks more than 1.2 %
//        apart. The MI350X's node is stated as the MI355X's, its NICs alike unused.

import std.amd
import std.broadcom
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }

// The system's only NICs are 4 x 10 GbE (the system file), which carry no training traffic in a
// one-node job; the language asks for a node's NICs and a cluster's fabric, so they are stated.
nic x710 {
  bandwidth = 10 Gb/s  // Intel Ethernet Controller X710 (the system file: "4 x 10Gbit/s")
  ports     = 1
  protocol  = ethernet
}

node mi355x_8 {
  gpus     = 8 x amd.MI355X
  scale_up = amd.InfinityFabric
  nics     = 4 x x710
}

fabric tengig {
  kind     = roce_v2
  topology = fat_tree { tiers = 1 }
  switch   = broadcom.Tomahawk5
}

cluster amd_mi355x_8 { site = dc; nodes = 1 x mi355x_8; racks = rack { nodes = 2 }; fabric = tengig }

// MI355X_EPYC_9575F_pytorch: 8 GPUs, global 32, micro-batch 2, accumulation 2: 31,426 tokens/s/GPU.
plan ml51a_mi355x_llama31_8b_8 { model = models.llama3_8b; cluster = amd_mi355x_8; parallel { dp = 8 } batch { global = 32; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8 }

// ---- MLPerf v6.0 [ML60A], MXFP4.
node mi350x_8 {
  gpus     = 8 x amd.MI350X
  scale_up = amd.InfinityFabric
  nics     = 4 x x710
}
cluster amd_mi350x_8 { site = dc; nodes = 1 x mi350x_8; racks = rack { nodes = 2 }; fabric = tengig }

// MI355X_EPYC_9575F_primus: 36.683 samples/s: 37,563 tokens/s/GPU.
plan ml60a_mi355x_llama31_8b_8 { model = models.llama3_8b; cluster = amd_mi355x_8; parallel { dp = 8 } batch { global = 32; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = mxfp4 }
// MI350X_EPYC_9575F_primus: 29.435 samples/s: 30,142 tokens/s/GPU.
plan ml60a_mi350x_llama31_8b_8 { model = models.llama3_8b; cluster = amd_mi350x_8; parallel { dp = 8 } batch { global = 32; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = mxfp4 }

// ---- MLPerf v6.0, other submitters [ML60B] (round 47, entered before their predictions were
// seen): the copy of [ML60A], each submitter's results/, systems/ and benchmarks/llama31_8b/
// implementations/; the figure as [ML60A] (Primus logs: each block's samples over its wall clock,
// the blocks after the first, the median of three logs). Cisco's Zeus_2xMI350X (16 MI350X in two
// nodes, 8 x AMD Pensando Pollara 400 a node on RoCE, a 3-stage Clos; primus/config_MI350X_2x8x1.sh:
// MXFP4 with the Hadamard transform, micro-batch 2, global 32, dp 16): 53.88 samples/s (its
// logs 53.85-53.88). MiTAC's MI325X_1node (8 MI325X, ROCm 7.2; config_MI325X_1node.sh with
// conf/llama3.1_8B-pretrain-fp8.yaml: FP8 with Megatron's default delayed scaling, micro-batch 2,
// global 32, accumulation 2, no graphs): 12.73 samples/s (12.73-13.07). Not entered, repeats of
// [ML60A]: MiTAC's MI355X (36,563 tokens/s/GPU, 2.7 % below AMD's) and its two MI350X nodes
// (30,089 and 29,574, within 1.9 %).
nic pollara400 {
  bandwidth = 400 Gb/s  // AMD Pensando Pollara 400 AI NIC
  ports     = 1
  protocol  = ethernet
}
node mi350x_8_pollara {
  gpus     = 8 x amd.MI350X
  scale_up = amd.InfinityFabric
  nics     = 8 x pollara400
}
node mi325x_8 {
  gpus     = 8 x amd.MI325X
  scale_up = amd.InfinityFabric
  nics     = 4 x x710
}
fabric pollara_clos {
  kind     = roce_v2
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = broadcom.Tomahawk5
}
cluster cisco_mi350x_16 { site = dc; nodes = 2 x mi350x_8_pollara; racks = rack { nodes = 2 }; fabric = pollara_clos }
cluster mitac_mi325x_8 { site = dc; nodes = 1 x mi325x_8; racks = rack { nodes = 2 }; fabric = tengig }
// Cisco Zeus_2xMI350X: 53.88 samples/s: 27,585 tokens/s/GPU.
plan ml60b_mi350x_llama31_8b_16 { model = models.llama3_8b; cluster = cisco_mi350x_16; parallel { dp = 16 } batch { global = 32; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = mxfp4 }
// MiTAC MI325X_1node: 12.73 samples/s: 13,040 tokens/s/GPU.
plan ml60b_mi325x_llama31_8b_8 { model = models.llama3_8b; cluster = mitac_mi325x_8; parallel { dp = 8 } batch { global = 32; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8 }
