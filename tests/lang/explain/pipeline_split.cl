// ARGS: explain %s
// How the layers fall on a pipeline's stages, and the Megatron-LM flags the sbatch script states
// them with (tests/unit/test_slurm.cpp reads the scripts). 126 layers on 8 stages of 8 virtual
// stages: 128 slots with the embedding and the loss taking one each, 15 layers on the first and
// the last stage (`slots`, as MLPerf's Llama 3.1 405B states it, and `slots_implied`, which lets
// clusterc find the split); 32 layers with 2 and 6 on the ends and 12 on each middle stage
// (`ends`), interleaved in two (`ends_vpp`) and in four, which leaves two of the first stage's
// virtual stages without a layer (`ends_vpp_left_out`, plan.indivisible allowed); 3 and 5 on the
// ends in two, which only Megatron-Core's layout string places (`ends_layout`); two stages that
// are both given ends, 14 and 18 (`ends_only`).
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
model deep { layers = 126; hidden = 2048; ffn = 8192; heads = 16; vocab = 32_000 }
model m32 { layers = 32; hidden = 4096; ffn = 14336; heads = 32; kv_heads = 8; vocab = 32_000 }
plan slots { model = deep; cluster = c; parallel { tp = 1; pp = 8; vpp = 8; dp = 8; first_stage_layers = 15; last_stage_layers = 15 } batch { global = 256; micro = 1; seq_len = 4096 } optimizer = adam { sharding = zero1 } }
plan slots_implied { model = deep; cluster = c; parallel { tp = 1; pp = 8; vpp = 8; dp = 8 } batch { global = 256; micro = 1; seq_len = 4096 } optimizer = adam { sharding = zero1 } }
plan ends { model = m32; cluster = c; parallel { tp = 2; pp = 4; dp = 8; first_stage_layers = 2; last_stage_layers = 6 } batch { global = 256; micro = 1; seq_len = 4096 } optimizer = adam { sharding = zero1 } }
plan ends_vpp { model = m32; cluster = c; parallel { tp = 2; pp = 4; vpp = 2; dp = 8; first_stage_layers = 2; last_stage_layers = 6 } batch { global = 256; micro = 1; seq_len = 4096 } optimizer = adam { sharding = zero1 } }
// clusterc: allow(plan.indivisible)
plan ends_vpp_left_out { model = m32; cluster = c; parallel { tp = 2; pp = 4; vpp = 4; dp = 8; first_stage_layers = 2; last_stage_layers = 6 } batch { global = 256; micro = 1; seq_len = 4096 } optimizer = adam { sharding = zero1 } }
plan ends_layout { model = m32; cluster = c; parallel { tp = 2; pp = 4; vpp = 2; dp = 8; first_stage_layers = 3; last_stage_layers = 5 } batch { global = 256; micro = 1; seq_len = 4096 } optimizer = adam { sharding = zero1 } }
plan ends_only { model = m32; cluster = c; parallel { tp = 2; pp = 2; dp = 16; first_stage_layers = 14; last_stage_layers = 18 } batch { global = 256; micro = 1; seq_len = 4096 } optimizer = adam { sharding = zero1 } }
