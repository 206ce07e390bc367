// Tests `--5`: two negations, accepted as 5 (the grammar allows `- expr`).
let a = --5
require a == 5 : "two negations cancel"
