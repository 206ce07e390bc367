// Tests syntax.unterminated-string: the string is not closed before the end of line 2.
gpu g { vendor = "NVIDIA }
let x = 1
