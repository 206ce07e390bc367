let x = 1 /* open
let y = 2
