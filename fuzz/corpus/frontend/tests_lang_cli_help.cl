// ARGS: check --help
// Tests `clusterc check --help`: the help text on stdout and exit code 0.
let x = 1
