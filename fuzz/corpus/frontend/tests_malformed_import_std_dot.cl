import std.
let x = 1
