// Tests require.failed: the spec's own message, with both sides in notes.
let gpus = 1_000
let per_node = 8
require gpus / per_node <= 100 : "at most 100 nodes fit the hall"
