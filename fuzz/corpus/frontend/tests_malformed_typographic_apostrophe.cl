let x = 1 // it’s fine
let y = ‘5’
