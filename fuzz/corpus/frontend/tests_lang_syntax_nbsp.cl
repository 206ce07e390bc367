// Tests syntax.invalid-character: a non-breaking space (U+00A0) between `=` and the value.
let a = 1 GB
