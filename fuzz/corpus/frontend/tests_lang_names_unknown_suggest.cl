// Tests name.unknown with "did you mean": `node_cont` is close to `node_count`.
let node_count = 1_250
let gpus = node_cont * 8
