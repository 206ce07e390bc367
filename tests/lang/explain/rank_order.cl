// ARGS: explain %s
// Rank order (Megatron-Core's RankGenerator; --use-tp-pp-dp-mapping). The same plan on eight
// 8 x H100 nodes: under `tp_cp_ep_dp_pp` (the default) a pipeline's neighbouring stages are
// tp x dp = 16 GPUs apart, so every activation and gradient between stages crosses
// InfiniBand, while the data-parallel ring has four ranks in each node; under `tp_cp_ep_pp_dp`
// a whole pipeline (tp x pp = 8) fills one node, the stages talk over NVLink, and the
// data-parallel replicas are a node apart, one rank per node on the ring. `moe_pp_inside` asks for
// the same order with expert parallelism, which the ASTRA-sim traces cannot follow (Megatron-Core's
// dense and expert rank generators disagree on a pipeline's stride): `clusterc build` says so.
import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 8 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model llama { layers = 40; hidden = 5120; ffn = 13824; heads = 40; vocab = 32_000 }
plan dp_inside { model = llama; cluster = c; parallel { tp = 2; pp = 4; dp = 8 } batch { global = 256; micro = 1; seq_len = 4096 } optimizer = adam { sharding = zero1 } }
plan pp_inside { model = llama; cluster = c; parallel { tp = 2; pp = 4; dp = 8; rank_order = tp_cp_ep_pp_dp } batch { global = 256; micro = 1; seq_len = 4096 } optimizer = adam { sharding = zero1 } }
model moe { layers = 16; hidden = 2048; ffn = 8192; heads = 16; vocab = 32_000; moe { experts = 16; top_k = 2; expert_ffn = 1408 } }
plan moe_pp_inside { model = moe; cluster = c; parallel { pp = 4; dp = 16; ep = 4; vpp = 4; rank_order = tp_cp_ep_pp_dp } batch { global = 256; micro = 1; seq_len = 2048 } optimizer = adam { sharding = zero1 } }
