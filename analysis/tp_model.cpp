#include "analysis/tp_model.h"

#include <algorithm>

#include "analysis/collective_rates.h"
#include "analysis/formulas.h"

namespace clusterc::analysis {

namespace f = formulas;

TpTimes TensorParallelTimes(const PlanInputs& in, const MessageSizes& m, const TpStage& stage,
                            const LayerTimes& lt_dense, const LayerTimes& lt_moe) {
  const int64_t tp = stage.tp, etp = stage.etp;
  const double layers_mb = stage.layers, layers_moe_mb = stage.moe_layers;
  const double replayed_share_mb = stage.replayed_share;
  // Megatron (Shoeybi et al. 2019 section 3): 2 all-reduces forward, 2 backward per layer; with
  // sequence parallelism reduce-scatter + all-gather, the same bytes (Korthikanti et al. 4.2.2);
  // full recompute repeats the forward's two. Sequence parallelism keeps only its shard of the
  // input of the column-parallel GEMMs and gathers it again in backward for their weight
  // gradients (Megatron-LM LinearWithGradAccumulationAndAsyncCommunication.backward; Calculon's
  // `seq_par_ag_redo`): two more all-gathers per layer, one all-reduce's worth. Korthikanti et
  // al. 2022 table 4 measures this: sequence parallelism saves 0.5 ms of the 22B layer's forward
  // but only 0.1 ms of its backward.
  double n_ar = 4 + 2 * replayed_share_mb + (in.sequence_parallel ? 1 : 0);
  // Under FP8, NVFP4 or MXFP4 with sequence parallelism Transformer Engine gathers the
  // quantized copy (module/linear.py: the input cast before gather_along_first_dim, forward and
  // for the weight gradient; the output gradient's gather through the same quantizer), so each
  // all-gather half moves g of its 16-bit bytes; the reduce-scatters stay 16-bit. A forward
  // pair is then (1 + g) / 2 of an all-reduce's time, the backward's three (two reduce-scatters,
  // four gathers) (1 + 2g) / 3 each.
  const double g = m.tp_gather_scale;
  const double fwd_scale = in.sequence_parallel ? (1 + g) / 2 : 1;
  const double bwd_scale = in.sequence_parallel ? (1 + 2 * g) / 3 : 1;
  // Sequence parallelism's all-reduce equivalents are reduce-scatter + all-gather pairs.
  // In-network reduction (NVLS) speeds an all-reduce up by its measured factor; sequence
  // parallelism's reduce-scatter and all-gather run as rings (NVLS implements all-reduce only).
  auto all_reduce = [&](int64_t n, double msg) {
    if (n <= 1) return 0.0;
    double bw = AchievedBandwidth(in, n) / (in.sequence_parallel ? GatherCost(in, n) : 1);
    bool nvls = n <= in.scale_up_domain && in.scale_up_reduction && !in.sequence_parallel;
    return f::AllReduceTime(double(n), msg, bw * (nvls ? NvlsSpeedup(in) : 1), Latency(in, n));
  };
  const double ar = all_reduce(tp, m.activation);
  // The expert block of a MoE layer, half of the layer's collectives: the routed experts' over
  // their etp group (tp unless folded), of what the dispatcher gathers there
  // (RoutedExpertTpTokens). Shared experts are an MLP over the attention's tensor-parallel group
  // (Megatron-Core SharedExpertMLP, an MLP on pg_collection.tp: a column-parallel fc1 that
  // gathers the sequence shard, a row-parallel fc2 that reduce-scatters), so they add a dense
  // MLP half's collectives beside the routed experts', folded or not.
  const double ar_routed = m.expert_activation > 0 ? all_reduce(etp, m.expert_activation) : 0;
  const double ar_expert = ar_routed + (stage.shared_experts ? ar : 0);
  const double ar_moe = (ar + ar_expert) / 2;
  const double layers_dense_mb = layers_mb - layers_moe_mb;
  // Forward and its full-recompute replay: the row-parallel layers' all-reduces (or
  // all-gather + reduce-scatter pairs), exposed.
  const double n_forward = 2 + 2 * replayed_share_mb;
  const double n_scaled = n_forward * fwd_scale + (n_ar - n_forward) * bwd_scale;
  // (The second term is the MoE layers' expert block beside a dense MLP half. The routed
  // experts' etp collectives take the same gather scale and the same backward re-gather, as
  // the dense MLP's: unchecked against the dispatchers' code, which gather bf16 tokens once.)
  double tp_all_mb = layers_mb * n_scaled * ar + layers_moe_mb * n_scaled * (ar_moe - ar);
  // Backward: the column-parallel layers' collectives run beside their own gradient GEMMs
  // (Megatron-LM `LinearWithGradAccumulationAndAsyncCommunication`, on by default since
  // 2021-09-02): the input-gradient all-reduce beside the weight-gradient GEMM; with sequence
  // parallelism the input's all-gather beside the data-gradient GEMM and the gradient's
  // reduce-scatter beside the weight-gradient GEMM, while the row-parallel layers' backward
  // all-gathers stay exposed.
  // Column GEMM 0 is the attention block's (QKV), 1 the MLP's or expert block's.
  auto backward = [&](const LayerTimes& lt, double ar_mlp) {
    if (!in.tp_backward_overlap) return (n_ar - n_forward) * bwd_scale * (ar + ar_mlp) / 2;
    const double ars[2] = {ar, ar_mlp};
    double exposed = in.sequence_parallel ? g * (ar + ar_mlp) / 2 : 0;
    for (int i = 0; i < 2; ++i) {
      const double cg = lt.column_gemm[i];
      exposed += in.sequence_parallel
                     ? std::max(0.0, g * ars[i] / 2 - cg) + std::max(0.0, ars[i] / 2 - cg)
                     : std::max(0.0, ars[i] - cg);
    }
    return exposed;
  };
  // Summed by parts, the exposed time can round a few ulps past the total when nothing hides.
  const double fwd_ar = n_forward * fwd_scale;
  double exposed_mb = layers_mb * fwd_ar * ar + layers_moe_mb * fwd_ar * (ar_moe - ar) +
                      layers_dense_mb * backward(lt_dense, ar) +
                      layers_moe_mb * backward(lt_moe, ar_expert);
  if (m.attention_input != m.activation) {
    // MLA: the attention block's column-side collectives carry the latents (arc an all-reduce's
    // worth of them), its row side (the output projection's) the activation. With sequence
    // parallelism: forward and replay gather the latents (half of arc) and reduce-scatter the
    // output (half of ar); backward all-gathers the output gradient (half of ar),
    // reduce-scatters the latents' gradient and gathers them again for the weight gradients
    // (half of arc each). Without it: forward and replay all-reduce the output (ar), backward
    // the latents' gradient (arc). Added to the activation-wide sums above, which count ar for
    // each.
    // The latents' gathers (forward, replay, the weight gradient's) move g of their bytes.
    const double arc = all_reduce(tp, m.attention_input);
    const bool sp = in.sequence_parallel;
    tp_all_mb += layers_mb * (arc - ar) * (sp ? 0.5 + g * (1 + replayed_share_mb / 2) : 1.0);
    auto column = [&](const LayerTimes& lt) {
      if (!in.tp_backward_overlap) return (arc - ar) * (sp ? (1 + g) / 2 : 1.0);
      const double cg = lt.column_gemm[0];
      auto halves = [&](double x) {
        return std::max(0.0, g * x / 2 - cg) + std::max(0.0, x / 2 - cg);
      };
      return sp ? halves(arc) - halves(ar) : std::max(0.0, arc - cg) - std::max(0.0, ar - cg);
    };
    exposed_mb += layers_mb * (sp ? (1 + replayed_share_mb) * g * (arc - ar) / 2 : 0) +
                  layers_dense_mb * column(lt_dense) + layers_moe_mb * column(lt_moe);
  }
  return {tp_all_mb, exposed_mb};
}

}  // namespace clusterc::analysis
