// Tests digit separators that are doubled or trailing (`1__000`, `1_`): currently accepted.
let a = 1__000
let b = 1_
require a + b == 1001 : "separators are ignored"
