// ARGS: build %s -o %o --emit report
// Unknown is not zero in build's closing summary as well: capex, IT and facility power and the
// opex read "unknown", never "0 USD" or "0 W" (the summary once printed "capex 0 USD" for a
// cluster whose explain said unknown). Same spec as explain_partial_prices.cl.
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
