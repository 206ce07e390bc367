// Tests number.invalid-value: a ratio `1:0` has a side that is not positive.
fabric f {
  kind     = infiniband_ndr
  topology = fat_tree { tiers = 2; oversubscription = 1:0 }
}
