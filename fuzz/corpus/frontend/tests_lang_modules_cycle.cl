// Tests import.cycle: imports/cycle_a.cl and imports/cycle_b.cl import each other.
import "imports/cycle_a.cl"
let x = 1
