// Tests syntax.invalid-character: `@` and `#` are no token.
let a = 1 @ 2
let b = #3
