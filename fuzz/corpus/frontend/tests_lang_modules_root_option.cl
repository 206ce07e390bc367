// ARGS: check --root tests/lang %s
// Tests --root: with the root two levels up, `../names/imports/nvidia.cl` is inside it; clean.
import "../names/imports/nvidia.cl"
let y = nvidia.local
