// ARGS: explain %s
// FP8 attention (`fp8_attention = true`; docs/model.md "FP8 attention"): the fused attention's
// matmuls in FP8, at the GPU's `fp8_attention_speedup` over its BF16 kernel (cuDNN 9.19's
// published rows: GB200 1.24x forward, 1.13x backward; GB300 1.47x and 1.15x). MLPerf Training's
// Llama 3.1 8B step on two GB200 and two GB300 trays, NVFP4, with and without it; GPT-OSS 20B's
// heads are 64 wide, where cuDNN's FP8 kernels gain nothing, so its attention keeps the BF16 time,
// but under its window FP8's backward walks the whole causal triangle (round 42), block-scaled at
// `mxfp8_attention_backward_factor` of per-tensor FP8's rate; per-tensor and GB300 plans beside it.
// Round 41: four layers of DeepSeek-V3's multi-head latent attention (dense MLPs), whose FP8
// kernels gain more (`mla_fp8_attention_speedup`: GB200 1.51x / 1.64x, GB300 1.71x / 1.79x in
// cuDNN 9.22), in BF16, per-tensor FP8 and block-scaled FP8 (MXFP8, `fp8_scaling = block`: at
// `mxfp8_attention_factor` of per-tensor FP8's rate, GB200 0.93 / 0.82, GB300 0.90 / 0.78); and
// the Llama step in MXFP8. Hopper has no FP8 MLA kernel: its MLA keeps the BF16 time.
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
node gb200_tray {
  gpus     = 4 x nvidia.GB200
  scale_up = nvidia.NVLink5
  cpus     = 2 x nvidia.Grace
  nics     = 4 x nvidia.ConnectX7
}
node gb300_tray {
  gpus     = 4 x nvidia.GB300
  scale_up = nvidia.NVLink5
  cpus     = 2 x nvidia.Grace
  nics     = 4 x nvidia.ConnectX8
}
node hgx_h100 {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 4 }
  switch   = nvidia.Quantum2_QM9700
}
cluster gb200 { site = s; nodes = 2 x gb200_tray; racks = rack { nodes = 2; scale_up_domain = 8 }; fabric = ndr }
cluster h100 { site = s; nodes = 1 x hgx_h100; racks = rack { nodes = 1 }; fabric = ndr }
cluster gb300 { site = s; nodes = 2 x gb300_tray; racks = rack { nodes = 2; scale_up_domain = 8 }; fabric = ndr }
model gpt_oss_20b extends models.gpt_oss_120b { layers = 24; vocab = 128_256; moe { experts = 32; top_k = 4; expert_ffn = 2_880 } }
plan gb200_bf16_attention {
  model         = models.llama3_8b
  cluster       = gb200
  precision     = nvfp4
  parallel      { dp = 8 }
  batch         { global = 16; micro = 2; seq_len = 8_192 }
  optimizer     = adam { sharding = zero1 }
  kernel_launch = graph
}
plan gb200_fp8_attention extends gb200_bf16_attention { fp8_attention = true }
plan gb300_bf16_attention extends gb200_bf16_attention { cluster = gb300 }
plan gb300_fp8_attention extends gb300_bf16_attention { fp8_attention = true }
plan gpt_oss_fp8_attention {
  model         = gpt_oss_20b
  cluster       = gb200
  precision     = fp8
  fp8_scaling   = block
  fp8_attention = true
  parallel      { dp = 8; ep = 8 }
  batch         { global = 16; micro = 2; seq_len = 8_192 }
  optimizer     = adam { sharding = zero1 }
  kernel_launch = graph
}
plan gpt_oss_bf16_attention extends gpt_oss_fp8_attention { fp8_attention = false }
plan gpt_oss_current_fp8_attention extends gpt_oss_fp8_attention { fp8_scaling = current }
plan gb300_gpt_oss_fp8_attention extends gpt_oss_fp8_attention { cluster = gb300 }
plan gb300_gpt_oss_current_fp8_attention extends gpt_oss_current_fp8_attention { cluster = gb300 }
plan gb300_gpt_oss_bf16_attention extends gpt_oss_bf16_attention { cluster = gb300 }
plan gb200_mxfp8_attention extends gb200_fp8_attention { precision = fp8; fp8_scaling = block }
plan gb300_mxfp8_attention extends gb300_fp8_attention { precision = fp8; fp8_scaling = block }
model mla_dense {
  layers = 4
  hidden = 7_168
  ffn    = 18_432
  heads  = 128
  vocab  = 129_280
  mla    { q_rank = 1_536; kv_rank = 512; rope_dim = 64; head_dim = 128; v_head_dim = 128 }
}
plan gb200_mla_bf16_attention {
  model         = mla_dense
  cluster       = gb200
  precision     = fp8
  fp8_scaling   = current
  parallel      { dp = 8 }
  batch         { global = 64; micro = 1; seq_len = 8_192 }
  optimizer     = adam { sharding = zero1 }
  kernel_launch = graph
}
plan gb200_mla_fp8_attention extends gb200_mla_bf16_attention { fp8_attention = true }
plan gb200_mla_mxfp8_attention extends gb200_mla_fp8_attention { fp8_scaling = block }
plan gb300_mla_bf16_attention extends gb200_mla_bf16_attention { cluster = gb300 }
plan gb300_mla_fp8_attention extends gb300_mla_bf16_attention { fp8_attention = true }
plan gb300_mla_mxfp8_attention extends gb300_mla_fp8_attention { fp8_scaling = block }
plan h100_mla_bf16_attention extends gb200_mla_bf16_attention { cluster = h100 }
plan h100_mla_fp8_attention extends h100_mla_bf16_attention { fp8_attention = true }
