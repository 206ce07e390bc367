// Part of the import cycle of modules/cycle.cl.
import "cycle_b.cl"
let a = 1
