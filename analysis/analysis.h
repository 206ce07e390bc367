// Analysis: derive every quantity of a checked program, and report what is infeasible.
//
// The one entry point other phases call. Pure: no I/O, no printing; diagnostics go to the sink.
// The typed results (ClusterResults, PlanResults) are the primary output; the derived-value table
// that `require` and `clusterc explain` read is filled from them.
#pragma once

#include <optional>
#include <vector>

#include "analysis/cluster_model.h"
#include "analysis/jobs.h"
#include "analysis/plan_model.h"
#include "diag/diagnostic.h"
#include "ir/derived.h"
#include "ir/ir.h"

namespace clusterc::analysis {

// Thresholds and defaults; each is documented in docs/model.md or, for communication,
// docs/model-communication.md.
struct Options {
  // Memory a GPU loses to the CUDA context (~0.5-1 GiB), NCCL buffers (~1 GiB at default
  // NCCL_BUFFSIZE over a few communicators) and allocator fragmentation, when the plan does not
  // set `framework_reserve`.
  double framework_reserve = 3.0 * 1073741824.0;  // bytes
  // perf.exposed-comm fires above this fraction of the step.
  double exposed_comm_threshold = 0.30;
  // perf.pipeline-bubble fires when fill and drain exceed this fraction of the step.
  double bubble_threshold = 0.15;
  // perf.moe-host-bound fires when an MoE layer with at least moe_host_min_local_experts experts
  // per GPU (those runs had 8 and 16; the host's work grows with them, a quantisation and a GEMM
  // launch per expert) takes the host issue floor rather than its GPU work (host_kernel_time),
  // or less time per micro-batch (forward, backward, recompute) than moe_host_floor: the time
  // per layer of published Megatron-Core runs that were host-bound, the same on H100 and B200
  // (Megatron-Bridge performance summaries, Qwen3 30B-A3B at micro-batch 1: 25.11 on 8 B200,
  // 4,096 / 9,299 tokens/s / 48 layers = 9.2 ms; docs/model.md).
  double moe_host_floor = 9.2e-3;  // s
  int64_t moe_host_min_local_experts = 8;
  // perf.sharded-comm-heavy fires when a ZeRO-3/FSDP data-parallel group reaches beyond the
  // scale-up domain and the collectives the step hides exceed this fraction of its compute
  // (forward, backward, recompute): the share above which, until round 24, every such published
  // run of the validation suite was 3-18 % slower than predicted (docs/validation.md; the
  // warning's note prints where they stand now, test_rule_evidence.cpp).
  double sharded_comm_share = 0.20;
  // perf.dp-comm-heavy, the same for ZeRO-1/2 (the distributed optimizer), at the same share:
  // the suite's nine such runs of round 25, with collectives at 25-91 % of compute, were all
  // slower than predicted (17-76 %) before its step_overhead, and -15...+49 % after it, the two
  // over RoCE the furthest (docs/validation.md; the note prints the runs there now).
  double dp_comm_share = 0.20;
  // perf.muon-orthogonalization fires when Muon's Newton-Schulz takes this share of the step or
  // more: NVIDIA measured Muon's whole step at 1.021x and 1.039x AdamW's in Megatron-Bridge's
  // Kimi K2 and Qwen3 30B-A3B runs on GB300 (docs/model-optimizer.md), so 5 % is above what
  // published Muon runs spent on it.
  double muon_orthogonalization_share = 0.05;
  // reliability.checkpoint-interval fires when the plan's interval is more than this factor away
  // from the Young/Daly optimum.
  double checkpoint_factor = 2.0;
  // GEMM efficiency curve: fixed cost per GEMM (kernel launch, wave tail) and tile edge for
  // quantisation; see docs/model.md.
  double gemm_overhead = 4e-6;  // s
  double gemm_tile = 128;
  // Host time to issue one kernel the step model counts, from eager PyTorch: 1.29-1.37 ms for a
  // Megatron-Core 1.7B layer and 1.37 ms for its 7.1B TP-2 layer, forward and backward
  // (bench/gpu/results/h100-2026-11-26, probe.json and repeat_probe.json), 24 kernels each as
  // the model counts them (the profiler saw 45 and 49, autograd's bookkeeping among them):
  // 53.7, 57.3, 56.9 us. Per counted kernel, so that the floor reproduces the measured layers.
  double host_kernel_time = 56e-6;  // s
  // Host time per kernel of the eager PyTorch operations the model counts one by one (the
  // routed experts' bias loop, `expert_bias`, and the activation's clamps, `clamped_activation`),
  // forward and backward: Megatron-Core's own TEGroupedMLP._apply_bias at GPT-OSS 120B's width
  // with the GPU waiting on the host (8, 16 and 32 local experts of 128-1,024 copies, bf16
  // probabilities; bench/gpu/moe_block_probe.py, H200, 2026-11-30) took 12.9-17.7 us a forward
  // kernel and 21.1-32.2 us a backward one, five readings in two runs; their means. Autograd's
  // backward costs the host more per kernel than the forward; tiny kernels with no autograd
  // issue every 6.9-9.3 us (H100, 2026-11-26), the 8.1 us taken for both until round 50.
  double eager_op_time = 15.2e-6;           // s, forward
  double eager_op_backward_time = 26.8e-6;  // s
  // Host-memory offload where the GPU states no `host_bandwidth`: a PCIe Gen5 x16 link, 128 GB/s
  // both directions (Transformer Engine docs, "CPU offloading": "Traditional PCIe Gen5 x16
  // systems offer 128 GB/s bidirectional bandwidth"), one direction at a time.
  double default_host_bandwidth = 64e9;  // B/s
  // Time a step spends outside its forward, backward and optimizer kernels, with the GPU idle.
  // Not one rank's own launches: whole steps on one H200 or H100, their gradient-norm and loss
  // synchronisations included, idled 0.4-20 ms (bench/gpu/step_probe.py, 2026-11-28); the
  // rest (waiting for the other ranks, the data, the framework) is not measured apart. It is
  // fitted, once for every GPU and framework, to the validation suite's time and throughput
  // cases other than MLPerf Training v5.1's and Qwen3's (round 25: 5.63 % mean |error| at 0,
  // 4.72 % at 50 ms, 4.75 % at 60 ms), and checked on the v5.1 cases held out (24.4 % ->
  // 11.1 %; docs/validation.md). Refitted in round 53, once the wait for the slowest GPU had a
  // term of its own (speed_variation below): over the 221 cases of the fit 5.23 % at 0, 4.87 %
  // at 20 ms, 4.79 % at 30, 4.78 % at 35, 4.81 % at 40, 4.87 % at 50; the 29 v5.1 cases held
  // out 15.8, 9.1, 7.4, 7.1, 7.5 and 8.7 %.
  // A plan states its own with `step_overhead`.
  double step_overhead = 35e-3;  // s
  // How far one GPU's speed strays across parts of its model, for a GPU whose stdlib entry
  // states no `speed_variation`: Sinha et al. (SC22, "Not All GPUs Are Created Equal"),
  // abstract: "8% (max 22%) average performance variation" over five HPC clusters of NVIDIA
  // and AMD GPUs (Summit, Vortex, Frontera, Longhorn, Corona), measured as a box plot's whisker
  // range over the median (docs/model-scale.md). The step waits for the slowest of the plan's GPUs.
  double speed_variation = 0.08;
  // perf.short-step fires when the step overhead is this share of the step or more: where it
  // moves the predicted throughput by a tenth.
  double short_step_share = 0.10;
  // Operator-level step model defaults for a GPU whose stdlib entry leaves them out
  // (docs/model.md): fused attention reaches these fractions of the GEMM asymptote at long
  // sequences (H100 SXM5, H100-MEASURED.md: 0.72 / 0.74 forward, 0.56 / 0.74 backward);
  // element-wise kernels this fraction of the HBM bandwidth (H100: GELU 2.58 of 3.35 TB/s).
  double attention_to_gemm = 0.97, attention_backward_to_gemm = 0.75;
  double memory_efficiency = 0.77;
  // FlashAttention-2 over FlashAttention-1 (`attention_kernel = flash1`): Dao 2023
  // (FlashAttention-2, arXiv 2307.08691), abstract: "around 2x speedup compared to
  // FlashAttention" (A100, forward and backward).
  double flash2_speedup_over_flash1 = 2.0;
  // Achieved NCCL bus bandwidth over the link rate (NVIDIA nccl-tests on DGX A100 / DGX H100:
  // all-reduce busbw about 230 of 300 GB/s and 360 of 450 GB/s over NVLink, about 90 % of the
  // line rate over InfiniBand rails).
  double scale_up_bus_efficiency = 0.78, scale_out_bus_efficiency = 0.9;
  // A reduce-scatter or all-gather over NVLink costs this many times the ring's (n - 1)/n of the
  // tensor at that bus bandwidth: Calculon's system files (Isaev et al. SC'23;
  // systems/a100_80g.json and h100_80g_nvl8.json, "ops") charge both 1.5x on the NVLink network
  // and 1.0x on the scale-out one, the calibration behind its 3.65 % validation on Megatron-LM's
  // A100 runs. Not applied over TPU ICI (no figure). At 16 GiB nccl-tests measure both at the
  // ring all-reduce's bus bandwidth on NVLink4 (docs/model-communication.md, "Collectives"); the
  // sizes training moves are smaller, and no measurement at those sizes is at hand.
  double scale_up_gather_cost = 1.5;
  // An all-reduce reduced inside the NVLink switch (NVLS) runs this many times faster than the
  // ring over the same links: nccl-tests on an 8 x H200 node (NVLink4, as HGX H100; NCCL
  // 2.27.7, 8 GiB): 473.1 GB/s bus bandwidth with NVLS against 365.6 with NCCL_NVLS_ENABLE=0,
  // 1.29x; 480.0 against 367.2 at 16 GiB, 1.31x (Bekman, "Machine Learning Engineering",
  // network/README.md, "SHARP"); NVIDIA's GTC25 talk S72583 shows 480 against 370 GB/s. Not the
  // 2x that halving the ring's traffic would give.
  double scale_up_reduction_speedup = 1.3;
  // Share of the GPU a collective takes from compute it overlaps (NCCL kernels hold SMs and
  // share HBM and the power cap): hidden communication still costs this fraction of its
  // duration. Measured on an H100 SXM5 (bench/gpu/contention_probe.py, 2026-11-27): transformer
  // layers forward + backward beside 16 NCCL-shaped blocks streaming a reduce at NVLink 4's
  // ring rate (about 870 GB/s of HBM traffic) ran 20-29 % of the time slower (mean 0.24), at
  // a 400G NIC's rate (150 GB/s) 17-25 % (mean 0.20): the SMs held matter more than the bytes.
  // Calculon's unmeasured figures (Isaev et al. SC'23, "processor_usage") were 0.15 and 0.02.
  double scale_up_comm_compute_share = 0.24, scale_out_comm_compute_share = 0.20;
  // Latency per collective step when the IR gives none.
  double default_scale_up_latency = 2e-6;   // s, NVLink hop incl. software
  double default_scale_out_latency = 5e-6;  // s, NIC-switch-NIC incl. software
  // HBM traffic of one mixed-precision optimizer step per parameter, as Megatron-LM's
  // MixedPrecisionOptimizer.step runs it (megatron/core/optimizer/optimizer.py): the gradient
  // norm for clipping reads the fp32 gradient (4); fused Adam reads the fp32 master weight,
  // gradient, m and v and writes the weight, m and v (28); the master weights are copied to the
  // 16-bit model weights (read 4, write 2); the fp32 gradient buffer is zeroed (4): 42 bytes.
  double optimizer_bytes_per_param = 42;
  // The same step unfused (`optimizer { fused = false }`), each element-wise operation a pass
  // over fp32 tensors, as Composer's DecoupledAdamW.adamw runs it
  // (composer/optim/decoupled_weight_decay.py): exp_avg.mul_ (8) .add_(grad) (12),
  // exp_avg_sq.mul_ (8) .addcmul_(grad, grad) (12), sqrt (8), / sqrt(bias_correction2) (8),
  // .add_(eps) (8), param.addcdiv_ (16): 80 bytes without weight decay; PyTorch's `foreach`
  // AdamW (_multi_tensor_adamw) makes the same passes over lists of tensors, its lerp_ folding
  // exp_avg's two (72 bytes, 80 with weight decay). clip_grad_norm_ reads the gradient for its
  // norm and scales it in place (12): 92 bytes.
  double unfused_optimizer_bytes_per_param = 92;
};

// Derived quantities of every cluster and plan, indexed like the Program's tables.
struct Results {
  std::vector<ClusterResults> clusters;  // [cluster index]
  std::vector<PlanResults> plans;        // [plan index]
  std::vector<PlanInputs> plan_inputs;   // [plan index], what the plans were evaluated from
  std::vector<JobsResults> jobs;         // [jobs index]
  // The node group each plan runs on, and the cluster as a plan on it sees it (its group's
  // nodes and GPUs; the same as `clusters` for a single-group cluster).
  std::vector<PlanGroup> plan_groups;                    // [plan index]
  std::vector<ClusterResults> plan_clusters;             // [plan index]
  std::vector<std::vector<ClusterResults>> group_views;  // [cluster][group]

