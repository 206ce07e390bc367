let café = 1
