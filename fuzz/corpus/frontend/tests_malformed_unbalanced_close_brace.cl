gpu g { memory = 80 GB } }
let x = 1
