// ARGS: build %s -o tests/lang/output/never --max-output-size 1 --quiet
// Tests output.too-large: the build would write more than --max-output-size; nothing is written.
import std.nvidia
import std.cooling
import std.models

site lab { pue = 1.3; cooling = cooling.direct_liquid }
node hgx { gpus = 8 x nvidia.H100_SXM5; scale_up = nvidia.NVLink4; nics = 8 x nvidia.ConnectX7 }
fabric ndr { kind = infiniband_ndr; topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700 }
cluster lab_cluster { site = lab; nodes = 32 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
