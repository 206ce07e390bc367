// ARGS: build %s -o tests/lang/output/fixtures/modified --quiet
// Tests output.modified: a file of an earlier output no longer matches its manifest hash.
let x = 1
