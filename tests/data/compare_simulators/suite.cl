// A three-plan suite for tests/integration/compare_simulators_test.py: a time case, a rate case
// and a plan the fake Calculon refuses (16 GPUs), in BF16 and FP8.
import std.nvidia
import std.cooling
import std.models

site dc { cooling = cooling.air }

node dgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}

fabric ndr {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
}

cluster h100_8 { site = dc; nodes = 1 x dgx; racks = rack { nodes = 4 }; fabric = ndr }
cluster h100_16 { site = dc; nodes = 2 x dgx; racks = rack { nodes = 4 }; fabric = ndr }

plan time_bf16 { model = models.llama3_8b; cluster = h100_8; parallel { dp = 8 } batch { global = 64; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 } }
plan rate_fp8 { model = models.llama3_8b; cluster = h100_8; parallel { dp = 8 } batch { global = 64; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 }; precision = fp8 }
plan refused { model = models.llama3_8b; cluster = h100_16; parallel { dp = 16 } batch { global = 64; micro = 1; seq_len = 4_096 } optimizer = adam { sharding = zero1 } }
