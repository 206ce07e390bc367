// ARGS: build %s -o %o --emit calculon,simai --quiet
// Tests sim.not-represented: Calculon has no mixture of experts and no context parallelism, SimAI
// no context parallelism; `clusterc build` says what each input leaves out.
import std.nvidia
import std.cooling

site lab { cooling = cooling.direct_liquid }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 }
cluster c { site = lab; nodes = 8 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model moe { layers = 8; hidden = 2048; ffn = 8192; heads = 16; kv_heads = 4; vocab = 32_000
  moe { experts = 16; top_k = 2 } }
plan p {
  model = moe; cluster = c
  parallel { tp = 2; pp = 2; dp = 8; ep = 4; cp = 2 }
  batch { global = 64; micro = 1; seq_len = 8192 }
}
