// Tests field.unknown-value: `fat_tre` is not a kind of topology; `fat_tree` is suggested.
fabric f {
  kind     = infiniband_ndrr
  topology = fat_tre { tiers = 2 }
}
