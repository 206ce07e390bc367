// Tests an inline override of a library part: an unknown field inside it is reported there.
import std.nvidia
fabric f {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2 }
  switch   = nvidia.Quantum2_QM9700 { pricee = 1 USD }
}
