// Tests an error inside an imported file: it is located in that file.
import "imports/broken.cl"
let x = broken.y
