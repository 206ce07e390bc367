// examples/h100_10k.cl: a 10,000-GPU H100 training cluster as a build sheet, with capex and opex.
//
// Source: the project's seeds (shared/domain/HARDWARE.md, "Clusters from public sources" and
// "Prices"): 10,000 H100 in 1,250 x 8-GPU nodes on an InfiniBand NDR fat tree; 150–300 racks;
// ~500 leaf + ~100 spine switches; 12–15 MW; PUE 1.2–1.4; ~500–600 M USD capex, of which
// ≈ 300 M GPUs, 80 M networking, 50 M servers, 50 M power and cooling, 30 M building; opex
// ≈ 1.2 M USD a month: electricity 0.5 M, lease 0.2 M, staff 0.3 M, maintenance 0.2 M.
// Node hardware follows the NVIDIA DGX H100 datasheet; the fabric follows NVIDIA's DGX
// SuperPOD H100 reference architecture (rail-optimised, 8 rails, NDR 400G).

import std.nvidia
import std.intel
import std.cooling
import std.models

// The seeds' capex lines (2024 figures).
let gpu_capex = 300 million USD     // 10,000 x 30 k USD
let server_capex = 50 million USD   // chassis, CPUs, memory, drives, NICs
let network_capex = 80 million USD  // switches, optics, cables
let power_cooling_capex = 50 million USD
let building_capex = 30 million USD
let node_count = 1_250

// IT load the per-watt prices are spread over: the seeds' 5.8 kW per node (8 x 650 W + 400 W
// host + 200 W network) x 1,250 nodes = 7.25 MW, 9.4 MW of facility power at PUE 1.3. (The
// seeds' 12–15 MW envelope is nearer the DGX's 10.2 kW maximum x 1,250 = 12.75 MW; clusterc's
// power model uses the sustained draw.)
let it_power = node_count * (8 * 650 W + 400 W + 200 W)

site campus {
  pue                        = 1.3  // seeds: 1.2–1.4; the middle
  // Seeds' US electricity rate (Colossus, Meta examples). The seeds' 0.5 M USD a month over
  // 12–15 MW implies 0.046–0.057 USD/kWh, the same range.
  electricity                = 0.06 USD/kWh
  // 4 nodes x 5.8 kW = 23.2 kW per rack: air cooling suffices. The cooling plant's capex is
  // inside the seeds' "power and cooling" line, carried by power_infrastructure_price below.
  cooling                    = cooling.air
  power_infrastructure_price = power_cooling_capex / it_power  // ≈ 6.9 USD/W
  building_price             = building_capex / it_power       // ≈ 4.1 USD/W
}

// An HGX H100 server configured like a DGX H100 (DGX H100 datasheet).
node dgx_h100 {
  gpus         = 8 x nvidia.H100_SXM5
  scale_up     = nvidia.NVLink4
  cpus         = 2 x intel.Xeon_Platinum_8480  // DGX H100: 2 x Xeon Platinum 8480C
  memory       = 2 TB                          // DGX H100: 2 TB system memory
  nics         = 8 x nvidia.ConnectX7          // DGX H100: 8 x single-port ConnectX-7, 400 Gb/s
  storage      = 8 x 3.84 TB                   // DGX H100: 8 x 3.84 TB NVMe U.2 data drives
  gpu_power    = 650 W                         // seeds: sustained draw under training
  host_power   = 400 W                         // seeds
  net_power    = 200 W                         // seeds: NICs and the node's share of switches
  power_budget = 10.2 kW                       // DGX H100: 10.2 kW maximum system power
  // GPUs at the seeds' 30 k USD (300 M / 10,000) plus the node's share of the servers line:
  // 240 k + 40 k = 280 k USD.
  price        = (gpu_capex + server_capex) / node_count
}

// Rail-optimised NDR fat tree of Quantum-2 switches. 10,000 endpoints exceed what two tiers of
// 64-port switches attach (64²/2 = 2,048), so three tiers, as in the SuperPOD RA above 2,048 GPUs.
// clusterc derives 320 leaf + 320 spine + 160 core = 800 switches for it (the seeds' sheet says
// ~500 leaf + ~100 spine). The seeds give networking as one 80 M USD line; the switch price
// below spreads it over those 800 switches, optics and cables included, so the fabric prices
// transceivers and cables at an explicit 0 USD (left unset, they would make capex unknown); a
// `require` at the end keeps the switch count honest.
// Transceiver power is also left out: the seeds' 200 W net_power per node already carries the
// node's share of switches and optics.
fabric ndr {
  kind              = infiniband_ndr
  topology          = fat_tree { tiers = 3; rails = 8; oversubscription = 1:1 }
  switch            = nvidia.Quantum2_QM9700 { price = network_capex / 800 }  // 100 k USD all-in
  sharp             = true
  transceiver_price = 0 USD  // in the switch price above
  cable_price       = 0 USD  // in the switch price above
}

cluster h100_10k {
  site        = campus
  nodes       = 1_250 x dgx_h100  // 10,000 GPUs
  // Four nodes per rack (a common DGX SuperPOD H100 layout): 313 racks, just over the seeds'
  // 150–300 (five per rack would give 250 at 29 kW, at the edge of air cooling).
  racks       = rack { nodes = 4 }
  fabric      = ndr
  gpu_mtbf    = 50_000 h            // seeds
  staff       = 3.6 million USD/yr  // seeds: 0.3 M USD a month
  maintenance = 2.4 million USD/yr  // seeds: 0.2 M USD a month
  // Not modelled: the seeds' 0.2 M USD a month lease (no field; the building is capex above).
  // Depreciation life is not in the seeds and is left out.
}

// Llama 3 70B on the whole cluster, a scenario. 10,000 = 2^4 x 5^4: tp = 8 fills the NVLink
// domain (64 heads, 8 KV heads); pp must divide 80 layers and 1,250: pp = 5 (16 layers per
// stage), dp = 250. An interleaved schedule of 4 virtual stages (80 / (5 x 4) = 4 layers each)
// cuts the bubble; the global batch is a multiple of dp whose micro-batch count per replica
// (2,500 / 250 = 10) divides by pp, as the interleaved schedule requires: 2,500 x 8,192 ≈
// 20.5 M tokens per step. Without TP communication overlap a third of the step is exposed
// tensor-parallel communication, which clusterc reports; `tp_comm_overlap = true` (Megatron's
// --tp-comm-overlap) hides most of it (1.85 s against 2.63 s). The plan keeps Llama 3's own
// layout, which names no such overlap.
// clusterc: allow(perf.exposed-comm)
plan llama3_70b_pretrain {
  model      = models.llama3_70b
  cluster    = h100_10k
  precision  = bf16
  parallel   { tp = 8; pp = 5; vpp = 4; dp = 250; cp = 1 }
  batch      { global = 2_500; micro = 1; seq_len = 8_192 }
  optimizer  = adam { sharding = zero1 }
  recompute  = selective
  tokens     = 15 trillion  // Llama 3 paper: "over 15 T tokens"
  // Job MTBF at 4.8 GPU failures a day is 5 h; checkpointing every 30 min loses about
  // 0.5 / (2 x 5) = 5 % to rework (write time unknown: no checkpoint storage in the seeds).
  checkpoint { every = 30 min }
}

require h100_10k.switch_count == 800 : "the switch price spreads the 80 M USD networking line over 800 switches"
require h100_10k.capex <= 600 million USD : "the seeds put a 10K-GPU build at 500–600 M USD"
require h100_10k.facility_power <= 15 MW : "the seeds' power envelope is 12–15 MW"
