// ARGS: check --format sarif %s
// Tests --format sarif: an unknown name with a suggestion as a SARIF result.
let memory = 80 GB
let twice = 2 * memroy
