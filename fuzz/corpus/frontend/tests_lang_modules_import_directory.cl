// Tests import.not-found: the import names a directory.
import "imports"
let x = 1
