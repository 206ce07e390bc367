// Tests extends.cycle: a block that extends itself.
gpu a extends a { memory = 80 GB }
