// ARGS: check --max-file-size 100 %s
// Tests source.too-large: this file is larger than the 100-byte limit the command line sets, so
// it is refused before parsing (exit 2).
let x = 1
