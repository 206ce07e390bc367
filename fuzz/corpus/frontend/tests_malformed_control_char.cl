let x = 1
