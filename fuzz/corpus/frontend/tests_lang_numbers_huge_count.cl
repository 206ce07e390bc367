// Tests a count above 9e15: the value is whole, but too large for a count.
let a = 1e16
nic c { bandwidth = 1 Gb/s; ports = a }
