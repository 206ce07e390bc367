// ARGS: explain --format json --plan finetune %s
// Tests clusterc explain --format json: exact SI values with units, one plan and its cluster.
import std.nvidia
import std.cooling
import std.models

site lab { pue = 1.3; electricity = 0.1 USD/kWh; cooling = cooling.direct_liquid
  power_infrastructure_price = 10 USD/W }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
  price = 300_000 USD
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 { price = 30_000 USD }
}
cluster lab_cluster {
  site = lab; nodes = 32 x hgx; racks = rack { nodes = 4 }; fabric = ndr
  gpu_mtbf = 50_000 h; checkpoint_bandwidth = 50 GB/s; depreciation = 4 yr
  gpu_rental = 2 USD/h
}
plan finetune {
  model = models.llama3_8b
  cluster = lab_cluster
  parallel { tp = 2; pp = 1; dp = 128 }
  batch { global = 512; micro = 2; seq_len = 8192 }
  optimizer = adam { sharding = zero1 }
  recompute = selective
  tokens = 100 billion
}
