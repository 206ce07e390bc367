// tests/validation/mb_cards.cl: Megatron-Bridge's model verification cards, for the validation
// suite (cases.tsv). Round 49: entered before their predictions were seen.
//
// Source:
//  [MVC] NVIDIA-NeMo/Megatron-Bridge, examples/model_verification_cards/*/card.yaml, read at
//        067f987df (2026-08). Each card's `pretrain_performance` item runs one named performance
//        recipe for 50 steps on mock data with forced expert balancing and records the mean of
//        steps 41-50: step time, model TFLOP/s and token slots a second per GPU (the metric
//        here, as for the performance summaries' rows). Some items pin the Megatron-Bridge
//        commit they ran (`bridge_commit`); the others are read at the commit that added the
//        item. `pretrain_weak_scaling` runs one recipe at several GPU counts, its batch grown
//        with them.
//        The rule, set before any prediction: every item whose model the language states
//        (DeepSeek-V3, GPT-OSS 120B, Qwen3 30B-A3B and 235B-A22B; not Nemotron 3's hybrid
//        layers, DeepSeek V4 or the vision-language models) and whose recipe and GPUs are not
//        already a row of the suite; of a weak-scaling item, its largest count. Seven items
//        repeat a 26.08 performance-summary row's recipe on the same GPUs (blackwell.cl [MB2608]
//        and [MB2608M]); they are not entered and docs/validation.md gives their moves.
//        Common to the four: the distributed optimizer with gradients reduced in 16 bits
//        (`_benchmark_common` in perf_recipes/_common.py), Transformer Engine's fused cross
//        entropy, dropless MoE with forced load balancing, TP, CP and expert TP 1 unless named.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }

