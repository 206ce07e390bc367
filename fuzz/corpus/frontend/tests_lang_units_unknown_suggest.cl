// Tests units.unknown with a suggestion: `Gbps` is not a unit; `GB/s` or `Gb/s` is meant.
let a = 80 GBB
let b = 400 Gbps
