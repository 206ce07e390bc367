// Tests `require` without its `: "message"`.
let x = 1
require x > 0
