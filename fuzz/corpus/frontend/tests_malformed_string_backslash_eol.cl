let s = "abc\
let y = 1
