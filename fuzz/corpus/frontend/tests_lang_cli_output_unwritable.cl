// ARGS: check --format json --output /nonexistent-dir/x.json %s
// Tests output.unwritable: the --output directory does not exist (exit code 2).
let x = 1
