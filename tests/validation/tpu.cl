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
//  [MX23] MaxText (github.com/AI-Hypercomputer/maxtext) at 76bd53b0f (2023-12-15), "High
//        Performance Model Configs": MaxText/configs/v4, v5p and v5e/README.md give TFLOP/s
//        per chip and MFU for the configurations beside them (v4/22b.sh, 52b.sh; v5p/32b.sh ...
//        1024b.sh; v5e/16b.sh ... 128b.sh, the TPU v5e entered in std.google for them). Entered before their predictions were seen: the single-slice
//        rows (1x) in round 27, the v5p and v5e multi-slice rows in round 28 (below; they cross
//        Google's data-center network, whose topology is not published). The model of that commit (MaxText/layers/models.py,
//        DecoderLayer; configs/base.yml): one RMSNorm feeding attention and MLP in parallel
//        (PaLM's block; clusterc times the usual sequential layer, one norm more), heads of 256,
//        a ReLU MLP of two matrices, a vocabulary of 32,768, tied embeddings, no dropout, flash
//        attention, bf16 compute; `global_parameter_scale` sets the v5p and v5e shapes
//        (pyconfig.py, get_individual_scales: from 2,560 / 8 heads / 8,192 / 16 layers, doubling
//        heads and MLP, then width, then layers). Parallelism: `ici_fsdp_parallelism` and
//        `ici_tensor_parallelism` (tp) over one slice's ICI, the batch sharded over the FSDP
//        axis only, no gradient accumulation: global = per_device_batch_size x chips, one
//        micro-batch of per_device_batch_size x tp per FSDP rank. `remat_policy=full` is
//        `recompute = full`; `minimal` (jax's checkpoint_dots_with_no_batch_dims: the
//        projections' outputs kept, attention and element-wise work replayed) was taken as
//        `selective` until round 29 and is stated since round 30 as `recompute_modules {
//        core_attention; norms; mlp_activation }` (the residual adds and rotary embeddings it
//        also replays are not a module: one more pass over h-wide tensors, not timed). The v5p and v5e scripts run XLA with its collectives overlapping the
//        compute (LIBTPU_INIT_ARGS: --xla_tpu_enable_async_collective_fusion=true,
//        --xla_tpu_overlap_compute_collective_tc=true): `tp_comm_overlap = true` where tp > 1,
//        stated after the first predictions were seen (without it: 512B -20.6 %, 1024B
//        -1.3 / -15.6 %, 32B-256B +0.4...+9.4 %, v5e 128B -14.4 %; docs/validation.md).
//        The figure: the README's TFLOP/s per chip over MaxText's own count of
//        that commit (train.py, calculate_training_tflops: 6 x parameters x tokens plus causal
//        attention, 6 x heads x layers x 256 x sequence per token; parameters from the
//        model's pytree: embedding, 4 attention and 2 MLP matrices a layer, the norms), as
//        tokens/s per chip. A v5p-N slice holds N / 2 chips.

import std.google
import std.cooling
import std.broadcom

site dc { cooling = cooling.direct_liquid }

