// Tests import.not-found with "did you mean": `std.nvdia` suggests `std.nvidia`.
import std.nvdia
let x = 1
