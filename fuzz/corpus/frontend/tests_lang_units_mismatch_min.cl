// Tests units.mismatch in `min` of a power and a time.
let a = min(700 W, 2 h)
