let x = 1e400
