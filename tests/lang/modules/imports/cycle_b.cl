// Part of the import cycle of modules/cycle.cl.
import "cycle_a.cl"
let b = 2
