// tests/validation/tpu.cl: published training runs on Google TPU v4, for the validation suite.
//
// Sources:
//  [P22] Chowdhery et al., "PaLM: Scaling Language Modeling with Pathways" (arXiv 2204.02311):
//        §4 6,144 TPU v4 chips in two pods of 3,072, 12-way model parallelism and 256-way fully
//        sharded data parallelism within a pod, data parallelism across the two; §5 batch up to
//        2,048 sequences of 2,048; table 3 / appendix B: MFU 46.2 % (HFU 57.8 %, i.e.
//        rematerialisation). Shape (table 1): 118 layers, d_model 18,432, 48 heads of 256
//        (multi-query: 1 K/V head), SwiGLU FFN 73,728, vocabulary 256 K, shared embeddings.
//        The heads' width is the model's `head_dim` (256; until round 10 clusterc derived 384
//        from hidden / heads, 567.6 B parameters instead of table 1's 540.35 B). Approximations:
//        the two pods are one torus here (the cross-pod DCN is not modelled); `full` recompute
//        stands in for PaLM's rematerialisation.

import std.google
import std.cooling

site dc { cooling = cooling.direct_liquid }

// TPU v4 ICI: six links per chip in a 3D torus; Cloud TPU v4 docs: 2,400 Gbps = 300 GB/s
// per chip, i.e. 50 GB/s per link (each way, taken as the figure the torus uses).
link ICI_v4 {
  bandwidth     = 600 GB/s   // 2 x 300 GB/s (both directions added, as the language expects)
  domain_size   = 6_144      // the two-pod slice, treated as one ICI domain (see above)
  links_per_gpu = 6
}

node v4_host {
  gpus     = 4 x google.TPU_v4
  scale_up = ICI_v4
  scale_up_domain = 6_144   // model parallelism runs over ICI, not within the host
  nics     = 4 x google.TPU_v5p_DCN   // DCN share per chip; not used by these plans
}

fabric ici_6144 {
  kind     = ici
  topology = torus { x = 16; y = 16; z = 24; link_bandwidth = 50 GB/s; wraparound = true }
}

// 96 racks of one 4x4x4 cube (16 hosts, 64 chips) each: the slice's one ICI domain spans them.
cluster v4_6144 { site = dc; nodes = 1_536 x v4_host; racks = rack { nodes = 16; scale_up_racks = 96 }; fabric = ici_6144 }

model palm_540b {
  layers = 118; hidden = 18_432; ffn = 73_728; heads = 48; kv_heads = 1; head_dim = 256
  vocab = 256_000; tied_embeddings = true
  params = 540.35e9   // [P22] table 1
}

plan p22_palm {
  model     = palm_540b
  cluster   = v4_6144
  parallel  { tp = 12; pp = 1; dp = 512 }
  batch     { global = 2_048; micro = 1; seq_len = 2_048 }
  optimizer = adam { sharding = fsdp }
  recompute = full
  kernel_launch = graph  // JAX/XLA compiles the step into one program: no per-kernel launches
}
