let x = max(1, )
