// Tests block.unknown-kind with "did you mean": `gpuu` suggests `gpu`.
gpuu g { memory = 80 GB }
