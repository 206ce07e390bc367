// Tests field.type-mismatch: an enum field given a number lists the words it takes.
fabric f {
  kind     = 400
  topology = fat_tree { tiers = 2 }
}
