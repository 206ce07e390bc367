// Tests expr.bad-call: an unknown function with a suggestion, and `ceil` with two arguments.
let a = maxx(1, 2)
let b = ceil(1, 2)
