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
cluster gb300_256 { site = dc; nodes = 64 x gb300_tray;   racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = xdr4 }
cluster gb300_512 { site = dc; nodes = 128 x gb300_tray;  racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = xdr4 }
cluster gb200_512 { site = dc; nodes = 128 x gb200_tray;  racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb200_2048 { site = dc; nodes = 512 x gb200_tray;  racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb200_4096 { site = dc; nodes = 1024 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4x3 }
cluster gb200_8192 { site = dc; nodes = 2048 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4x3 }
// theia_ngpu256: global 15,360, accumulation 240 (dp 64): 39.356 s.
// clusterc: allow(plan.indivisible)
plan ml60_gb300_dsv3_256 { model = models.deepseek_v3; cluster = gb300_256; parallel { pp = 4; vpp = 4; dp = 64; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 15_360; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
// theia_ngpu512: global 15,360, accumulation 120 (dp 128): 20.090 s.
// clusterc: allow(plan.indivisible)
plan ml60_gb300_dsv3_512 { model = models.deepseek_v3; cluster = gb300_512; parallel { pp = 4; vpp = 4; dp = 128; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 15_360; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
// tyche-hsg_ngpu512: global 15,360, accumulation 240 (dp 64): 32.939 s (its three logs 30.90,
// 32.96 and 32.94 s).
// clusterc: allow(plan.indivisible)
plan ml60_gb200_dsv3_512 { model = models.deepseek_v3; cluster = gb200_512; parallel { tp = 2; etp = 1; pp = 4; vpp = 4; dp = 64; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 15_360; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; recompute = selective; recompute_modules { mlp = true } }
// tyche-hsg_ngpu2048: global 15,360, accumulation 60 (dp 256): 8.737 s.
// clusterc: allow(plan.indivisible)
plan ml60_gb200_dsv3_2048 { model = models.deepseek_v3; cluster = gb200_2048; parallel { tp = 2; etp = 1; pp = 4; vpp = 4; dp = 256; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 15_360; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; recompute = selective; recompute_modules { mlp = true } }
// tyche-hsg_ngpu4096: global 16,384, accumulation 32 (dp 512): 5.404 s.
// clusterc: allow(plan.indivisible)
plan ml60_gb200_dsv3_4096 { model = models.deepseek_v3; cluster = gb200_4096; parallel { tp = 2; etp = 1; pp = 4; vpp = 4; dp = 512; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 16_384; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; recompute = selective; recompute_modules { mlp = true } }
// tyche-hsg_ngpu8192: global 16,384, accumulation 16 (dp 1,024): 3.493 s.
// clusterc: allow(plan.indivisible)
plan ml60_gb200_dsv3_8192 { model = models.deepseek_v3; cluster = gb200_8192; parallel { tp = 2; etp = 1; pp = 4; vpp = 4; dp = 1_024; ep = 32; ep_dispatch = deduplicated; ep_comm_overlap = true; first_stage_layers = 16; last_stage_layers = 13 } batch { global = 16_384; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true; recompute = selective; recompute_modules { mlp = true } }

// ---- GPT-OSS 20B (benchmarks/gpt_oss_20b, 8,192 tokens). The model (implementations/nemo/
// pretrain.py and conf/gpt_oss.yaml): GPT-OSS 120B's layer (std.models.gpt_oss_120b) in 24
// layers with 32 experts, 4 routed a token, and the Llama 3 tokenizer's 128,256 tokens; the logs
// count 20,495,244,864 parameters. The recipes: the flex dispatcher with HybridEP, CP over
// all-to-all (`CP_COMM_TYPE` 'a2a'), no recompute (the yaml leaves the granularity unset), MBS
// as the configuration's name gives it; the 512-GPU one (config_GB300_128x4x1xtp2pp1cp4ep8.sh) TP
// 2 with sequence parallelism, CP 4, EP 8. The 8- and 72-GPU configurations are not in the copy:
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
cluster gb300_8   { site = dc; nodes = 2 x gb300_tray;   racks = rack { nodes = 2; scale_up_domain = 8 };   fabric = xdr4 }
cluster gb200_8   { site = dc; nodes = 2 x gb200_tray;   racks = rack { nodes = 2; scale_up_domain = 8 };   fabric = ndr4 }
cluster gb300_72  { site = dc; nodes = 18 x gb300_tray;  racks = rack { nodes = 18; scale_up_domain = 72 }; fabric = xdr4 }
cluster gb200_72  { site = dc; nodes = 18 x gb200_tray;  racks = rack { nodes = 18; scale_up_domain = 72 }; fabric = ndr4 }
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
plan ml60_gb300_gpt_oss_20b_512 { model = gpt_oss_20b_mlperf; cluster = gb300_512; parallel { tp = 2; cp = 4; cp_comm = all_to_all; dp = 64; ep = 8; ep_dispatch = deduplicated } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; kernel_launch = graph; fused_grouped_mlp = true }

// ---- Llama 3.1 8B (benchmarks/llama31_8b, 8,192 tokens) on Tyche-hsg's 1,024 GB200
// (implementations/nemo/config_GB200_256x4x1xtp4pp1cp4_8b.sh; its config_common*.sh are not in
// the copy): TP 4 with sequence parallelism and TP overlap, CP 4, micro-batch 1, global 64 (dp
// 64, no accumulation); FP8 as the v5.1 recipe of the same family (blackwell.cl [ML51G]:
// tensorwise current scaling), the only assumption.
cluster gb200_1024 { site = dc; nodes = 256 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
// tyche-hsg_ngpu1024: 0.07199 s, 7,112 tokens/s/GPU.
plan ml60_gb200_llama31_8b_1024 { model = models.llama3_8b; cluster = gb200_1024; parallel { tp = 4; cp = 4; dp = 64; tp_comm_overlap = true } batch { global = 64; micro = 1; seq_len = 8_192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current; kernel_launch = graph }
