// ARGS: build %s -o %o --emit report
// A site with no electricity price, and no staff or maintenance priced: the closing summary reads
// "opex not priced", not "opex 0 USD per year" (it once did, beside "capex unknown", for the
// validation suite's H800 clusters).
import std.nvidia
import std.cooling

switch no_price { radix = 64; port_bandwidth = 400 Gb/s; protocol = infiniband }
site s { pue = 1.2; cooling = cooling.direct_liquid }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = no_price
}
cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
