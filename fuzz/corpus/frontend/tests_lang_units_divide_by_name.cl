// Tests units.unknown after `/`: dividing a quantity by a name needs parentheses (a note says so).
let n = 8
let per_gpu = 80 GB / n
