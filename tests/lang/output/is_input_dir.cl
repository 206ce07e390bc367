// ARGS: build %s -o tests/lang/output --force
// Tests output.is-input for build: the output directory holds the spec, refused even with --force.
let x = 1
