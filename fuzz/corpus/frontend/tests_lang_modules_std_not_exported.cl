// Tests that a module does not re-export its imports: `parts2.parts` is unknown.
import "imports/parts2.cl"
let x = parts2.parts.base_memory
