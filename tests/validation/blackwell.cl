// tests/validation/blackwell.cl: published training runs on NVIDIA Blackwell (B200, B300, GB200,
// GB300), for the validation suite (cases.tsv). Where a source leaves a setting out, the plan
// says what it assumes.
//
// Source:
//  [MB25B] NVIDIA Megatron-Bridge, docs/performance-summary-archive.md, "25.11 NeMo Container",
//        tables "System: DGX-B200", "System: DGX-GB200" and (added later in round 12, by the same
//        rule) "System: DGX-GB300", precision FP8-CS (Transformer
//        Engine's Float8CurrentScaling, `fp8_scaling = current`), read 2026-11-26 at
//        Megatron-Bridge 067f987df. Metric: tokens/s per GPU. Every dense (Llama) row of the two
//        tables is here; the FP8-MX figures in the tables' parentheses are not (MXFP8 is not a
//        separate clusterc recipe), nor the MoE rows. The later releases' Blackwell rows that
//        repeat a 25.11 layout (25.09, 26.02) are left out as repeats. The plans follow the
//        [MB25] H100 rows of h100.cl: FSDP > 0 is Megatron FSDP (`fsdp`), otherwise the
//        distributed optimizer (`zero1`); sequence parallelism and TP communication overlap with
//        TP > 1; gradients reduced in 16 bits; no activation recompute; cuDNN fused attention
//        (the GPU's tuned calibration). Entered before their predictions were seen, with the
//        stdlib's MAMF-based Blackwell calibration (round 12). Round 49, read in the 25.11
//        presets (v0.2.0, 7af9601c9d, scripts/performance/configs/llama3/
//        workload_base_configs.py:158-212) and recipes (src/megatron/bridge/recipes/llama/
//        llama3.py:413-414): the 8B rows replay the whole iteration as a CUDA graph
//        (`cuda_graph_impl="local"`, `cuda_graph_scope="full_iteration"`: `kernel_launch =
//        graph`), and the 405B recipe counts the embedding and the loss in the pipeline split
//        (`account_for_embedding/loss_in_pipeline_split`: 128 places, the first and last ranks
//        hold one layer fewer, `first_stage_layers`/`last_stage_layers`). Stated since; no
//        prediction moved.
//  [MB2608] The same project's docs/performance-summary.md, "26.08 NeMo Container", read
//        2026-11-26 at 067f987df.
//  Qwen3 30B-A3B: every Blackwell row of the 25.11 and 26.08 tables (B200, GB200, GB300), entered
//        by that rule before their predictions were seen. Precision FP8-MX (MXFP8: 1 x 32 blocks
//        with their scale found in the cast, `fp8_scaling = block`); EP 8 over the 8 GPUs of one
//        NVLink domain, TP/PP/CP 1; dropless with forced load balancing (the tables' note); but
//        for the 25.11 B200 row (below), the flex dispatcher with HybridEP (Megatron-Bridge
//        perf_recipes/qwen/gb200/qwen3_moe.py at
//        067f987df, fp8mx: `moe_token_dispatcher_type = "flex"`, `moe_flex_dispatcher_backend =
//        "hybridep"`; `ep_dispatch = deduplicated`, which changes nothing inside one NVLink
//        domain); no recompute; the distributed optimizer. The same model and layout run 1.7x
//        faster on GB200 in 26.08 than in 25.11: the software between them (sync-free MoE,
//        CUDA graphs) is not in the plan, except that the 26.08 rows replay the whole iteration
//        as a CUDA graph (`_enable_hybridep_full_iteration_mxfp8` in perf_recipes/qwen/common.py
//        at 067f987df: cuda_graph_impl = "full_iteration"; `kernel_launch = graph`, round 17).
//        Round 43: the same helper turns on Transformer Engine's op fuser and the recipes set
//        NVTE_CUTEDSL_FUSED_GROUPED_MLP=1, so the 26.08 rows state `fused_grouped_mlp` (-16.4 ->
//        -7.9 % on GB200, -17.1 -> -9.8 % on GB300). Round 49: the same helper also overlaps the
//        EP all-to-all with the other micro-batch (`overlap_moe_expert_parallel_comm`,
//        `delay_wgrad_compute`) and runs attention in FP8 (`fp8_dot_product_attention`), which
//        [MB2606B]'s B300 row states and these two did not: stated since (`ep_comm_overlap`,
//        `fp8_attention`; -7.9 -> +6.5 % on GB200, -9.8 -> +4.1 % on GB300).
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }

// DGX B200: 8 x B200 on fifth-generation NVLink (one 8-GPU NVSwitch domain), 8 x ConnectX-7
// 400 Gb/s on a rail-optimised NDR fat tree (DGX B200 datasheet: 8 x single-port ConnectX-7 VPI).
node dgx_b200 {
  gpus     = 8 x nvidia.B200
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.ConnectX7
}

// DGX GB200: GB200 NVL72 racks, trays of 4 GPUs (2 Grace CPUs) with a ConnectX-7 400 Gb/s per GPU
// (as examples/gb200_nvl72.cl). The rows use 8 and 256 GPUs; a 256-GPU job is assumed to
// take 64 GPUs (16 of 18 trays) of each of four racks, so its NVLink domains are 64 GPUs.
node gb200_tray {
  gpus     = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  cpus     = 2 x nvidia.Grace
  memory   = 960 GB  // GB200 NVL72 datasheet: up to 17 TB of LPDDR5X, 480 GB a Grace CPU
  nics     = 4 x nvidia.ConnectX7
}

// GB300 NVL72: the GB200 tray with Blackwell Ultra GPUs (ConnectX-8 SuperNICs, 800 Gb/s).
node gb300_tray {
  gpus     = 4 x nvidia.GB300
  scale_up = nvidia.NVLink5
  cpus     = 2 x nvidia.Grace
  memory   = 960 GB  // as the GB200 tray: GB300 NVL72's 17 TB of LPDDR5X over 36 Grace CPUs
  nics     = 4 x nvidia.ConnectX8
}

fabric ndr8 {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}

fabric ndr4 {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}

