// ARGS: build %s -o tests/lang/output/fixtures/foreign --quiet
// Tests output.not-ours: the output directory holds a file clusterc did not write; nothing is
// replaced and the refusal names it (exit code 2).
let x = 1
