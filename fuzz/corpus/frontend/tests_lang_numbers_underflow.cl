// Tests `1e-400`: it underflows to zero silently; dividing by it is a division by zero.
let tiny = 1e-400
let r = 1 / tiny
