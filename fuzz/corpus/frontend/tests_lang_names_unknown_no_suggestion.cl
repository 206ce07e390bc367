// Tests name.unknown without a close name.
let a = 1
let b = zzzzzz * 2
