// Tests a lone CR (old Mac line end) in the middle of line 2: `GBB` is the 21st character of line 2, or line 3 column 11 if CR ends a line.
let x = 1let y = 2 GBB
