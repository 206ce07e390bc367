// Plausible ranges of counts and sizes. The frontend refuses a value outside its field's range
// with a diagnostic, so analysis and the backends never meet a count they cannot loop over, a
// product that overflows 64 bits, or a size that does not fit the integer a file format wants.
// Each bound is far beyond any machine built or announced (see docs/language.md, "Limits"); the
// reference (`clusterc reference`) prints them next to each field.
#pragma once

#include <string_view>

namespace clusterc::ir {

struct PlausibleRange {
  std::string_view field;  // "KIND.FIELD" or "KIND.BLOCK.FIELD"; a multiset's count for `N x`
  double min, max;         // inclusive, in the field's base unit (a ratio: its larger/smaller)
};

// Products of the count bounds stay below 2^63 (~9.2e18): nodes x GPUs per node <= 1e9, and
// tp x pp x dp x cp <= 1e24 is checked with overflow-safe arithmetic where it is formed.
inline constexpr PlausibleRange kPlausibleRanges[] = {
    {"cpu.cores", 1, 1024},
    {"cpu.threads_per_core", 1, 16},
    {"nic.ports", 1, 64},
    {"switch.radix", 1, 4096},
    {"link.domain_size", 1, 1e6},
    {"link.links_per_gpu", 0, 1024},
    {"gpu.memory", 0, 1e14},  // 100 TB of HBM per GPU
    {"node.gpus", 1, 1024},
    {"node.cpus", 1, 64},
    {"node.nics", 1, 256},
    {"node.storage", 1, 1024},
    {"node.memory", 0, 1e15},  // 1 PB per node: Slurm's RealMemory (MiB) stays exact
    {"node.scale_up_domain", 0, 1e6},
    {"node.pcie_switches", 0, 1024},
    {"fabric.topology.tiers", 1, 16},
    {"fabric.topology.planes", 1, 64},
    {"fabric.topology.rails", 1, 64},
    {"fabric.topology.pod_size", 0, 1e9},
    {"fabric.topology.oversubscription", 1, 1024},
    {"fabric.topology.pod_oversubscription", 1, 1024},
    {"fabric.topology.x", 1, 4096},
    {"fabric.topology.y", 1, 4096},
    {"fabric.topology.z", 1, 4096},
    {"fabric.topology.endpoints_per_router", 0, 4096},
    {"fabric.topology.routers_per_group", 0, 4096},
    {"fabric.topology.global_links", 0, 4096},
    {"fabric.topology.groups", 0, 1e6},
    {"cluster.nodes", 1, 1e6},
    {"cluster.racks.nodes", 1, 1024},
    {"cluster.racks.scale_up_domain", 0, 1e6},
    {"cluster.racks.scale_up_racks", 1, 1024},
    {"model.layers", 1, 1e4},
    {"model.hidden", 1, 1e7},
    {"model.ffn", 1, 1e8},
    {"model.heads", 1, 1e5},
    {"model.kv_heads", 0, 1e5},
    {"model.vocab", 1, 1e8},
    {"model.params", 0, 1e16},
    {"model.mtp_layers", 0, 16},
    {"model.moe.experts", 1, 1e5},
    {"model.moe.top_k", 1, 1e4},
    {"model.moe.shared_experts", 0, 1e4},
    {"model.moe.expert_ffn", 0, 1e8},
    {"model.moe.dense_layers", 0, 1e4},
    {"model.moe.groups", 0, 1e5},
    {"model.moe.top_groups", 0, 1e5},
    {"model.head_dim", 0, 1e5},
    {"model.attention_window", 0, 1e8},
    {"model.full_attention_every", 0, 1e4},
    {"model.mla.q_rank", 0, 1e7},
    {"model.mla.kv_rank", 1, 1e7},
    {"model.mla.rope_dim", 1, 1e5},
    {"model.mla.head_dim", 1, 1e5},
    {"model.mla.v_head_dim", 1, 1e5},
    {"plan.parallel.tp", 1, 1e6},
    {"plan.parallel.pp", 1, 1e6},
    {"plan.parallel.dp", 1, 1e9},
    {"plan.parallel.ep", 1, 1e6},
    {"plan.parallel.etp", 0, 1e6},
    {"plan.parallel.cp", 1, 1e6},
    {"plan.parallel.vpp", 1, 1024},
    {"plan.parallel.first_stage_layers", 0, 1e4},  // as model.layers
    {"plan.parallel.last_stage_layers", 0, 1e4},
    {"plan.batch.global", 1, 1e8},
    {"plan.batch.micro", 1, 1e6},
    {"plan.batch.seq_len", 1, 1e8},
    {"plan.recompute_layers", 0, 1e4},  // as model.layers
    {"plan.tokens", 0, 1e18},
};

inline const PlausibleRange* FindPlausibleRange(std::string_view scope, std::string_view field) {
  for (const auto& r : kPlausibleRanges) {
    std::string_view f = r.field;
    if (f.size() == scope.size() + 1 + field.size() && f.substr(0, scope.size()) == scope &&
        f[scope.size()] == '.' && f.substr(scope.size() + 1) == field)
      return &r;
  }
  return nullptr;
}

}  // namespace clusterc::ir
