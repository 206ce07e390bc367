// Tests name.unknown: a constant has no fields.
let a = 1
let b = a.b
