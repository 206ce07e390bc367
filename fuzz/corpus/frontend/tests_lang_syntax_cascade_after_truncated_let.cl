// Tests recovery after a truncated expression: one error at line 3, no echo on line 4.
let a = 1
let b = 2 *
let c = 3
