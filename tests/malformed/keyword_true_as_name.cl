let true = 1
