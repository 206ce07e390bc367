// ARGS: explain %s
// Unknown is not zero: the GPUs and the switches have a price (std.nvidia's H100) but the CPUs,
// NICs, optics and cables do not, so capex is unknown, not the 5 M USD of GPUs and switches; the
// switch has no power figure, so IT and facility power and the electricity bill are unknown too,
// each with what to set.
import std.nvidia
import std.cooling

switch no_datasheet { radix = 64; port_bandwidth = 400 Gb/s; protocol = infiniband; price = 100_000 USD }
cpu epyc { cores = 96; tdp = 360 W }
site s { pue = 1.2; cooling = cooling.direct_liquid; electricity = 0.08 USD/kWh }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  cpus = 2 x epyc
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
  gpu_power = 650 W
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = no_datasheet
}
cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
