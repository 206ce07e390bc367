// ARGS: build %s -o %o --emit astra-sim,simai,calculon --quiet
// Tests sim.not-represented for MoE parallel folding: with `etp` unlike tp the experts are not
// split like the attention, which SimAI's workload cannot express: `clusterc build` writes no
// SimAI files for the plan and says so (the ASTRA-sim traces carry it, silently); Calculon's
// note names the split.
import std.nvidia
import std.cooling

site lab { cooling = cooling.direct_liquid }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 }
cluster c { site = lab; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model moe { layers = 8; hidden = 2048; ffn = 8192; heads = 16; kv_heads = 4; vocab = 32_000
  moe { experts = 16; top_k = 2 } }
plan folded {
  model = moe; cluster = c
  parallel { tp = 2; pp = 2; dp = 8; ep = 16; etp = 1 }
  batch { global = 64; micro = 1; seq_len = 4096 }
}
