// perf.tp-beside-experts: a DeepSeek-style MoE (64 experts of 1,408, top 6) on two 8 x H100
// nodes. With tensor parallelism 2 beside expert parallelism 8 (`folded`, the experts unsharded:
// etp 1) the note fires, cites the validation suite's runs of that shape and gives the plan at
// tp = 1 on the same GPUs; the same model at tp = 1 (`flat`) and a dense model at tp = 2
// (`dense_tp`) are not noted. With a global batch that does not split over twice the replicas
// (`odd_batch`) the note gives no tp = 1 alternative.
import std.nvidia
import std.cooling

site s { cooling = cooling.direct_liquid }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 2 x hgx; racks = rack { nodes = 2 }; fabric = ndr }
model small_moe {
  layers = 24; hidden = 2_048; ffn = 10_944; heads = 16; kv_heads = 16; head_dim = 128
  vocab = 102_400
  moe { experts = 64; top_k = 6; expert_ffn = 1_408; shared_experts = 2 }
}
model dense {
  layers = 24; hidden = 4_096; ffn = 11_008; heads = 32; kv_heads = 32; head_dim = 128
  vocab = 32_000
}
plan folded {
  model = small_moe
  cluster = c
  precision = fp8
  parallel { tp = 2; etp = 1; dp = 8; ep = 8 }
  kernel_launch = graph
  batch { global = 256; micro = 2; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
}
plan flat extends folded { parallel { tp = 1; etp = 1; dp = 16; ep = 8 } }
plan dense_tp {
  model = dense
  cluster = c
  precision = fp8
  parallel { tp = 2; dp = 8 }
  batch { global = 256; micro = 2; seq_len = 4_096 }
  optimizer = adam { sharding = zero1 }
}
// Short steps: perf.short-step has its own test (perf_short_step.cl).
// clusterc: allow(perf.short-step)
plan odd_batch extends folded { batch { global = 8; micro = 1; seq_len = 4_096 } }
