// ARGS: check --format json --output %s %s
// Tests output.is-input: `check --output` naming the spec itself is refused; the spec survives.
let x = 1
