let x = 1 + 2)
let y = 3
