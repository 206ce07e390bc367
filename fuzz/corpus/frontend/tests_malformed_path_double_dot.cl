let x = a..b
