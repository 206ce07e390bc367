// ARGS: check --format json --bogus %s
// Tests driver.usage reported as a JSON document when --format json is requested.
let x = 1
