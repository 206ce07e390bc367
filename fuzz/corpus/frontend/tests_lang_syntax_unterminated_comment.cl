// Tests syntax.unterminated-comment: the block comment on line 3 runs to the end of the file.
let x = 1
/* never closed
let y = 2
