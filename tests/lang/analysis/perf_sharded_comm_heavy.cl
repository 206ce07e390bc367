// perf.sharded-comm-heavy: MPT 13B's shape under FSDP. Over two 8 x H100 nodes at two sequences
// of 2,048 a GPU without recompute (`thin`: the batch of LLM Foundry's 16-GPU row, which ran 12 %
// below clusterc's prediction) the gathers and reduce-scatters the step hides take more than
// 20 % of the compute; at sixteen with full recompute (`thick`) far less, and on one node
// (`one_node`, the collectives inside NVLink) the suite shows no such error: no warning.
import std.nvidia
import std.cooling

site s { cooling = cooling.air }
node hgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 2 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
model mpt_13b { layers = 40; hidden = 5_120; ffn = 20_480; heads = 40; vocab = 50_368; activation = gelu; norm = layernorm; dropout = disabled; tied_embeddings = true }

plan thin {
  model     = mpt_13b
  cluster   = c
  parallel  { dp = 16 }
  batch     { global = 32; micro = 2; seq_len = 2_048 }
  optimizer = adam { sharding = fsdp; fused = false; fp32_gradients = true }
}

plan thick {
  model     = mpt_13b
  cluster   = c
  parallel  { dp = 16 }
  batch     { global = 256; micro = 16; seq_len = 2_048 }
  optimizer = adam { sharding = fsdp; fused = false; fp32_gradients = true }
  recompute = full
}

plan one_node {
  model     = mpt_13b
  cluster   = c
  parallel  { dp = 8 }
  batch     { global = 16; micro = 2; seq_len = 2_048 }
  optimizer = adam { sharding = fsdp; fused = false; fp32_gradients = true }
}
