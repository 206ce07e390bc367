// GEMM asymptotes against published sweeps of the GPUs themselves (stdlib): the A100's against
// a transformer-shape sweep, TPU v5e's against the best matmul JAX's Pallas guides time on one.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "analysis/layer_model.h"
#include "support.h"

namespace clusterc::analysis {
namespace {

using testing::PlanNamed;
using testing::ValidationSpec;

// The H100's median transformer GEMM over its best matmul (H100-MEASURED.md's 0.72 against
// Bekman's MAMF table, 794.5 of 989 TFLOP/s): the rule for a GPU with only a best matmul.
constexpr double kRule = 0.72 / (794.5 / 989);

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Anthony et al. 2024, "The Case for Co-Designing Model Architectures with Hardware" (arXiv
// 2401.14489): its A100 data, EleutherAI/cookbook fb3e361, sizing/results/transformer_data/
// h_sweep.out (FP16, PyTorch 1.13.1, micro-batch 4 x 2,048 tokens, tp 1), TFLOP/s of a layer's
// QKV (h -> 3h), attention projection (h -> h) and MLP (h -> 4h, 4h -> h) GEMMs, the rows of h a
// multiple of 1,024 or 2,560 and 5,120 to 12,288 as printed.
constexpr double kHidden[10] = {2048, 2560, 3072, 4096, 5120, 6144, 7168, 8192, 10240, 12288};
constexpr double kA100[10][4] = {{219.2, 180.0, 208.3, 240.9}, {204.1, 209.2, 211.3, 244.5},
                                 {219.4, 211.0, 225.8, 237.7}, {237.4, 229.3, 237.4, 252.8},
                                 {251.8, 250.2, 239.9, 239.9}, {248.5, 245.4, 246.9, 247.5},
                                 {244.6, 253.3, 247.7, 246.6}, {244.4, 260.3, 247.1, 225.2},
                                 {250.6, 239.8, 251.0, 251.4}, {252.2, 247.4, 253.4, 253.3}};

TEST_CASE("the A100's GEMM asymptote times a transformer-shape sweep on an A100", "[gemm_sweeps]") {
  auto a100 = ValidationSpec("a100.cl");
  const PlanInputs in = PlanNamed(*a100, "mf_a100_7b");
  REQUIRE(in.peak_flops == Approx(312e12));
  const double m = 8192;
  std::vector<double> measured, ratio;
  for (std::size_t i = 0; i < 10; ++i) {
    const double h = kHidden[i];
    const double n[4] = {3 * h, h, 4 * h, h}, k[4] = {h, h, h, 4 * h};
    for (std::size_t j = 0; j < 4; ++j) {
      const double flops = 2 * m * n[j] * k[j];
      const double modelled = flops / GemmTime(in, m, n[j], k[j]) / 1e12;
      measured.push_back(kA100[i][j]);
      ratio.push_back(modelled / kA100[i][j]);
    }
  }
  // These 40 have the whole sweep's median (244.5 TFLOP/s over 324 GEMMs, h 2,048-12,288):
  // 78.4 % of the peak, where the MAMF rule put the asymptote (0.78) before the sweep was found.
  CHECK(Median(measured) / 312 == Approx(0.784).margin(0.001));
  CHECK(Median(ratio) == Approx(1.0).margin(0.01));
  // Every shape within 10 % but the narrowest projections (h 2,048-3,072, 180-211 TFLOP/s).
  for (std::size_t i = 3; i < 10; ++i)
    for (std::size_t j = 0; j < 4; ++j) {
      INFO("h " << kHidden[i] << ", GEMM " << j);
      CHECK(ratio[4 * i + j] == Approx(1.0).margin(0.10));
    }
  // The rule holds on the A100 too: its median shape over its best matmul (MAMF 271.2).
  CHECK(Median(measured) / 271.2 == Approx(kRule).margin(0.01));
}

// JAX's Pallas TPU guides, run on a TPU v5e (197 TFLOP/s BF16), time XLA's matmul with timeit
// (Python dispatch included): docs/pallas/tpu/sparse.ipynb, "Reference", 16384^3 in 46.953 ms;
// matmul.ipynb, "XLA matmul", 8192^3 in 6.047 ms and 4096^3 in 0.827 ms.
TEST_CASE("TPU v5e's GEMM asymptote is its best matmul by the A100's rule", "[gemm_sweeps]") {
  auto tpu = ValidationSpec("tpu.cl");
  const PlanInputs in = PlanNamed(*tpu, "mx_v5e_16b_256");
  REQUIRE(in.peak_flops == Approx(197e12));
  auto fraction = [](double n, double seconds) { return 2 * n * n * n / seconds / 197e12; };
  const double best = fraction(16384, 46.953e-3);
  CHECK(best == Approx(0.951).margin(0.001));
  CHECK(fraction(8192, 6.047e-3) == Approx(0.923).margin(0.001));
  CHECK(fraction(4096, 0.827e-3) < best);
  CHECK(in.gemm_efficiency == Approx(best * kRule).margin(0.005));
  // TPU v5p and v4 have no such timing and keep analysis' default (perf.default-calibration).
  CHECK(PlanNamed(*tpu, "mx_v5p_32b_64").gemm_efficiency == Approx(0.80));
}

}  // namespace
}  // namespace clusterc::analysis
