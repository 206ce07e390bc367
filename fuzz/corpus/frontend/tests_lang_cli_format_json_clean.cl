// ARGS: check --format json %s
// Tests --format json on a clean file: an empty diagnostics list and exit code 0.
let x = 1
