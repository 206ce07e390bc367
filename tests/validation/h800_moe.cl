// tests/validation/h800_moe.cl: mixture-of-experts training runs on H800 (DeepSeek), for the
// validation suite (cases.tsv).
//
// Sources:
//  [DS3] DeepSeek-AI, "DeepSeek-V3 Technical Report" (arXiv 2412.19437): §3.1 2,048 H800, 8 per
//        node, NVLink 160 GB/s achieved, IB 50 GB/s per GPU; §3.2 PP 16 (DualPipe), EP 64 over 8
//        nodes, ZeRO-1 DP; §3.3 FP8; §4.2 sequence 4K, batch 15,360; §1 / table 1: "each trillion
//        tokens requires only 180K H800 GPU hours" = 1e12 / (180,000 x 3,600) = 1,543 tokens/s
//        per GPU. Micro-batch 1 assumed. Recompute as §3.2.3 states it ("We recompute all
//        RMSNorm operations and MLA up-projections during back-propagation"): `recompute_modules
//        { norms; mla_up_projection }` since round 30; until then `full` stood in for it, which
//        clusterc's memory model needed to fit 80 GB. With its MTP module (§2.2, depth 1; in
//        std.models.deepseek_v3 since round 32) on the last stage; the report gives no stage
//        layout, so the plan assumes the one layout of 61 layers over 16 stages that a recipe
//        publishes (Megatron-Bridge's DeepSeek-V3 B200 preset, blackwell.cl [MB25D]: 4 layers a
//        stage and 1 with the MTP module and the loss on the last, `last_stage_layers = 1`).
//  [DS2] DeepSeek-AI, "DeepSeek-V2" (arXiv 2405.04434): §3.1.3 H800 cluster (NVLink + IB), PP 16
//        (zero-bubble), EP 8, ZeRO-1 DP, no TP, BF16 mixed precision; §3.1.2 sequence 4K, batch
//        9,216 sequences; §3.2.4 "172.8K GPU hours per trillion tokens" = 1,608 tokens/s per GPU.
//        The GPU count is not given: 1,024 (DP 64) is assumed. `full` recompute, V3's stand-in
//        until round 30; the V2 report's own recompute is not restated here.

import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.air }

node hgx_h800 {
  gpus     = 8 x nvidia.H800
  scale_up = nvidia.NVLink4_H800
  nics     = 8 x nvidia.ConnectX7     // [DS3] 50 GB/s per GPU
}

fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}

cluster h800_2048 { site = dc; nodes = 256 x hgx_h800; racks = rack { nodes = 4 }; fabric = ib }
cluster h800_1024 { site = dc; nodes = 128 x hgx_h800; racks = rack { nodes = 4 }; fabric = ib }

plan ds3_pretrain {
  model     = models.deepseek_v3
  cluster   = h800_2048
  precision = fp8
  fp8_scaling = block  // §3.3.2: 1 x 128 activation tiles, 128 x 128 weight blocks
  parallel  {
    tp = 1; pp = 16; dp = 128; ep = 64
    last_stage_layers = 1  // the layer before the MTP module and the loss (assumed, above)
    schedule = dualpipe; ep_comm_overlap = true   // §3.2.1: DualPipe hides the all-to-all
    ep_dispatch = deduplicated  // §3.2.2: once per target node over IB, then NVLink forwarding
  }
  batch     { global = 15_360; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
  recompute = selective
  recompute_modules { norms = true; mla_up_projection = true }  // §3.2.3
}

// DeepSeek-V2 ([DS2] §3.1.2): 60 layers, hidden 5,120, 128 heads of MLA (kv rank 512, q rank
// 1,536, RoPE 64, head 128), first layer dense (FFN 12,288), 2 shared + 160 routed experts of
// 1,536, top 6, vocabulary 102,400; device-limited routing, M = 3 (§2.1.3; config.json n_group 8,
// topk_group 3).
model deepseek_v2 {
  layers = 60; hidden = 5_120; ffn = 12_288; heads = 128; vocab = 102_400
  qk_norm = true  // RMSNorm on the compressed latents (release code: q_a_layernorm, kv_a_layernorm)
  moe { experts = 160; top_k = 6; shared_experts = 2; expert_ffn = 1_536; dense_layers = 1; groups = 8; top_groups = 3 }
  mla { q_rank = 1_536; kv_rank = 512; rope_dim = 64; head_dim = 128; v_head_dim = 128 }
}

// clusterc: allow(plan.indivisible)
plan ds2_pretrain {
  model     = deepseek_v2
  cluster   = h800_1024
  precision = bf16
  // §3.1.3; §2.1.3: device-limited routing bounds a token to M = 3 devices, once each.
  parallel  { tp = 1; pp = 16; dp = 64; ep = 8; schedule = zero_bubble; ep_dispatch = deduplicated }
  batch     { global = 9_216; micro = 1; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
  recompute = full
}
