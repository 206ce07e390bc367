// ARGS: check --format yaml %s
// Tests driver.usage: --format takes text, json or sarif.
let x = 1