// TPU v4 ICI: six links per chip in a 3D torus; Cloud TPU v4 docs: 2,400 Gbps = 300 GB/s
// per chip, i.e. 50 GB/s per link (each way, taken as the figure the torus uses).
link ICI_v4 {
  kind          = ici
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

// Megatron-Core's sequence parallelism needs the sequence to divide by tp (2,048 / 12 does not:
// plan.indivisible); PaLM ran on TPUs under GSPMD, whose partitioner pads an uneven split, and
// clusterc times the sharded activations as if each chip held 2,048 / 12 tokens.
// clusterc: allow(plan.indivisible)
plan p22_palm {
  model     = palm_540b
  cluster   = v4_6144
  parallel  { tp = 12; pp = 1; dp = 512 }
  batch     { global = 2_048; micro = 1; seq_len = 2_048 }
  optimizer = adam { sharding = fsdp }
  recompute = full
  kernel_launch = graph  // JAX/XLA compiles the step into one program: no per-kernel launches
}

// ---- [MX23] MaxText on single TPU v4 and v5p slices. Every run fit its chips' HBM; where
// clusterc's memory model does not, the overflow is allowed with its reason. The v4 plans need
// 33.0 and 34.3 GiB of 32, with the 3 GiB reserve for a CUDA context, NCCL buffers and a caching
// allocator, none of which XLA's statically planned TPU program has. The `minimal` plans (v5p,
// 32B-256B) state MaxText's policy as its modules (round 30): the projections' outputs kept,
// the attention core, the norms and the MLP's activation replayed. They need 86.5-105 GiB of 95
// (98.1, 105, 94, 86.5 and 98 GiB for 32B, 64B, 128B on 128 and 256 chips, 256B; the 3 GiB
// reserve among them); as Megatron's default selective recompute (every activation but the
// attention core's, Korthikanti et al. 2022), rounds 27-29, they needed 129-157. On v5e the 32B and 64B need 17.1 and 18.5 GiB of 14.9, the 128B 14.0
// (94 %), the same reserve and FSDP's gathered layers included.
// v4-128 (64 chips, one 4x4x4 cube) and v4-384 (192 chips, 4x4x12): ICI_v4 above, each slice
// its own ICI domain.
node v4_host_mx {
  gpus     = 4 x google.TPU_v4
  scale_up = ICI_v4
  nics     = 4 x google.TPU_v5p_DCN   // DCN share per chip; not used by these plans
}
fabric ici_v4_64  { kind = ici; topology = torus { x = 4; y = 4; z = 4;  link_bandwidth = 50 GB/s; wraparound = true } }
fabric ici_v4_192 { kind = ici; topology = torus { x = 4; y = 4; z = 12; link_bandwidth = 50 GB/s; wraparound = true } }
cluster v4_64  { site = dc; nodes = 16 x v4_host_mx; racks = rack { nodes = 16; scale_up_domain = 64; scale_up_racks = 1 }; fabric = ici_v4_64 }
cluster v4_192 { site = dc; nodes = 48 x v4_host_mx; racks = rack { nodes = 16; scale_up_domain = 192; scale_up_racks = 3 }; fabric = ici_v4_192 }

// v5p slices (Cloud TPU v5p docs, topologies): v5p-128 4x4x4, v5p-256 4x4x8, v5p-512 4x8x8,
// v5p-1024 8x8x8, v5p-2048 8x8x16, v5p-4096 8x16x16 chips; 100 GB/s a link each way (std.google).
node v5p_host_mx {
  gpus     = 4 x google.TPU_v5p
  scale_up = google.ICI_v5p
  nics     = 4 x google.TPU_v5p_DCN   // not used by these plans
}
fabric ici_v5p_64   { kind = ici; topology = torus { x = 4; y = 4;  z = 4;  link_bandwidth = 100 GB/s; wraparound = true } }
fabric ici_v5p_128  { kind = ici; topology = torus { x = 4; y = 4;  z = 8;  link_bandwidth = 100 GB/s; wraparound = true } }
fabric ici_v5p_256  { kind = ici; topology = torus { x = 4; y = 8;  z = 8;  link_bandwidth = 100 GB/s; wraparound = true } }
fabric ici_v5p_512  { kind = ici; topology = torus { x = 8; y = 8;  z = 8;  link_bandwidth = 100 GB/s; wraparound = true } }
fabric ici_v5p_1024 { kind = ici; topology = torus { x = 8; y = 8;  z = 16; link_bandwidth = 100 GB/s; wraparound = true } }
fabric ici_v5p_2048 { kind = ici; topology = torus { x = 8; y = 16; z = 16; link_bandwidth = 100 GB/s; wraparound = true } }
cluster v5p_64   { site = dc; nodes = 16 x v5p_host_mx;  racks = rack { nodes = 16; scale_up_domain = 64; scale_up_racks = 1 };  fabric = ici_v5p_64 }
cluster v5p_128  { site = dc; nodes = 32 x v5p_host_mx;  racks = rack { nodes = 16; scale_up_domain = 128; scale_up_racks = 2 };  fabric = ici_v5p_128 }
cluster v5p_256  { site = dc; nodes = 64 x v5p_host_mx;  racks = rack { nodes = 16; scale_up_domain = 256; scale_up_racks = 4 };  fabric = ici_v5p_256 }
cluster v5p_512  { site = dc; nodes = 128 x v5p_host_mx; racks = rack { nodes = 16; scale_up_domain = 512; scale_up_racks = 8 };  fabric = ici_v5p_512 }
cluster v5p_1024 { site = dc; nodes = 256 x v5p_host_mx; racks = rack { nodes = 16; scale_up_domain = 1_024; scale_up_racks = 16 }; fabric = ici_v5p_1024 }
cluster v5p_2048 { site = dc; nodes = 512 x v5p_host_mx; racks = rack { nodes = 16; scale_up_domain = 2_048; scale_up_racks = 32 }; fabric = ici_v5p_2048 }

model mx_22b   { layers = 48;  hidden = 6_144;  ffn = 24_576;  heads = 24;  head_dim = 256; vocab = 32_768; activation = relu; tied_embeddings = true; dropout = disabled }
model mx_52b   { layers = 32;  hidden = 12_288; ffn = 49_152;  heads = 32;  head_dim = 256; vocab = 32_768; activation = relu; tied_embeddings = true; dropout = disabled }
model mx_32b   { layers = 32;  hidden = 10_240; ffn = 32_768;  heads = 32;  head_dim = 256; vocab = 32_768; activation = relu; tied_embeddings = true; dropout = disabled }
model mx_64b   { layers = 64;  hidden = 10_240; ffn = 32_768;  heads = 32;  head_dim = 256; vocab = 32_768; activation = relu; tied_embeddings = true; dropout = disabled }
model mx_128b  { layers = 64;  hidden = 10_240; ffn = 65_536;  heads = 64;  head_dim = 256; vocab = 32_768; activation = relu; tied_embeddings = true; dropout = disabled }
model mx_256b  { layers = 64;  hidden = 20_480; ffn = 65_536;  heads = 64;  head_dim = 256; vocab = 32_768; activation = relu; tied_embeddings = true; dropout = disabled }
model mx_512b  { layers = 128; hidden = 20_480; ffn = 65_536;  heads = 64;  head_dim = 256; vocab = 32_768; activation = relu; tied_embeddings = true; dropout = disabled }
model mx_1024b { layers = 128; hidden = 20_480; ffn = 131_072; heads = 128; head_dim = 256; vocab = 32_768; activation = relu; tied_embeddings = true; dropout = disabled }

// 1x v4-128, 22b.sh: fsdp 64, per-device batch 16, remat full: 156 TFLOP/s a chip.
// clusterc: allow(memory.hbm-overflow)
plan mx_v4_22b_64 { model = mx_22b; cluster = v4_64; parallel { tp = 1; dp = 64 } batch { global = 1_024; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = full; kernel_launch = graph }
// 1x v4-384, 52b.sh: fsdp 192, per-device batch 10, remat full: 154 TFLOP/s a chip.
// clusterc: allow(memory.hbm-overflow)
plan mx_v4_52b_192 { model = mx_52b; cluster = v4_192; parallel { tp = 1; dp = 192 } batch { global = 1_920; micro = 10; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = full; kernel_launch = graph }
// 1x v5p-128, 32b.sh: tp 4, fsdp 16, per-device batch 8, remat minimal: 328 TFLOP/s a chip.
// clusterc: allow(memory.hbm-overflow)
plan mx_v5p_32b_64 { model = mx_32b; cluster = v5p_64; parallel { tp_comm_overlap = true; tp = 4; dp = 16 } batch { global = 512; micro = 32; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = selective; recompute_modules { core_attention = true; norms = true; mlp_activation = true } kernel_launch = graph }
// 1x v5p-128, 64b.sh: tp 4, fsdp 16, per-device batch 4, remat minimal: 323.
// clusterc: allow(memory.hbm-overflow)
plan mx_v5p_64b_64 { model = mx_64b; cluster = v5p_64; parallel { tp_comm_overlap = true; tp = 4; dp = 16 } batch { global = 256; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = selective; recompute_modules { core_attention = true; norms = true; mlp_activation = true } kernel_launch = graph }
// 1x v5p-256 and 1x v5p-512, 128b.sh: tp 8, per-device batch 2, remat minimal: 315 and 316.
// clusterc: allow(memory.headroom)
plan mx_v5p_128b_128 { model = mx_128b; cluster = v5p_128; parallel { tp_comm_overlap = true; tp = 8; dp = 16 } batch { global = 256; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = selective; recompute_modules { core_attention = true; norms = true; mlp_activation = true } kernel_launch = graph }
// clusterc: allow(memory.headroom)
plan mx_v5p_128b_256 { model = mx_128b; cluster = v5p_256; parallel { tp_comm_overlap = true; tp = 8; dp = 32 } batch { global = 512; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = selective; recompute_modules { core_attention = true; norms = true; mlp_activation = true } kernel_launch = graph }
// 1x v5p-1024, 256b.sh: tp 8, per-device batch 2, remat minimal: 308.
// clusterc: allow(memory.hbm-overflow)
plan mx_v5p_256b_512 { model = mx_256b; cluster = v5p_512; parallel { tp_comm_overlap = true; tp = 8; dp = 64 } batch { global = 1_024; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = selective; recompute_modules { core_attention = true; norms = true; mlp_activation = true } kernel_launch = graph }
// 1x v5p-1024, 512b.sh: tp 16, per-device batch 2, remat full: 294.
plan mx_v5p_512b_512 { model = mx_512b; cluster = v5p_512; parallel { tp_comm_overlap = true; tp = 16; dp = 32 } batch { global = 1_024; micro = 32; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = full; kernel_launch = graph }
// 1x v5p-2048 and 1x v5p-4096, 1024b.sh: tp 16, per-device batch 2, remat full: 254 and 297.
plan mx_v5p_1024b_1024 { model = mx_1024b; cluster = v5p_1024; parallel { tp_comm_overlap = true; tp = 16; dp = 64 } batch { global = 2_048; micro = 32; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = full; kernel_launch = graph }
plan mx_v5p_1024b_2048 { model = mx_1024b; cluster = v5p_2048; parallel { tp_comm_overlap = true; tp = 16; dp = 128 } batch { global = 4_096; micro = 32; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = full; kernel_launch = graph }
// 1x v5e-256: one 16 x 16 pod (Cloud TPU v5e docs: a 2D torus, 8 chips a host); the docs do
// not say how the pod's hosts sit in racks: one rack here.
node v5e_host_mx {
  gpus     = 8 x google.TPU_v5e
  scale_up = google.ICI_v5e
  nics     = 2 x google.TPU_v5e_DCN   // not used by these plans
}
fabric ici_v5e_256 { kind = ici; topology = torus { x = 16; y = 16; z = 1; link_bandwidth = 50 GB/s; wraparound = true } }
cluster v5e_256 { site = dc; nodes = 32 x v5e_host_mx; racks = rack { nodes = 32; scale_up_domain = 256 }; fabric = ici_v5e_256 }
model mx_16b { layers = 32; hidden = 5_120; ffn = 32_768; heads = 32; head_dim = 256; vocab = 32_768; activation = relu; tied_embeddings = true; dropout = disabled }
// v5e/16b.sh, 32b.sh, 64b.sh: FSDP over the 256 chips, per-device batch 6, 4, 2, remat full:
// 120, 132 and 118 TFLOP/s a chip; 128b.sh: fsdp 16, tp 16, per-device batch 1, remat full: 110.
plan mx_v5e_16b_256 { model = mx_16b; cluster = v5e_256; parallel { tp = 1; dp = 256 } batch { global = 1_536; micro = 6; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_32b_256 { model = mx_32b; cluster = v5e_256; parallel { tp = 1; dp = 256 } batch { global = 1_024; micro = 4; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_64b_256 { model = mx_64b; cluster = v5e_256; parallel { tp = 1; dp = 256 } batch { global = 512; micro = 2; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.headroom)
plan mx_v5e_128b_256 { model = mx_128b; cluster = v5e_256; parallel { tp_comm_overlap = true; tp = 16; dp = 16 } batch { global = 256; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp }; recompute = full; kernel_launch = graph }

// ---- [MX23] multi-slice rows (round 28, entered before their predictions were seen): the same
// configurations on 2 to 32 slices (MaxText 76bd53b0f, configs/v5p and v5e/README.md; the v5e
// scripts "work out of the box for any number of v5e-256 slices"). base.yml's
// `dcn_data_parallelism: -1` puts the slices' data parallelism on the data-center network (DCN),
// the FSDP and tensor axes staying on each slice's ICI: hybrid sharding, `shard_group` = a slice's
// FSDP ranks, one copy of the sharded states a slice; global batch and chips scale with the
// slices. Each slice is a scale-up domain of its `scale_up = google.ICI_*` (`kind = ici`), the
// slices joined by their hosts' DCN adapters (std.google: 50 Gb/s a v5p chip, 2 x 100 Gb/s a v5e
// host of 8). Assumed, as Google does not publish it: the DCN a non-blocking two-tier fat tree of
// 400 GbE. The gradients cross it in 16 bits, as the single-slice plans reduce them (MaxText
// keeps fp32 weights and casts them to bf16 for each matmul; where XLA reduces is not stated).
// Left out: the v4 rows (2x-8x v4-128, 2x v4-384): no DCN figure for v4 is at hand.
node v5p_host_dcn {
  gpus     = 4 x google.TPU_v5p
  scale_up = google.ICI_v5p
  nics     = 4 x google.TPU_v5p_DCN
}
node v5e_host_dcn {
  gpus     = 8 x google.TPU_v5e
  scale_up = google.ICI_v5e
  nics     = 2 x google.TPU_v5e_DCN
}
fabric dcn {
  kind     = ethernet
  topology = fat_tree { tiers = 2; oversubscription = 1:1 }
  switch   = broadcom.Tomahawk5_400G
}
cluster v5p_2x64   { site = dc; nodes = 32 x v5p_host_dcn;   racks = rack { nodes = 16; scale_up_domain = 64; scale_up_racks = 1 };    fabric = dcn }
cluster v5p_2x128  { site = dc; nodes = 64 x v5p_host_dcn;   racks = rack { nodes = 16; scale_up_domain = 128; scale_up_racks = 2 };   fabric = dcn }
cluster v5p_2x256  { site = dc; nodes = 128 x v5p_host_dcn;  racks = rack { nodes = 16; scale_up_domain = 256; scale_up_racks = 4 };   fabric = dcn }
cluster v5p_2x512  { site = dc; nodes = 256 x v5p_host_dcn;  racks = rack { nodes = 16; scale_up_domain = 512; scale_up_racks = 8 };   fabric = dcn }
cluster v5p_2x1024 { site = dc; nodes = 512 x v5p_host_dcn;  racks = rack { nodes = 16; scale_up_domain = 1_024; scale_up_racks = 16 }; fabric = dcn }
cluster v5p_2x2048 { site = dc; nodes = 1_024 x v5p_host_dcn; racks = rack { nodes = 16; scale_up_domain = 2_048; scale_up_racks = 32 }; fabric = dcn }
cluster v5e_2x256  { site = dc; nodes = 64 x v5e_host_dcn;   racks = rack { nodes = 32; scale_up_domain = 256 }; fabric = dcn }
cluster v5e_4x256  { site = dc; nodes = 128 x v5e_host_dcn;  racks = rack { nodes = 32; scale_up_domain = 256 }; fabric = dcn }
cluster v5e_8x256  { site = dc; nodes = 256 x v5e_host_dcn;  racks = rack { nodes = 32; scale_up_domain = 256 }; fabric = dcn }
cluster v5e_16x256 { site = dc; nodes = 512 x v5e_host_dcn;  racks = rack { nodes = 32; scale_up_domain = 256 }; fabric = dcn }
cluster v5e_32x256 { site = dc; nodes = 1_024 x v5e_host_dcn; racks = rack { nodes = 32; scale_up_domain = 256 }; fabric = dcn }
// 2x v5p-128: 32B 319, 64B 309 TFLOP/s a chip; 2x v5p-256 and 2x v5p-512: 128B 305 and 274;
// 2x v5p-1024: 256B 289, 512B 282; 2x v5p-2048 and 2x v5p-4096: 1024B 237 and 279.
// clusterc: allow(memory.hbm-overflow)
plan mx_v5p_32b_2x64 { model = mx_32b; cluster = v5p_2x64; parallel { tp_comm_overlap = true; tp = 4; dp = 32 } batch { global = 1_024; micro = 32; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 16 }; recompute = selective; recompute_modules { core_attention = true; norms = true; mlp_activation = true } kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5p_64b_2x64 { model = mx_64b; cluster = v5p_2x64; parallel { tp_comm_overlap = true; tp = 4; dp = 32 } batch { global = 512; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 16 }; recompute = selective; recompute_modules { core_attention = true; norms = true; mlp_activation = true } kernel_launch = graph }
// clusterc: allow(memory.headroom)
plan mx_v5p_128b_2x128 { model = mx_128b; cluster = v5p_2x128; parallel { tp_comm_overlap = true; tp = 8; dp = 32 } batch { global = 512; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 16 }; recompute = selective; recompute_modules { core_attention = true; norms = true; mlp_activation = true } kernel_launch = graph }
// clusterc: allow(memory.headroom)
plan mx_v5p_128b_2x256 { model = mx_128b; cluster = v5p_2x256; parallel { tp_comm_overlap = true; tp = 8; dp = 64 } batch { global = 1_024; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 32 }; recompute = selective; recompute_modules { core_attention = true; norms = true; mlp_activation = true } kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5p_256b_2x512 { model = mx_256b; cluster = v5p_2x512; parallel { tp_comm_overlap = true; tp = 8; dp = 128 } batch { global = 2_048; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 64 }; recompute = selective; recompute_modules { core_attention = true; norms = true; mlp_activation = true } kernel_launch = graph }
plan mx_v5p_512b_2x512 { model = mx_512b; cluster = v5p_2x512; parallel { tp_comm_overlap = true; tp = 16; dp = 64 } batch { global = 2_048; micro = 32; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 32 }; recompute = full; kernel_launch = graph }
plan mx_v5p_1024b_2x1024 { model = mx_1024b; cluster = v5p_2x1024; parallel { tp_comm_overlap = true; tp = 16; dp = 128 } batch { global = 4_096; micro = 32; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 64 }; recompute = full; kernel_launch = graph }
plan mx_v5p_1024b_2x2048 { model = mx_1024b; cluster = v5p_2x2048; parallel { tp_comm_overlap = true; tp = 16; dp = 256 } batch { global = 8_192; micro = 32; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 128 }; recompute = full; kernel_launch = graph }
// 2x, 4x, 8x, 16x and 32x v5e-256: 16B 117, 117, 115, 111, 108; 32B 128, 126, 125, 123, 119;
// 64B 112, 110, 108, 105, 99; 128B 110, 108, 104, 100, 91 TFLOP/s a chip.
plan mx_v5e_16b_2x256  { model = mx_16b; cluster = v5e_2x256;  parallel { tp = 1; dp = 512 }   batch { global = 3_072;  micro = 6; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
plan mx_v5e_16b_4x256  { model = mx_16b; cluster = v5e_4x256;  parallel { tp = 1; dp = 1_024 } batch { global = 6_144;  micro = 6; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
plan mx_v5e_16b_8x256  { model = mx_16b; cluster = v5e_8x256;  parallel { tp = 1; dp = 2_048 } batch { global = 12_288; micro = 6; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
plan mx_v5e_16b_16x256 { model = mx_16b; cluster = v5e_16x256; parallel { tp = 1; dp = 4_096 } batch { global = 24_576; micro = 6; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
plan mx_v5e_16b_32x256 { model = mx_16b; cluster = v5e_32x256; parallel { tp = 1; dp = 8_192 } batch { global = 49_152; micro = 6; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_32b_2x256  { model = mx_32b; cluster = v5e_2x256;  parallel { tp = 1; dp = 512 }   batch { global = 2_048;  micro = 4; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_32b_4x256  { model = mx_32b; cluster = v5e_4x256;  parallel { tp = 1; dp = 1_024 } batch { global = 4_096;  micro = 4; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_32b_8x256  { model = mx_32b; cluster = v5e_8x256;  parallel { tp = 1; dp = 2_048 } batch { global = 8_192;  micro = 4; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_32b_16x256 { model = mx_32b; cluster = v5e_16x256; parallel { tp = 1; dp = 4_096 } batch { global = 16_384; micro = 4; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_32b_32x256 { model = mx_32b; cluster = v5e_32x256; parallel { tp = 1; dp = 8_192 } batch { global = 32_768; micro = 4; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_64b_2x256  { model = mx_64b; cluster = v5e_2x256;  parallel { tp = 1; dp = 512 }   batch { global = 1_024;  micro = 2; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_64b_4x256  { model = mx_64b; cluster = v5e_4x256;  parallel { tp = 1; dp = 1_024 } batch { global = 2_048;  micro = 2; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_64b_8x256  { model = mx_64b; cluster = v5e_8x256;  parallel { tp = 1; dp = 2_048 } batch { global = 4_096;  micro = 2; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_64b_16x256 { model = mx_64b; cluster = v5e_16x256; parallel { tp = 1; dp = 4_096 } batch { global = 8_192;  micro = 2; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.hbm-overflow)
plan mx_v5e_64b_32x256 { model = mx_64b; cluster = v5e_32x256; parallel { tp = 1; dp = 8_192 } batch { global = 16_384; micro = 2; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 256 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.headroom)
plan mx_v5e_128b_2x256  { model = mx_128b; cluster = v5e_2x256;  parallel { tp_comm_overlap = true; tp = 16; dp = 32 }  batch { global = 512;   micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 16 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.headroom)
plan mx_v5e_128b_4x256  { model = mx_128b; cluster = v5e_4x256;  parallel { tp_comm_overlap = true; tp = 16; dp = 64 }  batch { global = 1_024; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 16 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.headroom)
plan mx_v5e_128b_8x256  { model = mx_128b; cluster = v5e_8x256;  parallel { tp_comm_overlap = true; tp = 16; dp = 128 } batch { global = 2_048; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 16 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.headroom)
plan mx_v5e_128b_16x256 { model = mx_128b; cluster = v5e_16x256; parallel { tp_comm_overlap = true; tp = 16; dp = 256 } batch { global = 4_096; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 16 }; recompute = full; kernel_launch = graph }
// clusterc: allow(memory.headroom)
plan mx_v5e_128b_32x256 { model = mx_128b; cluster = v5e_32x256; parallel { tp_comm_overlap = true; tp = 16; dp = 512 } batch { global = 8_192; micro = 16; seq_len = 2_048 } optimizer = adam { sharding = fsdp; shard_group = 16 }; recompute = full; kernel_launch = graph }
