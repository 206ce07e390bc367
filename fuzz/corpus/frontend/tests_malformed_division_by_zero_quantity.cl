let x = 80 GB / (0 s)
