// Tests recovery after a stray `= "s"` at top level: the error on line 3 should be reported too.
= "s"
let a = = 1
