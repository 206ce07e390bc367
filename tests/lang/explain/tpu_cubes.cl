// ARGS: explain %s
// Tests a TPU cube as a rack-level scale-up domain (4x4x4 = 64 chips over the 16 hosts of one
// rack, as the TPU v4 paper describes a cube) and two concurrent slices placed on whole cubes.
import std.google
import std.cooling
import std.models

site s { cooling = cooling.direct_liquid }
node v5p_host {
  gpus     = 4 x google.TPU_v5p
  scale_up = google.ICI_v5p
  nics     = 4 x google.TPU_v5p_DCN
}
fabric ici {
  kind     = ici
  topology = torus { x = 16; y = 20; z = 28; link_bandwidth = 100 GB/s }
}
cluster pod {
  site   = s
  nodes  = 2_240 x v5p_host
  racks  = rack { nodes = 16; scale_up_domain = 64 }
  fabric = ici
}
plan big {
  model     = models.llama3_8b
  cluster   = pod
  parallel  { tp = 4; dp = 256 }
  batch     { global = 1_024; seq_len = 8_192 }
  recompute = selective
}
plan small extends big { parallel { tp = 4; dp = 128 } }
jobs slices {
  plans = small + big
}
