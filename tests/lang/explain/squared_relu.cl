// ARGS: explain %s
// `activation = squared_relu`: relu(x)^2, Nemotron's MLP (Megatron-Core's jit-fused
// squared_relu; Megatron-LM --squared-relu). Two matrices and one element-wise kernel each way,
// as GeLU: Nemotron-3 8B's shape with either takes the same time and memory, and the same
// parameters (8.56 B with the untied 256,000-entry vocabulary and the LayerNorm biases clusterc counts).
import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 1 x hgx; racks = rack { nodes = 4 }; fabric = ib }
model nemotron3_8b {
  layers = 32; hidden = 4_096; ffn = 16_384; heads = 32; vocab = 256_000
  activation = squared_relu; norm = layernorm; dropout = disabled
}
model as_gelu extends nemotron3_8b { activation = gelu }
plan squared { model = nemotron3_8b; cluster = c; parallel { tp = 2; dp = 4 } batch { global = 64; micro = 4; seq_len = 4096 } optimizer = adam { sharding = zero1 }; precision = fp8 }
plan gelu    { model = as_gelu;      cluster = c; parallel { tp = 2; dp = 4 } batch { global = 64; micro = 4; seq_len = 4096 } optimizer = adam { sharding = zero1 }; precision = fp8 }
