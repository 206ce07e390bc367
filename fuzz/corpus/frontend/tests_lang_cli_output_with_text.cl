// ARGS: check --output x.json %s
// Tests driver.usage: --output applies to json and sarif only.
let x = 1
