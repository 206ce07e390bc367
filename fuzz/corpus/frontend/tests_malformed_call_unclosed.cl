let x = max(1, 2
