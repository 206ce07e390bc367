// Tests import.outside-root: `../../x.cl` leaves the project root (this file's directory).
import "../../x.cl"
let x = 1
