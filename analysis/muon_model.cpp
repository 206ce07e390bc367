#include "analysis/muon_model.h"

#include <algorithm>

#include "analysis/collective_rates.h"
#include "analysis/formulas.h"

namespace clusterc::analysis {
namespace {

// How tensor parallelism holds a matrix: whole on every rank (Megatron-Core's MoE router, MLA's
// down-projections), its rows split (column-parallel: QKV, the MLP's first layer) or its columns
// (row-parallel: the output projection, the MLP's second layer).
enum class Split { kNone, kRows, kCols };

// Newton-Schulz on one matrix of rows x cols (full size) on one GPU of a group of `t` tensor-
// parallel ranks. Under `duplicated` (Megatron-Core's default tp_mode) a split matrix's fp32
// momentum is all-gathered and the whole matrix orthogonalised on every rank; under `blockwise`
// each rank orthogonalises its slice (emerging_optimizers.py: partition_dim None).
MuonWork Matrix(const PlanInputs& in, double rows, double cols, Split split, double t) {
  MuonWork w;
  if (rows <= 0 || cols <= 0) return w;
  if (split != Split::kNone && t > 1) {
    if (in.muon_tp_duplicated)
      w.gathered = 4 * rows * cols;  // the whole fp32 matrix, (t - 1) / t of it received
    else if (split == Split::kRows)
      rows /= t;
    else
      cols /= t;
  }
  const double s = std::min(rows, cols), L = std::max(rows, cols);
  // Each iteration's three GEMMs in 16 bits (fp32_matmul_prec "medium" casts X to bf16), on the
  // efficiency curve; before them the Frobenius normalisation and the cast of the fp32 momentum
  // (read 4 + 4, write 2) and after them the cast back (read 2, write 4): 16 bytes an element.
  const double iteration =
      GemmTime(in, s, s, L, true) + GemmTime(in, s, s, s, true) + GemmTime(in, s, L, s, true);
  w.time = double(std::max<int64_t>(1, in.muon_ns_steps)) * iteration +
           MemoryBoundTime(in, 16 * rows * cols) + 2 * in.gemm_overhead;
  w.largest = w.time;
  return w;
}

}  // namespace

double NewtonSchulzFlops(double rows, double cols, int64_t steps) {
  const double s = std::min(rows, cols), L = std::max(rows, cols);
  return double(steps) * (4 * s * s * L + 2 * s * s * s);
}

void MuonWork::Add(const MuonWork& w, double count) {
  if (count <= 0) return;
  time += count * w.time;
  gathered += count * w.gathered;
  largest = std::max(largest, w.largest);
}

MuonLayerWork MuonLayer(const PlanInputs& in, const AttentionDims& a, bool moe_layer) {
  MuonLayerWork out;
  MuonWork& d = out.dense;
  const double t = double(std::max<int64_t>(1, in.tp));
  const double h = double(in.hidden);
  if (in.mla) {
    // DeepSeek-V2 eqs. 9-19 as Megatron-Core lays them out (multi_latent_attention.py): the
    // down-projections whole on every tensor-parallel rank, the up-projections column-parallel,
    // the output row-parallel. Not split by head or by Q/K/V (the split_qkv TODO for MLA).
    const double H = double(in.heads), qk = double(in.head_dim + in.rope_dim);
    if (in.q_rank > 0) {
      d.Add(Matrix(in, double(in.q_rank), h, Split::kNone, t), 1);
      d.Add(Matrix(in, H * qk, double(in.q_rank), Split::kRows, t), 1);
    } else {
      d.Add(Matrix(in, H * qk, h, Split::kRows, t), 1);
    }
    d.Add(Matrix(in, double(in.kv_rank + in.rope_dim), h, Split::kNone, t), 1);
    d.Add(Matrix(in, H * double(in.head_dim + in.v_head_dim), double(in.kv_rank), Split::kRows, t),
          1);
  } else {
    // muon_split_qkv (Megatron-Core's default): Q, K and V orthogonalised apart.
    d.Add(Matrix(in, a.q, h, Split::kRows, t), 1);
    d.Add(Matrix(in, a.k, h, Split::kRows, t), 1);
    d.Add(Matrix(in, a.v, h, Split::kRows, t), 1);
  }
  d.Add(Matrix(in, h, a.o, Split::kCols, t), 1);
  // The first MLP layer is one matrix with SwiGLU's gate and up halves (not split).
  const double up = in.swiglu ? 2.0 : 1.0;
  if (!moe_layer) {
    const double ffn = double(in.ffn);
    d.Add(Matrix(in, up * ffn, h, Split::kRows, t), 1);
    d.Add(Matrix(in, h, ffn, Split::kCols, t), 1);
    return out;
  }
  const double fe = double(in.expert_ffn > 0 ? in.expert_ffn : in.ffn);
  if (in.shared_experts > 0) {
    const double fs = fe * double(in.shared_experts);
    d.Add(Matrix(in, up * fs, h, Split::kRows, t), 1);
    d.Add(Matrix(in, h, fs, Split::kCols, t), 1);
  }
  d.Add(Matrix(in, double(in.experts), h, Split::kNone, t), 1);  // the router, 2-D, in Muon
  // Each routed expert's two matrices (TE GroupedLinear's weight{i}), over the expert-tensor-
  // parallel group.
  const double et = double(ExpertTp(in));
  const double local = double(in.experts) / double(std::max<int64_t>(1, in.ep));
  out.expert.Add(Matrix(in, up * fe, h, Split::kRows, et), local);
  out.expert.Add(Matrix(in, h, fe, Split::kCols, et), local);
  return out;
}

MuonWork MuonMtpProjection(const PlanInputs& in) {
  const double h = double(in.hidden);
  return Matrix(in, h, 2 * h, Split::kRows, double(std::max<int64_t>(1, in.tp)));
}

double MuonStepTime(const PlanInputs& in, const MuonWork& dense, const MuonWork& expert,
                    double dense_owners, double expert_owners, double pace) {
  const double share = dense.time / dense_owners + expert.time / expert_owners;
  double t = pace * std::max({share, dense.largest, expert.largest});
  auto gather = [&](double bytes, int64_t ranks) {
    return ranks > 1 && bytes > 0
               ? formulas::AllGatherTime(double(ranks), bytes, AchievedBandwidth(in, ranks),
                                         Latency(in, ranks))
               : 0.0;
  };
  t += gather(dense.gathered / dense_owners, std::max<int64_t>(1, in.tp)) +
       gather(expert.gathered / expert_owners, ExpertTp(in));
  return t;
}

}  // namespace clusterc::analysis
