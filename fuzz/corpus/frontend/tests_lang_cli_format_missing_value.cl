// ARGS: check %s --format
// Tests driver.usage: --format without its value.
let x = 1
