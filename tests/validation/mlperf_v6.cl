// tests/validation/mlperf_v6.cl: MLPerf Training v6.0 runs on GB300 and GB200 NVL72, for the
// validation suite (cases.tsv). Round 38: entered before their predictions were seen.
//
// Source:
//  [ML60] MLCommons, training_results_v6.0, NVIDIA's closed-division submissions, read in the copy
//        at github.com/Richardyu114/training_results_v6.0, commit eabf23a0 (the official
//        repository is not at hand). Systems (NVIDIA/systems/*.json): Theia, GB300 NVL72 (4 GPUs
//        of 284,208 MiB a tray, 4 x ConnectX-8 InfiniBand XDR 800 Gb/s a tray), and Tyche-hsg,
//        GB200 NVL72 (189,471 MiB, 4 x ConnectX-7 NDR 400 Gb/s a tray); NeMo 26.04 (CUDA 13.2.1,
//        NCCL 2.30.4, cuDNN 9.21.1). The logs name every GPU "GB200" and count nodes, not GPUs;
//        the system files say GB300 for Theia. The figure is each log's median `train_step_time`
//        (MLLOG tracked_stats, one a step or one every 32 steps, the first left out), then the
//        median over a run's logs (three per run were read; those of the gpt_oss_20b runs in
//        part, from their first and last pages). Every run replays the whole iteration as a CUDA
//        graph (`CUDA_GRAPH_SCOPE="full_iteration"`: `kernel_launch = graph`), keeps the
//        distributed optimizer (DeepSeek-V3's with FP8 parameter gathers; the GPT-OSS and 8B
//        runs' common files are not in the copy), and trains MXFP8 (`fp8_scaling = block`) but
//        for the Llama 3.1 8B run (FP8). The jobs of 256 and more GPUs take 16 trays
//        of each NVL72 rack (`SEGMENT=16`: 64-GPU NVLink domains, as blackwell.cl's MLPerf runs);
//        the fat trees are assumed, two tiers of the NICs' generation up to 2,048 GPUs and three
//        above. Routing follows the real data (`MOE_ROUTER_FORCE_LOAD_BALANCING=False`), where
//        clusterc assumes balanced experts.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }

node gb200_tray {
  gpus     = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  cpus     = 2 x nvidia.Grace
  memory   = 960 GB  // GB200 NVL72 datasheet: up to 17 TB of LPDDR5X, 480 GB a Grace CPU
  nics     = 4 x nvidia.ConnectX7
}
node gb300_tray {
  gpus     = 4 x nvidia.GB300
  scale_up = nvidia.NVLink5
  cpus     = 2 x nvidia.Grace
  memory   = 960 GB  // as the GB200 tray (GB300 NVL72's 17 TB over 36 Grace CPUs)
  nics     = 4 x nvidia.ConnectX8
}
fabric ndr4 {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
fabric ndr4x3 {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 3; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
fabric xdr4 {
  kind     = infiniband_xdr
  topology = fat_tree { tiers = 2; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Quantum_X800_Q3400
}

// ---- DeepSeek-V3 671B (benchmarks/deepseekv3_671b, 4,096 tokens). The recipes
// (implementations/tyche-hsg_ngpu512_ngc26.04_nemo/config_common.sh, config_common_mxfp8.sh and
// each run's config_*_mxfp8_full_cg.sh, named by its README): PP 4 with 4 virtual stages laid out
// "Et*4|(t*4|)*14tmL" (the first rank 16 layers and the embedding, the last 13, the MTP module
// and the loss: std.models.deepseek_v3 keeps its one MTP layer), EP 32, CP 1, expert TP 1,
// micro-batch 1; the flex dispatcher with HybridEP (`ep_dispatch = deduplicated`) and the
// all-to-all overlapped with the other micro-batch's compute
// (`OVERLAP_MOE_EXPERT_PARALLEL_COMM=True`: `ep_comm_overlap = true`). Theia: TP 1, no recompute;
// Tyche-hsg: TP 2 with sequence parallelism, `RECOMPUTE_MODULES="mlp"` (the dense layers' MLP,
// `recompute_modules { mlp = true }`), TP overlap left at the recipe's default (off here), FP8
// attention (`FP8_DPA=True`: `fp8_attention = true`, round 40). Not stated: the MXFP8 output
// layer on Theia (`FP8_OUTPUT_PROJ=True`), delayed weight gradients, paged stashing with a
// capacity factor of 4. Stated since round 43: the fused grouped MLP, which every run's own
// config sets (`USE_TE_OPS=True`, `NVTE_CUTEDSL_FUSED_GROUPED_MLP=1`: `fused_grouped_mlp`).
cluster gb300_256 { site = dc; nodes = 64 x gb300_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = xdr4 }
cluster gb300_512 { site = dc; nodes = 128 x gb300_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = xdr4 }
cluster gb200_512 { site = dc; nodes = 128 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb200_2048 { site = dc; nodes = 512 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb200_4096 { site = dc; nodes = 1024 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4x3 }
cluster gb200_8192 { site = dc; nodes = 2048 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4x3 }
// theia_ngpu256: global 15,360, accumulation 240 (dp 64): 39.356 s.
plan ml60_gb300_dsv3_256 { model = models.deepseek_v3; cluster = gb300_256; parallel { pp = 4; vpp = 4; dp = 64; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 15_360; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
// theia_ngpu512: global 15,360, accumulation 120 (dp 128): 20.090 s.
plan ml60_gb300_dsv3_512 { model = models.deepseek_v3; cluster = gb300_512; parallel { pp = 4; vpp = 4; dp = 128; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 15_360; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
// tyche-hsg_ngpu512: global 15,360, accumulation 240 (dp 64): 32.939 s (its three logs 30.90,
// 32.96 and 32.94 s).
plan ml60_gb200_dsv3_512 { model = models.deepseek_v3; cluster = gb200_512; parallel { tp = 2; etp = 1; pp = 4; vpp = 4; dp = 64; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 15_360; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; recompute = selective; recompute_modules { mlp = true } }
// tyche-hsg_ngpu2048: global 15,360, accumulation 60 (dp 256): 8.737 s.
plan ml60_gb200_dsv3_2048 { model = models.deepseek_v3; cluster = gb200_2048; parallel { tp = 2; etp = 1; pp = 4; vpp = 4; dp = 256; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 15_360; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; recompute = selective; recompute_modules { mlp = true } }
// tyche-hsg_ngpu4096: global 16,384, accumulation 32 (dp 512): 5.404 s.
plan ml60_gb200_dsv3_4096 { model = models.deepseek_v3; cluster = gb200_4096; parallel { tp = 2; etp = 1; pp = 4; vpp = 4; dp = 512; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 16_384; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; recompute = selective; recompute_modules { mlp = true } }
// tyche-hsg_ngpu8192: global 16,384, accumulation 16 (dp 1,024): 3.493 s.
plan ml60_gb200_dsv3_8192 { model = models.deepseek_v3; cluster = gb200_8192; parallel { tp = 2; etp = 1; pp = 4; vpp = 4; dp = 1_024; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 16_384; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; recompute = selective; recompute_modules { mlp = true } }

// ---- GPT-OSS 20B (benchmarks/gpt_oss_20b, 8,192 tokens). The model (implementations/nemo/
// pretrain.py and conf/gpt_oss.yaml): GPT-OSS 120B's layer (std.models.gpt_oss_120b) in 24
// layers with 32 experts, 4 routed a token, and the Llama 3 tokenizer's 128,256 tokens; the logs
// count 20,495,244,864 parameters. The recipes: the flex dispatcher with HybridEP, CP over
// all-to-all (`CP_COMM_TYPE` 'a2a'), no recompute (the yaml leaves the granularity unset), MBS
// as the configuration's name gives it; the 512-GPU one (config_GB300_128x4x1xtp2pp1cp4ep8.sh) TP
// 2 with sequence parallelism, CP 4, EP 8 and, stated since round 62, expert TP 1 (conf/gpt_oss.yaml:
// `EXPERT_TENSOR_PARALLEL` defaults to 1, which Megatron-Core requires of experts with biases:
// "Bias in Moe is only supported when ETP==1"). The 8- and 72-GPU configurations are not in the copy:
// their names (README-*.md) give the layout, and other submitters' files of the same names
// (QCT's D75H-10U_nemo, Lambda's gb300_0513) agree with the logged batch, rate and intervals.
// Stated since round 44: the experts' biases (`expert_bias`, charged nothing under whole-step
// graphs); since round 45 their clamped activation (its kernels charged where the grouped MLP is
// not fused), the attention's biases and sinks and the router's bias (`softmax_type="learnable"`,
// `add_bias_linear`), which bring the parameters to the logs' count. The fused grouped
// MLP (`USE_TE_OPS=True`, `NVTE_CUTEDSL_FUSED_GROUPED_MLP=1`) is stated since round 43 where the
// copy has the configuration, the 512-GPU run's; of the 8- and 72-GPU ones other submitters'
// copies disagree (on in HPE's and Nebius's, off in Dell's), and they stay unstated.
model gpt_oss_20b_mlperf {
  layers               = 24
  hidden               = 2_880
  ffn                  = 2_880
  heads                = 64
  kv_heads             = 8
  head_dim             = 64
  vocab                = 128_256
  attention_window     = 128
  full_attention_every = 2
  attention_bias       = true
  attention_sinks      = true
  moe {
    experts            = 32
    top_k              = 4
    expert_ffn         = 2_880
    expert_bias        = true
    clamped_activation = true
    router_bias        = true
  }
}
cluster gb300_8 { site = dc; nodes = 2 x gb300_tray; racks = rack { nodes = 2; scale_up_domain = 8 }; fabric = xdr4 }
cluster gb200_8 { site = dc; nodes = 2 x gb200_tray; racks = rack { nodes = 2; scale_up_domain = 8 }; fabric = ndr4 }
cluster gb300_72 { site = dc; nodes = 18 x gb300_tray; racks = rack { nodes = 18; scale_up_domain = 72 }; fabric = xdr4 }
cluster gb200_72 { site = dc; nodes = 18 x gb200_tray; racks = rack { nodes = 18; scale_up_domain = 72 }; fabric = ndr4 }
// theia_ngpu8 (config_GB300_2x4x3xtp1pp1cp1ep1_mxfp8.sh): global 24, micro-batch 3, EP 1:
// 0.49276 s, 49,874 tokens/s/GPU.
plan ml60_gb300_gpt_oss_20b_8 { model = gpt_oss_20b_mlperf; cluster = gb300_8; parallel { dp = 8 } batch { global = 24; micro = 3; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph }
// tyche-hsg_ngpu8 (config_GB200_2x4x2xtp1pp1cp1ep1_mxfp8.sh): global 16, micro-batch 2, EP 1:
// 0.44102 s, 37,150 tokens/s/GPU.
plan ml60_gb200_gpt_oss_20b_8 { model = gpt_oss_20b_mlperf; cluster = gb200_8; parallel { dp = 8 } batch { global = 16; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph }
// theia_ngpu72 (config_GB300_18x4x1xtp1pp1cp2ep4_mxfp8.sh): global 36, CP 2, EP 4: 0.16118 s,
// 25,413 tokens/s/GPU.
plan ml60_gb300_gpt_oss_20b_72 { model = gpt_oss_20b_mlperf; cluster = gb300_72; parallel { cp = 2; cp_comm = all_to_all; dp = 36; ep = 4; ep_dispatch = deduplicated } batch { global = 36; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph }
// tyche-hsg_ngpu72 (config_GB200_18x4x1xtp1pp1cp2ep4_mxfp8.sh): the same: 0.16789 s, 24,397
// tokens/s/GPU.
plan ml60_gb200_gpt_oss_20b_72 { model = gpt_oss_20b_mlperf; cluster = gb200_72; parallel { cp = 2; cp_comm = all_to_all; dp = 36; ep = 4; ep_dispatch = deduplicated } batch { global = 36; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph }
// theia_ngpu512: global 64, TP 2, CP 4, EP 8 (dp 64): 0.09141 s, 11,202 tokens/s/GPU.
plan ml60_gb300_gpt_oss_20b_512 { model = gpt_oss_20b_mlperf; cluster = gb300_512; parallel { tp = 2; etp = 1; cp = 4; cp_comm = all_to_all; dp = 64; ep = 8; ep_dispatch = deduplicated } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph; fused_grouped_mlp = true }

// ---- Llama 3.1 8B (benchmarks/llama31_8b, 8,192 tokens) on Tyche-hsg's 1,024 GB200
// (implementations/nemo/config_GB200_256x4x1xtp4pp1cp4_8b.sh; its config_common*.sh are not in
// the copy): TP 4 with sequence parallelism and TP overlap, CP 4, micro-batch 1, global 64 (dp
// 64, no accumulation); FP8 as the v5.1 recipe of the same family (blackwell.cl [ML51G]:
// tensorwise current scaling), the only assumption.
cluster gb200_1024 { site = dc; nodes = 256 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
// tyche-hsg_ngpu1024: 0.07199 s, 7,112 tokens/s/GPU.
plan ml60_gb200_llama31_8b_1024 { model = models.llama3_8b; cluster = gb200_1024; parallel { tp = 4; cp = 4; dp = 64; tp_comm_overlap = true } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }

// ---- Other submitters (round 47), entered before their predictions were seen. The same copy
// [ML60], each submitter's results/, systems/ and benchmarks/*/implementations/; the figure as
// above (each log's median step record, the first and those after an evaluation left out, then
// the median over the logs read, two or three a run). Where several submitters ran one
// configuration on one GPU count, one enters (the median's, whose logs print the recipe) and the
// rest are repeats, named with their spread.
//  [ML60P] GPT-OSS 20B on HGX B300 and B200, the recipe of NVIDIA's theia_ngpu8 on a node of 8
//        (the logs' configuration dumps: TP, CP, EP 1, micro-batch 3 on B300 and 2 on B200,
//        global 24 and 16, MXFP8, whole-iteration graphs, the flex dispatcher with HybridEP, no
//        recompute; TE's op fuser with the CuTe DSL fused grouped MLP, NVTE_CUTEDSL_FUSED_
//        GROUPED_MLP=1 with USE_TE_OPS=True, in every B300 dump: `fused_grouped_mlp`). 8 x B300:
//        ASUSTeK's XA_NB3I_E12 (config_XA_NB3I_E12.sh; 0.5609 s, its logs 0.5598-0.5613); ten
//        systems in all ran it, 0.551-0.570 s (Cisco, GigaComputing, Quanta, Inventec and
//        Supermicro within 0.3 % of it). 8 x B200: Lambda's b200_n1_ngc25.09_nemo (0.4523 s;
//        Dell's XE9780L the same to 0.1 ms, Netweb's +0.7 %, Supermicro's +1.7 %), with FP8
//        parameter gathers (Lambda's config_common_mxfp8.sh). 16 x B300: Dell's 2xXE9780
//        (config_XE9780_B300_2x8x3xtp1pp1cp1ep1_mxfp8.sh: global 48, 0.5734 s). 64 x B300:
//        Nebius's nebius_b300_n8 (config_DGXB300_8x8x1xtp1pp1cp2ep4_mxfp8.sh: CP 2 over
//        all-to-all, EP 4, micro-batch 1, global 32, 0.1788 s). Not entered: CoreWeave's 64 B200
//        (its logs' batch, 64, is not its configuration's 32) and Cisco's 64 and 128 H100 (an
//        FP8 recipe Hopper cannot run as named, partial graphs and DeepEP; not resolved here).
//        Systems (systems/*.json): 8 x ConnectX-8 (B300) or ConnectX-7 (B200) a node, fabrics
//        assumed two-tier rail-optimised fat trees.
node hgx_b300 {
  gpus     = 8 x nvidia.B300
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.ConnectX8
}
node hgx_b200 {
  gpus     = 8 x nvidia.B200
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.ConnectX7
}
fabric xdr8 {
  kind     = infiniband_xdr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum_X800_Q3400
}
fabric ndr8 {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster b300_8 { site = dc; nodes = 1 x hgx_b300; racks = rack { nodes = 4 }; fabric = xdr8 }
cluster b300_16 { site = dc; nodes = 2 x hgx_b300; racks = rack { nodes = 4 }; fabric = xdr8 }
cluster b300_64 { site = dc; nodes = 8 x hgx_b300; racks = rack { nodes = 4 }; fabric = xdr8 }
cluster b200_8 { site = dc; nodes = 1 x hgx_b200; racks = rack { nodes = 4 }; fabric = ndr8 }
// ASUSTeK XA_NB3I_E12: global 24, micro-batch 3: 0.5609 s, 43,816 tokens/s/GPU.
plan ml60p_b300_gpt_oss_20b_8 { model = gpt_oss_20b_mlperf; cluster = b300_8; parallel { dp = 8 } batch { global = 24; micro = 3; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph; fused_grouped_mlp = true }
// Lambda b200_n1: global 16, micro-batch 2: 0.4523 s, 36,224 tokens/s/GPU.
plan ml60p_b200_gpt_oss_20b_8 { model = gpt_oss_20b_mlperf; cluster = b200_8; parallel { dp = 8 } batch { global = 16; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph; fused_grouped_mlp = true }
// Dell 2xXE9780: global 48, micro-batch 3: 0.5734 s, 42,858 tokens/s/GPU.
plan ml60p_b300_gpt_oss_20b_16 { model = gpt_oss_20b_mlperf; cluster = b300_16; parallel { dp = 16 } batch { global = 48; micro = 3; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph; fused_grouped_mlp = true }
// Nebius nebius_b300_n8: CP 2, EP 4, global 32: 0.1788 s, 22,908 tokens/s/GPU.
plan ml60p_b300_gpt_oss_20b_64 { model = gpt_oss_20b_mlperf; cluster = b300_64; parallel { cp = 2; cp_comm = all_to_all; dp = 32; ep = 4; ep_dispatch = deduplicated } batch { global = 32; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph; fused_grouped_mlp = true }
//  [ML60Q] DeepSeek-V3 and Llama 3.1 405B at other scales. CoreWeave's DeepSeek-V3 on 2,048,
//        4,096 and 8,192 GB300 (CoreWeave_GB300_{512,1024,2048}x4: config_GB300_*x4x{32,16,8}x
//        tp1pp4ep32cp1_mxfp8_full_cg.sh and config_common.sh) runs theia_ngpu512's recipe above
//        line for line but for the accumulation, global 16,384 and the node count: 6.22 s (its
//        logs 6.224, 6.218 and, from a slower stretch sampled, 6.84), 3.08 s (3.065-3.084),
//        1.73 s (1.722-1.783); the runs last ~46 steps and drift. Its fabric (systems/
//        CoreWeave_GB300_512x4.json): 4 ConnectX-8 a tray on Spectrum-X RoCE, a 4-plane
//        multi-rail non-blocking fat tree, each 800 Gb/s port four 200 Gb/s links (three tiers
//        assumed). Google's on 256 GB200 (gb200_nvl72_n64_ngc26.04_nemo: config_GB200_64x4x480x
//        tp2pp4ep32cp1_mxfp8_full_cg.sh, Tyche-hsg's recipe above with TP 2 and `mlp` recompute;
//        4 x ConnectX-7 RoCE a tray, a rail-aligned fat tree; each 32-rank EP group in one rack):
//        global 15,360, accumulation 480 (dp 32): 59.59 s (59.33-59.69). Llama 3.1 405B in NVFP4
//        (the recipe of [ML51F]'s 405B runs, blackwell.cl: the embedding and loss in the split,
//        BF16 attention, no recompute, no TP overlap, whole-iteration graphs): CoreWeave's on
//        4,096 GB300 (CoreWeave_GB300_1024x4_nccl2297, config_GB300_1024x4x8xtp2pp8cp2_cg_fp4.sh:
//        TP 2, PP 8, VP 8, CP 2, dp 128, global 1,024): 1.745 s (1.742-1.751); Azure's on 8,192
//        GB200 (2048xAzure_GB200, NVIDIA's GB200 file with TP 4 and TP overlap off, dp 128,
//        global 1,024; 4 x ConnectX-8 800 Gb/s Ethernet a tray): 1.2715 s (1.271-1.294); HPE's
//        on one GB300 NVL72 (GB300-ngpu72_ngc26.04, config_GB300_18x4x72xtp4pp18cp1_cg_fp4.sh:
//        the whole rack one replica, TP 4, PP 18, VP 7, global 1,152 micro-batches a step):
//        91.79 s (91.79-91.87). The model as h100.cl [ML50] (the Mixtral tokenizer's 32,768).
model llama31_405b_mlperf { layers = 126; hidden = 16_384; ffn = 53_248; heads = 128; kv_heads = 8; vocab = 32_768 }
node gb200_tray_cx8 {
  gpus     = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  cpus     = 2 x nvidia.Grace
  memory   = 960 GB
  nics     = 4 x nvidia.ConnectX8
}
fabric spectrumx4 {
  kind     = roce_v2
  topology = fat_tree { tiers = 3; rails = 4; planes = 4; oversubscription = 1:1 }
  switch   = nvidia.Spectrum4_SN5600
}
fabric roce4 {
  kind     = roce_v2
  topology = fat_tree { tiers = 2; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Spectrum4_SN5600
}
fabric roce4x3 {
  kind     = roce_v2
  topology = fat_tree { tiers = 3; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Spectrum4_SN5600
}
cluster cw_gb300_2048 { site = dc; nodes = 512 x gb300_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = spectrumx4 }
cluster cw_gb300_4096 { site = dc; nodes = 1024 x gb300_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = spectrumx4 }
cluster cw_gb300_8192 { site = dc; nodes = 2048 x gb300_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = spectrumx4 }
cluster google_gb200_256 { site = dc; nodes = 64 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = roce4 }
cluster azure_gb200_8192 { site = dc; nodes = 2048 x gb200_tray_cx8; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = roce4x3 }
cluster hpe_gb300_72 { site = dc; nodes = 18 x gb300_tray; racks = rack { nodes = 18; scale_up_domain = 72 }; fabric = xdr4 }
// CoreWeave_GB300_512x4: global 16,384, accumulation 32 (dp 512): 6.22 s.
plan ml60q_gb300_dsv3_2048 { model = models.deepseek_v3; cluster = cw_gb300_2048; parallel { pp = 4; vpp = 4; dp = 512; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 16_384; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
// CoreWeave_GB300_1024x4: global 16,384, accumulation 16 (dp 1,024): 3.08 s.
plan ml60q_gb300_dsv3_4096 { model = models.deepseek_v3; cluster = cw_gb300_4096; parallel { pp = 4; vpp = 4; dp = 1_024; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 16_384; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
// CoreWeave_GB300_2048x4: global 16,384, accumulation 8 (dp 2,048): 1.73 s.
plan ml60q_gb300_dsv3_8192 { model = models.deepseek_v3; cluster = cw_gb300_8192; parallel { pp = 4; vpp = 4; dp = 2_048; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 16_384; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
// Google gb200_nvl72_n64: global 15,360, accumulation 480 (dp 32): 59.59 s.
plan ml60q_gb200_dsv3_256 { model = models.deepseek_v3; cluster = google_gb200_256; parallel { tp = 2; etp = 1; pp = 4; vpp = 4; dp = 32; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 15_360; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; recompute = selective; recompute_modules { mlp = true } }
// CoreWeave_GB300_1024x4_nccl2297: global 1,024, accumulation 8 (dp 128): 1.745 s.
plan ml60q_gb300_llama405b_4096 { model = llama31_405b_mlperf; cluster = cw_gb300_4096; parallel { tp = 2; pp = 8; cp = 2; vpp = 8; dp = 128; first_stage_layers = 15; last_stage_layers = 15; rank_order = tp_cp_ep_pp_dp } batch { global = 1_024; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; kernel_launch = graph }
// Azure 2048xAzure_GB200: global 1,024, accumulation 8 (dp 128): 1.2715 s.
plan ml60q_gb200_llama405b_8192 { model = llama31_405b_mlperf; cluster = azure_gb200_8192; parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 128; first_stage_layers = 15; last_stage_layers = 15; rank_order = tp_cp_ep_pp_dp } batch { global = 1_024; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; kernel_launch = graph }
// HPE GB300-ngpu72: global 1,152, accumulation 1,152 (dp 1): 91.79 s.
plan ml60q_gb300_llama405b_72 { model = llama31_405b_mlperf; cluster = hpe_gb300_72; parallel { tp = 4; pp = 18; vpp = 7; dp = 1 } batch { global = 1_152; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; kernel_launch = graph }
//  [ML60R] Llama 3.1 8B on HGX nodes. The figure as above, from the per-step `train_step_time`
//        records (every 32 steps; every 8 on Cisco's Zeus), the block averages within 0.5 % but
//        on the 64-GPU B300 and B200 runs (5 % faster: their block stamps close early); the
//        recipe from the configuration each log prints. NVFP4 as [ML51F]'s 8B recipe (FP8
//        attention, whole-iteration graphs): Dell's 2xXE9780 (16 B300; config_XE9780_B300_2x8x2x
//        tp1pp1cp1_8b_fp4.sh: micro-batch 2, global 32): 0.3987 s; Cisco's 2xC880A (16 B300; the
//        log's in-container c880a_8xB300_2x8x2xtp1pp1cp1_8b, not the repository's file of that
//        name: TP 2 with sequence parallelism, micro-batch 2, global 16): 0.2448 s; Nebius's
//        nebius_b300_n8 (64 B300; config_DGXB300_8x8x1xtp1pp1cp1_8b_fp4.sh: micro-batch 1,
//        global 64): 0.2357 s; CoreWeave's 8x8 (64 B200, its submit script's
//        config_DGXB200_8x8x1xtp1pp1cp1_8b_fp4.sh, not in the copy: the same layout): 0.2605 s.
//        FP8 with tensorwise current scaling and FP8 parameter gathers: SCITIX's b200x8.n8 (64
//        B200, the 25.09 code; config_B200_8x8x1xtp1pp1cp2_8b.sh: CP 2, micro-batch 1, global
//        32): 0.1909 s; Cisco's 2xC885A (16 H200; micro-batch 1, global 32, two micro-batches a
//        step, whole-iteration graphs): 1.1815 s. FP8 with delayed scaling (amax history 1,024),
//        FP8 parameter gathers, TP 2 with sequence parallelism and TP overlap, whole-iteration
//        graphs: Cisco's Zeus on 64 and 128 H100 (config_DGXH100_{8,16}x8x36xtp8pp8cp2.sh, whose
//        names are not their contents; micro-batch 1, global 32 and 64): 0.3500 and 0.3496 s.
//        Not entered: Supermicro's 16 B300 (its logs print no recipe; 34 % slower than Dell's
//        layout), HPE's 16 B200 (the 25.09 container and [ML51F]'s nebius_b200_n2 recipe, a
//        repeat of that row). Systems: 8 x ConnectX-8 (Dell assumed, Nebius XDR), 8 x
//        BlueField-3 (Cisco's B300 and H200), 8 x ConnectX-7 NDR (CoreWeave, SCITIX) and 8 x
//        ConnectX-8 at 400 Gb/s on RoCE (Cisco's H100, rail-optimised) a node.
node hgx_b300_bf3 {
  gpus     = 8 x nvidia.B300
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.BlueField3_SuperNIC
}
node hgx_h200_bf3 {
  gpus     = 8 x nvidia.H200
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.BlueField3_SuperNIC
}
nic cx8_400g {
  bandwidth = 400 Gb/s  // Cisco's system file: ConnectX-8 at 400 Gb/s, RoCE
  ports     = 1
  protocol  = ethernet
}
node hgx_h100_cx8 {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x cx8_400g
}
fabric roce8 {
  kind     = roce_v2
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Spectrum4_SN5600
}
cluster cisco_b300_16 { site = dc; nodes = 2 x hgx_b300_bf3; racks = rack { nodes = 4 }; fabric = roce8 }
cluster b200_64 { site = dc; nodes = 8 x hgx_b200; racks = rack { nodes = 4 }; fabric = ndr8 }
cluster cisco_h200_16 { site = dc; nodes = 2 x hgx_h200_bf3; racks = rack { nodes = 4 }; fabric = roce8 }
cluster cisco_h100_64 { site = dc; nodes = 8 x hgx_h100_cx8; racks = rack { nodes = 4 }; fabric = roce8 }
cluster cisco_h100_128 { site = dc; nodes = 16 x hgx_h100_cx8; racks = rack { nodes = 4 }; fabric = roce8 }
// Dell 2xXE9780: global 32, micro-batch 2: 0.3987 s, 41,094 tokens/s/GPU.
plan ml60r_b300_llama31_8b_16 { model = models.llama3_8b; cluster = b300_16; parallel { dp = 16 } batch { global = 32; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; fp8_attention = true; kernel_launch = graph }
// Cisco 2xC880A: TP 2, global 16, micro-batch 2: 0.2448 s, 33,464 tokens/s/GPU.
plan ml60r_b300_llama31_8b_16tp2 { model = models.llama3_8b; cluster = cisco_b300_16; parallel { tp = 2; dp = 8 } batch { global = 16; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; fp8_attention = true; kernel_launch = graph }
// Nebius nebius_b300_n8: global 64, micro-batch 1: 0.2357 s, 34,756 tokens/s/GPU.
plan ml60r_b300_llama31_8b_64 { model = models.llama3_8b; cluster = b300_64; parallel { dp = 64 } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; fp8_attention = true; kernel_launch = graph }
// CoreWeave B200 8x8: global 64, micro-batch 1: 0.2605 s, 31,447 tokens/s/GPU.
plan ml60r_b200_llama31_8b_64 { model = models.llama3_8b; cluster = b200_64; parallel { dp = 64 } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; fp8_attention = true; kernel_launch = graph }
// SCITIX b200x8.n8: CP 2, global 32, micro-batch 1: 0.1909 s, 21,457 tokens/s/GPU.
plan ml60r_b200_llama31_8b_64cp2 { model = models.llama3_8b; cluster = b200_64; parallel { cp = 2; dp = 32 } batch { global = 32; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// Cisco 2xC885A: global 32, micro-batch 1: 1.1815 s, 13,867 tokens/s/GPU.
plan ml60r_h200_llama31_8b_16 { model = models.llama3_8b; cluster = cisco_h200_16; parallel { dp = 16 } batch { global = 32; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// Cisco Zeus_8xH100: TP 2, global 32: 0.3500 s, 11,703 tokens/s/GPU.
plan ml60r_h100_llama31_8b_64 { model = models.llama3_8b; cluster = cisco_h100_64; parallel { tp = 2; dp = 32; tp_comm_overlap = true } batch { global = 32; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; kernel_launch = graph }
// Cisco Zeus_16xH100: TP 2, global 64: 0.3496 s, 11,716 tokens/s/GPU.
plan ml60r_h100_llama31_8b_128 { model = models.llama3_8b; cluster = cisco_h100_128; parallel { tp = 2; dp = 64; tp_comm_overlap = true } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; kernel_launch = graph }
