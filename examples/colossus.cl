// examples/colossus.cl: xAI Colossus, Memphis, Tennessee (phase 1, 2024): 100,000 NVIDIA
// H100 SXM5 GPUs in 12,500 Supermicro HGX H100 servers.
//
// Public sources:
//  - ServeTheHome, "Inside the 100K GPU xAI Colossus Cluster that Supermicro Helped Build for
//    Elon Musk" (October 2024): Supermicro 4U liquid-cooled HGX H100 servers, eight per rack
//    (64 GPUs) plus a coolant distribution unit; racks in groups of eight (512 GPUs); one 400 GbE
//    NVIDIA BlueField-3 SuperNIC per GPU plus one more per server; Ethernet throughout.
//  - NVIDIA press release, 28 October 2024, "NVIDIA Ethernet Networking Accelerates World's
//    Largest AI Supercomputer, Built by xAI": Spectrum-X Ethernet, Spectrum SN5600 switches.
//  - The project's seeds (shared/domain/HARDWARE.md): 5.8 kW per node (8 x 650 W + 400 W host +
//    200 W network) → 72.5 MW IT, PUE 1.15 → 83.4 MW, 0.06 USD/kWh, GPU MTBF 50,000 h
//    (→ 48 GPU failures per day).
//
// NOTE on the fabric: the project's seeds describe Colossus' scale-out network as an InfiniBand
// NDR fat tree with SHARP; it is declared below as `ndr`. It cannot be built as one 3-tier tree
// of 64-port Quantum-2 switches: that attaches at most 64³/4 = 65,536 endpoints, and Colossus has
// 100,000 NIC ports (set `fabric = ndr` in the cluster and clusterc reports
// `fabric.ports-exceeded`). The public sources above say xAI built it with Spectrum-X Ethernet
// (RoCE) and SN5600 switches, whose 800G ports split into 2 x 400G (radix 128): that is the
// fabric this cluster uses.

import std.nvidia
import std.cooling

site memphis {
  // Tennessee Valley Authority approval of 150 MW for the site (press reports, November 2024).
  grid_power  = 150 MW
  pue         = 1.15                   // seeds
  electricity = 0.06 USD/kWh           // seeds
  cooling     = cooling.direct_liquid  // Supermicro direct-to-chip liquid cooling (ServeTheHome)
}

// Supermicro 4U liquid-cooled HGX H100 server. CPUs, host memory and local drives are not
// published, so they are left out; `host_power` covers them.
node hgx_h100 {
  gpus       = 8 x nvidia.H100_SXM5
  scale_up   = nvidia.NVLink4  // 900 GB/s per GPU; the domain is the node's 8 GPUs
  // One 400 GbE SuperNIC per GPU on the training fabric (ServeTheHome). The ninth, per-server
  // NIC serves the front-end/storage network and is not part of this fabric.
  nics       = 8 x nvidia.BlueField3_SuperNIC
  gpu_power  = 650 W  // seeds: sustained draw under training, below the 700 W TDP
  host_power = 400 W  // seeds: CPUs, memory, fans, drives
  net_power  = 200 W  // seeds: NICs and the node's share of switches and optics
}

// The seeds' fabric, kept for comparison (see the note at the top): InfiniBand NDR,
// rail-optimised fat tree of Quantum-2 switches with SHARP (HARDWARE.md).
fabric ndr {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 3; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Quantum2_QM9700
  sharp    = true
}

// The public build: Spectrum-X, a rail-optimised, non-blocking Clos of SN5600 switches. Against 400 Gb/s NICs
// each 800G port splits into 2 x 400 GbE (SN5600 datasheet; Supermicro's Colossus coverage:
// "128 400-gigabit Ethernet links per unit"), which clusterc does itself: radix 128. Two tiers
// of 128-port switches attach 128²/2 = 8,192 endpoints, three tiers 128³/4 = 524,288.
// Rail optimisation (rails = 8) follows NVIDIA's Spectrum-X reference architecture for HGX
// nodes; xAI has not published its exact wiring.
fabric spectrum_x {
  kind     = roce_v2
  topology = fat_tree { tiers = 3; rails = 8; oversubscription = 1:1 }
  switch   = nvidia.Spectrum4_SN5600  // power not in std.nvidia: see there
}

