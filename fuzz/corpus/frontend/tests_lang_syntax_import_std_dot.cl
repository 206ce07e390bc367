// Tests `import std.` cut after the dot: one syntax error, no import error for a glued name.
import std.
let x = 1
