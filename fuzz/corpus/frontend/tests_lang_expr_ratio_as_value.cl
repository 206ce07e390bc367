// Tests expr.not-a-value: a ratio and a multiset are not operands.
let r = 1:2 + 1
let m = 8 x 3 GB
