// ARGS: build %s -o . --force
// Tests output.protected: the working directory is never replaced, even with --force.
let x = 1
