// The building blocks of the typed model (ir/ir.h): source ranges, references between entities,
// summed parts, the entity base with its field locations, field flags and the language's enums.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "ir/enum.h"
#include "ir/quantity.h"

namespace clusterc::ir {

struct SourceRange {
  uint32_t file = 0;  // index into the source manager; 0 means "no location"
  uint32_t begin = 0;
  uint32_t end = 0;  // byte offsets, half open
  bool Valid() const { return file != 0; }
};

// A typed index into the Program's table of T; kNone when absent.
template <class T>
struct Ref {
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
  uint32_t index = kNone;
  bool Valid() const { return index != kNone; }
};

// `a + b + c`: references to several entities of one kind (a `jobs` block's plans).
template <class T>
struct RefSum : std::vector<Ref<T>> {};

// `N x part`.
template <class T>
struct Part {
  int64_t count = 0;
  Ref<T> ref;
};

// `64 x a + 32 x b`: several `N x part` groups. The first group is the Part itself (so code
// that reads one group reads the first); `more` holds the others, in the order written.
template <class T>
struct PartSum : Part<T> {
  PartSum() = default;
  PartSum(int64_t count, Ref<T> ref) : Part<T>{count, ref} {}  // one group
  std::vector<Part<T>> more;
  std::vector<SourceRange> ranges;  // each group's term as written (`52 x hgx_a100`), when known
  size_t Groups() const { return 1 + more.size(); }
  const Part<T>& Group(size_t i) const { return i == 0 ? *this : more[i - 1]; }
  SourceRange GroupRange(size_t i) const { return i < ranges.size() ? ranges[i] : SourceRange{}; }
  int64_t TotalCount() const {
    int64_t n = this->count;
    for (const auto& g : more) n += g.count;
    return n;
  }
};

// `N x quantity`, e.g. `storage = 8 x 3.84 TB`.
template <class QuantityT>
struct QuantityPart {
  int64_t count = 0;
  QuantityT each;
};

// An oversubscription ratio as written (`1:7`); Factor() is the larger side over the smaller.
struct Ratio {
  double left = 1, right = 1;
  double Factor() const {
    double lo = left < right ? left : right, hi = left < right ? right : left;
    return lo > 0 ? hi / lo : 0;
  }
};

struct FieldLocation {
  std::string_view field;  // names come from Describe's string literals
  SourceRange range;
};

// What every declared entity carries: its name and where it and its fields were written.
struct Entity {
  std::string name;
  SourceRange range;  // the declaration (or inline object) as a whole
  std::vector<FieldLocation> fields;
  // Whether the source wrote the field (a default and a written zero read alike otherwise).
  bool HasField(std::string_view field) const {
    for (const auto& f : fields)
      if (f.field == field) return true;
    return false;
  }
  SourceRange FieldRange(std::string_view field) const {
    for (const auto& f : fields)
      if (f.field == field) return f.range;
    return range;
  }
};

// Field flags for Describe.
enum FieldFlags : uint32_t {
  kOptional = 0,
  kRequired = 1u << 0,
  kPositive = 1u << 1,  // strictly greater than zero
  kFraction = 1u << 2,  // in [0, 1]; written as `0.9` or `90 %`
  kAtLeastOne = 1u << 3,
};

CLUSTERC_ENUM(Kind, gpu, cpu, nic, switch_, link, cooling, node, fabric, site, cluster, model, plan,
              jobs, sweep)

CLUSTERC_ENUM(NetProtocol, infiniband, ethernet, vpi)
CLUSTERC_ENUM(LinkKind, nvlink, infinity_fabric, ici)
CLUSTERC_ENUM(FabricKind, infiniband_hdr, infiniband_ndr, infiniband_xdr, roce_v2, ethernet, ici)
CLUSTERC_ENUM(TopologyKind, fat_tree, torus, rail_only, dragonfly)
CLUSTERC_ENUM(DragonflyRouting, minimal, non_minimal)
CLUSTERC_ENUM(Precision, bf16, fp16, fp8, fp32, nvfp4, mxfp4)
CLUSTERC_ENUM(Recompute, none, selective, full)
CLUSTERC_ENUM(Sharding, none, zero1, zero2, zero3, fsdp)
CLUSTERC_ENUM(OptimizerKind, adam, sgd, muon)
// How Muon orthogonalises a tensor-parallel matrix (Megatron-Core's --muon-tp-mode,
// emerging_optimizers' newton_schulz_tp): `duplicated` all-gathers the fp32 momentum over the
// tensor-parallel group and every rank runs Newton-Schulz on the whole matrix, keeping its
// slice; `blockwise` runs it on each rank's slice alone, with no communication.
CLUSTERC_ENUM(MuonTpMode, duplicated, blockwise)
// The MLP's activation. `squared_relu` is relu(x)^2 (Nemotron; Megatron-Core's squared_relu, one
// jit-fused kernel each way like GeLU's, so the step model times it as `gelu` and `relu`).
CLUSTERC_ENUM(Activation, swiglu, gelu, relu, squared_relu)
CLUSTERC_ENUM(Norm, rmsnorm, layernorm)
// How a model encodes positions: `by_norm` as its norm suggests (GPT-style LayerNorm models learn
// absolute positions, Llama-style RMSNorm models rotate Q and K), else as stated: `learned`
// (an s x h table added to the embedding), `rope` (rotary embeddings on Q and K; Nemotron and
// GPT-NeoX pair them with LayerNorm) or `alibi` (a bias on the attention scores: BLOOM).
CLUSTERC_ENUM(Position, by_norm, learned, rope, alibi)
// Whether the linear layers carry biases: `by_norm` as the norm suggests (GPT-style LayerNorm
// models do, Llama-style RMSNorm models do not), else as stated (Nemotron: LayerNorm, none).
CLUSTERC_ENUM(LinearBias, by_norm, enabled, disabled)
// How rotary embeddings stretch to longer contexts (`model { rope_scaling }`): `none`, `llama3`
// (Llama 3.1's frequency-dependent scaling) or `yarn` (Peng et al. 2023, YaRN: GPT-OSS,
// DeepSeek-V3).
CLUSTERC_ENUM(RopeScaling, none, llama3, yarn)
// Whether a model trains with dropout: `by_norm` as its norm suggests (GPT-style LayerNorm models
// with Megatron-LM's default 0.1, Llama-style RMSNorm models without), else as stated (MPT:
// LayerNorm, no dropout).
CLUSTERC_ENUM(Dropout, by_norm, enabled, disabled)
CLUSTERC_ENUM(Schedule, one_f_one_b, zero_bubble, dualpipe)
// How the expert dispatch and combine move tokens: `all_to_all` sends every top_k copy to its
// expert's GPU (NCCL all-to-all, Megatron's alltoall dispatcher); `deduplicated` sends a token once
// to each remote scale-up domain (or GPU) holding any of its experts and forwards it inside
// (DeepSeek's DeepEP, Megatron's flex dispatcher with DeepEP or HybridEP).
CLUSTERC_ENUM(EpDispatch, all_to_all, deduplicated)
// How context parallelism exchanges attention inputs (Megatron-Core's --cp-comm-type, Transformer
// Engine's context_parallel.py): `ring` passes K/V chunks around the ring beside each attention
// step (p2p); `all_gather` gathers all of K/V before attention and reduce-scatters their
// gradients after it, exposed (allgather: Llama 3); `all_to_all` trades the sequence split for a
// head split before attention and back after it (a2a: DeepSpeed-Ulysses).
CLUSTERC_ENUM(CpComm, ring, all_gather, all_to_all)
// How ranks are numbered across the parallel dimensions, innermost first (Megatron-Core's
// RankGenerator order): `tp_cp_ep_dp_pp`, its default, puts a pipeline's stages farthest apart;
// `tp_cp_ep_pp_dp` (--use-tp-pp-dp-mapping) puts them next to each other, inside a scale-up
// domain where tp x cp x pp fits, and the data-parallel replicas farthest apart.
CLUSTERC_ENUM(RankOrder, tp_cp_ep_dp_pp, tp_cp_ep_pp_dp)
// Generation of the fused-attention kernel a run used: `tuned` is the GPU's own calibration (a
// kernel written for that architecture), `flash2` FlashAttention-2 (Dao 2023), which predates
// Hopper, `flash1` the FlashAttention generation before it (Dao et al. 2022, and its Triton port).
CLUSTERC_ENUM(AttentionKernel, tuned, flash2, flash1)
// How rotary embeddings run when not as one fused kernel (`eager_ops { rope }`): `fused` (none
// eager), `complex` (Meta's reference Llama code: an fp32 complex product), `rotate_half`
// (Megatron-Core's unfused path: t cos + rotate_half(t) sin in 16 bits).
CLUSTERC_ENUM(EagerRope, fused, complex, rotate_half)
// How the host issues a step's kernels: `eager`, one launch after another from the framework
// (PyTorch's default), or `graph`, replayed from a captured graph (CUDA graphs of the whole
// iteration, an XLA-compiled step).
CLUSTERC_ENUM(KernelLaunch, eager, graph)
// How an FP8 run scales its tensors (Transformer Engine recipes): `delayed` from an amax history
// (DelayedScaling), `current` from the tensor's own amax, found by a pass before the cast
// (Float8CurrentScaling), `block` per tile or block, the amax found inside the cast (DeepSeek-V3's
// 1 x 128 tiles, Float8BlockScaling, MXFP8).
CLUSTERC_ENUM(Fp8Scaling, delayed, current, block)
// How a step adds each micro-batch's weight gradients into the buffer it accumulates them in:
// `fused` inside the weight-gradient GEMM (Megatron-LM --gradient-accumulation-fusion),
// `separate` by an element-wise add of its own (PyTorch autograd's AccumulateGrad, Megatron-LM's
// `main_grad.add_` hook before 2022), `upcast` by a cast to fp32 and then an add (DeepSpeed's
// BF16_Optimizer).
CLUSTERC_ENUM(GradAccumulation, fused, separate, upcast)
// When ZeRO-3/FSDP gathers the next unit's parameters in backward (PyTorch FSDP's
// BackwardPrefetch): `backward_pre` before the current unit's gradients are computed,
// `backward_post` after them and before their reduce-scatter, `none` when the next unit's
// backward asks for them, behind the current unit's reduce-scatter on the one NCCL stream.
CLUSTERC_ENUM(Prefetch, backward_pre, backward_post, none)

}  // namespace clusterc::ir
