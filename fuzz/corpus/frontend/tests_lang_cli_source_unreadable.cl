// ARGS: check %s.missing
// Tests source.unreadable: the file named on the command line does not exist (exit code 2).
let x = 1
