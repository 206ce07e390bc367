// Tests require.not-comparison: `require` takes a comparison, not a value.
let x = 5
require x + 1 : "x is set"
