// ARGS: build %s -o %o --emit slurm --quiet
// A `slurm_version` that is not a Slurm release (YY.MM) is reported, and 22.05 targeted.
import std.nvidia
import std.intel
import std.cooling

site s { cooling = cooling.air }

node hgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  cpus     = 2 x intel.Xeon_Platinum_8480
  memory   = 2 TiB
  nics     = 8 x nvidia.ConnectX7
}

fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2 }
  switch   = nvidia.Quantum2_QM9700
}

cluster c {
  site          = s
  nodes         = 16 x hgx
  racks         = rack { nodes = 4 }
  fabric        = ib
  slurm_version = "24.x"
}
