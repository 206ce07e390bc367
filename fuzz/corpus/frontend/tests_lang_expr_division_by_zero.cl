// Tests expr.division-by-zero: the divisor is a constant that evaluates to zero.
let n = 4 - 4
let per = (80 GB) / n
