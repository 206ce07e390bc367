import ""
let x = 1
