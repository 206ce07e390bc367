// Tests expr.derived-in-field: a derived quantity (known after analysis) in a constant.
import std.nvidia
import std.cooling
site s { cooling = cooling.air }
nic c { bandwidth = 400 Gb/s }
node n { gpus = 8 x nvidia.H100_SXM5; nics = 8 x c }
fabric f { kind = infiniband_ndr; topology = fat_tree { tiers = 2 }; switch = nvidia.Quantum2_QM9700 }
cluster k { site = s; nodes = 4 x n; racks = rack { nodes = 4 }; fabric = f }
let power = k.facility_power * 2
