// ARGS: check --bogus %s
// Tests driver.usage: an unknown option is refused with the help text and exit code 2.
let x = 1
