// Tests number.out-of-range: a product of finite constants overflows.
let a = 1e300
let b = a * a
