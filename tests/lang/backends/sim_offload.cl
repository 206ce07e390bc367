// ARGS: build %s -o %o --emit calculon,simai,astra-sim,slurm --quiet
// Activation offload in the simulator inputs: none of the three has a copy stream beside compute,
// so each says what it leaves out (sim.not-represented): Calculon's activations_offload moves
// every block where the plan moves 6 of 8 layers, SimAI and the ASTRA-sim traces leave the stall
// out. Megatron-LM takes --cpu-offloading-num-layers 6 (tests/unit/test_offload.cpp).
import std.nvidia
import std.cooling
import std.intel

site lab { cooling = cooling.direct_liquid }
node hgx {
  gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7
  cpus = 2 x intel.Xeon_Platinum_8480; memory = 2 TB
}
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 }
cluster c { site = lab; nodes = 4 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model llama { layers = 8; hidden = 4096; ffn = 11008; heads = 32; vocab = 32_000 }
// clusterc: allow(perf.offload-exposed)
plan p {
  model = llama; cluster = c
  parallel { dp = 32 }
  batch { global = 512; micro = 2; seq_len = 2048 }
  optimizer = adam { sharding = zero1 }
  offload { activations = 6 }
}
