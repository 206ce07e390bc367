// Tests a `require` that holds: no output.
let gpus = 1_024
require gpus / 8 <= 128 : "at most 128 nodes"
