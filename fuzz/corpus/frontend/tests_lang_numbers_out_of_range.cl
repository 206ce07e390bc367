// Tests number.out-of-range: `1e400` overflows double precision.
let big = 1e400
