{ memory = 80 GB }
