// plan.recompute-layers: a count of replayed layers that limits nothing. `selective_count`
// counts layers under selective recompute, which reads no count; `every_layer` counts 4 layers
// on stages of two chunks of 4 (Llama 3 8B's 32 layers on 4 stages), so every layer replays;
// `partial` replays 2 of each chunk's 4, and is quiet.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.direct_liquid { rack_limit = 140 kW } }
node dgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c64 { site = dc; nodes = 8 x dgx; racks = rack { nodes = 4 }; fabric = ib }

plan selective_count {
  model            = models.llama3_8b
  cluster          = c64
  parallel         { pp = 4; vpp = 2; dp = 16 }
  batch            { global = 1_024; micro = 1; seq_len = 8_192 }
  optimizer        = adam { sharding = zero1 }
  recompute        = selective
  recompute_layers = 2
}
plan every_layer extends selective_count {
  recompute        = full
  recompute_layers = 4
}
plan partial extends selective_count {
  recompute        = full
  recompute_layers = 2
}
