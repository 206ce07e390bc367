// Tests import.outside-root: an absolute path outside the project root.
import "/etc/passwd"
let x = 1
