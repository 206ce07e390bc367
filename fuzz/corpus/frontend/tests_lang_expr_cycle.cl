// Tests expr.cycle: constants that depend on each other.
let a = b + 1
let b = a * 2
