// Tests import.not-found: a file import that does not exist.
import "imports/missing.cl"
let x = 1
