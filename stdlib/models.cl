// std.models: published transformer shapes.
//
// Defaults of a `model` block: activation = swiglu (three matrices), norm = rmsnorm,
// tied_embeddings = false, kv_heads = heads. `params` is the published total, which clusterc
// cross-checks against the count it derives from the shape.

// ---------------------------------------------------------------------------------------------
// Llama 3 (Dubey et al., "The Llama 3 Herd of Models", arXiv 2407.21783, Table 3; vocabulary
// and parameter counts from the released checkpoints' config.json / safetensors metadata).
// SwiGLU, RMSNorm, grouped-query attention with 8 KV heads, untied embeddings.

model llama3_8b {
  layers    = 32             // Llama 3 paper, Table 3
  hidden    = 4_096          // Table 3
  ffn       = 14_336         // Table 3
  heads     = 32             // Table 3
  kv_heads  = 8              // Table 3
  vocab     = 128_256        // config.json (Table 3 rounds it to 128K)
  params    = 8_030_261_248  // released checkpoint (model card: 8.03 B)
  rope_base = 500_000        // config.json rope_theta (Megatron-Bridge Llama3ModelProvider8B)
}

model llama3_70b {
  layers    = 80              // Table 3
  hidden    = 8_192           // Table 3
  ffn       = 28_672          // Table 3
  heads     = 64              // Table 3
  kv_heads  = 8               // Table 3
  vocab     = 128_256         // config.json
  params    = 70_553_706_496  // released checkpoint (model card: 70.6 B)
  rope_base = 500_000         // config.json rope_theta
}

model llama3_405b {
  layers              = 126              // Table 3
  hidden              = 16_384           // Table 3
  ffn                 = 53_248           // Table 3
  heads               = 128              // Table 3
  kv_heads            = 8                // Table 3
  vocab               = 128_256          // config.json
  params              = 405_853_388_800  // released checkpoint (HARDWARE.md: ≈ 405.8 B)
  rope_base           = 500_000          // config.json rope_theta
  // Llama 3.1's release (the 405B's only one): config.json rope_scaling, rope_type llama3,
  // factor 8 (Megatron-Bridge Llama31ModelProvider: rope_scaling, rope_scaling_factor 8).
  rope_scaling        = llama3
  rope_scaling_factor = 8
}

// ---------------------------------------------------------------------------------------------
// GPT-3 175B (Brown et al., "Language Models are Few-Shot Learners", 2020, Table 2.1:
// n_layers 96, d_model 12,288, n_heads 96, d_head 128, n_ctx 2,048; d_ff = 4 d_model).
// Vocabulary padded to 51,200 as in Megatron-LM (Narayanan et al. 2021; GPT-2 BPE has 50,257).
// Embeddings are tied, as in GPT-2 and Megatron-LM's default; Narayanan et al.'s parameter
// formula (eq. 2) counts V·h once. Sequence length 2,048 is a plan property (batch.seq_len).
model gpt3_175b {
  layers          = 96           // GPT-3 Table 2.1
  hidden          = 12_288       // Table 2.1
  ffn             = 49_152       // 4 x d_model (GPT-3 §2.1)
  heads           = 96           // Table 2.1; multi-head attention (kv_heads = heads)
  vocab           = 51_200       // Megatron-LM padding of the 50,257-token GPT-2 vocabulary
  activation      = gelu         // GPT-2/GPT-3 MLP: two matrices with GELU
  norm            = layernorm    // GPT-2/GPT-3
  tied_embeddings = true         // GPT-2 lineage; Narayanan et al. eq. 2
  params          = 175 billion  // GPT-3 Table 2.1: 175.0B
}

// ---------------------------------------------------------------------------------------------
// DeepSeek-V3 (DeepSeek-AI, "DeepSeek-V3 Technical Report", arXiv 2412.19437, §4.2 "Model
// Hyper-Parameters", and the release's config.json). 61 layers, the first 3 with a dense FFN,
// the rest MoE with 1 shared and 256 routed experts, 8 routed per token; multi-head latent
// attention. One multi-token-prediction module (§2.2, §4.2: "we set the MTP depth D to 1"),
// another 14 B in the release; 671 B, the report's figure, is the main model's and leaves it out.
model deepseek_v3 {
  layers                = 61           // report §4.2
  hidden                = 7_168        // report §4.2
  ffn                   = 18_432       // dense FFN width of the first 3 layers (config.json intermediate_size)
  heads                 = 128          // report §4.2: 128 attention heads (MLA; no separate KV heads)
  vocab                 = 129_280      // config.json vocab_size
  params                = 671 billion  // report: 671 B total, 37 B activated per token
  mtp_layers            = 1            // report §4.2: MTP depth D = 1 (config.json num_nextn_predict_layers)
  qk_norm               = true         // release code: RMSNorm on both latents (q_a_, kv_a_layernorm)
  // config.json rope_scaling: YaRN, factor 40 from 4,096 tokens (rope_theta 10,000, the default;
  // Megatron-Core's MLATransformerConfig: rotary_scaling_factor 40).
  rope_scaling          = yarn
  rope_scaling_factor   = 40
  rope_original_context = 4_096
  moe {
    experts        = 256    // report §4.2: 256 routed experts
    top_k          = 8      // report §4.2: 8 activated per token
    shared_experts = 1      // report §4.2
    expert_ffn     = 2_048  // report §4.2: intermediate hidden dimension of each expert
    dense_layers   = 3      // report §4.2: all FFNs except the first three are MoE
    groups         = 8      // config.json n_group; report §3.2.2: a token reaches at most 4 nodes
    top_groups     = 4      // config.json topk_group
  }
  mla {
    q_rank     = 1_536  // report §4.2: query compression dimension d_c'
    kv_rank    = 512    // report §4.2: KV compression dimension d_c
    rope_dim   = 64     // report §4.2: per-head dimension of the decoupled RoPE key/query
    head_dim   = 128    // report §4.2: per-head dimension d_h
    v_head_dim = 128    // config.json v_head_dim
  }
}

