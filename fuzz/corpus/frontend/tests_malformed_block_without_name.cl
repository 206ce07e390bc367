gpu { memory = 80 GB }
