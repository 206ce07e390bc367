// Tests import.cycle: a file that imports itself.
import "self_import.cl"
let x = 1