cluster colossus {
  site     = memphis
  nodes    = 12_500 x hgx_h100
  racks    = rack { nodes = 8 }  // ServeTheHome: eight HGX servers (64 GPUs) per rack; 46.4 kW
  fabric   = spectrum_x
  // No spares: the plan below runs on all 100,000 GPUs (spares would leave 12,500 x (1 - s)
  // nodes, which no sensible set of degrees multiplies to).
  gpu_mtbf = 50_000 h  // seeds
}

// A Grok-like mixture of experts: the shape of Grok-1 as released (github.com/xai-org/grok-1,
// README "Model Specifications" and model.py). Grok-2/3 shapes are not published.
model grok1 {
  layers          = 64           // grok-1 README
  hidden          = 6_144        // grok-1 README: embedding size
  ffn             = 32_768       // model.py: ffn_size(6144, widening_factor 8) = 8·6144·2/3
  heads           = 48           // grok-1 README: 48 query heads
  kv_heads        = 8            // grok-1 README: 8 key/value heads
  vocab           = 131_072      // grok-1 README: SentencePiece, 131,072 tokens
  activation      = swiglu       // model.py: gated GELU, three matrices like SwiGLU
  norm            = rmsnorm      // model.py: RMSNorm
  tied_embeddings = true         // model.py: InOutEmbed projects the output with the input table
  params          = 314 billion  // grok-1 README
  moe {
    experts = 8  // grok-1 README: mixture of 8 experts
    top_k   = 2  // grok-1 README: 2 experts per token
  }
}

// A scenario, not a published run: pre-train the Grok-1 shape on all of Colossus.
//
// How the degrees were chosen: 100,000 = 2^5 x 5^5. tp = 8 fills the NVLink domain and divides
// both 48 heads and 8 KV heads (experts are split 8 ways too: expert tensor parallelism). That
// leaves 12,500 = 2^2 x 5^5 for pp x dp; pp must divide 64 layers, so pp ∈ {1, 2, 4}. With
// pp = 4, dp = 3,125 is odd, so expert parallelism (which forms groups within dp and must
// divide the 8 experts) is out: ep = 1. The global batch must be a multiple of dp: 12,500
// sequences of 8,192 tokens ≈ 102 M tokens per step, 4 micro-batches per pipeline, and an
// interleaved schedule of 4 virtual stages (64 / (4 x 4) = 4 layers each; 4 micro-batches
// divide by pp as it requires) to shrink the bubble. The alternative pp = 1, dp = 12,500,
// ep = 4 runs slower in clusterc's model (expert all-to-all across nodes).
//
// `perf.exposed-comm` is allowed below, and it is a real finding: with only 4 sequences per data-parallel replica per step, the
// gradient reduction of ~10 B parameters per GPU is not hidden by compute. That is
// the finding: 100,000 GPUs are a lot for a 314 B MoE with ~84 B active parameters. Doubling
// the batch to 25,000 sequences (≈ 205 M tokens) hides it, at a batch size beyond what
// published runs use.
// clusterc: allow(perf.exposed-comm)
plan grok1_pretrain {
  model      = grok1
  cluster    = colossus
  precision  = bf16
  parallel   { tp = 8; pp = 4; vpp = 4; dp = 3_125; ep = 1; cp = 1 }
  batch      { global = 12_500; micro = 1; seq_len = 8_192 }  // grok-1 README: 8,192 context
  optimizer  = adam { sharding = zero1 }
  // Full recompute: with selective recompute the activations of the 4-5 micro-batches in
  // flight overflow the 80 GB; keeping only each layer's input leaves about half of it free.
  recompute  = full
  tokens     = 15 trillion  // scenario: a Llama-3-sized token budget
  // At 48 GPU failures a day the job's MTBF is 30 min. The checkpoint write time is unknown
  // (no published storage bandwidth), so Young/Daly cannot be applied; 5 min bounds the rework
  // lost to failures at 5 / (2 x 30) ≈ 8 %.
  checkpoint { every = 5 min }
}

require colossus.facility_power <= memphis.grid_power : "the grid connection caps the site"
require colossus.rack_power <= 80 kW : "a Supermicro liquid-cooled rack stays within direct liquid cooling"
