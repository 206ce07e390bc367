// plan.expert-bias-etp: Megatron-Core keeps the experts' biases only at etp = 1. GPT-OSS 120B
// (experts with biases) at tp 2 with etp stated 2 (`stated`) is refused; at etp 1 (`whole`,
// MLPerf v6.0's recipe) or with etp unset, which keeps such experts whole (`defaulted`), it is
// fine.
import std.nvidia
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
node hgx {
  gpus     = 8 x nvidia.B200
  scale_up = nvidia.NVLink5
  nics     = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 8 x hgx; racks = rack { nodes = 8 }; fabric = ndr }
plan defaulted {
  model     = models.gpt_oss_120b
  cluster   = c
  precision = bf16
  parallel  { tp = 2; dp = 32; ep = 8 }
  batch     { global = 256; micro = 2; seq_len = 8_192 }
  kernel_launch = graph
  optimizer = adam { sharding = zero1 }
}
plan whole extends defaulted { parallel { tp = 2; etp = 1; dp = 32; ep = 8 } }
plan stated extends defaulted { parallel { tp = 2; etp = 2; dp = 32; ep = 8 } }
