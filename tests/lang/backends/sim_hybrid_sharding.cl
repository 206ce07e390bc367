// ARGS: build %s -o %o --emit calculon,simai,astra-sim,slurm --quiet
// Hybrid sharding in the simulator inputs and the sbatch script: SimAI and Calculon have no
// second data-parallel group, so each says that its inputs shard over the whole group without
// the replicas' all-reduce (sim.not-represented); the ASTRA-sim traces write the shard groups and
// the replicas' all-reduce, and say nothing; Megatron's flags carry it
// (--num-distributed-optimizer-instances 4 with Megatron-FSDP's unsharded outer group).
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
plan p {
  model = llama; cluster = c
  parallel { dp = 32 }
  batch { global = 512; micro = 2; seq_len = 2048 }
  optimizer = adam { sharding = fsdp; shard_group = 8 }
}
