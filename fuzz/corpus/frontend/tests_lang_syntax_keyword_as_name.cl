// Tests keywords used as names: `let` and `import` cannot name a constant or block.
let let = 1
gpu import { memory = 80 GB }
