// Tests number.out-of-range: the literal is finite but its value in base units is not.
let big = 1e300 EB