  // values[kind-table index][entity][DerivedId]: filled for clusters and plans, NaN where absent.
  std::vector<std::vector<double>> cluster_values;  // [cluster][DerivedId], SI units
  std::vector<std::vector<double>> plan_values;     // [plan][DerivedId], SI units

  // The SI value of a derived quantity, or nothing when analysis could not derive it.
  std::optional<double> Lookup(ir::Kind kind, uint32_t entity, ir::DerivedId id) const;
};

Results Analyze(const ir::Program& program, const Options& options, DiagnosticSink& sink);

// The feasibility rules (rules.cpp), exposed for tests: they read the typed results and report.
// `groups`: the cluster as each of its node groups sees it (DeriveCluster's group views); the
// rules of racks, nodes and scale-up domains run once per group.
void CheckCluster(const ir::Program& program, uint32_t index, const ClusterResults& r,
                  const std::vector<ClusterResults>& groups, const Options& options,
                  DiagnosticSink& sink);
void CheckPlan(const ir::Program& program, uint32_t index, const PlanInputs& in,
               const PlanResults& r, const ClusterResults& cluster, const Options& options,
               DiagnosticSink& sink);
void CheckModel(const ir::Program& program, uint32_t index, DiagnosticSink& sink);
void CheckJobs(const ir::Program& program, uint32_t index, const JobsResults& r,
               const std::vector<ClusterResults>& clusters, DiagnosticSink& sink);
void CheckClusterGroups(const ir::Program& program, uint32_t index, DiagnosticSink& sink);
void CheckPlanGroup(const ir::Program& program, uint32_t index, const PlanGroup& group,
                    const PlanResults& r, const ClusterResults& cluster, DiagnosticSink& sink);

}  // namespace clusterc::analysis
