// ARGS: check --error-limit 2 %s
// driver.error-limit: five errors, two shown, then a note counting the rest.
let = 1
let = 2
let = 3
let = 4
let = 5