// ---------------------------------------------------------------------------------------------
// Kimi K2 (Kimi Team, "Kimi K2: Open Agentic Intelligence", arXiv 2507.20534, table 2: 1.04
// trillion parameters, 32.6 billion activated; trained with MuonClip, `optimizer = muon`).
// DeepSeek-V3's architecture with 384 routed experts and 64 attention heads; the shape as the
// release's config.json gives it and Megatron-Bridge's KimiK2Provider built it (kimi_provider.py
// at 74ac0c0b: 61 layers, the first dense, 8 routed experts a token, one shared, 1 expert group,
// no multi-token prediction).
model kimi_k2 {
  layers              = 61             // config.json num_hidden_layers
  hidden              = 7_168          // hidden_size
  ffn                 = 18_432         // intermediate_size: the dense first layer's FFN
  heads               = 64             // num_attention_heads (DeepSeek-V3: 128)
  vocab               = 163_840        // vocab_size
  params              = 1.04 trillion  // report table 2
  qk_norm             = true           // DeepSeek-V3's latent norms (q_a_layernorm, kv_a_layernorm)
  // KimiK2Provider: rotary_base 50,000, YaRN (MLA's rotation) by a factor of 32.
  rope_base           = 50_000
  rope_scaling        = yarn
  rope_scaling_factor = 32
  moe {
    experts        = 384    // n_routed_experts (DeepSeek-V3: 256)
    top_k          = 8      // num_experts_per_tok
    shared_experts = 1      // n_shared_experts
    expert_ffn     = 2_048  // moe_intermediate_size
    dense_layers   = 1      // first_k_dense_replace
  }
  mla {
    q_rank     = 1_536  // q_lora_rank
    kv_rank    = 512    // kv_lora_rank
    rope_dim   = 64     // qk_rope_head_dim
    head_dim   = 128    // qk_nope_head_dim
    v_head_dim = 128    // v_head_dim
  }
}

// ---------------------------------------------------------------------------------------------
// GPT-OSS 120B (OpenAI, "gpt-oss-120b & gpt-oss-20b Model Card", 2025: 117 B parameters, 5.1 B
// active a token). The shape as Hugging Face transformers' GptOssConfig gives it
// (configuration_gpt_oss.py) and Megatron-Bridge builds it (GPTOSSProvider, gpt_oss_provider.py,
// v0.3.0): 36 layers, every MLP a mixture of 128 experts with 4 routed a token and no shared
// one; grouped-query attention of 64 heads of 64 with 8 KV heads; the layers alternate a
// 128-token sliding window and the whole sequence, the odd ones windowed (`layer_types`;
// Megatron-Core window_size (128, 0), window_attn_skip_freq 2). The shape gives 116.8 B, with
// every bias, the attention sinks (one logit a head in the softmax) and the experts' clamped
// activation stated.
model gpt_oss_120b {
  layers                = 36       // GptOssConfig num_hidden_layers
  hidden                = 2_880    // hidden_size
  ffn                   = 2_880    // intermediate_size (no dense layer: every MLP is the MoE)
  heads                 = 64       // num_attention_heads
  kv_heads              = 8        // num_key_value_heads
  head_dim              = 64       // head_dim
  vocab                 = 201_088  // vocab_size
  attention_window      = 128      // sliding_window
  full_attention_every  = 2        // layer_types: sliding, full, sliding, full, ...
  attention_bias        = true     // attention_bias: q, k, v and o projections
  attention_sinks       = true     // GptOssAttention.sinks, one a head
  // rope_theta and rope_scaling: YaRN, factor 32 from 4,096 tokens (Megatron-Bridge's
  // GPTOSSProvider: rotary_base 150,000, yarn_rotary_scaling_factor 32).
  rope_base             = 150_000
  rope_scaling          = yarn
  rope_scaling_factor   = 32
  rope_original_context = 4_096
  moe {
    experts            = 128    // num_local_experts
    top_k              = 4      // num_experts_per_tok
    expert_ffn         = 2_880  // intermediate_size
    expert_bias        = true   // the experts' gate_up_proj_bias and down_proj_bias
    clamped_activation = true   // swiglu_limit 7.0 (modeling_gpt_oss.py: gate max 7, up +-7)
    router_bias        = true   // GptOssTopKRouter.bias
  }
}
