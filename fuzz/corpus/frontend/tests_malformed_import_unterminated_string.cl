import "parts.cl
let x = 1
