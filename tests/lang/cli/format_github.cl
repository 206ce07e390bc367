// ARGS: check --format github %s
// Tests --format github: a GitHub Actions workflow command per diagnostic, with the note folded
// into the message and the line break escaped.
let memory = 80 GB
let twice = 2 * memroy
