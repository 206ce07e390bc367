// Tests import.not-found: `import std.nope`; the note lists the standard modules.
import std.nope
let x = 1