// DGX H100 as h100.cl's: 8 GPUs on one NVSwitch domain, a ConnectX-7 400 Gb/s per GPU, a
// rail-optimised two-tier NDR fat tree.
node dgx_h100 {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
// GB200 and GB300 NVL72 trays as blackwell.cl's; a job of 64 GPUs or more is assumed to take 16
// trays of each rack (64-GPU NVLink domains), as there.
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
cluster dgx_16     { site = dc; nodes = 2 x dgx_h100;    racks = rack { nodes = 4 }; fabric = ndr8 }
cluster dgx_1024   { site = dc; nodes = 128 x dgx_h100;  racks = rack { nodes = 4 }; fabric = ndr8 }
cluster gb200_64   { site = dc; nodes = 16 x gb200_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }
cluster gb300_256  { site = dc; nodes = 64 x gb300_tray; racks = rack { nodes = 16; scale_up_domain = 64 }; fabric = ndr4 }

// Qwen3 30B-A3B as in h100.cl and blackwell.cl (Qwen3 technical report, arXiv 2505.09388,
// table 2).
model qwen3_30b_a3b {
  layers = 48; hidden = 2_048; ffn = 6_144; heads = 32; kv_heads = 4; head_dim = 128; qk_norm = true  // QK-Norm (Qwen3 report section 2)
  vocab = 151_936
  moe { experts = 128; top_k = 8; expert_ffn = 768 }
}

// deepseek-v3 card, H100 (added in 6d9a87d6a, 2026-08-15): deepseek_v3_pretrain_1024gpu_h100_
// bf16_config, 1,024 H100, BF16, TP 2, PP 8, VP 4, EP 64, ETP 1, GBS 16,384, MBS 1, 4,096
// tokens: 61,756.130 ms a step, 1,061.206 tokens/s/GPU. The recipe (perf_recipes/deepseek/h100/
// deepseek_v3.py and recipes/deepseek/h100/deepseek_v3.py at 6d9a87d6a): sequence parallelism;
// selective recompute of `mla_up_proj` and `mlp` (the dense layers' MLP); the gradient
// reduce-scatter not overlapped (`overlap_grad_reduce = False`) and the parameter all-gather
// beside the optimizer step (`dp_overlap = false`); the flex dispatcher with HybridEP, which
// `apply_flex_dispatcher_backend` keeps on Hopper (`ep_dispatch = deduplicated`); no EP
// overlap, no TP overlap, no CUDA graphs; the layout "Et|(tt|)*30mL": 32 virtual stages, the
// first with the embedding and one layer, 30 of two, the last with the MTP module and the loss,
// so rank 0 holds 7 layers, rank 7 six and the MTP module, the others 8. Not stated: the
// precision-aware optimizer's 16-bit moments (memory only).
plan mvc_h100_dsv3 { model = models.deepseek_v3; cluster = dgx_1024; parallel { tp = 2; etp = 1; pp = 8; vpp = 4; dp = 64; ep = 64; ep_dispatch = deduplicated; dp_overlap = false; first_stage_layers = 7; last_stage_layers = 6 } batch { global = 16_384; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; recompute = selective; recompute_modules { mla_up_projection = true; mlp = true } }

// qwen3-30b-a3b card, H100 (bridge_commit 3a9559f01, 2026-07-27): qwen3_30b_a3b_pretrain_16gpu_
// h100_bf16_config, 16 H100, BF16, EP 16 over both nodes, GBS 1,024, MBS 1, 4,096 tokens:
// 20,147.290 ms, 13,011.378 tokens/s/GPU. The recipe (perf_recipes/qwen/h100/qwen3_moe.py and
// recipes/qwen/h100/qwen3_moe.py at 3a9559f01): no recompute; the flex dispatcher with HybridEP
// (`ep_dispatch = deduplicated`) and the EP all-to-all overlapped with the other micro-batch
// (`overlap_moe_expert_parallel_comm`: `ep_comm_overlap = true`). Not stated: Transformer
// Engine's CUDA graphs of the router and the MoE preprocess alone (`kernel_launch` stays eager,
// as for the other partly graphed rows), HybridEP's 32 SMs and fused permutation.
plan mvc_h100_qwen3_30b_a3b { model = qwen3_30b_a3b; cluster = dgx_16; parallel { dp = 16; ep = 16; ep_dispatch = deduplicated; ep_comm_overlap = true } batch { global = 1_024; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 } }

// gpt-oss-120b card, GB200 (added in 894d55832, 2026-08-19): gpt_oss_120b_pretrain_64gpu_gb200_
// bf16_config, 64 GB200, BF16, EP 64, GBS 1,280, MBS 4, 4,096 tokens: 4,995.630 ms, 16,398.332
// tokens/s/GPU. The recipe (perf_recipes/gpt_oss/gb200/gpt_oss.py at 894d55832) is the 26.02
// row's layout (blackwell.cl, mb2602_gb200_gpt_oss_120b) with the EP all-to-all overlapped
// (`overlap_moe_expert_parallel_comm` and `delay_wgrad_compute`: `ep_comm_overlap = true`):
// selective recompute of the norms and the MoE activation; the alltoall dispatcher; no CUDA
// graphs. Not stated: delayed weight gradients, the attention sinks and biases. Round 51: YaRN's
// rotary embeddings on Megatron-Core's unfused path (`eager_ops { rope = rotate_half }`;
// blackwell.cl [MB2602G]).
plan mvc_gb200_gpt_oss_120b { model = models.gpt_oss_120b; cluster = gb200_64; parallel { dp = 64; ep = 64; ep_comm_overlap = true } batch { global = 1_280; micro = 4; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; recompute = selective; recompute_modules { norms = true; moe_activation = true }; eager_ops { rope = rotate_half } }

// qwen3-30b-a3b card, GB300 weak scaling (bridge_commit fbb7570cf, 2026-08-15): qwen3_30b_a3b_
// pretrain_8gpu_gb300_fp8mx_config at 8, 32, 128 and 256 GPUs (5,889.420, 5,814.290, 5,831.720
// and 5,818.620 ms), GBS 64 a GPU; the largest entered: 256 GB300, GBS 16,384, MBS 8, EP 8:
// 45,052.607 tokens/s/GPU. The recipe (perf_recipes/qwen/gb300/qwen3_moe.py and qwen/common.py,
// `_enable_hybridep_full_iteration_mxfp8`, at fbb7570cf): MXFP8, no recompute, HybridEP, the
// whole iteration as a CUDA graph, the fused grouped MLP, and the EP all-to-all overlapped
// (`overlap_moe_expert_parallel_comm`, `delay_wgrad_compute`: `ep_comm_overlap = true`). FP8
// attention (`fp8_dot_product_attention`, the same helper) was added after the first prediction,
// +4.4 % without it, when blackwell.cl's two 8-GPU rows of this recipe were found to leave out
// both it and the overlap (round 49 there). clusterc's step at 8 GPUs is 5.65 s, at 256 5.63 s.
plan mvc_gb300_qwen3_30b_a3b_256 { model = qwen3_30b_a3b; cluster = gb300_256; parallel { dp = 256; ep = 8; ep_dispatch = deduplicated; ep_comm_overlap = true } batch { global = 16_384; micro = 8; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block; fp8_attention = true; kernel_launch = graph; fused_grouped_mlp = true }
