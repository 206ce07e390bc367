// ARGS: check --werror %s
// Tests --werror: a warning (suppress.unknown-code) makes the exit code 1.
// clusterc: allow(units.unknwn)
let x = 1 GB
