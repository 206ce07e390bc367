// Tests CRLF line endings: the error is located on line 3 as in an editor.
let a = 1
let b = 2 GBB
