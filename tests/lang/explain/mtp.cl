// ARGS: explain %s
// Multi-token prediction (`model { mtp_layers = N }`, DeepSeek-V3 section 2.2, Megatron-Core's
// --mtp-num-layers). `with_mtp` is DeepSeek-V3 (std.models: one MTP module) as Megatron-Bridge's
// B200 recipe lays it out, 4 layers a stage and on the last 1 layer, the MTP module and the loss;
// `without_mtp` the same plan without the module, whose last stage is then lighter still;
// `dense_mtp` Llama 3 8B with two modules of its dense layer on 2 stages of 16 layers.
// `dualpipe_even` is `with_mtp` under DualPipe on the even split: rank 0 runs the first stage
// and the last (charged 4 layers, the MTP layer and two head passes), the slowest rank.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node dgx_b200 {
  gpus     = 8 x nvidia.B200
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster b256 { site = dc; nodes = 32 x dgx_b200; racks = rack { nodes = 4 }; fabric = ib }

model deepseek_v3_no_mtp extends models.deepseek_v3 { mtp_layers = 0 }
model llama3_8b_mtp extends models.llama3_8b { mtp_layers = 2 }

plan with_mtp {
  model             = models.deepseek_v3
  cluster           = b256
  parallel          { pp = 16; dp = 16; ep = 8; last_stage_layers = 1 }
  batch             { global = 2_048; micro = 1; seq_len = 4_096 }
  optimizer         = adam { sharding = zero1 }
  precision         = fp8
  fp8_scaling       = block
  recompute         = selective
  recompute_modules { mla_up_projection = true }
}
plan without_mtp extends with_mtp { model = deepseek_v3_no_mtp }
plan dense_mtp {
  model     = llama3_8b_mtp
  cluster   = b256
  parallel  { pp = 2; dp = 128 }
  batch     { global = 1_024; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
}
// clusterc: allow(plan.indivisible)
plan dualpipe_even extends with_mtp { parallel { last_stage_layers = 0; schedule = dualpipe } }
