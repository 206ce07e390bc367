// Tests import.not-found: a dotted module path that is not `std.NAME`.
import foo.bar
let x = 1
