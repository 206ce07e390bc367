// ARGS: explain %s
// FP8 casts by scaling recipe: `delayed` and `block` find the amax within the cast (4 bytes an
// element through HBM), `current` reads each tensor once more first (6 bytes), so its step is the
// longest; a BF16 plan ignores the field.
import std.nvidia
import std.cooling
site s { cooling = cooling.air }
node dgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ib { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }; switch = nvidia.Quantum2_QM9700 }
cluster c { site = s; nodes = 1 x dgx; racks = rack { nodes = 1 }; fabric = ib }
model llama { layers = 16; hidden = 4096; ffn = 14336; heads = 32; kv_heads = 8; vocab = 128_256 }
plan delayed { model = llama; cluster = c; parallel { dp = 8 } batch { global = 64; micro = 1; seq_len = 8192 } optimizer = adam { sharding = zero1 }; precision = fp8 }
plan current { model = llama; cluster = c; parallel { dp = 8 } batch { global = 64; micro = 1; seq_len = 8192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = current }
plan block { model = llama; cluster = c; parallel { dp = 8 } batch { global = 64; micro = 1; seq_len = 8192 } optimizer = adam { sharding = zero1 }; precision = fp8; fp8_scaling = block }
plan bf16 { model = llama; cluster = c; parallel { dp = 8 } batch { global = 64; micro = 1; seq_len = 8192 } optimizer = adam { sharding = zero1 }; fp8_scaling = current }
