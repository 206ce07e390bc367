// Tests expr.not-a-value: a comparison in a constant.
let a = 1 < 2
