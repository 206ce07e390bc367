// What collectives achieve over the cluster's links: bandwidth, latency and the compute they take
// from the GPU while they overlap it, per fabric level and ring shape (docs/model-communication.md,
// "Collectives", "Which link", "Contention"). Inline: EvaluatePlan calls them in its hot loop.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "analysis/plan_model.h"
#include "ir/checked.h"

namespace clusterc::analysis {

// The fraction of the link rate NCCL's collectives achieve over a group spanning `span` GPUs:
// the bus-bandwidth fraction of the fabric level it crosses (docs/model-communication.md).
inline double BusEfficiency(const PlanInputs& in, int64_t span) {
  bool up = span <= in.scale_up_domain && in.scale_up_bandwidth > 0;
  return up ? in.scale_up_efficiency : in.scale_out_efficiency;
}

// What a collective achieves over a group spanning `span` GPUs: the link's rate times the
// achieved bus-bandwidth fraction of its fabric level (docs/model-communication.md).
inline double AchievedBandwidth(const PlanInputs& in, int64_t span) {
  return GroupBandwidth(in, span) * BusEfficiency(in, span);
}

// Where a ring's n ranks sit: the GPUs its group spans (which fabric level it crosses) and how
// many of its ranks share a scale-up domain (0: one each, the ranks a domain or more apart).
struct RingPlacement {
  int64_t span = 0;
  double per_domain = 0;
};

// n ranks `stride` GPUs apart.
inline RingPlacement Strided(const PlanInputs& in, int64_t stride, int64_t n) {
  const int64_t domain = in.scale_up_domain;
  return {ir::SaturatingMul(stride, n), stride >= domain ? 0.0 : double(domain / stride)};
}

// `inner` ranks `inner_stride` apart, repeated `outer` times `outer_stride` apart (the dense
// gradient group of the cp and dp ranks under the rank order tp-cp-ep-pp-dp: cp ranks tp apart,
// replicas tp x cp x pp apart).
inline RingPlacement Nested(const PlanInputs& in, int64_t inner, int64_t inner_stride,
                            int64_t outer, int64_t outer_stride) {
  const int64_t domain = in.scale_up_domain;
  const double inner_here =
      inner_stride >= domain ? 0.0 : double(std::min<int64_t>(inner, domain / inner_stride));
  const double per_domain =
      outer_stride >= domain || outer <= 1
          ? inner_here
          : inner_here * double(std::min<int64_t>(outer, domain / outer_stride));
  // One rank per domain reads as none sharing one (Strided's 0).
  return {
      outer > 1 ? ir::SaturatingMul(outer_stride, outer) : ir::SaturatingMul(inner_stride, inner),
      per_domain > 1 ? per_domain : 0.0};
}

// What a ring collective of n ranks achieves when it leaves the scale-up domain. With g of its
// ranks in each domain (each with its own NIC), NCCL's rings (one per NIC, rail-aligned) cross
// the fabric once per domain boundary, so only (k - 1)/(n - 1) of the bytes every rank moves go
// through its NIC, k = n/g domains: the achieved bus bandwidth is the NIC rate x (n - 1)/(k - 1),
// up to what the scale-up links carry (Bekman, "Machine Learning Engineering",
// network/README.md: 4 x 8 B200 with 8 x 50 GB/s EFA each reach 381.8 GB/s of all-reduce bus
// bandwidth, per-accelerator NIC rate = busbw x (k - 1)/(n - 1) = 37 GB/s). One rank per domain
// (tensor parallelism filling it) leaves the NIC rate.
inline double RingBandwidth(const PlanInputs& in, const RingPlacement& at, int64_t n) {
  const double bw = AchievedBandwidth(in, at.span);
  if (at.span <= in.scale_up_domain || in.scale_up_bandwidth <= 0 || at.per_domain < 1 || n <= 1)
    return bw;
  const double domains = std::ceil(double(n) / at.per_domain);
  if (domains <= 1) return bw;
  return std::min(bw * (double(n) - 1) / (domains - 1),
                  in.scale_up_bandwidth * in.scale_up_efficiency);
}
inline double RingBandwidth(const PlanInputs& in, int64_t stride, int64_t n) {
  return RingBandwidth(in, Strided(in, stride, n), n);
}

// How many times the ring's bytes a reduce-scatter or all-gather over `span` GPUs costs: inside
// the scale-up domain it reaches less of the link than an all-reduce
// (Options::scale_up_gather_cost).
inline double GatherCost(const PlanInputs& in, int64_t span) {
  bool up = span <= in.scale_up_domain && in.scale_up_bandwidth > 0;
  return up && in.scale_up_gather_cost > 0 ? in.scale_up_gather_cost : 1;
}

// What a reduce-scatter or all-gather ring of n ranks achieves: inside the scale-up domain the
// ring's rate over GatherCost; beyond it the ring still copies over the scale-up links on its
// hops inside each domain, and those hops cost what they cost inside a domain, so the ring runs
// at no more than the domain's own gather rate.
inline double GatherRingBandwidth(const PlanInputs& in, const RingPlacement& at, int64_t n) {
  const double ring = RingBandwidth(in, at, n);
  if (at.span <= in.scale_up_domain) return ring / GatherCost(in, at.span);
  if (in.scale_up_bandwidth <= 0 || at.per_domain < 1 || in.scale_up_gather_cost <= 0) return ring;
  return std::min(ring, in.scale_up_bandwidth * in.scale_up_efficiency / in.scale_up_gather_cost);
}
inline double GatherRingBandwidth(const PlanInputs& in, int64_t stride, int64_t n) {
  return GatherRingBandwidth(in, Strided(in, stride, n), n);
}

// How many times faster than the ring an all-reduce reduced in the NVLink switch (NVLS) runs
// (Options::scale_up_reduction_speedup).
inline double NvlsSpeedup(const PlanInputs& in) {
  return in.scale_up_reduction_speedup > 0 ? in.scale_up_reduction_speedup : 1;
}

// Fraction of compute a collective over a group of `span` GPUs takes while it overlaps compute.
inline double ComputeShare(const PlanInputs& in, int64_t span) {
  return span <= in.scale_up_domain ? in.scale_up_compute_share : in.scale_out_compute_share;
}

// The compute share of a ring with several ranks in each scale-up domain: NCCL's rail-aligned
// rings (one per NIC, each GPU the domain's exit on one of them, as RingBandwidth assumes) cross
// the domain boundary on (k - 1) of their (n - 1) hops, k = domains, and copy over the scale-up
// links on the rest, so a GPU's channels spend that share of the collective on NVLink copies:
// the two compute shares (Options) weighted by the hops.
inline double RingComputeShare(const PlanInputs& in, const RingPlacement& at, int64_t n) {
  if (at.span <= in.scale_up_domain || at.per_domain < 1 || n <= 1)
    return ComputeShare(in, at.span);
  const double domains = std::ceil(double(n) / at.per_domain);
  const double outside = std::min(1.0, (domains - 1) / (double(n) - 1));
  return (1 - outside) * in.scale_up_compute_share + outside * in.scale_out_compute_share;
}
inline double RingComputeShare(const PlanInputs& in, int64_t stride, int64_t n) {
  return RingComputeShare(in, Strided(in, stride, n), n);
}

inline double Latency(const PlanInputs& in, int64_t span) {
  return span <= in.scale_up_domain ? in.scale_up_latency : in.scale_out_latency;
}

}  // namespace clusterc::analysis
