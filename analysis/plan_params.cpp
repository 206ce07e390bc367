// Parameter counts of a model's shape (docs/model.md "Parameters and FLOPs"): a pure function of
// PlanInputs, no allocation.
#include <algorithm>

#include "analysis/layer_model.h"
#include "analysis/plan_model.h"

namespace clusterc::analysis {

ParamCounts CountParams(const PlanInputs& in) {
  return CountParams(in, Attention(in));
}

ParamCounts CountParams(const PlanInputs& in, const AttentionDims& a) {
  ParamCounts c;
  double h = double(in.hidden), L = double(in.layers), V = double(in.vocab);
  double norm_width = in.layernorm ? 2 * h : h;  // LayerNorm has a bias, RMSNorm does not
  // Biases of Q, K, V and the output: `linear_bias` (GPT-style LayerNorm models by default) and
  // `attention_bias`; sinks, a logit a head (`attention_sinks`).
  c.attention = a.matmul + (LinearBiases(in) || in.attention_bias ? a.q + a.k + a.v + h : 0) +
                (in.attention_sinks ? double(in.heads) : 0);
  c.norms = 2 * norm_width;
  c.dense_mlp = MlpFactor(in) * h * double(in.ffn) + (LinearBiases(in) ? double(in.ffn) + h : 0);
  // Embedding V h; learned positions (GPT-style models by default) add s h (Narayanan et al.
  // 2021 eq. 2).
  c.embedding = V * h + (LearnedPositions(in) ? double(in.seq_len) * h : 0);
  c.head = in.tied_embeddings ? 0 : V * h;
  double dense_layers = L, moe_layers = 0;
  if (in.moe) {
    double fe = double(in.expert_ffn > 0 ? in.expert_ffn : in.ffn);
    c.expert = MlpFactor(in) * h * fe;
    // Expert biases (`expert_bias`): the first layer's, gate and up under a gated activation,
    // and the second's.
    if (in.expert_bias) c.expert += (MlpFactor(in) - 1) * fe + h;
    c.shared = double(in.shared_experts) * c.expert;
    c.router = (h + (in.router_bias ? 1 : 0)) * double(in.experts);
    dense_layers = std::min(L, double(in.dense_layers));
    moe_layers = L - dense_layers;
  }
  double common = c.attention + c.norms;
  double outer = c.embedding + c.head + norm_width;  // + final norm
  c.total = dense_layers * (common + c.dense_mlp) +
            moe_layers * (common + double(in.experts) * c.expert + c.shared + c.router) + outer;
  c.active = dense_layers * (common + c.dense_mlp) +
             moe_layers * (common + double(in.top_k) * c.expert + c.shared + c.router) + outer;
  if (in.mtp_layers > 0) {
    // Megatron-Core's MultiTokenPredictionLayer: enorm, hnorm, eh_proj (2h -> h, no bias), the
    // layer, final_layernorm; the embedding and output head are the main model's.
    c.mtp_module = 2 * h * h + 3 * norm_width;
    const double layer = MtpLayersMoe(in)
                             ? common + double(in.experts) * c.expert + c.shared + c.router
                             : common + c.dense_mlp;
    c.mtp = double(in.mtp_layers) * (layer + c.mtp_module);
  }
  return c;
}

}  // namespace clusterc::analysis
