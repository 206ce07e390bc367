let tiny = 1e-400
let r = 1 / tiny
