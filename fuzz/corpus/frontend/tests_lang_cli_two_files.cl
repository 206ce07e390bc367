// ARGS: check %s tests/lang/cli/imports/other.cl
// Tests checking two files in one run: diagnostics of both are reported.
let x = 1 GG
