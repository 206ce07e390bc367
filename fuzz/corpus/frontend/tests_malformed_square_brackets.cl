let x = [1, 2]
