#include "analysis/layer_model.h"

#include <algorithm>
#include <cmath>

#include "analysis/formulas.h"

namespace clusterc::analysis {

AttentionDims Attention(const PlanInputs& in) {
  AttentionDims a;
  double h = double(in.hidden), s = double(in.seq_len), H = double(in.heads);
  if (in.mla) {
    // DeepSeek-V2 (arXiv 2405.04434) section 2.1.2, eqs. 9-19: low-rank Q and KV projections.
    double qk = double(in.head_dim + in.rope_dim), vh = double(in.v_head_dim);
    double q_proj = in.q_rank > 0 ? h * in.q_rank + in.q_rank * H * qk : h * H * qk;
    double kv_proj = h * double(in.kv_rank + in.rope_dim) + in.kv_rank * H * (in.head_dim + vh);
    a.q = H * qk;
    a.k = H * qk;
    a.v = H * vh;
    a.o = H * vh;
    a.matmul = q_proj + kv_proj + H * vh * h;
    a.core_fwd_per_token = 2 * s * H * qk + 2 * s * H * vh;
    a.head_dim = qk;
    a.score_flops = 2 * (qk + vh);
  } else {
    // GQA (Ainslie et al. 2023): Q and the O-projection input are heads x d wide, K and V
    // kv_heads x d, with d = head_dim, h / heads unless the model sets it (PaLM's 48 heads of 256
    // in d_model 18,432, Chowdhery et al. 2022 table 1): h (q + k + v) + o h matmul parameters.
    double kv = double(in.kv_heads > 0 ? in.kv_heads : in.heads);
    double d = in.attention_head_dim > 0 ? double(in.attention_head_dim) : h / H;
    a.q = H * d;
    a.k = kv * d;
    a.v = kv * d;
    a.o = H * d;
    a.matmul = h * (a.q + a.k + a.v) + a.o * h;
    // Korthikanti et al. 2022 eq. 7: QK^T and AV cost 2 x 2 s (heads d) per token forward
    // (causal masking not discounted, as Megatron counts); 4 s h when heads d = h.
    a.core_fwd_per_token = 4 * s * H * d;
    a.head_dim = d;
    a.score_flops = 4 * d;
  }
  // Sliding-window attention (Beltagy et al. 2020, Longformer; Jiang et al. 2023, Mistral 7B,
  // section 2): a windowed layer's query attends to at most `attention_window` keys, so its core
  // grows with the window, not the sequence; every `full_attention_every`-th layer attends to the
  // whole sequence (Megatron-Core's window_attn_skip_freq: GPT-OSS and Gemma 2 alternate). The
  // core is linear in the keys a query sees, so the windowed layers count w / s of it.
  // A window as long as the sequence is none.
  if (in.attention_window > 0 && double(in.attention_window) < s && in.layers > 0) {
    const double w = double(in.attention_window);
    const int64_t full = in.full_attention_every > 0 ? in.layers / in.full_attention_every : 0;
    a.windowed_share = double(in.layers - full) / double(in.layers);
    a.window = w;
    a.core_fwd_per_token *= 1 - a.windowed_share * (1 - w / s);
  }
  return a;
}

// The efficiency curve: the GPU's asymptote `gemm_efficiency` times tile quantisation
// min(1, dim/tile) per dimension, plus a fixed per-kernel overhead (launch, wave tail), in the
// spirit of Calculon (Isaev et al. 2023, SC'23, section 3.2). With a 4 us overhead this reproduces
// the small-shape falloff measured on H100 SXM5 (shared/domain/H100-MEASURED.md: hidden 1,024 x
// 2,048 tokens 62-68 % against 70-77 % for large shapes; docs/model.md).
double GemmTime(const PlanInputs& in, double m, double n, double k, bool high_precision) {
  if (m <= 0 || n <= 0 || k <= 0) return 0;
  double tile = in.gemm_tile > 0 ? in.gemm_tile : 1;
  double q = std::min(1.0, m / tile) * std::min(1.0, n / tile) * std::min(1.0, k / tile);
  double rate = high_precision ? HighPrecisionPeak(in) * in.gemm_efficiency
                               : in.peak_flops * LinearGemmEfficiency(in);
  rate *= q;
  return 2 * m * n * k / rate + in.gemm_overhead;
}

double MemoryBoundTime(const PlanInputs& in, double bytes) {
  if (bytes <= 0) return 0;
  double bw = in.hbm_bandwidth * (in.memory_efficiency > 0 ? in.memory_efficiency : 0.8);
  return (bw > 0 ? bytes / bw : 0) + in.gemm_overhead;
}

LayerTimes LayerTime(const PlanInputs& in, const AttentionDims& a, bool moe_layer, double pace) {
  LayerTimes lt;
  const double t = double(std::max<int64_t>(1, in.tp));
  const double cp = double(std::max<int64_t>(1, in.cp));
  const double h = double(in.hidden);
  const double M = double(in.micro_batch) * double(in.seq_len) / cp;  // tokens per rank
  // The attention core runs in BF16 under FP8 training (DeepSeek-V3 report section 3.3.1).
  const double peak = HighPrecisionPeak(in);
  // GPT-style models (LayerNorm, biases) train with dropout (Megatron-LM's default 0.1) unless
  // the model says otherwise (`model { dropout }`); Llama- and DeepSeek-style models (RMSNorm)
  // without, and with rotary embeddings applied to Q and K.
  const bool dropout = in.dropout;
  // h-wide activations per GPU: sharded over tp with sequence parallelism, replicated without.
  const double hw = 2 * M * h / (in.sequence_parallel ? t : 1.0);

  // ---- GEMMs: QKV in (all MLA projections folded into it), O out, the MLP. Backward computes
  // the data and the weight gradient of each: 2x the forward (Narayanan et al. 2021 section 3.2).
  // Under FP8 (Transformer Engine), each linear layer's activation input is cast to FP8 in
  // forward and its output gradient in backward, each by one fused cast-transpose kernel that
  // reads the 16-bit tensor and writes it twice in FP8 (plain and transposed, for the data and
  // the weight gradient GEMMs): 4 bytes per element, 6 with current scaling's amax pass
  // (docs/model.md, "FP8"); NVFP4 the same way at 5.125 (PlanInputs::cast_bytes, "NVFP4").
  const bool quantized = QuantizedLinear(in);
  double cast_fwd = 0, cast_bwd = 0;
  int casts = 0;
  double gemms = 0;  // GEMM kernels of the forward (backward: twice as many)
  auto linear = [&](double m, double n, double k, double count = 1) {
    if (quantized) {
      cast_fwd += count * in.cast_bytes * m * k;
      cast_bwd += count * in.cast_bytes * m * n;
      casts += in.grouped_cast ? 1 : int(count);
    }
    gemms += count;
    return count * GemmTime(in, m, n, k);
  };
  double gemm = 0;
  const double in_cols = (a.matmul - a.o * h) / (t * h);
  lt.column_gemm[0] = linear(M, in_cols, h);
  gemm += lt.column_gemm[0] + linear(M, h, a.o / t);
  lt.flops_fwd += 2 * M * a.matmul / t;
  // What selective recompute's modules replay (docs/model.md "Selective recompute modules"):
  // the dense MLP whole (its GEMMs and their FP8 casts, then the activation), the bytes of an
  // activation function alone, and MLA's up-projections of the compressed Q and K/V.
  double mlp_replay = 0, act_bytes = 0, up_replay = 0;
  if (in.mla && (Replayed(in) & kRecomputeMlaUpProjection)) {
    // DeepSeek-V2 eqs. 10-13: q = W_UQ c_q (H (head_dim + rope_dim) wide, from q_rank; W_Q from
    // h without compression), k and v = W_UK c_kv, W_UV c_kv (H (head_dim + v_head_dim), from
    // kv_rank); the rotary key comes from the kept latent and is not replayed.
    const double H = double(in.heads), qk = double(in.head_dim + in.rope_dim);
    const double q_in = in.q_rank > 0 ? double(in.q_rank) : 0;
    const double kv_in = double(in.kv_rank);
    if (q_in > 0) up_replay += GemmTime(in, M, H * qk / t, q_in);
    up_replay += GemmTime(in, M, H * double(in.head_dim + in.v_head_dim) / t, kv_in);
    if (quantized) up_replay += MemoryBoundTime(in, in.cast_bytes * M * (q_in + kv_in));
  }
  const double up = in.swiglu ? 2.0 : 1.0;      // SwiGLU's gate and up projections fused
  const double act_in = in.swiglu ? 3.0 : 2.0;  // activation bytes per element: in(s) + out
  double elementwise = 0;                       // forward bytes of element-wise kernels
  double sorted = 0;  // bytes of the MoE sort by local expert, forward and again backward
  int kernels = 0;
  // The routed experts' second bias and their activation's clamp, added in eager operations
  // (below): bytes and operations.
  double eager_bytes_fwd = 0, eager_bytes_bwd = 0, eager_ops_fwd = 0, eager_ops_bwd = 0;
  double routed_act_bwd_extra = 0;  // backward bytes of the weighted gated activation (below)
  // Unpadding around the fused attention (`attention_unpad`, below): time and kernels.
  double unpad_fwd = 0, unpad_bwd = 0, unpad_kernels_fwd = 0, unpad_kernels_bwd = 0;
  // Of the element-wise kernels, `eager_ops`' eager operations forward and backward (below).
  double eager_elementwise_fwd = 0, eager_elementwise_bwd = 0;
  if (!moe_layer) {
    double ffn = double(in.ffn);
    const double cast_before = cast_fwd;
    lt.column_gemm[1] = linear(M, up * ffn / t, h);
    const double mlp_gemm = lt.column_gemm[1] + linear(M, h, ffn / t);
    gemm += mlp_gemm;
    lt.flops_fwd += 2 * M * (up + 1) * h * ffn / t;
    // Eager SwiGLU (`eager_ops { activation }`; torchtitan's FeedForward at 1ea476e9f,
    // `w2(F.silu(w1(x)) * w3(x))`): silu reads and writes the gate (4 bytes an element), the
    // product reads both halves and writes (6), two kernels where the fused one moves 6.
    const bool eager_swiglu = in.swiglu && in.eager_activation;
    act_bytes = (eager_swiglu ? 5.0 : act_in) * 2 * M * ffn / t;
    elementwise += act_bytes;
    mlp_replay = mlp_gemm + MemoryBoundTime(in, act_bytes) +
                 (cast_fwd > cast_before ? MemoryBoundTime(in, cast_fwd - cast_before) : 0);
    kernels += eager_swiglu ? 2 : 1;
    if (eager_swiglu) {
      eager_elementwise_fwd += 2;
      eager_elementwise_bwd += 2;
    }
  } else {
    double fe = double(in.expert_ffn > 0 ? in.expert_ffn : in.ffn);
    double ep = double(std::max<int64_t>(1, in.ep));
    double local = double(in.experts) / ep;
    // Each GPU of an expert tensor-parallel group of etp works on the group's tokens, etp / tp of
    // the micro-batch's (Megatron-Core's MoE parallel folding; all of them when etp = tp), with
    // 1/etp of each expert's width. Balanced routing: the ep ranks' tokens, top_k copies each,
    // spread over all experts.
    const double et = double(ExpertTp(in));
    const double tokens = M * et / t;
    double me = tokens * double(in.top_k) * ep / double(std::max<int64_t>(1, in.experts));
    lt.column_gemm[1] = linear(me, up * fe / et, h, local);
    gemm += lt.column_gemm[1] + linear(me, h, fe / et, local);
    double fs = fe * double(in.shared_experts);
    if (in.shared_experts > 0) {
      double shared_in = linear(M, up * fs / t, h);
      lt.column_gemm[1] += shared_in;
      gemm += shared_in + linear(M, h, fs / t);
    }
    gemm += GemmTime(in, M, double(in.experts), h, true);  // router, kept in BF16
    gemms += 1;
    lt.flops_fwd +=
        2 * M *
        (double(in.top_k + in.shared_experts) * (up + 1) * h * fe / t + h * double(in.experts));
    // Activations of the routed copies and the shared experts; permutation of the token copies
    // to and from expert order (read + write each way).
    act_bytes = act_in * 2 * M * double(in.top_k) * fe / t;  // the routed copies' (moe_act)
    elementwise += act_in * 2 * M * (double(in.top_k) * fe + fs) / t;
    // The routed copies' gated activation takes the router's probabilities as weights
    // (Megatron-Core's weighted_bias_swiglu_impl and weighted_bias_quick_geglu_impl under its
    // jit_fuser, torch.compile): backward, one kernel reads both halves and the output gradient
    // and writes the input gradient, and a reduction reads them again for the probabilities'
    // gradient. That took the time of 21 bytes an element of the output (19.7-23.1 in 26
    // readings at expert widths 768-4,096, SwiGLU and GPT-OSS's quick-GEGLU, each compiled for
    // its width; bench/gpu/moe_block_probe.py, H200, 2026-11-30), where the element-wise rule's
    // twice the forward gives 12. (The forward took 4.4-4.9 of the 6 it is charged.)
    if (in.swiglu) routed_act_bwd_extra = (21 - 12) * M * double(in.top_k) * fe / t;
    elementwise += 2 * 2 * (2 * tokens * double(in.top_k) * h);
    kernels += 3 + int(local);
    if (in.fused_grouped_mlp) {
      // Transformer Engine's fused grouped MLP (ForwardGroupedMLP_CuTeGEMMSwiGLU_MXFP8, cuDNN's
      // grouped_gemm_glu and grouped_gemm_quant kernels): the first GEMM's epilogue applies the
      // gated activation and quantizes its output for the second, whose backward epilogue
      // applies the activation's backward and quantizes the first's output gradient. Gone: the
      // routed copies' activation pass (one kernel a local expert) and the casts of the second
      // GEMM's input and the first's output gradient; each grouped tensor left is quantized in
      // one kernel. Nothing separate is left for `moe_activation` recompute to replay.
      elementwise -= act_bytes;
      act_bytes = 0;
      routed_act_bwd_extra = 0;
      kernels -= int(local);
      cast_fwd -= local * in.cast_bytes * me * (fe / et);
      cast_bwd -= local * in.cast_bytes * me * (up * fe / et);
      casts -= 2 * int(local) - 1;
    }
    // Megatron-Core's alltoall dispatcher with several local experts sorts the received copies
    // by local expert after the all-to-all and back before the combine ("Permutation 2",
    // sort_chunks_by_idxs in token_dispatcher.py): a second read + write each way, and in
    // backward the inverse sorts, the same bytes. The deduplicating dispatchers (DeepEP,
    // HybridEP) and a single local expert skip it.
    if (ep > 1 && local > 1 && !in.ep_deduplicated)
      sorted = 2 * 2 * (2 * tokens * double(in.top_k) * h);
    // Experts with biases (GPT-OSS, `expert_bias`): the first linear layer's bias is added in its
    // grouped GEMM (TEGroupedMLP's linear_fc1 has skip_bias_add=False), the second's, scaled by
    // the router's probability, by TEGroupedMLP._apply_bias (megatron/core/transformer/moe/
    // experts.py, a329dd6 of 2025-09 on): `t + b * p` on each local expert's rows, then one
    // torch.cat, eager 16-bit operations. Forward, per element of the routed copies' output:
    // b * p written (2), t and it read and the sum written (6), the concatenation read and
    // written (4). Backward: the bias and probability gradients, each a product written and
    // read again by its sum (2 x 6), and the split's backward concatenating the output gradient
    // (4). Two kernels a local expert and the concatenation forward, each an eager operation the
    // host issues on its own; backward, autograd ran five a local expert and two more at 1,024
    // copies an expert or more (82 for 16 local experts, 12 for 2), the bias gradient's sum in
    // two passes. The broadcasting product runs PyTorch's generic element-wise kernel: at
    // GPT-OSS 120B's width the loop took the time of 15 bytes an element forward and 24 backward
    // at the H200's memory efficiency (14.4-14.9 and 23.7-24.7 at 2, 4 and 8 local experts of
    // 65,536 copies in all; bench/gpu/moe_block_probe.py, 2026-11-30), which is charged.
    if (in.eager_expert_bias) {
      const double elements = tokens * double(in.top_k) * h;
      eager_bytes_fwd = 15 * elements;
      eager_bytes_bwd = 24 * elements;
      eager_ops_fwd = 2 * local + 1;
      eager_ops_bwd = 5 * local + 2;
    }
    // The experts' clamped activation (GPT-OSS, `clamped_activation`): Megatron-Core's
    // weighted_bias_quick_geglu_impl (megatron/core/fusions/fused_bias_geglu.py, 2e29a5e of
    // 2025-09 on) clamps the two halves of the first layer's output and concatenates them before
    // its fused kernel. Per 16-bit element of one half: two clamps read and write theirs (4 + 4),
    // the concatenation both (8), three operations. Backward, PyTorch's clamp_backward
    // (torch/csrc/autograd/FunctionsManual.cpp) fills a zero scalar and selects the gradient
    // under a mask: the gate's `<=` (read 2, write a 1-byte mask) and where (read 1 + 2, write 2),
    // the linear half's `>=`, `<=` and logical_and_ (3 bytes each) and where (5); the chunk's
    // backward concatenates the halves' gradients (8): 30 bytes in nine operations. The clamps
    // and the masks read strided halves through PyTorch's generic (unvectorised) element-wise
    // kernel: Megatron-Core's own function took the time of 26 bytes an element forward and 53
    // backward at the H200's memory efficiency (0.356 and 0.732 ms at 16 x 1,024 copies of
    // GPT-OSS 120B, 1.42 and 2.89 ms at 2 x 32,768; bench/gpu/moe_block_probe.py, 2026-11-30),
    // which is what is charged. Graph replay keeps the kernels and drops their host time
    // (PlanInputs::eager_op_time is then 0).
    if (in.eager_activation_clamp) {
      const double elements = tokens * double(in.top_k) * fe / et;
      eager_bytes_fwd += 26 * elements;
      eager_bytes_bwd += 53 * elements;
      eager_ops_fwd += 3;
      eager_ops_bwd += 9;
      act_bytes += 26 * elements;  // `moe_activation` recompute replays the clamps too
    }
  }
  lt.gemm_time = gemm;
  lt.gemm_flops = lt.flops_fwd;

  // ---- attention core
  const double core = a.core_fwd_per_token * M / t;  // forward FLOPs, causal not discounted
  lt.flops_fwd += core;
  // Under sliding-window attention (Attention above), the core of a layer attending to the whole
  // sequence, and the share of it a fused kernel computes, averaged over the layers: causal, s / 2
  // keys a query; windowed, the key blocks its band touches, w + one block (the first ones fewer:
  // x (1 - w / 2s)), FlashAttention skipping the blocks the mask empties (Dao 2023,
  // FlashAttention-2, section 3.1.1: 128-key blocks, as cuDNN's and FlashAttention-3's).
  const double s_all = double(in.seq_len);
  const double ws = a.windowed_share;
  const double core_seq = ws > 0 ? core / (1 - ws * (1 - a.window / s_all)) : core;
  constexpr double kKeyBlock = 128;
  const double computed =
      ws > 0 ? (1 - ws) * 0.5 +
                   ws * std::min(0.5, (a.window + kKeyBlock) * (1 - a.window / (2 * s_all)) / s_all)
             : 0.5;
  double attn_fwd = 0, attn_bwd = 0;
  int attn_kernels_fwd = 1, attn_kernels_bwd = 1;
  if (in.flash_attention) {
    // Fused kernel (Dao et al. 2022, FlashAttention; Shah et al. 2024, FlashAttention-3): causal
    // FLOPs are half the count above; backward does 2.5x the forward's FLOPs (it recomputes the
    // scores), at its own, lower efficiency.
    // Each kernel sees the rank's chunk of the sequence; under an all-to-all exchange (Ulysses)
    // the whole sequence for cp times fewer heads.
    const double s_local = double(in.seq_len) / (in.cp_comm == ir::CpComm::all_to_all ? 1 : cp);
    // The calibrations are of head dim 128 (512 FLOPs a score forward, 1,280 backward); a
    // narrower head spends more of its time on the exponentials (formulas.h).
    constexpr double kCalibratedScoreFlops = 512;
    const double ef_head = formulas::NarrowHeadAttentionEfficiency(
        in.attention_efficiency, peak, in.exponential_time, a.score_flops, kCalibratedScoreFlops);
    const double eb_head = formulas::NarrowHeadAttentionEfficiency(
        in.attention_backward_efficiency, peak, in.exponential_time, 2.5 * a.score_flops,
        2.5 * kCalibratedScoreFlops);
    // Fused attention's efficiency rises with the sequence as s / (s + s0), fitted to the H100
    // SXM5 torch SDPA measurements (H100-MEASURED.md, head dim 128: forward 48/59/64 % and
    // backward 32/42/47 % at 2K/4K/8K; s0 = 1,024 forward, 1,536 backward; efficiencies count
    // causal FLOPs). That is a fixed cost per 128-query block (loading Q, the last rescale and
    // store of O; backward dQ's) worth s0 / 256 key blocks of work, beside the key blocks walked.
    // A windowed layer walks fewer key blocks but has as many query blocks: the fixed cost stays
    // the whole sequence's (docs/model.md "Sliding-window attention"; measured through cuDNN's
    // windowed kernel on H200, bench/gpu/README.md).
    constexpr double kForwardS0 = 1024, kBackwardS0 = 1536;
    const double per_query_fwd = 0.5 * kForwardS0 / s_local;
    const double per_query_bwd = 0.5 * kBackwardS0 / s_local;
    attn_fwd =
        (computed + per_query_fwd) * core_seq / (peak * std::max(ef_head, 1e-3)) + in.gemm_overhead;
    // cuDNN's FP8 backward under a window computes every causal block, the window's empty ones
    // too (cudnn-frontend's GPT-OSS rows, cuDNN 9.22 and 9.27: 2 x 128 heads of 64, window 128,
    // GB200 backward 1.73 / 6.18 / 90.3 ms at 4K / 8K / 32K tokens against BF16's 0.47 / 0.91 /
    // 3.69): the causal half of the core.
    const double computed_bwd = in.fp8_backward_ignores_window && ws > 0 ? 0.5 : computed;
    attn_bwd = 2.5 * (computed_bwd + per_query_bwd) * core_seq / (peak * std::max(eb_head, 1e-3)) +
               in.gemm_overhead;
    // Dropout inside the kernel draws a random number per causal score element in forward and
    // again in backward: a fixed time per element, measured on H100 the same for head dims 64
    // and 128 (bench/gpu/results, docs/model.md "Attention dropout").
    if (dropout) {
      const double scores = computed * M * s_all * double(in.heads) / t;
      attn_fwd += scores * in.attention_dropout_fwd;
      attn_bwd += scores * in.attention_dropout_bwd;
    }
    // Ring context parallelism (Transformer Engine's AttnFuncWithCPAndKVP2P, Megatron's p2p)
    // runs the attention as cp kernels, one per K/V chunk, and merges their partial results on
    // HBM: the first step's output is rescaled (read, write), every later one added into it
    // (flash_attn_fwd_out_correction: read both, write); backward accumulates dQ and the
    // travelling dK/dV the same way (copy_, then add_), and each direction first copies K and V
    // into the ring's buffer. The ring's last rank, which sets the pace, merges whole chunks at
    // every step.
    // Ulysses in Transformer Engine (flash_attn_a2a_communicate) makes each of Q, K and V
    // contiguous by head before its all-to-all and reorders it after (movedim + contiguous, then
    // index_select), and the output likewise in reverse: three read + write passes of each
    // tensor a direction, twelve kernels.
    if (cp > 1 && in.cp_comm == ir::CpComm::all_to_all) {
      const double tensors = 2 * M * (a.q + a.k + a.v + a.o) / t;
      attn_fwd += MemoryBoundTime(in, 3 * 2 * tensors) + 11 * in.gemm_overhead;
      attn_bwd += MemoryBoundTime(in, 3 * 2 * tensors) + 11 * in.gemm_overhead;
      attn_kernels_fwd += 12;
      attn_kernels_bwd += 12;
    }
    if (cp > 1 && in.cp_comm == ir::CpComm::ring) {
      const double passes = 2 + 3 * (cp - 1);
      const double o = 2 * M * a.o / t, kv = 2 * M * (a.k + a.v) / t;
      const double launches = 2 * (cp - 1) * in.gemm_overhead;  // split kernels, merges
      attn_fwd += MemoryBoundTime(in, passes * o + 2 * kv) + launches;
      attn_bwd += MemoryBoundTime(in, passes * (o + kv) + 2 * kv) + launches;
      attn_kernels_fwd += 1 + 2 * int(cp - 1);
      attn_kernels_bwd += 1 + 2 * int(cp - 1);
    }
  } else {
    // Megatron's unfused path (Korthikanti et al. 2022 section 4.1): batched GEMMs QK^T and AV
    // over the full s x s scores, a fused scale-mask-softmax, dropout. Scores per GPU E = b (a/t)
    // (s/cp) s elements; forward moves softmax 2E in + 2E out, dropout 2E in + 2E out + E mask;
    // backward the gradients of both (11E; 6E without dropout).
    double E = double(in.heads) / t * M * double(in.seq_len);
    // Each batched GEMM writes or reads the 16-bit s x s scores once (2E bytes) against 2 x
    // head_dim FLOPs per score: below the ridge point (A100 ~155 FLOP/byte, H100 ~280) it runs at
    // HBM speed, not the GEMM rate. Forward: QK^T writes S, AV reads P; backward: dP = dO V^T
    // writes, dV = P^T dO, dQ = dS K and dK = dS^T Q read. The contraction (or output) is
    // head_dim wide: tile quantisation below the tile edge.
    double tile = in.gemm_tile > 0 ? in.gemm_tile : 1;
    double q = std::min(1.0, a.head_dim / tile);
    // A window only masks scores here: the unfused path computes all of them.
    double one_gemm = std::max(0.5 * core_seq / (peak * in.gemm_efficiency * std::max(q, 1e-3)),
                               MemoryBoundTime(in, 2 * E) - in.gemm_overhead) +
                      in.gemm_overhead;
    attn_fwd = 2 * one_gemm + MemoryBoundTime(in, (dropout ? 9 : 4) * E) + in.gemm_overhead;
    attn_bwd = 4 * one_gemm + MemoryBoundTime(in, (dropout ? 11 : 6) * E) + in.gemm_overhead;
    attn_kernels_fwd = 4;
    attn_kernels_bwd = 6;
  }
  // Unpadding around a variable-length fused kernel (`attention_unpad`; flash-attn's
  // flash_attn/bert_padding.py, called from LLM Foundry's flash_attn_fn, llmfoundry/models/layers/
  // attention.py at 5e85bd62d). unpad_input gathers Q, K and V to the mask's tokens (torch.gather:
  // read 2, write 2 bytes an element) and pad_input scatters the output back into zeros (write 2,
  // then index_put read 2, write 2); backward, each gather's gradient is zeros and a scatter_
  // (6 bytes an element) and the output's an index (4). Each unpad_input also sums the mask,
  // finds its nonzero entries and takes the longest sequence with .item(): nonzero and .item()
  // copy to the host and wait for the GPU, so after the layer's first synchronisation (Q's
  // nonzero) the GPU runs only what the host issues one operation at a time: Q's max, .item(),
  // cumsum, pad and gather, then K's and V's sum, nonzero, max, .item(), cumsum, pad and gather,
  // 19 operations at the host's time per eager operation, beside the three gathers' GPU time.
  // A CUDA graph cannot hold the synchronisations (PlanInputs::eager_op_time is then 0).
  double unpad_gather = 0, unpad_host = 0;
  if (in.flash_attention && in.attention_unpad) {
    const double qkv = M * (a.q + a.k + a.v) / t, out = M * a.o / t;  // elements
    unpad_gather = MemoryBoundTime(in, 4 * qkv) + 2 * in.gemm_overhead;
    unpad_host = 19 * in.eager_op_time;
    unpad_fwd = unpad_gather + MemoryBoundTime(in, 6 * out) + in.gemm_overhead;
    unpad_bwd = MemoryBoundTime(in, 6 * qkv + 4 * out) + 6 * in.gemm_overhead;
    unpad_kernels_fwd = 4;  // Q's mask sum and nonzero before the first synchronisation, pad's two
    unpad_kernels_bwd = 7;
  }
  lt.attn_fwd = attn_fwd;
  lt.attn_bwd = attn_bwd;

  // ---- element-wise kernels on h-wide tensors: two norms (LayerNorm and RMSNorm both measure
  // as ~3 passes over their input: H100-MEASURED.md, 77 us for 64 MiB against GELU's 52 us for 2
  // passes), two residual adds (read two, write one; + a 1-byte mask with dropout), rotary
  // embeddings on Q and K (read + write) for models with rotary positions (`position`).
  // Eager operations (`eager_ops`; Meta's reference Llama code as torchtitan ran it at
  // 1ea476e9f, torchtitan/models/norms.py and models/llama/model.py, no compiler), each a kernel
  // that reads and writes HBM, backward twice the forward's bytes as every element-wise kernel
  // here. RMSNorm: `(x.float() * torch.rsqrt(x.float().pow(2).mean(-1) + eps)).type_as(x) *
  // weight`: the cast (read 2, write 4), square (4 + 4), mean (read 4), the product (4 + 4), the
  // cast back (4 + 2), the scale (2 + 2): 36 bytes an element in eight kernels (the add and the
  // rsqrt on one value a token) where a fused norm moves 6. Rotary embeddings, `complex`: Q and
  // K cast to fp32 (2 + 4), multiplied as complex numbers (4 + 4), cast back (4 + 2): 20 bytes an
  // element in six kernels where a fused one moves 4. `rotate_half`, Megatron-Core's
  // _apply_rotary_pos_emb_bshd (megatron/core/models/common/embeddings/rope_utils.py), which
  // apply_rotary_pos_emb takes whenever YaRN's mscale is not 1, fusion or not (since 987395813b,
  // 2025-11-22, in core 0.16 on): t * cos (2 + 2), rotate_half's negation of one half (1 + 1) and
  // concatenation (2 + 2), * sin (2 + 2), the sum (4 + 2), the concatenation with the empty
  // unrotated part (2 + 2): 24 bytes an element in six kernels a tensor, and six more each on the
  // frequencies (cos, sin, their scaling and casts) of a value a token.
  const bool eager_rms = in.eager_norm && !in.layernorm;
  const double norm_bytes = (eager_rms ? 36.0 / 2 : 3) * 2 * hw;
  elementwise += norm_bytes + 2 * 3 * hw + (dropout ? 2 * hw / 2 : 0);
  kernels += eager_rms ? 2 * 8 + 2 : 4;
  if (eager_rms) {
    eager_elementwise_fwd += 2 * 8;
    eager_elementwise_bwd += 2 * 8;
  }
  // Partial rotation (`rope_fraction` f < 1: Nemotron's half, Megatron-Core's rotary_percent)
  // rotates the first f of each head: the fused kernel still reads and writes the whole tensor;
  // the unfused paths move their bytes on the rotated part and concatenate it with the rest
  // (2 + 2 a whole element; rotate_half's 24 already holds that concatenation): 20 f + 4.
  if (RotaryPositions(in) && !in.mla) {
    const ir::EagerRope rope = in.eager_rope;
    const double f = in.rope_fraction, partial = f < 1 ? 1 : 0;
    const double bytes = rope == ir::EagerRope::complex       ? 20 * f + 4 * partial
                         : rope == ir::EagerRope::rotate_half ? 20 * f + 4
                                                              : 4;
    elementwise += bytes * M * (a.q + a.k) / t;
    const int concat = rope == ir::EagerRope::complex && f < 1 ? 2 : 0;
    const int rope_kernels = rope == ir::EagerRope::complex       ? 6 + concat
                             : rope == ir::EagerRope::rotate_half ? 24
                                                                  : 1;
    kernels += rope_kernels;
    // Its share of the element-wise time below, for the simulator backends.
    lt.rope_fwd =
        MemoryBoundTime(in, bytes * M * (a.q + a.k) / t) + (rope_kernels - 1) * in.gemm_overhead;
    lt.rope_bwd =
        2 * (lt.rope_fwd - rope_kernels * in.gemm_overhead) + rope_kernels * in.gemm_overhead;
    // Backward, the frequencies' six operations a tensor have no gradient to compute.
    if (rope != ir::EagerRope::fused) {
      eager_elementwise_fwd += rope == ir::EagerRope::complex ? 6 + concat : 24;
      eager_elementwise_bwd += rope == ir::EagerRope::complex ? 6 + concat : 12;
    }
  }
  // Norms on Q and K (`model { qk_norm }`): Qwen3's QK-Norm, an RMSNorm over each head's Q and
  // K before the rotation (Yang et al. 2025, Qwen3 technical report, section 2; Megatron-Core's
  // qk_layernorm, Transformer Engine's norm kernel), split over the tensor-parallel heads; under
  // MLA DeepSeek's norms on the compressed query and key-value latents (q_a_layernorm,
  // kv_a_layernorm), which each rank computes on its sequence-parallel share of the tokens. Three
  // passes like the layer's norms, one kernel each.
  if (in.qk_norm) {
    elementwise +=
        in.mla ? 3 * 2 * M * double(in.q_rank + in.kv_rank) / (in.sequence_parallel ? t : 1.0)
               : 3 * 2 * M * (a.q + a.k) / t;
    kernels += in.mla && in.q_rank <= 0 ? 1 : 2;
  }
  // repeat_kv (`eager_ops { kv_repeat }`): K and V, kv_heads wide, expanded and copied to the
  // query heads' width before the attention (read the narrow tensor, write the wide one); its
  // backward sums the copies' gradients back (read wide, write narrow), charged as every
  // element-wise kernel here at twice the forward's bytes.
  if (in.eager_kv_repeat && a.k < a.q) {
    elementwise += 2 * M * (a.k + a.q) / t + 2 * M * (a.v + a.q) / t;
    kernels += 2;
    eager_elementwise_fwd += 2;
    eager_elementwise_bwd += 2;
  }
  // Backward of an element-wise kernel reads the output gradient and the saved input and writes
  // the input gradient: 2x the forward's bytes.
  double ew_fwd = in.hbm_bandwidth > 0
                      ? elementwise / (in.hbm_bandwidth *
                                       (in.memory_efficiency > 0 ? in.memory_efficiency : 0.8)) +
                            kernels * in.gemm_overhead
                      : 0;
  double ew_bwd = 2 * (ew_fwd - kernels * in.gemm_overhead) + kernels * in.gemm_overhead;
  // The attention output's bias outside the bias-dropout-add (PlanInputs::unfused_attention_bias;
  // megatron/core/fusions/fused_bias_dropout.py, _bias_dropout_add_func): `x + bias` reads and
  // writes the h-wide output (dropout at p = 0 returns its input), and backward the bias's
  // gradient sums the output gradient over the tokens (read once): one kernel each way.
  if (in.unfused_attention_bias) {
    ew_fwd += MemoryBoundTime(in, 2 * hw);
    ew_bwd += MemoryBoundTime(in, hw);
  }
  if (sorted > 0) {
    ew_fwd += MemoryBoundTime(in, sorted) + in.gemm_overhead;  // two kernels: sort and unsort
    ew_bwd += MemoryBoundTime(in, sorted) + in.gemm_overhead;
  }
  if (casts > 0) {
    ew_fwd += MemoryBoundTime(in, cast_fwd) + (casts - 1) * in.gemm_overhead;
    ew_bwd += MemoryBoundTime(in, cast_bwd) + (casts - 1) * in.gemm_overhead;
  }
  if (routed_act_bwd_extra > 0) ew_bwd += MemoryBoundTime(in, routed_act_bwd_extra);
  if (eager_bytes_fwd > 0) {
    ew_fwd += MemoryBoundTime(in, eager_bytes_fwd) + (eager_ops_fwd - 1) * in.gemm_overhead;
    ew_bwd += MemoryBoundTime(in, eager_bytes_bwd) + (eager_ops_bwd - 1) * in.gemm_overhead;
  }
  ew_fwd += unpad_fwd;
  ew_bwd += unpad_bwd;
  lt.memory_bound = ew_fwd + ew_bwd;

  lt.fwd = pace * (gemm + attn_fwd + ew_fwd);
  lt.bwd = pace * (2 * gemm + attn_bwd + ew_bwd);
  lt.gpu_fwd = lt.fwd;
  lt.gpu_bwd = lt.bwd;
  // The host issues every kernel (docs/model.md "Host issue floor"): a layer takes at least its
  // kernels times the host's time per launch. The count is the kernels timed above (element-wise
  // ones with their backward, the sorts, the FP8 casts), not the framework's bookkeeping kernels,
  // whose issue time the per-counted-kernel figure carries (PlanInputs::host_kernel_time). Taken
  // per layer and direction: Megatron-Core's MoE dispatch synchronises with the host in every
  // layer, which keeps the host from running ahead.
  const double other = kernels + (sorted > 0 ? 2 : 0) + casts + (in.unfused_attention_bias ? 1 : 0);
  // `eager_ops`' operations are timed on the GPU with the other element-wise kernels above and
  // issued by the host as eager operations, as the experts' bias loop and clamp below.
  eager_ops_fwd += eager_elementwise_fwd;
  eager_ops_bwd += eager_elementwise_bwd;
  const double counted_fwd =
      gemms + attn_kernels_fwd + other + unpad_kernels_fwd - eager_elementwise_fwd;
  const double counted_bwd =
      2 * gemms + attn_kernels_bwd + other + unpad_kernels_bwd - eager_elementwise_fwd;
  lt.kernels_fwd = counted_fwd + eager_ops_fwd;
  lt.kernels_bwd = counted_bwd + eager_ops_bwd;
  lt.eager_ops_fwd = eager_ops_fwd;
  lt.eager_ops_bwd = eager_ops_bwd;
  // The bias loop's, the clamp's and `eager_ops`' operations are counted one by one, so they
  // take the host's time per eager operation, not the per-counted-kernel figure that carries
  // uncounted bookkeeping.
  // Unpadding's synchronised stretch runs at the pace of the host or of its gathers, whichever
  // is slower, after the rest of the layer (the GPU queue is empty when it starts).
  lt.fwd = std::max(lt.fwd - pace * unpad_gather,
                    counted_fwd * in.host_kernel_time + eager_ops_fwd * in.eager_op_time) +
           std::max(pace * unpad_gather, unpad_host);
  lt.bwd = std::max(lt.bwd,
                    counted_bwd * in.host_kernel_time + eager_ops_bwd * in.eager_op_backward_time);
  // Recompute (Korthikanti et al. 2022): full replays the layer's forward; selective the
  // modules the plan names, by default the attention core, fused or not (Megatron-Core replays
  // the fused kernel's forward too: transformer/attention.py, _checkpointed_attention_forward).
  const uint8_t replay = Replayed(in);
  if (in.recompute == ir::Recompute::full) {
    lt.recompute = lt.fwd;
  } else if (replay != 0) {
    double replayed = 0;
    if (replay & kRecomputeCoreAttention) replayed += attn_fwd;
    if (replay & kRecomputeNorms) replayed += MemoryBoundTime(in, norm_bytes) + in.gemm_overhead;
    if (!moe_layer && (replay & kRecomputeMlp))
      replayed += mlp_replay;
    else if (!moe_layer ? (replay & kRecomputeMlpActivation) : (replay & kRecomputeMoeActivation))
      replayed += MemoryBoundTime(in, act_bytes);
    if (in.mla && (replay & kRecomputeMlaUpProjection)) replayed += up_replay;
    lt.recompute = pace * replayed;
  }
  return lt;
}

HeadTimes HeadTime(const PlanInputs& in, double pace) {
  HeadTimes ht;
  const double t = double(std::max<int64_t>(1, in.tp));
  const double M =
      double(in.micro_batch) * double(in.seq_len) / double(std::max<int64_t>(1, in.cp));
  const double h = double(in.hidden), V = double(in.vocab);
  double gemm = GemmTime(in, M, V / t, h, true);  // the output head stays in BF16 under FP8
  // Vocabulary-parallel cross entropy in fp32. Fused: forward reads the 16-bit logits and
  // writes and re-reads fp32 softmax terms (~10 bytes per logit), backward reads them and writes
  // the 16-bit gradient (~6 bytes per logit). Unfused, as Megatron-LM's _VocabParallelCrossEntropy
  // runs it on `logits.float()` (megatron/core/tensor_parallel/cross_entropy.py before
  // 7b4a6d76c9, megatron/mpu/cross_entropy.py before that): the cast (read 2, write 4), max
  // (read 4), in-place subtract (8), exp (8), sum (4), in-place divide into the saved softmax
  // (8): 38 bytes; backward the in-place multiply by the loss gradient (8) and the cast back to
  // 16 bits (read 4, write 2): 14.
  // PyTorch's F.cross_entropy on `logits.float()` (`eager_ops { loss }`): the cast (read 2,
  // write 4), log_softmax (max and sum passes reading 4 each, then read 4 and write 4) and
  // nll_loss (a value a row): 22 bytes in three kernels; backward nll_loss's zeroed gradient
  // (write 4) and scatter, log_softmax's (a sum reading 4, then read 8 and write 4) and the cast
  // back (read 4, write 2): 26 bytes in four.
  double logits = M * V / t;
  const bool fused = in.fused_cross_entropy && !in.eager_loss;
  const double fwd_bytes = in.eager_loss ? 22 : fused ? 10 : 38;
  const double bwd_bytes = in.eager_loss ? 26 : fused ? 6 : 14;
  // Unfused, each operation is a kernel of its own: Megatron-LM's six forward and two backward.
  const double fwd_kernels = in.eager_loss ? 2 : fused ? 0 : 5;
  const double bwd_kernels = in.eager_loss ? 3 : fused ? 0 : 1;
  ht.fwd = gemm + MemoryBoundTime(in, fwd_bytes * logits) + fwd_kernels * in.gemm_overhead;
  ht.bwd = 2 * gemm + MemoryBoundTime(in, bwd_bytes * logits) + bwd_kernels * in.gemm_overhead;
  ht.fwd *= pace;
  ht.bwd *= pace;
  ht.flops_fwd = 2 * M * V * h / t;
  return ht;
}

HeadTimes MtpModuleTime(const PlanInputs& in, double pace) {
  if (in.mtp_layers <= 0) return {};
  HeadTimes ht = HeadTime(in, pace);
  const double t = double(std::max<int64_t>(1, in.tp));
  const double M =
      double(in.micro_batch) * double(in.seq_len) / double(std::max<int64_t>(1, in.cp));
  const double h = double(in.hidden);
  // eh_proj, column-parallel: [M, 2h] x [2h, h / t]; backward a data- and a weight-gradient GEMM.
  const double proj = GemmTime(in, M, h / t, 2 * h, false);
  // enorm and hnorm read and write M x h each (16 bits), the concatenation writes M x 2h; the
  // backward reads and writes about twice that.
  const double sp = in.sequence_parallel ? t : 1.0;
  const double elementwise = MemoryBoundTime(in, 12 * M * h / sp);
  ht.fwd += pace * (proj + elementwise);
  ht.bwd += pace * (2 * proj + 2 * elementwise);
  ht.flops_fwd += 2 * M * 2 * h * h / t;
  return ht;
}

}  // namespace clusterc::analysis
