let x = 1 / 0
