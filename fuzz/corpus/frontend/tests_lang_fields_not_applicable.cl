// Tests field.not-applicable: `x` belongs to a torus, not a fat tree.
fabric f {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; x = 4 }
}
