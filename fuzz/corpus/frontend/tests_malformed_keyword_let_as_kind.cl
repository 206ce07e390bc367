let g { memory = 80 GB }
