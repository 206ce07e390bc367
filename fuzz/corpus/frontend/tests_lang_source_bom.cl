// Tests a UTF-8 byte-order mark: it is whitespace; the error is on line 2, column 11.
let x = 1 GBB
