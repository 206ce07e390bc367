// Import target of modules/std_not_exported.cl: imports parts.cl.
import "parts.cl"
let y = parts.base_memory
