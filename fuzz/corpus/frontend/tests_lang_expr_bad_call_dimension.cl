// Tests expr.bad-call: `ceil` rounds counts, not sizes; the note shows how to divide by a unit.
let a = ceil(80.5 GB)
