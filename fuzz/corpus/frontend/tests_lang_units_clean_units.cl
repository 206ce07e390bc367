// Tests that compound units and scale words are accepted: this file is clean.
let price  = 0.06 USD/kWh
let budget = 10 million USD/MW
let share  = 90 %
let rate   = 400 Gb/s
let work   = 6 * 405 billion * 15 trillion * 1 FLOP
