// Tests source.encoding: a Latin-1 byte (0xE9, Ã© in Latin-1) in a comment on line 3.
let a = 1
// café
let b = 2
