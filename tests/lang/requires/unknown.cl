// Tests require.unknown: a cluster without prices has an unknown capex, and a budget `require`
// on it is a diagnostic instead of passing (unknown is not zero).
import std.nvidia
import std.cooling
gpu g {
  memory           = 80 GB
  memory_bandwidth = 3.35 TB/s
  bf16_flops       = 989 TFLOP/s
  tdp              = 700 W
}
site lab { pue = 1.3; cooling = cooling.direct_liquid }
node n { gpus = 8 x g; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric ndr { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 }
cluster c { site = lab; nodes = 32 x n; racks = rack { nodes = 4 }; fabric = ndr }
require c.capex <= 1 USD : "budget"