cluster b200_8     { site = dc; nodes = 1 x dgx_b200;    racks = rack { nodes = 4 }; fabric = ndr8 }
cluster b200_128   { site = dc; nodes = 16 x dgx_b200;   racks = rack { nodes = 4 }; fabric = ndr8 }
cluster gb200_8    { site = dc; nodes = 2 x gb200_tray;  racks = rack { nodes = 2; scale_up_domain = 8 }; fabric = ndr4 }
cluster gb300_8    { site = dc; nodes = 2 x gb300_tray;  racks = rack { nodes = 2; scale_up_domain = 8 }; fabric = ndr4 }
cluster gb300_256  { site = dc; nodes = 64 x gb300_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb200_256  { site = dc; nodes = 64 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb200_64   { site = dc; nodes = 16 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb300_64   { site = dc; nodes = 16 x gb300_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }

// [MB25B] DGX-B200, LLAMA3_8B: 8 GPUs, GBS 128, MBS 2, 8,192 tokens, FSDP 0, TP/PP/CP 1:
// 30,624 tokens/s/GPU.
plan mb25_b200_llama3_8b { model = models.llama3_8b; cluster = b200_8; parallel { dp = 8 } batch { global = 128; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// [MB25B] DGX-B200, LLAMA3.1_405B: 128 GPUs, GBS 64, MBS 1, 8,192 tokens, TP 4, PP 8, CP 2, VP 8:
// 661 tokens/s/GPU.
plan mb25_b200_llama31_405b { model = models.llama3_405b; cluster = b200_128; parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 2; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current }
// [MB25B] DGX-GB200, LLAMA3_8B: 8 GPUs, GBS 128, MBS 2, 8,192 tokens, FSDP 0, TP/PP/CP 1:
// 31,508 tokens/s/GPU.
plan mb25_gb200_llama3_8b { model = models.llama3_8b; cluster = gb200_8; parallel { dp = 8 } batch { global = 128; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// [MB25B] DGX-GB200, LLAMA3_70B: 64 GPUs, GBS 256, MBS 2, 8,192 tokens, FSDP 64, TP/PP/CP 1,
// GA 2: 4,312 tokens/s/GPU (the archive's row; the 25.11 release's own table, 9f4aa3f50, gave
// GBS 128 and the same figure, and so do the v0.2.0 presets that ran it). Entered in round 29,
// when `offload` made it expressible, before its prediction was seen. The recipe (Megatron-Bridge
// v0.2.0, 7af9601c9d, scripts/performance/configs/llama3/workload_base_configs.py,
// GB200_FP8_CS, and utils/helpers.py) offloads the activations of 40 of the 80 layers to the
// Grace CPU (`cpu_offloading_num_layers = 40`), without which they would need 278 GiB of the
// GPU's 186 GiB; Megatron-FSDP (optim_grads_params); gradient_accumulation_fusion = False
// (`grad_accumulation = separate`); TP 1, so no TP overlap; no recompute and no CUDA graphs
// (Megatron-Core allows neither with CPU offloading).
// clusterc: allow(memory.headroom) (the recipe's own choice: 40 layers leave 92 % of the GPU full)
plan mb25_gb200_llama3_70b { model = models.llama3_70b; cluster = gb200_64; parallel { dp = 64 } batch { global = 256; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = fsdp; grad_accumulation = separate }; precision = fp8; fp8_scaling = current; offload { activations = 40 } }
// [MB25B] DGX-GB200, LLAMA3.1_405B: 256 GPUs, GBS 1,536, MBS 1, 8,192 tokens, TP 4, PP 16, CP 1,
// VP 4: 813 tokens/s/GPU.
plan mb25_gb200_llama31_405b { model = models.llama3_405b; cluster = gb200_256; parallel { tp = 4; pp = 16; vpp = 4; dp = 4; first_stage_layers = 7; last_stage_layers = 7; tp_comm_overlap = true } batch { global = 1_536; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current }
// [MB25B] DGX-GB300, LLAMA3_8B: 8 GPUs, GBS 128, MBS 2, 8,192 tokens, FSDP 0, TP/PP/CP 1:
// 37,556 tokens/s/GPU. GB300 takes GB200's calibration (std.nvidia).
plan mb25_gb300_llama3_8b { model = models.llama3_8b; cluster = gb300_8; parallel { dp = 8 } batch { global = 128; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// [MB25B] DGX-GB300, LLAMA3.1_405B: 256 GPUs, GBS 1,536, MBS 1, 8,192 tokens, TP 2, PP 8, CP 2,
// VP 4: 999 tokens/s/GPU.
// [MB25B] DGX-GB300, LLAMA3_70B: 64 GPUs, GBS 256, MBS 2, FSDP 64, GA 2: 4,520 tokens/s/GPU
// (the archive's row; the release's table gave GBS 128 and 4,440). Entered in round 29 as the
// GB200 row above: the recipe (GB300_FP8_CS) offloads 20 layers. The tray's Grace is GB200's
// (std.nvidia: 500 GB/s of LPDDR5X); GB300's own host link and memory are not published apart.
plan mb25_gb300_llama3_70b { model = models.llama3_70b; cluster = gb300_64; parallel { dp = 64 } batch { global = 256; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = fsdp; grad_accumulation = separate }; precision = fp8; fp8_scaling = current; offload { activations = 20 } }
plan mb25_gb300_llama31_405b { model = models.llama3_405b; cluster = gb300_256; parallel { tp = 2; pp = 8; cp = 2; vpp = 4; dp = 8; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true } batch { global = 1_536; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current }

// [MB2602] Megatron-Bridge docs/performance-summary.md, "26.02 NeMo Container", tables "System:
// DGX-GB300" and "System: DGX-GB200" (read in round 36 at df0289c1). Every dense (Llama) row whose
// layout or precision no 25.11 row above has (the FP8-CS rows that repeat a 25.11 layout stay
// out, as the rule above says): FP8-MX (MXFP8, `fp8_scaling = block`) and NVFP4. Entered before
// their predictions were seen. The recipes (scripts/performance/configs/llama,
// llama3_workload_base_configs.py and llama31_workload_base_configs.py, the V2 presets these rows
// match, read at 00919dcf and 0013c9a8; llama3_llm_pretrain.py and llama31_llm_pretrain.py at
// 2a0d46e2 and 0013c9a8): TP communication overlap as the recipe sets it for FP8 and off for NVFP4
// (`tp_comm_overlap = False if precision == "nvfp4"`); sequence parallelism with TP > 1; the
// distributed optimizer; no recompute, offload or CUDA graphs (the NVFP4 presets turn graphs off,
// the FP8 ones leave the recipe's default, none). The GB200 405B NVFP4 preset also turns the
// parameter all-gather's overlap off (a workaround for memory), which clusterc cannot state
// apart from the gradients'; it is left overlapped. The pipeline split counts the embedding
// and the loss (the 405B recipe's account_for_embedding/loss_in_pipeline_split), as for the 25.11
// rows above since round 49 (the rows before: an even split, the same predictions).
// DGX-GB300, LLAMA3_70B: 64 GPUs, GBS 256, MBS 1, TP 1, PP 4, VP 5: FP8-MX 4,596, NVFP4 6,798
// tokens/s/GPU.
plan mb2602_gb300_llama3_70b_fp8mx { model = models.llama3_70b; cluster = gb300_64; parallel { pp = 4; vpp = 5; dp = 16 } batch { global = 256; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
plan mb2602_gb300_llama3_70b_nvfp4 { model = models.llama3_70b; cluster = gb300_64; parallel { pp = 4; vpp = 5; dp = 16 } batch { global = 256; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4 }
// DGX-GB200, LLAMA3_70B: 64 GPUs, GBS 256, MBS 1, TP 2, PP 4, VP 5: FP8-MX 3,887, NVFP4 5,041.
plan mb2602_gb200_llama3_70b_fp8mx { model = models.llama3_70b; cluster = gb200_64; parallel { tp = 2; pp = 4; vpp = 5; dp = 8; tp_comm_overlap = true } batch { global = 256; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
plan mb2602_gb200_llama3_70b_nvfp4 { model = models.llama3_70b; cluster = gb200_64; parallel { tp = 2; pp = 4; vpp = 5; dp = 8 } batch { global = 256; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4 }
// DGX-GB300, LLAMA3.1_405B: 256 GPUs, GBS 1,536, MBS 1: FP8-CS at TP 4, PP 8, VP 4 (a layout of
// its own; 25.11's was TP 2, CP 2) 988; FP8-MX at TP 2, PP 8, CP 2, VP 4 931; NVFP4 at TP 4, PP 8,
// VP 4 1,347.
plan mb2602_gb300_llama31_405b_fp8cs { model = models.llama3_405b; cluster = gb300_256; parallel { tp = 4; pp = 8; vpp = 4; dp = 8; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true } batch { global = 1_536; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current }
plan mb2602_gb300_llama31_405b_fp8mx { model = models.llama3_405b; cluster = gb300_256; parallel { tp = 2; pp = 8; cp = 2; vpp = 4; dp = 8; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true } batch { global = 1_536; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
plan mb2602_gb300_llama31_405b_nvfp4 { model = models.llama3_405b; cluster = gb300_256; parallel { tp = 4; pp = 8; vpp = 4; dp = 8; first_stage_layers = 15; last_stage_layers = 15 } batch { global = 1_536; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4 }
// DGX-GB200, LLAMA3.1_405B: 256 GPUs, GBS 1,536, MBS 1, TP 4, PP 16, VP 8: FP8-MX 786, NVFP4
// 1,145 tokens/s/GPU. The same layout in both: the TP overlap (FP8 on, NVFP4 off) and the
// precision are all that differ.
plan mb2602_gb200_llama31_405b_fp8mx { model = models.llama3_405b; cluster = gb200_256; parallel { tp = 4; pp = 16; vpp = 8; dp = 4; first_stage_layers = 7; last_stage_layers = 7; tp_comm_overlap = true } batch { global = 1_536; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
plan mb2602_gb200_llama31_405b_nvfp4 { model = models.llama3_405b; cluster = gb200_256; parallel { tp = 4; pp = 16; vpp = 8; dp = 4; first_stage_layers = 7; last_stage_layers = 7 } batch { global = 1_536; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4 }

// Qwen3 30B-A3B as in h100.cl (Qwen3 technical report, arXiv 2505.09388, table 2).
model qwen3_30b_a3b {
  layers = 48; hidden = 2_048; ffn = 6_144; heads = 32; kv_heads = 4; head_dim = 128; qk_norm = true  // QK-Norm (Qwen3 report section 2)
  vocab = 151_936
  moe { experts = 128; top_k = 8; expert_ffn = 768 }
}
// [MB25B] DGX-B200, Qwen3_30B_a3B: 8 GPUs, FP8-MX, GBS 512, MBS 1, EP 8: 9,299 tokens/s/GPU.
// Its 25.11 preset names no flex backend (7af9601c9d, scripts/performance/configs/qwen3/
// workload_base_configs.py, QWEN3_30B_A3B_B200_*; qwen3_llm_pretrain.py passes None on), so the
// dispatcher is the provider's alltoall; the plan said HybridEP until round 49 (-30.3 -> -32.6 %).
plan mb25_b200_qwen3_30b_a3b { model = qwen3_30b_a3b; cluster = b200_8; parallel { dp = 8; ep = 8 } batch { global = 512; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
// [MB25B] DGX-GB200, Qwen3_30B_a3B: 8 GPUs, FP8-MX, GBS 512, MBS 4, EP 8: 23,766 tokens/s/GPU.
plan mb25_gb200_qwen3_30b_a3b { model = qwen3_30b_a3b; cluster = gb200_8; parallel { dp = 8; ep = 8; ep_dispatch = deduplicated } batch { global = 512; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
// [MB25B] DGX-GB300, Qwen3_30B_a3B: 8 GPUs, FP8-MX, GBS 512, MBS 4, EP 8: 28,934 tokens/s/GPU.
plan mb25_gb300_qwen3_30b_a3b { model = qwen3_30b_a3b; cluster = gb300_8; parallel { dp = 8; ep = 8; ep_dispatch = deduplicated } batch { global = 512; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
// [MB2608] DGX-GB200, Qwen3_30B_a3B: 8 GPUs, MXFP8, GBS 512, MBS 4, EP 8: 39,936 tokens/s/GPU.
plan mb2608_gb200_qwen3_30b_a3b { model = qwen3_30b_a3b; cluster = gb200_8; parallel { dp = 8; ep = 8; ep_dispatch = deduplicated; ep_comm_overlap = true } batch { global = 512; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
// [MB2608] DGX-GB300, Qwen3_30B_a3B: 8 GPUs, MXFP8, GBS 512, MBS 8, EP 8: 44,544 tokens/s/GPU.
plan mb2608_gb300_qwen3_30b_a3b { model = qwen3_30b_a3b; cluster = gb300_8; parallel { dp = 8; ep = 8; ep_dispatch = deduplicated; ep_comm_overlap = true } batch { global = 512; micro = 8; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }

// ---- MLPerf Training v5.0 on GB200 NVL72 (round 20, entered before their predictions were
// seen).
//  [ML50B] MLCommons, training_results_v5.0 (github.com/mlcommons/training_results_v5.0,
//        0fdc28f), llama31_405b: NVIDIA's two Tyche submissions (256 and 512 GPUs) and the five
//        of IBM + CoreWeave + NVIDIA on CoreWeave's Carina (512-2,496 GPUs), all GB200 NVL72
//        with 4 x ConnectX-7 NDR 400 Gb/s a 4-GPU tray (systems/tyche_*.json, carina_*.json),
//        NeMo 25.04 (cuDNN 9.9, NCCL 2.26.3). The figure is the median `train_step_timing` of
//        each log's steps after its first two, then of the three logs (within 1 % of each
//        other). The recipe (config_GB200_*.sh, config_common.sh, config_common_cg.sh,
//        conf/custom.yaml): tp 4, pp 8, cp 2, 8 virtual stages, micro-batch 1, the embedding and
//        loss counted in the pipeline split (first and last stages 15 layers), sequence
//        parallelism, TP overlap, FP8 with FP8 parameter gathers, the distributed optimizer,
//        fused cross entropy, no recompute, and the whole iteration as a CUDA graph
//        (`FULL_CUDA_GRAPH=True`: `kernel_launch = graph`). The configurations source a
//        config_common_blackwell.sh that the submissions do not include: the FP8 recipe is the
//        yaml's default, delayed scaling. `TP_PP_DP_MAPPING=True` in the 512-GPU Tyche
//        configuration (config_GB200_128x4x112xtp4pp8cp2_cg_dplast.sh) and all five Carina ones
//        (Megatron-Core's rank order tp-cp-ep-pp-dp) puts each model replica's tp x pp x cp = 64
//        GPUs in one NVLink domain: `rank_order = tp_cp_ep_pp_dp` since round 21 (the 256-GPU
//        Tyche run keeps the default order, its pipelines over InfiniBand). Job sizes
//        are multiples of 64 GPUs (2,496 = 39 x 64): 16 of each NVL72 rack's 18 trays are taken
//        to form a job's domains (`scale_up_domain = 64`, as gb200_256 above); the fabric for
//        2,496 ports is a 3-tier NDR fat tree (assumed). The model: Llama 3.1 405B with the
//        Mixtral 8x22B tokenizer (32,768), h100.cl [ML50].
model llama31_405b_mlperf { layers = 126; hidden = 16_384; ffn = 53_248; heads = 128; kv_heads = 8; vocab = 32_768 }
fabric ndr4x3 {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 3; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster gb200_512  { site = dc; nodes = 128 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb200_1024 { site = dc; nodes = 256 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb200_1536 { site = dc; nodes = 384 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb200_2048 { site = dc; nodes = 512 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb200_2496 { site = dc; nodes = 624 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4x3 }
// tyche_ngpu256: global 448, accumulation 112 (dp 4): 19.168 s.
plan ml50_gb200_llama405b_256    { model = llama31_405b_mlperf; cluster = gb200_256;  parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 4;  first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true } batch { global = 448;   micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; kernel_launch = graph }
// tyche_ngpu512: global 896, accumulation 112 (dp 8): 19.432 s.
plan ml50_gb200_llama405b_512    { model = llama31_405b_mlperf; cluster = gb200_512;  parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 8;  first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true; rank_order = tp_cp_ep_pp_dp } batch { global = 896;   micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; kernel_launch = graph }
// carina_ngpu512: global 896, accumulation 112 (dp 8): 19.278 s.
plan ml50cw_gb200_llama405b_512  { model = llama31_405b_mlperf; cluster = gb200_512;  parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 8;  first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true; rank_order = tp_cp_ep_pp_dp } batch { global = 896;   micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; kernel_launch = graph }
// carina_ngpu1024: global 768, accumulation 48 (dp 16): 8.448 s.
plan ml50cw_gb200_llama405b_1024 { model = llama31_405b_mlperf; cluster = gb200_1024; parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 16; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true; rank_order = tp_cp_ep_pp_dp } batch { global = 768;   micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; kernel_launch = graph }
// carina_ngpu1536: global 1,152, accumulation 48 (dp 24): 8.499 s.
plan ml50cw_gb200_llama405b_1536 { model = llama31_405b_mlperf; cluster = gb200_1536; parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 24; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true; rank_order = tp_cp_ep_pp_dp } batch { global = 1_152; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; kernel_launch = graph }
// carina_ngpu2048: global 1,280, accumulation 40 (dp 32): 7.158 s.
plan ml50cw_gb200_llama405b_2048 { model = llama31_405b_mlperf; cluster = gb200_2048; parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 32; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true; rank_order = tp_cp_ep_pp_dp } batch { global = 1_280; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; kernel_launch = graph }
// carina_ngpu2496: global 1,248, accumulation 32 (dp 39): 5.823 s.
plan ml50cw_gb200_llama405b_2496 { model = llama31_405b_mlperf; cluster = gb200_2496; parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 39; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true; rank_order = tp_cp_ep_pp_dp } batch { global = 1_248; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; kernel_launch = graph }

// ---- MLPerf Training v5.1 on DGX B200 (round 20, entered before their predictions were seen).
//  [ML51B] MLCommons, training_results_v5.1 (github.com/mlcommons/training_results_v5.1,
//        441d65f4), llama31_405b: the University of Florida's two HiPerGator DGX B200 runs (32
//        and 56 nodes of 8 x B200-SXM-180GB, InfiniBand; PyTorch 25.09 (NeMo), cuDNN 9.13, NCCL
//        2.28.3; systems/hpg.dgxb200x8.n32.json, .n56.json). The figure is the median
//        `train_step_timing` as [ML50B]. The recipe (benchmarks/llama31_405b/implementations/
//        b200_nemo: config_DGXB200_64x8x144xtp4pp8cp2_cg.sh with its node count, config_common.sh,
//        config_common_cg.sh): [ML50B]'s layout (tp 4, pp 8, cp 2, 8 virtual stages, embedding
//        and loss in the split, TP overlap, FP8 parameter gathers, the distributed optimizer,
//        full-iteration CUDA graphs), FP8 with `FP8_RECIPE="tensorwise"` (current scaling) and
//        `TP_PP_DP_MAPPING` (config_common.sh: `rank_order = tp_cp_ep_pp_dp`, stated since
//        round 49). The NICs are not named: 8 x 400 Gb/s NDR a node (a DGX B200's
//        ConnectX-7s) is assumed.
cluster b200_256 { site = dc; nodes = 32 x dgx_b200; racks = rack { nodes = 4 }; fabric = ndr8 }
cluster b200_448 { site = dc; nodes = 56 x dgx_b200; racks = rack { nodes = 4 }; fabric = ndr8 }
// hpg.dgxb200x8.n32: 256 GPUs, global 576, accumulation 144 (dp 4): 27.646 s.
plan ml51uf_b200_llama405b_256 { model = llama31_405b_mlperf; cluster = b200_256; parallel { tp = 4; pp = 8; cp = 2; vpp = 8; rank_order = tp_cp_ep_pp_dp; dp = 4; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true } batch { global = 576;   micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// hpg.dgxb200x8.n56: 448 GPUs, global 1,008, accumulation 144 (dp 7): 27.978 s.
plan ml51uf_b200_llama405b_448 { model = llama31_405b_mlperf; cluster = b200_448; parallel { tp = 4; pp = 8; cp = 2; vpp = 8; rank_order = tp_cp_ep_pp_dp; dp = 7; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true } batch { global = 1_008; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }

// ---- MLPerf Training v5.1 Llama 3.1 8B on one node of B200 and of B300 (round 24, entered
// before their predictions were seen).
//  [ML51E] MLCommons, training_results_v5.1 (441d65f4), llama31_8b (Llama 3.1 8B pretraining,
//        8,192 tokens), the single-node runs whose matrix products are FP8 (every other 8-GPU
//        Blackwell run of the round is NVFP4, which clusterc cannot state): the University of
//        Florida's on a DGX B200 (systems/hpg.dgxb200x8.n1.json) and Dell's on an XE9780 with 8 x
//        B300-SXM-270GB (systems/1xXE9780x8B300-SXM-270GB.json), both the NeMo 25.09 container.
//        Supermicro's B300 run of the same recipe without CUDA graphs, within 0.4 % of Dell's,
//        is a repeat and is left out. The logs carry no throughput record: the figure is each
//        log's median over its blocks after the first of the block's `train_step_time`
//        (tracked_stats: block wall time / steps; the blocks' start and stop stamps give the
//        same), then the median over the logs (UF 29.35, Dell 29.17 samples/s). The recipe
//        (benchmarks/llama31_8b/implementations: UF's hpg.dgxb200x8/config_DGXB200_1x8x2x
//        tp1pp1cp1_8b.sh, which sources config_common*.sh that the submission lacks, read from
//        its b200_nemo/ copies; Dell's config_XE9780x8B300-SXM-270GB_1x8x2xtp1pp1cp1_8b.sh and
//        the config its logs print): tp, pp and cp 1, dp 8, micro-batch 2, global batch 16 (no
//        accumulation), FP8 with tensorwise current scaling and FP8 parameter gathers, the
//        distributed optimizer with overlapped reduction and gather, no recompute, the whole
//        iteration as a CUDA graph (`kernel_launch = graph`), fused cross entropy, FP8
//        attention off. UF's precision rests on those configuration files (its logs print no
//        configuration); its throughput sits with the FP8 B300 runs, not the NVFP4 B200 ones
//        (35.0-36.0 samples/s). Model: Llama 3.1 8B (Dell's printed config: 32 layers, 4,096
//        hidden, 14,336 FFN, 32 heads, 8 KV groups, 128,256 tokens).
// HGX B300: 8 x B300 on fifth-generation NVLink; the NICs (not named by the system file) carry
// nothing in a one-node job.
node hgx_b300 {
  gpus     = 8 x nvidia.B300
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.ConnectX8
}
cluster b300_8 { site = dc; nodes = 1 x hgx_b300; racks = rack { nodes = 4 }; fabric = ndr8 }
// hpg.dgxb200x8.n1: 8 GPUs, global 16, micro-batch 2: 30,050 tokens/s/GPU.
plan ml51e_b200_llama31_8b_8 { model = models.llama3_8b; cluster = b200_8; parallel { dp = 8 } batch { global = 16; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// 1xXE9780x8B300-SXM-270GB: 8 GPUs, global 16, micro-batch 2: 29,868 tokens/s/GPU.
plan ml51e_b300_llama31_8b_8 { model = models.llama3_8b; cluster = b300_8; parallel { dp = 8 } batch { global = 16; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }

// ---- MLPerf Training v5.1 Llama 3.1 8B on GB200 and GB300 NVL72 (round 24, entered before
// their predictions were seen).
//  [ML51G] The same repository, llama31_8b: NVIDIA's Tyche (GB200 NVL72, 4 x ConnectX-7 NDR
//        400 Gb/s a tray) and Theia (GB300 NVL72, 4 x ConnectX-8 XDR 800 Gb/s a tray) runs on 72
//        and 512 GPUs (systems/tyche_ngpu72_ngc25.09_nemo.json, theia_ngpu72_..., tyche_ngpu512_
//        ..., theia_ngpu512_...), NeMo 25.09 (NCCL 2.28.3, cuDNN 9.13). Each run's README names
//        its configuration (benchmarks/llama31_8b/implementations/nemo:
//        config_GB200_18x4x1xtp1pp1cp2_8b.sh and config_GB200_128x4x1xtp2pp1cp4_8b.sh, their
//        GB300 twins byte-identical, with config_common.sh, config_common_8b.sh and
//        config_common_cg.sh): on 72 GPUs tp 1, cp 2, dp 36, global batch 36; on 512 tp 2 with
//        sequence parallelism and TP overlap, cp 4, dp 64, global batch 64; micro-batch 1 and no
//        accumulation (as logged), FP8 with tensorwise current scaling and FP8 parameter
//        gathers, the distributed optimizer with overlapped reduction and gather, the whole
//        iteration as a CUDA graph, no recompute, NVLink SHARP off (`NCCL_NVLS_ENABLE=0`). The
//        logs print no configuration: the precision rests on those files (Lambda's GB300 run of
//        a configuration of the same name prints FP8 tensorwise). The figure as [ML51E] (the
//        blocks' `train_step_time`; GB200 / GB300: 209.8 / 242.3 samples/s on 72 GPUs, 710.0 /
//        738.7 on 512). The 72-GPU jobs fill one NVL72 rack (`SEGMENT=18`); the 512-GPU ones are
//        read as 8 partitions of 16 trays (`SEGMENT=16`, 64 GPUs an NVLink domain, as [ML50B]).
//        Assumed: a two-tier rail-optimised fat tree of the NICs' generation. The GB300 logs
//        name the GPUs "GB200"; the system files say GB300.
fabric xdr4 {
  kind     = infiniband_xdr
  topology = fat_tree { tiers = 2; rails = 4; oversubscription = 1:1 }
  switch   = nvidia.Quantum_X800_Q3400
}
cluster gb200_72      { site = dc; nodes = 18 x gb200_tray;  racks = rack { nodes = 18; scale_up_domain = 72 }; fabric = ndr4 }
cluster gb300_72      { site = dc; nodes = 18 x gb300_tray;  racks = rack { nodes = 18; scale_up_domain = 72 }; fabric = xdr4 }
cluster gb200_512_8b  { site = dc; nodes = 128 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb300_512_8b  { site = dc; nodes = 128 x gb300_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = xdr4 }
// tyche_ngpu72_ngc25.09_nemo: 72 GPUs, global 36, cp 2, dp 36: 23,874 tokens/s/GPU.
plan ml51g_gb200_llama31_8b_72  { model = models.llama3_8b; cluster = gb200_72;     parallel { cp = 2; dp = 36 }                                batch { global = 36; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// theia_ngpu72_ngc25.09_nemo: 72 GPUs, the same recipe: 27,568 tokens/s/GPU.
plan ml51g_gb300_llama31_8b_72  { model = models.llama3_8b; cluster = gb300_72;     parallel { cp = 2; dp = 36 }                                batch { global = 36; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// tyche_ngpu512_ngc25.09_nemo: 512 GPUs, global 64, tp 2, cp 4, dp 64: 11,360 tokens/s/GPU.
plan ml51g_gb200_llama31_8b_512 { model = models.llama3_8b; cluster = gb200_512_8b; parallel { tp = 2; cp = 4; dp = 64; tp_comm_overlap = true } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// theia_ngpu512_ngc25.09_nemo: 512 GPUs, the same recipe: 11,819 tokens/s/GPU.
plan ml51g_gb300_llama31_8b_512 { model = models.llama3_8b; cluster = gb300_512_8b; parallel { tp = 2; cp = 4; dp = 64; tp_comm_overlap = true } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }

//  [ML51U] The same repository, llama31_8b: the University of Florida's multi-node DGX B200 runs
//        (systems/hpg.dgxb200x8.n2 ... .n32.json: 2 to 32 nodes; NCCL over InfiniBand, the
//        launchers' `NCCL_NET=IB`, `mlx5_` adapters; the NICs are not named: a DGX B200's 8 x
//        ConnectX-7 NDR 400 Gb/s is assumed, as [ML51B]). The recipe as [ML51E]'s n1 run,
//        from the configuration each run_Xn.sub sources (config_DGXB200_2x8x2xtp1pp1cp1_8b.sh:
//        micro-batch 2, global batch 32; config_DGXB200_{4,8,16,32}x8x1xtp1pp1cp2_8b.sh: cp 2,
//        micro-batch 1, global batch 16, 32, 64, 128, as logged; no accumulation), the figure
//        as [ML51E] (55.51, 84.23, 167.87, 329.41, 574.84 samples/s). The logs print no
//        configuration; FP8, CUDA graphs and the optimizer settings rest on the b200_nemo/
//        copies of the common files the submission lacks.
cluster b200_16  { site = dc; nodes = 2 x dgx_b200;  racks = rack { nodes = 4 }; fabric = ndr8 }
cluster b200_32  { site = dc; nodes = 4 x dgx_b200;  racks = rack { nodes = 4 }; fabric = ndr8 }
cluster b200_64  { site = dc; nodes = 8 x dgx_b200;  racks = rack { nodes = 4 }; fabric = ndr8 }
// hpg.dgxb200x8.n2: 16 GPUs, global 32, micro-batch 2, dp 16: 28,422 tokens/s/GPU.
plan ml51u_b200_llama31_8b_16  { model = models.llama3_8b; cluster = b200_16;  parallel { dp = 16 }          batch { global = 32;  micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// hpg.dgxb200x8.n4: 32 GPUs, global 16, cp 2, dp 16: 21,563 tokens/s/GPU.
plan ml51u_b200_llama31_8b_32  { model = models.llama3_8b; cluster = b200_32;  parallel { cp = 2; dp = 16 }  batch { global = 16;  micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// hpg.dgxb200x8.n8: 64 GPUs, global 32, cp 2, dp 32: 21,488 tokens/s/GPU.
plan ml51u_b200_llama31_8b_64  { model = models.llama3_8b; cluster = b200_64;  parallel { cp = 2; dp = 32 }  batch { global = 32;  micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// hpg.dgxb200x8.n16: 128 GPUs, global 64, cp 2, dp 64: 21,082 tokens/s/GPU.
plan ml51u_b200_llama31_8b_128 { model = models.llama3_8b; cluster = b200_128; parallel { cp = 2; dp = 64 }  batch { global = 64;  micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
// hpg.dgxb200x8.n32: 256 GPUs, global 128, cp 2, dp 128: 18,395 tokens/s/GPU.
plan ml51u_b200_llama31_8b_256 { model = models.llama3_8b; cluster = b200_256; parallel { cp = 2; dp = 128 } batch { global = 128; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }

//  [MB25D] DeepSeek-V3 (round 30): the DeepSeekV3 rows of [MB25B]'s 25.11 tables as the archive
//        keeps them (Megatron-Bridge 1804c076f, 2025-12-09, = release tag v0.2.1; it replaced
//        the starter pack 97ad8cc6f's three rows of 2025-12-04). Entered before their predictions
//        were seen: the two rows whose recipe the repository ships as published. Left out: GB300
//        BF16 and FP8-MX (the table's VP 4 at PP 2 contradicts the only committed layout, which
//        needs VP 8, and the branch's recompute list changed three times) and GB200 FP8-MX
//        (launched with PP 8 / EP 32 over a preset of PP 4 / EP 64, its layout not published).
//        Both: 256 GPUs, MBS 1, sequence 4,096, TP, CP and ETP 1, dropless with forced load
//        balancing, the distributed optimizer, selective recompute of `mla_up_proj` alone
//        (`recompute_modules { mla_up_projection }`), std.models.deepseek_v3 (with its one MTP
//        module since round 32; `deepseek_v3_no_mtp` below for the row without).
//        Not stated: HybridEP's 32 SMs, the partial CUDA graphs of the router and the MoE
//        preprocess (`kernel_launch` is eager), the shared experts overlapped with the dispatch
//        on B200, the exact per-chunk layout (first_/last_stage_layers give each rank's total).
// DGX-B200 "(w/ MTP)": FP8-MX, GBS 2,048, PP 16, VP 1, EP 8, GA 128: 2,139 tokens/s/GPU (v0.2.1
// docs/performance-summary.md line 81; preset DEEPSEEK_V3_PRETRAIN_CONFIG_B200_FP8_MX_BASE_CONFIG,
// 97ad8cc6f scripts/performance/configs/deepseek/deepseek_workload_base_configs.py:64-75:
// the alltoall dispatcher, EP 8 inside one DGX; layout [E+4],[4] x 14,[1+MTP+loss]). Its one MTP
// module (an MLA + MoE layer, a projection and a second LM head and loss on the last stage) is
// in the model since round 32: 260 GFLOP a token by the table's own TFLOP/s, 249.5 without MTP.
plan mb25_b200_dsv3 { model = models.deepseek_v3; cluster = b200_256; parallel { pp = 16; dp = 16; ep = 8; last_stage_layers = 1 } batch { global = 2_048; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; recompute = selective; recompute_modules { mla_up_projection = true } }
// DGX-GB200 "(w/o MTP)": BF16, GBS 4,096, PP 4, VP 4, EP 64, GA 64: 3,139 tokens/s/GPU (v0.2.1
// line 69; branch gaod/r0.2.0_test workload_base_configs.py:45-60, deepseek_llm_pretrain.py:
// 102-103: no MTP, layout "Et*3|(t*4|)*14ttL", i.e. ranks of 15, 16, 16 and 14 layers; the
// HybridEP flex dispatcher, EP 64 inside one NVL72 rack's 64 GPUs: `ep_dispatch = deduplicated`).
// Megatron runs that layout string (pipeline_model_parallel_layout); the first and last ranks'
// totals stand for it here, and the sbatch script passes them as a layout string of its own
// (round 63; before, as --decoder-first/last-pipeline-num-layers flags that Megatron refuses
// with 4 virtual stages, plan.indivisible allowed).
model deepseek_v3_no_mtp extends models.deepseek_v3 { mtp_layers = 0 }
plan mb25_gb200_dsv3 { model = deepseek_v3_no_mtp; cluster = gb200_256; parallel { pp = 4; vpp = 4; dp = 64; ep = 64; ep_dispatch = deduplicated; first_stage_layers = 15; last_stage_layers = 14 } batch { global = 4_096; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; recompute = selective; recompute_modules { mla_up_projection = true } }

//  [MB2602M] Round 37: the MoE rows of [MB2602]'s 26.02 tables for DeepSeekV3 and Qwen3_235B_a22B
//        on DGX-GB300, DGX-GB200, DGX-B300 and DGX-B200, all FP8-MX (MXFP8: `fp8_scaling =
//        block`), entered before their predictions were seen. The presets (Megatron-Bridge
//        df0289c1, the V2 variant the script defaults to: scripts/performance/configs/deepseek/
//        deepseek_workload_base_configs.py and deepseek_llm_pretrain.py, configs/qwen/
//        qwen3_workload_base_configs.py and qwen3_llm_pretrain.py; src/megatron/bridge/recipes/
//        deepseek/deepseek_v3.py and qwen/qwen3_moe.py) match the tables' parallelism on every
//        row. Common to all: TP, CP and ETP 1 (so no TP overlap and no sequence parallelism),
//        dropless with forced load balancing, grouped GEMMs, the distributed optimizer with the
//        gradients reduced in 16 bits, no offload. Not stated: HybridEP's 32 SMs, manual GC, the
//        fused router, the partial CUDA graphs (attention, router, MoE preprocess) that the
//        GB200/GB300 presets capture (`kernel_launch` stays eager, as [MB25D]).
//        DeepSeek-V3: its one MTP module on (`mtp_num_layers = 1`: std.models.deepseek_v3),
//        selective recompute of `mla_up_proj` alone, the flex dispatcher with HybridEP on every
//        Blackwell (`apply_flex_dispatcher_backend`: `ep_dispatch = deduplicated`), no EP
//        all-to-all overlap; the layouts give the embedding its own place on the first virtual
//        stage and the last one a layer, the MTP module and the loss.
// DGX-GB300: GBS 4,096, MBS 2, PP 2, VP 8, EP 32: 4,612 tokens/s/GPU. Layout "Et*4|(t*4|)*14tmL":
// the first rank holds 8 chunks of 4 layers (32), the second 7 of 4 and the last layer (29).
plan mb2602_gb300_dsv3 { model = models.deepseek_v3; cluster = gb300_256; parallel { pp = 2; vpp = 8; dp = 128; ep = 32; ep_dispatch = deduplicated; first_stage_layers = 32; last_stage_layers = 29 } batch { global = 4_096; micro = 2; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; recompute = selective; recompute_modules { mla_up_projection = true } }
// DGX-GB200: GBS 4,096, MBS 1, PP 4, VP 4, EP 64: 3,955 tokens/s/GPU. The (4, 4) layout of
// deepseek_v3.py: [E+4], 14 x [4], [1+MTP+L], so ranks of 16, 16, 16 and 13 layers.
plan mb2602_gb200_dsv3 { model = models.deepseek_v3; cluster = gb200_256; parallel { pp = 4; vpp = 4; dp = 64; ep = 64; ep_dispatch = deduplicated; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 4_096; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; recompute = selective; recompute_modules { mla_up_projection = true } }
// DGX-B300 and DGX-B200: GBS 4,096, MBS 1, PP 16, EP 8 (inside one node): 2,983 and 2,689
// tokens/s/GPU. The (16, 1) layout: [E+4], 14 x [4], [1+MTP+L]. DGX B300's NICs are not named by
// the table: 8 x ConnectX-8 at 800 Gb/s, its datasheet's, on an XDR fat tree is assumed.
fabric xdr8 {
  kind     = infiniband_xdr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum_X800_Q3400
}
cluster b300_256 { site = dc; nodes = 32 x hgx_b300; racks = rack { nodes = 4 }; fabric = xdr8 }
plan mb2602_b300_dsv3 { model = models.deepseek_v3; cluster = b300_256; parallel { pp = 16; dp = 16; ep = 8; ep_dispatch = deduplicated; last_stage_layers = 1 } batch { global = 4_096; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; recompute = selective; recompute_modules { mla_up_projection = true } }
plan mb2602_b200_dsv3 { model = models.deepseek_v3; cluster = b200_256; parallel { pp = 16; dp = 16; ep = 8; ep_dispatch = deduplicated; last_stage_layers = 1 } batch { global = 4_096; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; recompute = selective; recompute_modules { mla_up_projection = true } }
// Qwen3 235B-A22B as in h100.cl (Qwen3 technical report, arXiv 2505.09388, table 2). No
// recompute; the embedding and the loss each take a layer's place in the pipeline split
// (`account_for_embedding/loss_in_pipeline_split`): 96 places, so the first and last ranks hold
// one layer fewer than the others. GB300 and GB200: the flex dispatcher with HybridEP; B300 and
// B200: the alltoall dispatcher (the preset's `moe_token_dispatcher_type`), B300 with the EP
// all-to-all overlapped with the other micro-batch's compute (`moe_a2a_overlap`:
// `overlap_moe_expert_parallel_comm`, `delay_wgrad_compute`; `ep_comm_overlap`).
model qwen3_235b_a22b {
  layers = 94; hidden = 4_096; ffn = 12_288; heads = 64; kv_heads = 4; head_dim = 128; qk_norm = true  // QK-Norm (Qwen3 report section 2)
  vocab = 151_936
  moe { experts = 128; top_k = 8; expert_ffn = 1_536 }
}
// DGX-GB300: GBS 8,192, MBS 2, PP 4, EP 32: 6,583 tokens/s/GPU (ranks of 23, 24, 24, 23).
plan mb2602_gb300_qwen3_235b_a22b { model = qwen3_235b_a22b; cluster = gb300_256; parallel { pp = 4; dp = 64; ep = 32; ep_dispatch = deduplicated; first_stage_layers = 23; last_stage_layers = 23 } batch { global = 8_192; micro = 2; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
// DGX-GB200: GBS 8,192, MBS 1, PP 8, EP 32: 5,448 tokens/s/GPU (11, 6 x 12, 11).
plan mb2602_gb200_qwen3_235b_a22b { model = qwen3_235b_a22b; cluster = gb200_256; parallel { pp = 8; dp = 32; ep = 32; ep_dispatch = deduplicated; first_stage_layers = 11; last_stage_layers = 11 } batch { global = 8_192; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
// DGX-B300: GBS 8,192, MBS 1, PP 8, VP 4, EP 8: 2,691 tokens/s/GPU (chunks of 3 places: ranks of
// 11, 6 x 12, 11).
plan mb2602_b300_qwen3_235b_a22b { model = qwen3_235b_a22b; cluster = b300_256; parallel { pp = 8; vpp = 4; dp = 32; ep = 8; ep_comm_overlap = true; first_stage_layers = 11; last_stage_layers = 11 } batch { global = 8_192; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
// DGX-B200: GBS 8,192, MBS 1, PP 8, EP 8: 3,805 tokens/s/GPU.
plan mb2602_b200_qwen3_235b_a22b { model = qwen3_235b_a22b; cluster = b200_256; parallel { pp = 8; dp = 32; ep = 8; first_stage_layers = 11; last_stage_layers = 11 } batch { global = 8_192; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }

//  [MB2602G] Round 37: the GPT OSS 120B rows of [MB2602]'s 26.02 tables on DGX-GB300, DGX-GB200,
//        DGX-B300 and DGX-B200 (and DGX-H100 in h100.cl), entered before their predictions were
//        seen, once `attention_window` could state the model's sliding window
//        (std.models.gpt_oss_120b). The recipe (Megatron-Bridge df0289c1: scripts/performance/
//        configs/gpt_oss/gpt_oss_workload_base_configs.py lines 45-83, the V2 variant, GBS 1,280;
//        gpt_oss_llm_pretrain.py; src/megatron/bridge/recipes/gpt_oss/gpt_oss.py): BF16; 4,096
//        tokens; TP, CP and ETP 1; EP 64 over the 64 GPUs at micro-batch 4 (GA 5); the alltoall
//        dispatcher (its DeepEP backend set but never applied); dropless with forced load
//        balancing; grouped GEMMs; no TP overlap; the distributed optimizer with gradients reduced
//        in 16 bits. GB300 and B300: no recompute, the partial CUDA graphs of attention, router and
//        MoE preprocess (`kernel_launch` stays eager, as [MB25D]); GB200 and B200: selective
//        recompute of the norms and the MoE activation, no graphs. Not stated: the attention
//        sinks (cuDNN's fused attention takes them from 9.13.1), the attention's biases (the
//        experts' are stated since round 44: std.models' `expert_bias`), manual GC. The 25.11
//        rows are left out: their batch and sequence match no committed recipe (the GB300 and
//        GB200 ones an unmerged branch's; the B200 row gives EP 8 where v0.2.1's preset has 64).
// Round 51: YaRN's rotary embeddings run on Megatron-Core's unfused path (`eager_ops { rope =
// rotate_half }`): the attention passes YaRN's concentration factor, 0.1 ln 32 + 1 with
// `yarn_mscale` unset, as mscale, which Transformer Engine's fused RoPE cannot apply
// (megatron/core/models/common/embeddings/rope_utils.py, since 987395813b, in the Megatron-Core
// 8f1c2f8ae that df0289c18 pins and the 2a75ac12c that 067f987df pins); every GPT-OSS 120B row
// of Megatron-Bridge below, in h100.cl and in mb_cards.cl states it.
// DGX-GB300: 19,412 tokens/s/GPU.
plan mb2602_gb300_gpt_oss_120b { model = models.gpt_oss_120b; cluster = gb300_64; parallel { dp = 64; ep = 64 } batch { global = 1_280; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; eager_ops { rope = rotate_half } }
// DGX-GB200: 15,784 tokens/s/GPU.
plan mb2602_gb200_gpt_oss_120b { model = models.gpt_oss_120b; cluster = gb200_64; parallel { dp = 64; ep = 64 } batch { global = 1_280; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; recompute = selective; recompute_modules { norms = true; moe_activation = true }; eager_ops { rope = rotate_half } }
// DGX-B300: 8,359 tokens/s/GPU. EP 64 spans the 8 nodes.
cluster b300_64 { site = dc; nodes = 8 x hgx_b300; racks = rack { nodes = 4 }; fabric = xdr8 }
plan mb2602_b300_gpt_oss_120b { model = models.gpt_oss_120b; cluster = b300_64; parallel { dp = 64; ep = 64 } batch { global = 1_280; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; eager_ops { rope = rotate_half } }
// DGX-B200: 8,047 tokens/s/GPU.
plan mb2602_b200_gpt_oss_120b { model = models.gpt_oss_120b; cluster = b200_64; parallel { dp = 64; ep = 64 } batch { global = 1_280; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; recompute = selective; recompute_modules { norms = true; moe_activation = true }; eager_ops { rope = rotate_half } }

//  [MB2604G] Round 44: the DGX-B300 and DGX-B200 GPT OSS 120B BF16 rows of the "26.04.01 NeMo
//        Container" tables (Megatron-Bridge 067f987df, docs/performance-summary-archive.md), the
//        newest release that has them: GBS 1,280, MBS 4, EP 8 inside each node where [MB2602G]'s
//        rows spread EP 64 over eight, the layout the recipes at 067f987df give
//        (perf_recipes/gpt_oss/{b300,b200}/gpt_oss.py, `gpt_oss_120b_pretrain_64gpu_*_bf16_config`):
//        B300 the flex dispatcher with HybridEP and the partial CUDA graphs of attention, router
//        and MoE preprocess (`kernel_launch` stays eager, as [MB25D]), no recompute; B200 the
//        alltoall dispatcher, selective recompute of the norms and the MoE activation, no graphs.
//        Assumed, as for [MB2606B]: the runs used those recipes. Entered after the predictions of
//        like plans were seen (round 44 asked whether the GPT-OSS runs' error lies in the
//        inter-node all-to-all); by the rule of every row with a recipe, not chosen by them.
// DGX-B300: 15,232 tokens/s/GPU.
plan mb2604_b300_gpt_oss_120b { model = models.gpt_oss_120b; cluster = b300_64; parallel { dp = 64; ep = 8; ep_dispatch = deduplicated } batch { global = 1_280; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; eager_ops { rope = rotate_half } }
// DGX-B200: 13,568 tokens/s/GPU.
plan mb2604_b200_gpt_oss_120b { model = models.gpt_oss_120b; cluster = b200_64; parallel { dp = 64; ep = 8 } batch { global = 1_280; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; recompute = selective; recompute_modules { norms = true; moe_activation = true }; eager_ops { rope = rotate_half } }

//  [MB2608M] Round 41: the other MoE rows of [MB2608]'s "26.08 NeMo Container" tables that the
//        language states (DeepSeekV3, GPT OSS 120B and Qwen3_235B_a22B on DGX-GB300 and DGX-GB200,
//        all MXFP8: `precision = fp8; fp8_scaling = block`), entered before their predictions
//        were seen. Left out: DeepSeek V4 Flash and the Nemotron 3 rows (architectures the
//        language does not state). The recipes (Megatron-Bridge 067f987df,
//        src/megatron/bridge/perf_recipes/{deepseek,gpt_oss,qwen}/{gb300,gb200}/ and their
//        common.py; `_benchmark_common` in perf_recipes/_common.py) match the tables' layouts.
//        Common to all six: TP, CP and ETP 1; dropless with forced load balancing (the tables'
//        note); the whole iteration replayed as a CUDA graph (`cuda_graph_impl =
//        "full_iteration"`: `kernel_launch = graph`); the flex dispatcher with HybridEP
//        (`ep_dispatch = deduplicated`); the EP all-to-all overlapped with the other
//        micro-batch's compute (`overlap_moe_expert_parallel_comm`, `delay_wgrad_compute`:
//        `ep_comm_overlap = true`); the distributed optimizer with gradients reduced in 16 bits.
//        Not stated: delayed weight gradients, paged stashing with a rank capacity factor of 1.5,
//        the FP8 output layer
//        of the DeepSeek-V3 and GPT-OSS recipes (`fp8_output_proj`), HybridEP's 32 SMs, and
//        GPT-OSS's attention sinks and attention biases. FP8 attention (`fp8_dot_product_attention`) as the
//        recipes set it: on in GPT-OSS on both systems, Qwen3 on both, DeepSeek-V3 on GB300
//        alone (the helper's default, False, on GB200). Stated since round 43: Transformer
//        Engine's op fuser with the CuTe DSL fused grouped MLP (`use_transformer_engine_op_fuser`
//        in the helpers, NVTE_CUTEDSL_FUSED_GROUPED_MLP=1 in each recipe: `fused_grouped_mlp`).
// DeepSeekV3, DGX-GB300: 256 GPUs, GBS 4,096, MBS 1, PP 2, VP 8, EP 32: 6,288 tokens/s/GPU. No
// recompute; the layout "Et*4|(t*4|)*14tmL" of [MB2602M] (ranks of 32 and 29 layers).
plan mb2608_gb300_dsv3 { model = models.deepseek_v3; cluster = gb300_256; parallel { pp = 2; vpp = 8; dp = 128; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 32; last_stage_layers = 29 } batch { global = 4_096; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
// DeepSeekV3, DGX-GB200: 256 GPUs, GBS 4,096, MBS 1, PP 4, VP 4, EP 64: 4,912 tokens/s/GPU.
// Selective recompute of `mla_up_proj`; the (4, 4) layout of [MB2602M] (16, 16, 16, 13).
plan mb2608_gb200_dsv3 { model = models.deepseek_v3; cluster = gb200_256; parallel { pp = 4; vpp = 4; dp = 64; ep = 64; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 4_096; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph; fused_grouped_mlp = true; recompute = selective; recompute_modules { mla_up_projection = true } }
// GPT OSS 120B, DGX-GB300: 64 GPUs, GBS 1,280, MBS 4, EP 16: 33,024 tokens/s/GPU. No recompute.
plan mb2608_gb300_gpt_oss_120b { model = models.gpt_oss_120b; cluster = gb300_64; parallel { dp = 64; ep = 16; ep_dispatch = deduplicated; ep_comm_overlap = true } batch { global = 1_280; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; eager_ops { rope = rotate_half } }
// GPT OSS 120B, DGX-GB200: 64 GPUs, GBS 1,280, MBS 4, EP 64: 28,672 tokens/s/GPU. No recompute
// (the recipe clears `recompute_modules` after the helper).
plan mb2608_gb200_gpt_oss_120b { model = models.gpt_oss_120b; cluster = gb200_64; parallel { dp = 64; ep = 64; ep_dispatch = deduplicated; ep_comm_overlap = true } batch { global = 1_280; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; eager_ops { rope = rotate_half } }
// Qwen3_235B_a22B, DGX-GB300: 256 GPUs, GBS 8,192, MBS 2, PP 4, VP 12, EP 32: 8,816
// tokens/s/GPU. No recompute; the embedding and the loss take a place each in the split, as in
// [MB2602M] (ranks of 23, 24, 24, 23).
plan mb2608_gb300_qwen3_235b_a22b { model = qwen3_235b_a22b; cluster = gb300_256; parallel { pp = 4; vpp = 12; dp = 64; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 23; last_stage_layers = 23 } batch { global = 8_192; micro = 2; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
// Qwen3_235B_a22B, DGX-GB200: 256 GPUs, GBS 8,192, MBS 1, PP 8, VP 3, EP 32: 7,280
// tokens/s/GPU (11, 6 x 12, 11).
plan mb2608_gb200_qwen3_235b_a22b { model = qwen3_235b_a22b; cluster = gb200_256; parallel { pp = 8; vpp = 3; dp = 32; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 11; last_stage_layers = 11 } batch { global = 8_192; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }

//  [MB2606B] Round 41: the DGX-B300 MoE rows of Megatron-Bridge's "26.06 NeMo Container" tables
//        (docs/performance-summary-archive.md at 067f987df) whose layout the recipes at 067f987df
//        still give (perf_recipes/{gpt_oss,qwen}/b300/), entered before their predictions were
//        seen; the 26.06 rows on GB300 and GB200 repeat [MB2608M]'s layouts and are left out, and
//        so is the B300 DeepSeek-V3 row, whose PP 8 at micro-batch 2 without virtual stages the
//        recipe no longer gives (it has VP 2 at micro-batch 1). Assumed: the 26.06 runs used
//        the 067f987df recipes' other settings. Both MXFP8, dropless with forced load balancing,
//        the flex dispatcher with HybridEP, no recompute; DGX B300's NICs as [MB2602M]'s.
// GPT OSS 120B, DGX-B300: 64 GPUs, GBS 1,280, MBS 4, EP 8: 18,534 tokens/s/GPU. The partial CUDA
// graphs of attention, router and MoE preprocess (`kernel_launch` stays eager, as [MB25D]); no
// FP8 attention, no EP all-to-all overlap (neither set by this recipe).
plan mb2606_b300_gpt_oss_120b { model = models.gpt_oss_120b; cluster = b300_64; parallel { dp = 64; ep = 8; ep_dispatch = deduplicated } batch { global = 1_280; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; eager_ops { rope = rotate_half } }
// Qwen3_30B_a3B, DGX-B300: 8 GPUs, GBS 512, MBS 8, EP 8: 40,769 tokens/s/GPU. The whole iteration
// as a CUDA graph, FP8 attention and the EP all-to-all overlapped (`_enable_hybridep_full_
// iteration_mxfp8`, as [MB2608]'s Qwen3 rows), the fused grouped MLP (since round 43).
plan mb2606_b300_qwen3_30b_a3b { model = qwen3_30b_a3b; cluster = b300_8; parallel { dp = 8; ep = 8; ep_dispatch = deduplicated; ep_comm_overlap = true } batch { global = 512; micro = 8; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }

//  [MB2606K] Round 46: the one Kimi K2 row of Megatron-Bridge's tables, "26.06 NeMo Container"
//        (docs/performance-summary-archive.md at 067f987df: DGX-GB300, 256 GPUs, MXFP8, GBS
//        4,096, MBS 2, 4,096 tokens, TP 1, PP 4, VP 4, EP 64: 5,372 tokens/s/GPU, "Muon
//        optimizer was used"), entered once `optimizer = muon` could state it, before its
//        prediction was seen. The same layout ran at 5,328 (26.04.01), 5,332 (26.04) and 5,072
//        (26.02.01), left out as repeats. The recipe (perf_recipes/kimi/gb300/kimi_k2.py
//        `kimi_k2_pretrain_256gpu_gb300_fp8mx_config` over recipes/kimi/h100/kimi_k2.py, the same
//        settings as the release branches' scripts/performance/configs/kimi/ from r0.3.1 on):
//        Muon under Megatron-Core's layer-wise distributed optimizer (`dist_muon`: `sharding =
//        zero1`; 5 Newton-Schulz steps, blockwise TP mode, the embedding and output layer on
//        Adam), gradients reduced in 16 bits (`grad_reduce_in_fp32=False`); the flex dispatcher
//        with HybridEP, dropless with forced load balancing; selective recompute of MLA's
//        up-projections; no CUDA graphs, no FP8 attention, no fused grouped MLP, no EP
//        all-to-all overlap; the layout `Et*4|(t*4|)*14tL` (the first rank 16 layers and the
//        embedding, the last 13 and the loss). No multi-token prediction.
plan mb2606_gb300_kimi_k2 { model = models.kimi_k2; cluster = gb300_256; parallel { pp = 4; vpp = 4; dp = 64; ep = 64; ep_dispatch = deduplicated; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 4_096; micro = 2; seq_len = 4_096 } optimizer = muon { sharding = zero1; tp_mode = blockwise }; precision = fp8; fp8_scaling = block; recompute = selective; recompute_modules { mla_up_projection = true } }

//  [MB2509] Round 37: Megatron-Bridge docs/performance-summary.md (df0289c1), "25.09 NeMo
//        Container", DGX-GB200, LLAMA3.1_405B on 128 GPUs, GBS 64, MBS 1: the two layouts the
//        row gives, which no 25.11 GB200 row repeats, entered before their predictions were
//        seen. The recipe at release branch r0.1.0 (a2884419, scripts/performance/configs/
//        llama31/llama31_405b_llm_pretrain.yaml lines 94-129, run_script.py, utils/helpers.py,
//        recipes/llama/llama31_405b.py): the table's footnote gives the figure in parentheses
//        as the 32 x 32-block recipe (MXFP8, the yaml's `fp8_mx`: TP 4, PP 8, CP 2, VP 8) and
//        the other as per-tensor FP8 (`fp8_cs`/`fp8_ds`, identical in the yaml: TP 2, Megatron
//        FSDP, 95 of the 126 layers' activations offloaded to Grace). Per-tensor FP8 is taken as
//        current scaling, the label 25.11 gives the same era's rows (the script's default
//        recipe is delayed scaling; the repository does not pin which ran). Both: TP
//        communication overlap on (the r0.1.0 recipe's default, with the B200 TP 4 / CP 2
//        userbuffers layout), sequence parallelism, no recompute, no CUDA graphs. The same
//        release ran the MXFP8 layout on 128 B200 at 622 (DGX-B200 row, in parentheses), a
//        repeat of [MB25B]'s B200 row and not entered.
cluster gb200_128 { site = dc; nodes = 32 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
// TP 4, PP 8, CP 2, VP 8, MXFP8: 578 tokens/s/GPU. The embedding and the loss each take a place
// in the split (128 places, 2 a virtual stage): the first and last ranks hold 15 layers.
plan mb2509_gb200_llama31_405b_fp8mx { model = models.llama3_405b; cluster = gb200_128; parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 2; first_stage_layers = 15; last_stage_layers = 15; tp_comm_overlap = true } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
// TP 2, FSDP (optim_grads_params), 95 layers offloaded, per-tensor FP8: 729 tokens/s/GPU.
// clusterc: allow(memory.headroom) (the recipe's own choice of 95 offloaded layers)
plan mb2509_gb200_llama31_405b_fsdp { model = models.llama3_405b; cluster = gb200_128; parallel { tp = 2; dp = 64; tp_comm_overlap = true } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = fsdp }; precision = fp8; fp8_scaling = current; offload { activations = 95 } }

// ---- MLPerf Training v5.1 in NVFP4 (round 35, entered before their predictions were seen; one
// toy plan of theia_ngpu8's shape ran while `precision = nvfp4` was written).
//  [ML51F] MLCommons, training_results_v5.1 (441d65f4), llama31_8b and llama31_405b: every run
//        whose linear layers are NVFP4 (`fp4: true`, `fp4_recipe: nvfp4` where the logs print
//        their configuration; the README's or the system's `*_fp4.sh` configuration where they
//        do not), one plan per recipe and scale. The 8B recipe (config_common_fp4.sh sourced
//        before config_common_8b.sh): TE's NVFP4BlockScaling on the four linear layers of every
//        layer (no layer kept in BF16: `first_last_layers_bf16` false, 0 at either end, as
//        logged), stochastic rounding and 16 x 16 weight scaling on and the Hadamard transform
//        off, attention in FP8 (`NVTE_DPA_FP8_RECIPE=Float8CurrentScaling`, FP8_DPA), no TP,
//        micro-batch 2 (1 on 16 and 32 GPUs), no accumulation, the distributed optimizer,
//        Megatron-Core CUDA graphs (per layer in the 8-GPU runs: `FULL_CUDA_GRAPH=0` in
//        config_GB*_2x4x2xtp1pp1cp1_8b_fp4.sh, `cuda_graph_scope='full'` in Nebius b200_n1's
//        logs; whole-iteration in the 16- and 32-GPU ones), `kernel_launch = graph` for both, as
//        h100.cl's [ML40] layer graphs: no dense layer reaches the host floor, so the two give
//        the same prediction (round 49). The 405B recipe (config_GB*_*_cg_fp4.sh with
//        config_common.sh, config_common_fp4.sh, config_common_405b.sh, config_common_cg.sh):
//        [ML50B]'s layout (pp 8, cp 2, 8 virtual stages, the embedding and loss in the split,
//        sequence parallelism, the tp-cp-ep-pp-dp rank order, the whole iteration as a CUDA
//        graph), tp 4 on GB200 and 2 on GB300, TP overlap off (config_common_fp4.sh: "TP overlap
//        not supported yet"), no FP8 parameter gathers, BF16 attention, the "vanilla" NVFP4
//        recipe (Hadamard transform, stochastic rounding and 2D scaling off). The 8B recipe's
//        FP8 attention is stated since round 40 (`fp8_attention`); what clusterc does not
//        state: its stochastic rounding and 2D weight scaling (model.md "NVFP4"). The figure as [ML51E]: each log's median over its
//        blocks after the first of the block's `train_step_time`, then the median over the
//        logs. The eight-GPU DGX/HGX B200 runs of the 8B recipe (Dell, Lenovo x 2, Nebius,
//        Oracle, Supermicro x 2: 0.444-0.457 s a step) enter once, as Nebius's b200_n1, whose
//        logs print the recipe, beside its 16- and 32-GPU runs (the logs: micro-batch 1,
//        global 32, whole-iteration graphs); Lenovo's B300 run (0.407 s, stochastic rounding
//        on) is left for Nebius's (0.395 s, the vanilla recipe clusterc times). The hsg runs'
//        blocks after the first are 15-20 steps, each ending in a 2.6-5.4 s pause the figure
//        includes: their median step alone is 3.164 s (2,560 GPUs) and 2.227 s (5,120).
//        Systems: nebius_b200_n1/_n2/_n4 and nebius_b300_n1 (8, 16, 32 B200 and 8 B300, 8 x
//        400 Gb/s a node), tyche_ngpu8/_ngpu512 and hsg_ngpu2560/_ngpu5120 (GB200 NVL72, 4 x
//        ConnectX-7 NDR a tray), theia_ngpu8/_ngpu512 (GB300 NVL72, 4 x ConnectX-8 XDR a tray);
//        the 512-5,120-GPU jobs in 64-GPU NVLink domains (`SEGMENT=16`), 3-tier fat trees
//        above 2,048 (assumed, as [ML50B]).
cluster gb200_2560 { site = dc; nodes = 640 x gb200_tray;  racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4x3 }
cluster gb200_5120 { site = dc; nodes = 1280 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4x3 }
// nebius_b200_n1: 8 GPUs, global 16, micro-batch 2: 35.03 samples/s, 35,872 tokens/s/GPU.
plan ml51f_b200_llama31_8b_8  { model = models.llama3_8b; cluster = b200_8;  parallel { dp = 8 }  batch { global = 16; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; fp8_attention = true; kernel_launch = graph }
// nebius_b200_n2: 16 GPUs, global 32, micro-batch 1: 64.35 samples/s, 32,948 tokens/s/GPU.
plan ml51f_b200_llama31_8b_16 { model = models.llama3_8b; cluster = b200_16; parallel { dp = 16 } batch { global = 32; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; fp8_attention = true; kernel_launch = graph }
// nebius_b200_n4: 32 GPUs, global 32, micro-batch 1: 118.72 samples/s, 30,392 tokens/s/GPU.
plan ml51f_b200_llama31_8b_32 { model = models.llama3_8b; cluster = b200_32; parallel { dp = 32 } batch { global = 32; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; fp8_attention = true; kernel_launch = graph }
// nebius_b300_n1: 8 GPUs, global 16, micro-batch 2: 40.51 samples/s, 41,480 tokens/s/GPU.
plan ml51f_b300_llama31_8b_8  { model = models.llama3_8b; cluster = b300_8;  parallel { dp = 8 }  batch { global = 16; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; fp8_attention = true; kernel_launch = graph }
// tyche_ngpu8: 8 GB200, global 16, micro-batch 2: 39.41 samples/s, 40,353 tokens/s/GPU.
plan ml51f_gb200_llama31_8b_8 { model = models.llama3_8b; cluster = gb200_8; parallel { dp = 8 }  batch { global = 16; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; fp8_attention = true; kernel_launch = graph }
// theia_ngpu8: 8 GB300, global 16, micro-batch 2: 46.12 samples/s, 47,230 tokens/s/GPU.
plan ml51f_gb300_llama31_8b_8 { model = models.llama3_8b; cluster = gb300_8; parallel { dp = 8 }  batch { global = 16; micro = 2; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; fp8_attention = true; kernel_launch = graph }
// tyche_ngpu512: 512 GB200, global 1,152, accumulation 144 (dp 8): 17.312 s.
plan ml51f_gb200_llama405b_512  { model = llama31_405b_mlperf; cluster = gb200_512;    parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 8;  first_stage_layers = 15; last_stage_layers = 15; rank_order = tp_cp_ep_pp_dp } batch { global = 1_152; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; kernel_launch = graph }
// theia_ngpu512: 512 GB300, global 1,152, accumulation 72 (dp 16): 13.169 s.
plan ml51f_gb300_llama405b_512  { model = llama31_405b_mlperf; cluster = gb300_512_8b; parallel { tp = 2; pp = 8; cp = 2; vpp = 8; dp = 16; first_stage_layers = 15; last_stage_layers = 15; rank_order = tp_cp_ep_pp_dp } batch { global = 1_152; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; kernel_launch = graph }
// hsg_ngpu2560: 2,560 GB200, global 960, accumulation 24 (dp 40): 3.331 s.
plan ml51f_gb200_llama405b_2560 { model = llama31_405b_mlperf; cluster = gb200_2560;   parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 40; first_stage_layers = 15; last_stage_layers = 15; rank_order = tp_cp_ep_pp_dp } batch { global = 960;   micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; kernel_launch = graph }
// hsg_ngpu5120: 5,120 GB200, global 1,280, accumulation 16 (dp 80): 2.585 s.
plan ml51f_gb200_llama405b_5120 { model = llama31_405b_mlperf; cluster = gb200_5120;   parallel { tp = 4; pp = 8; cp = 2; vpp = 8; dp = 80; first_stage_layers = 15; last_stage_layers = 15; rank_order = tp_cp_ep_pp_dp } batch { global = 1_280; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = nvfp4; kernel_launch = graph }
