// ARGS: build %s -o %o --emit slurm --quiet
// The Slurm backend needs the host's CPUs and memory; a node without them builds, with a warning
// per missing field naming it.
import std.nvidia
import std.cooling

site s { cooling = cooling.air }

node bare {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}

fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2 }
  switch   = nvidia.Quantum2_QM9700
}

cluster c {
  site   = s
  nodes  = 16 x bare
  racks  = rack { nodes = 4 }
  fabric = ib
}
