// The published closed-form models the analysis is built on, one pure function each.
//
// Every function cites its source (paper + equation/table); tests/unit/test_analysis_formulas.cpp
// reproduces a number each source publishes. Plain doubles in SI base units (bytes, seconds, FLOP)
// so the plan evaluator can call them in a tight loop without allocating. docs/model.md explains
// the assumptions and limits.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "ir/checked.h"

namespace clusterc::analysis::formulas {

// ---- parameters and FLOPs -------------------------------------------------------------------

// Dense GPT parameters, Narayanan et al. 2021 ("Efficient Large-Scale Language Model Training on
// GPU Clusters Using Megatron-LM"), eq. 2: P = 12 l h^2 (1 + 13/(12h) + (V + s)/(12 l h)).
// Learned position embeddings, biases, tied embeddings; final layer norm not counted.
constexpr double NarayananParams(double layers, double hidden, double vocab, double seq) {
  return 12 * layers * hidden * hidden *
         (1 + 13 / (12 * hidden) + (vocab + seq) / (12 * layers * hidden));
}

// Model FLOPs of one step, Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large
// Transformer Models"), eq. 7 / section 6.3: 72 B l s h^2 (1 + s/(6h) + V/(12 h l)), B sequences.
constexpr double KorthikantiModelFlops(double batch, double layers, double seq, double hidden,
                                       double vocab) {
  return 72 * batch * layers * seq * hidden * hidden *
         (1 + seq / (6 * hidden) + vocab / (12 * hidden * layers));
}

// Hardware FLOPs with full recompute (one extra forward of every layer), Narayanan et al. 2021,
// eq. 3: 96 B s l h^2 (1 + s/(6h) + V/(16 l h)).
constexpr double NarayananFullRecomputeFlops(double batch, double layers, double seq, double hidden,
                                             double vocab) {
  return 96 * batch * seq * layers * hidden * hidden *
         (1 + seq / (6 * hidden) + vocab / (16 * layers * hidden));
}

// Korthikanti et al. 2022, section 6.3 closed form for selective recompute:
// 72 B l s h^2 (1 + s/(3h) + V/(12 h l)). Its ratio to eq. 7 reproduces the HFU/MFU pairs
// Megatron-LM publishes for selective recompute (README: 22B 43.7/41.5 %, 175B 52.8/51.4 %, 530B
// 57.0/56.0 %, 1T 57.0/56.3 %).
constexpr double KorthikantiSelectiveFlops(double batch, double layers, double seq, double hidden,
                                           double vocab) {
  return 72 * batch * layers * seq * hidden * hidden *
         (1 + seq / (3 * hidden) + vocab / (12 * hidden * layers));
}

// Kaplan et al. 2020 ("Scaling Laws for Neural Language Models"), section 2.1: C ~ 6 N D.
constexpr double KaplanTrainingFlops(double params, double tokens) {
  return 6 * params * tokens;
}

// ---- memory ---------------------------------------------------------------------------------

struct ModelStateBytes {
  double weights = 0, gradients = 0, optimizer = 0;
  constexpr double Total() const { return weights + gradients + optimizer; }
};

// Model-state memory per GPU, Rajbhandari et al. 2019 ("ZeRO: Memory Optimizations Toward
// Training Trillion Parameter Models"), section 5 / figure 1: mixed-precision Adam keeps 2 bytes
// of weights, 2 of gradients and K = 12 of optimizer state per parameter. Stage 1 shards the
// optimizer over Nd ranks (4 + K/Nd), stage 2 also the gradients (2 + (2 + K)/Nd), stage 3 also the
// weights ((4 + K)/Nd). FSDP full sharding equals stage 3.
constexpr ModelStateBytes ZeroModelStates(double params, double nd, int stage,
                                          double weight_bytes = 2, double grad_bytes = 2,
                                          double optimizer_bytes = 12) {
  ModelStateBytes m{params * weight_bytes, params * grad_bytes, params * optimizer_bytes};
  if (nd < 1) nd = 1;
  if (stage >= 1) m.optimizer /= nd;
  if (stage >= 2) m.gradients /= nd;
  if (stage >= 3) m.weights /= nd;
  return m;
}

// Activation memory of one transformer layer in bytes, 16-bit activations with dropout masks,
// Korthikanti et al. 2022, table 2 (s sequence, b micro-batch, h hidden, a heads, t tensor
// parallel).
enum class ActivationCase {
  kNoParallelism,                    // sbh (34 + 5as/h)
  kTensorParallel,                   // sbh (10 + 24/t + 5as/(ht))
  kTensorSequenceParallel,           // sbh (34/t + 5as/(ht))
  kTensorParallelSelective,          // sbh (10 + 24/t)
  kTensorSequenceParallelSelective,  // sbh 34/t
  kFullRecompute,                    // 2sbh
};

constexpr double KorthikantiActivationPerLayer(double s, double b, double h, double a, double t,
                                               ActivationCase c) {
  const double sbh = s * b * h;
  switch (c) {
    case ActivationCase::kNoParallelism:
      return sbh * (34 + 5 * a * s / h);
    case ActivationCase::kTensorParallel:
      return sbh * (10 + 24 / t + 5 * a * s / (h * t));
    case ActivationCase::kTensorSequenceParallel:
      return sbh * (34 / t + 5 * a * s / (h * t));
    case ActivationCase::kTensorParallelSelective:
      return sbh * (10 + 24 / t);
    case ActivationCase::kTensorSequenceParallelSelective:
      return sbh * 34 / t;
    case ActivationCase::kFullRecompute:
      return 2 * sbh;
  }
  return 0;
}

// Micro-batches whose activations the first pipeline stage holds under 1F1B, and the interleaved
// schedule's factor: Korthikanti et al. 2022, section 4.2.3 (first stage stores p micro-batches of
// its l/p layers; interleaving multiplies by 1 + (p - 1)/(p v)).
constexpr double PipelineInFlight(double micro_batches, double stages, double virtual_stages,
                                  double stage_index = 0) {
  double held = std::min(micro_batches, stages - stage_index);
  if (held < 1) held = 1;
  if (virtual_stages > 1) held *= 1 + (stages - 1) / (stages * virtual_stages);
  return held;
}

// Pipeline bubble as a fraction of the ideal step, Narayanan et al. 2021, section 2.2:
// (p - 1)/m for 1F1B, (p - 1)/(m v) for the interleaved schedule.
constexpr double BubbleFraction(double stages, double micro_batches, double virtual_stages) {
  return micro_batches > 0 ? (stages - 1) / (micro_batches * std::max(1.0, virtual_stages)) : 0;
}

// Fused attention at a narrower head than its calibration's. Per score element the kernel does
// 2 (d_qk + d_v) FLOPs forward (2.5x that backward) on the tensor cores and one exponential on the
// special function units, which do not shrink with the head (Shah et al. 2024, FlashAttention-3,
// arXiv 2407.08608, section 3: the H100 SXM5 has 989 TFLOPS of matmul "but only 3.9 TFLOPS of
// special functions"). Taking the exponential's time `exp_time` (s, whole GPU) out of the time a
// score takes at the calibrated width, scaling the rest with the FLOPs and adding it back:
//   efficiency' = efficiency x r / (r + x (1 - r)),  r = flops / ref_flops,
//   x = exp_time x peak x efficiency / ref_flops (the exponential's share at the calibration).
// Wider heads than the calibration keep its efficiency (other limits, registers and shared
// memory, take over: the same paper's head-256 kernels gain little). exp_time 0: unchanged.
inline double NarrowHeadAttentionEfficiency(double efficiency, double peak, double exp_time,
                                            double flops, double ref_flops) {
  if (exp_time <= 0 || flops <= 0 || flops >= ref_flops || efficiency <= 0 || peak <= 0)
    return efficiency;
  const double r = flops / ref_flops;
  const double x = std::min(1.0, exp_time * peak * efficiency / ref_flops);
  return efficiency * r / (r + x * (1 - r));
}

// ---- collectives (ring algorithms; Thakur, Rabenseifner and Gropp 2005, "Optimization of
// Collective Communication Operations in MPICH", sections 4.4-4.5; Patarasuk and Yuan 2009) -----
// n ranks, message of S bytes per rank, bandwidth B bytes/s per rank and direction, latency alpha.

inline double AllReduceTime(double n, double bytes, double bw, double alpha,
                            bool in_network_reduction = false) {
  if (n <= 1 || bw <= 0) return 0;
  // SHARP reduces in the switch: each rank sends and receives S once, not 2(n-1)/n S (Graham et
  // al. 2016, "Scalable Hierarchical Aggregation Protocol (SHArP)"). NVLink SHARP (NVLS) is
  // charged its measured speed-up instead (Options::scale_up_reduction_speedup).
  double traffic = in_network_reduction ? (n - 1) / n : 2 * (n - 1) / n;
  return traffic * bytes / bw + 2 * (n - 1) * alpha;
}
inline double ReduceScatterTime(double n, double bytes, double bw, double alpha) {
  if (n <= 1 || bw <= 0) return 0;
  return (n - 1) / n * bytes / bw + (n - 1) * alpha;
}
inline double AllGatherTime(double n, double bytes, double bw, double alpha) {
  return ReduceScatterTime(n, bytes, bw, alpha);
}
inline double AllToAllTime(double n, double bytes, double bw, double alpha) {
  if (n <= 1 || bw <= 0) return 0;
  return (n - 1) / n * bytes / bw + (n - 1) * alpha;
}

// Group-limited routing (DeepSeek-V2, arXiv 2405.04434, section 2.1.3 "device-limited routing",
// M = 3 devices; DeepSeek-V3 report, arXiv 2412.19437, section 3.2.2, at most 4 nodes per token):
// the routed experts form `groups` equal groups laid out in order over the expert-parallel
// group's `units` (GPUs, or nodes); a token's top_k experts lie in its `top_groups` best groups,
// and it is sent once to each unit holding any of them. Copies per token that leave their own
// unit, at most the unlimited top_k (units - 1) / units: V3's 8 experts in 4 of 8 nodes send
// 4 x 7/8 = 3.5 copies over InfiniBand instead of 7.
inline double GroupLimitedCopies(double top_k, double groups, double top_groups, double units) {
  if (units <= 1) return 0;
  double unlimited = top_k * (units - 1) / units;
  if (groups <= 0 || top_groups <= 0) return unlimited;
  double touched =
      groups >= units ? std::min(top_groups, units) : std::min(top_k, top_groups * units / groups);
  return std::min(unlimited, std::min(top_k, touched) * (units - 1) / units);
}

// Deduplicated dispatch without group-limited routing (DeepSeek's DeepEP, Megatron-Core's
// HybridEP): a token goes once to each remote unit (scale-up domain, or GPU) holding any of its
// top_k distinct experts, the `experts` spread evenly over the `units`. A given remote unit holds
// none of them with the hypergeometric probability C(E - E/U, k) / C(E, k), so the copies leaving
// a unit are (U - 1) (1 - prod_{i<k} (E - E/U - i) / (E - i)), at most top_k (U - 1) / U: Qwen3
// 30B-A3B's 8 of 128 experts over 2 nodes send 0.997 copies, not 4.
inline double DeduplicatedCopies(double top_k, double experts, double units) {
  if (units <= 1 || experts <= 0) return 0;
  const double per_unit = experts / units;
  double none = 1;  // probability that a given remote unit holds none of the token's experts
  for (double i = 0; i < top_k; ++i)
    none *= std::max(0.0, (experts - per_unit - i) / (experts - i));
  return std::min(top_k * (units - 1) / units, (units - 1) * (1 - none));
}

// ---- fabric ---------------------------------------------------------------------------------

// k-ary fat tree, Al-Fares, Loukissas and Vahdat 2008 ("A Scalable, Commodity Data Center Network
// Architecture"), section 3.2: k pods of k/2 edge and k/2 aggregation switches, (k/2)^2 cores,
// k^3/4 hosts, 5k^2/4 switches.
constexpr int64_t KaryFatTreeHosts(int64_t k) {
  return k * k * k / 4;
}
constexpr int64_t KaryFatTreeSwitches(int64_t k) {
  return 5 * k * k / 4;
}

struct FatTreeCounts {
  int64_t leaf = 0, spine = 0, core = 0;
  int64_t mid = 0;  // 4 tiers: the tier between the spines and the cores ("super-spines")
  int64_t mid_uplinks = 0;
  int64_t capacity = 0;        // endpoints the radix and tiers can attach
  int64_t leaf_downlinks = 0;  // endpoint ports per leaf
  int64_t leaf_uplinks = 0;
  int64_t spine_uplinks = 0;
  int64_t Switches() const { return leaf + spine + mid + core; }
};

// Switch counts of a folded-Clos (fat-tree) fabric of radix-R switches: the k-ary construction
// generalised to any endpoint count, rails and oversubscription. Leaves split their ports
// o : 1 between endpoints and uplinks (o = leaf oversubscription), so d = R o/(o + 1) downlinks;
// in a rail-optimised fabric each rail has its own leaves (NVIDIA DGX SuperPOD H100 reference
// architecture, section "Compute fabric"): leaves = rails x ceil(endpoints per rail / d). Every
// leaf uplink is cabled (the reference architecture provisions full uplinks even in partial
// scalable units), so spines = ceil(leaves x u / R) for two tiers. With three tiers a spine
// splits its ports po : 1 between leaves and cores (po = pod oversubscription, 1 in a non-blocking
// tree), spines = ceil(leaf uplinks / (R po/(po + 1))), cores = ceil(spine uplinks / R).
// Capacity: R endpoints with one tier, R d with two, R d (R/2) with three (k^3/4 when d = k/2).
// Four tiers (a 4-tier Clos, for fabrics past k^3/4 endpoints) repeat the construction once more:
// a middle tier splits its ports half down, half up, and the top tier points every port down, so
// capacity is R d (R/2)^2 = 2 (k/2)^4 and a full tree has (2n - 1)(k/2)^(n-1) = 7 (k/2)^3
// switches, the k-ary fat tree's counts (Al-Fares et al. 2008: n = 3 gives k^3/4 hosts, 5k^2/4
// switches) with one more level of the same recursion.
inline FatTreeCounts FatTree(int64_t endpoints, int64_t radix, int64_t tiers, int64_t rails = 1,
                             double leaf_oversubscription = 1, double pod_oversubscription = 1) {
  FatTreeCounts c;
  if (radix <= 0 || endpoints <= 0) return c;
  // b is 0 for a leaf without downlinks (radix 1): nothing attaches, and no division by zero.
  auto ceil_div = [](double a, double b) -> int64_t {
    return b > 0 ? ir::SaturatingInt64(std::ceil(a / b - 1e-9)) : 0;
  };
  if (rails < 1) rails = 1;
  if (tiers <= 1) {
    c.leaf = ceil_div(endpoints, radix);
    c.leaf_downlinks = radix;
    c.capacity = radix;
    return c;
  }
  double o = std::max(1.0, leaf_oversubscription);
  c.leaf_downlinks = static_cast<int64_t>(std::floor(radix * o / (o + 1) + 1e-9));
  c.leaf_uplinks = radix - c.leaf_downlinks;
  int64_t per_rail = ceil_div(endpoints, rails);
  c.leaf = rails * ceil_div(per_rail, c.leaf_downlinks);
  int64_t leaf_up = c.leaf * c.leaf_uplinks;
  if (tiers == 2) {
    c.spine = ceil_div(leaf_up, radix);
    c.capacity = radix * c.leaf_downlinks;
    return c;
  }
  double po = std::max(1.0, pod_oversubscription);
  int64_t spine_down = static_cast<int64_t>(std::floor(radix * po / (po + 1) + 1e-9));
  c.spine_uplinks = radix - spine_down;
  c.spine = ceil_div(leaf_up, spine_down);
  if (tiers == 3) {
    c.core = ceil_div(c.spine * c.spine_uplinks, radix);
    c.capacity = radix * c.leaf_downlinks * (radix / 2);
    return c;
  }
  c.mid_uplinks = radix - radix / 2;
  c.mid = ceil_div(c.spine * c.spine_uplinks, radix / 2);
  c.core = ceil_div(c.mid * c.mid_uplinks, radix);
  c.capacity = radix * c.leaf_downlinks * (radix / 2) * (radix / 2);
  return c;
}

// Dragonfly, Kim, Dally, Scott and Abts 2008 ("Technology-Driven, Highly-Scalable Dragonfly
// Topology", ISCA), section 3: a group of a routers joined all-to-all by local channels acts as
// one virtual router of radix a(p + h); each router has p terminal, a - 1 local and h global
// channels, so k = p + a + h - 1. Groups are joined all-to-all by global channels, at most
// g = a h + 1 groups, N = a p (a h + 1) terminals (their worked example: p = h = 2, a = 4,
// k = 7 routers give 9 groups, 72 terminals). Section 3.1: a = 2p = 2h balances channel load.
struct DragonflyCounts {
  int64_t groups = 0;
  int64_t routers = 0;
  int64_t capacity = 0;           // a p (a h + 1)
  int64_t local_cables = 0;       // g a (a - 1)/2
  int64_t global_cables = 0;      // g (g - 1)/2 group pairs x links per pair
  int64_t links_per_pair = 0;     // global links between two groups: floor(a h / (g - 1))
  int64_t global_ports_used = 0;  // per group: (g - 1) x links per pair
};
inline DragonflyCounts Dragonfly(int64_t endpoints, int64_t p, int64_t a, int64_t h,
                                 int64_t groups = 0) {
  DragonflyCounts c;
  if (p <= 0 || a <= 0 || h < 0 || endpoints <= 0) return c;
  c.capacity = ir::SaturatingMul(ir::SaturatingMul(a, p), ir::SaturatingMul(a, h) + 1);
  int64_t per_group = a * p;
  c.groups = groups > 0 ? groups : (endpoints + per_group - 1) / per_group;
  c.routers = ir::SaturatingMul(c.groups, a);
  c.local_cables = ir::SaturatingMul(c.groups, a * (a - 1) / 2);
  if (c.groups > 1) {
    c.links_per_pair = a * h / (c.groups - 1);
    c.global_ports_used = c.links_per_pair * (c.groups - 1);
    c.global_cables =
        ir::SaturatingMul(ir::SaturatingMul(c.groups, c.groups - 1) / 2, c.links_per_pair);
  }
  return c;
}

// Global bandwidth a terminal gets for traffic leaving its group, as a fraction of its injection
// rate. Kim et al. section 4: minimal routing crosses one global channel, so uniform traffic gets
// the group's global channels shared among its a p terminals; Valiant (non-minimal) routing sends
// every packet through an intermediate group, two global channels, halving it, the price of
// worst-case (adversarial) traffic.
inline double DragonflyGlobalFraction(int64_t p, int64_t a, int64_t global_ports_used,
                                      bool non_minimal) {
  if (p <= 0 || a <= 0) return 0;
  double f = double(global_ports_used) / double(a * p);
  if (non_minimal) f /= 2;
  return std::min(1.0, f);
}

// Rail-only network, Wang, Ghobadi, Shakeri, Zhang and Hasani 2023 ("Rail-only: A Low-Cost
// High-Performance Network for Training LLMs with Trillion Parameters", arXiv 2307.12169),
// section 4: GPUs of the same rank in every scale-up (HB) domain form a rail, each rail its own
// Clos network, and no spine joins rails: cross-rail traffic first crosses the HB domain
// (NVLink) to the GPU on the destination's rail. So an all-to-all of B bytes per GPU over
// domains of d GPUs forwards the (d - 1)/d of it bound for other rails once over the scale-up
// link before the network hop (the forwarding their section 5 costs at 8.2-11.2 % for MoE).
inline double RailOnlyForwardTime(double bytes, double domain, double scale_up_bw) {
  if (domain <= 1 || scale_up_bw <= 0) return 0;
  return (domain - 1) / domain * bytes / scale_up_bw;
}

// ---- the slowest device ---------------------------------------------------------------------

// Inverse of the standard normal CDF, Acklam's rational approximation (relative error below
// 1.15e-9; P. J. Acklam, "An algorithm for computing the inverse normal cumulative distribution
// function", 2003). p in (0, 1).
inline double InverseNormalCdf(double p) {
  constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                          1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
  constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                          6.680131188771972e+01, -1.328068155288572e+01};
  constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                          -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
  constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                          3.754408661907416e+00};
  auto tail = [&](double q) {
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
           ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  };
  if (p <= 0) return -INFINITY;
  if (p >= 1) return INFINITY;
  if (p < 0.02425) return tail(std::sqrt(-2 * std::log(p)));
  if (p > 1 - 0.02425) return -tail(std::sqrt(-2 * std::log(1 - p)));
  const double q = p - 0.5, r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
         (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

// Expected largest of n independent standard normal draws, by Blom's approximation to the normal
// order statistics, E[X(i:n)] ~ Phi^-1((i - 0.375) / (n + 0.25)) (G. Blom, "Statistical
// Estimates and Transformed Beta-Variables", 1958); at i = n within 0.6 % of Harter's exact
// table (1961: 1.53875 for n = 10, 2.50759 for 100, 3.24144 for 1,000), 4.5 % over at n = 2
// (1 / sqrt(pi)). 0 for n <= 1.
inline double ExpectedMaxOfNormals(double n) {
  if (n <= 1) return 0;
  return InverseNormalCdf((n - 0.375) / (n + 0.25));
}

// Standard deviation of a device's speed across parts of one model, from Sinha et al.'s measure
// of it (SC22, "Not All GPUs Are Created Equal"; their artifact, hal-uw/gpu_variability_sc22_
// artifact plot_script/plot_aggregated.py): the box plot's whisker range, Q1 - 1.5 IQR to
// Q3 + 1.5 IQR, over the median. For a normal spread that range is 4 IQR = 4 x 1.349 sigma.
constexpr double SpeedSigmaFromWhiskerRange(double variation) {
  return variation / (4 * 1.3489795003921634);
}

// A synchronous step goes at its slowest device's pace: n devices whose times spread normally
// with standard deviation sigma (a fraction of the median's) take 1 + sigma E[max of n] of the
// median device's time for the work each does alike.
inline double SlowestDevicePace(double sigma, double n) {
  return sigma > 0 ? 1 + sigma * ExpectedMaxOfNormals(n) : 1;
}

// ---- reliability ----------------------------------------------------------------------------

// Independent exponential failures: the system's failure rate is the sum of its parts' rates, so
// N parts of MTBF m fail N x 86400/m times a day (seeds: 100,000 GPUs at 50,000 h -> 48 per day).
constexpr double FailuresPerDay(double parts, double mtbf_seconds) {
  return mtbf_seconds > 0 ? parts * 86400.0 / mtbf_seconds : 0;
}

// Optimal checkpoint interval, Young 1974 ("A first order approximation to the optimum checkpoint
// interval", CACM 17(9)): tau = sqrt(2 delta M) for write time delta and mean time between
// failures M.
inline double YoungInterval(double write_time, double mtbf) {
  return std::sqrt(2 * write_time * mtbf);
}

// Daly 2006 ("A higher order estimate of the optimum checkpoint interval for restart dumps", FGCS
// 22), eq. 37: tau = sqrt(2 delta M) [1 + sqrt(delta/(2M))/3 + delta/(18M)] - delta for delta < 2M,
// and M otherwise.
inline double DalyInterval(double write_time, double mtbf) {
  if (write_time >= 2 * mtbf) return mtbf;
  double r = write_time / (2 * mtbf);
  return std::sqrt(2 * write_time * mtbf) * (1 + std::sqrt(r) / 3 + r / 9) - write_time;
}

// First-order fraction of time lost to checkpointing and failures (Young 1974; Daly 2006 eq. 5):
// writing costs delta/tau, a failure loses on average tau/2 of work and the restart time R.
inline double CheckpointLoss(double write_time, double interval, double mtbf, double restart) {
  if (interval <= 0 || mtbf <= 0) return 0;
  return write_time / interval + interval / (2 * mtbf) + restart / mtbf;
}

// ---- cost -----------------------------------------------------------------------------------

// A rented run: GPU-hours x price per GPU-hour (DeepSeek-V3 technical report, arXiv 2412.19437,
// table 1: 2,788K H800 GPU-hours x 2 USD = 5.576 M USD). SI: GPU-seconds x USD per GPU-second.
constexpr double RentalCost(double gpu_seconds, double usd_per_gpu_second) {
  return gpu_seconds * usd_per_gpu_second;
}

// An owned run: capex depreciated linearly over its life plus opex, for the run's wall time.
constexpr double OwnedCost(double capex, double life_seconds, double opex_per_second,
                           double run_seconds) {
  return (life_seconds > 0 ? capex / life_seconds : 0) * run_seconds +
         opex_per_second * run_seconds;
}

}  // namespace clusterc::analysis::formulas
