// Tests that `x` is both the multiset operator and a name (torus axis): this file is clean.
let x = 2
let y = x * 3
