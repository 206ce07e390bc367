// The plan fields the simulator inputs must honour or name (tests/unit/test_sim_inputs.cpp):
// uneven pipeline stages (7 + 9 + 9 + 7 of Llama 3 8B's 32 layers), the zero-bubble schedule,
// tensor-parallel communication overlapped with the GEMMs and data-parallel reduction left
// exposed, on the 64 H100 GPUs of tests/sim/dense_64.cl.
import std.nvidia
import std.cooling
import std.models

site lab { cooling = cooling.direct_liquid }
node hgx {
  gpus     = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics     = 8 x nvidia.ConnectX7
}
fabric ib {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch   = nvidia.Quantum2_QM9700
}
cluster c64 { site = lab; nodes = 8 x hgx; racks = rack { nodes = 4 }; fabric = ib }

plan uneven64 {
  model     = models.llama3_8b
  cluster   = c64
  precision = bf16
  parallel {
    tp                 = 2
    pp                 = 4
    dp                 = 8
    cp                 = 1
    first_stage_layers = 7
    last_stage_layers  = 7
    schedule           = zero_bubble
    tp_comm_overlap    = true
    dp_overlap         = false
  }
  batch     { global = 64; micro = 1; seq_len = 8_192 }
  optimizer = adam { sharding = zero1 }
  recompute = none
}
