// Tests a stray `}` at top level after a complete block.
gpu g { memory = 80 GB }
}
let x = 1
