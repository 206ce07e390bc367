// Tests digit separators: `1_000` is 1000; this file is clean.
let a = 1_000
require a == 1000 : "underscores separate digits"
