let x = 1
