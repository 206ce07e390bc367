// Tests units.mismatch in a comparison (power against energy) inside `require`.
require 700 W <= 1 kWh : "power is not energy"
