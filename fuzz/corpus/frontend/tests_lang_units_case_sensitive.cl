// Tests units.unknown: units are case sensitive; `gb` suggests `GB` (or `Gb`).
let a = 80 gb
