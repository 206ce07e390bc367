// Tests that a warning alone (suppress.unknown-code) exits 0 without --werror.
// clusterc: allow(name.unknwn)
let x = 1 GB
